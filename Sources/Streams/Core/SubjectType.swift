// Inside Streams, chapter 3, "A subject and its lock": what a subject is to the code that takes
// one, a sequence to subscribe to and an observer to send into; RxSwift's `SubjectType`.

/// A sequence that is also something to send events into: ``Subject``, ``BehaviorSubject``,
/// ``ReplaySubject`` and ``AsyncSubject``, RxSwift's `SubjectType`.
///
/// Subscribing to a subject receives what is sent into its observer, ``asObserver()``. The
/// relays, ``BehaviorValue`` and ``PublishValue``, are not subjects, as RxRelay's are not:
/// they take values through `accept(_:)` and have no observer that could end them.
///
/// Code that takes any subject, such as ``ObservableType/multicast(_:)``, is written against
/// this protocol. A subject of your own adopts it by being an ``ObservableType`` with an
/// `asObserver()`; when it is an ``ObserverType`` itself, `asObserver()` is already there
/// (``ObserverType/asObserver()``), or it returns itself, as RxSwift's subjects do:
///
/// ```swift
/// final class Inbox: SubjectType, ObserverType {
///     private let messages = Subject<String>()
///
///     func on(_ event: Event<String>) {
///         messages.on(event)
///     }
///
///     func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
///     where Observer.Element == String {
///         messages.subscribe(observer)
///     }
///
///     func asObserver() -> Inbox {
///         self
///     }
/// }
///
/// let inbox = Inbox()
/// let shared = source.multicast(inbox)   // a ConnectableObservable<String>
/// ```
///
/// The observer receives events as any observer does: serially, and nothing after a terminal
/// event (see ``Event``).
public protocol SubjectType<Element>: ObservableType {
    /// The type of the observer that sends into the subject: often the subject itself.
    associatedtype Observer: ObserverType

    /// The observer that sends into this subject.
    func asObserver() -> Observer
}
