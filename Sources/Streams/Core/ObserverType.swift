// Inside Streams, chapter 1, "Events and the subscribe function": what every observer shares. An
// observer is anything with `on(_:)`; the rest is written once, here.

/// Something events can be sent to: an ``AnyObserver``, a ``Subject``, a ``BehaviorSubject``, a
/// ``ReplaySubject``, a ``Binder``, or a test's recording observer.
///
/// A type adopts it by receiving one event in ``on(_:)``. It then has ``onNext(_:)``,
/// ``onError(_:)``, ``onCompleted()`` and ``asObserver()``, and goes wherever an observer goes,
/// as in RxSwift:
///
/// ```swift
/// let subject = Subject<Int>()
/// let subscription = Observable.of(1, 2, 3).subscribe(subject)
/// let binding = Observable.of(4, 5).bind(to: subject)
/// let observer = AnyObserver(subject)
/// ```
///
/// Events are sent to an observer serially and never after a terminal one (see ``Event``); on
/// which thread depends on the sequence that sends them.
public protocol ObserverType<Element>: Sendable {
    /// The type of the values the observer receives.
    associatedtype Element: Sendable

    /// Receives one event.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends `.next(element)`.
    @inlinable
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Sends `.error(error)`, which ends the sequence.
    @inlinable
    public func onError(_ error: any Error) {
        on(.error(error))
    }

    /// Sends `.completed`, which ends the sequence.
    @inlinable
    public func onCompleted() {
        on(.completed)
    }

    /// This observer as an ``AnyObserver``, for APIs that take one.
    @inlinable
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver { event in on(event) }
    }
}

extension AnyObserver {
    /// An observer that sends every event to `observer`: RxSwift's `AnyObserver(subject)`.
    ///
    /// - Parameter observer: The observer to send to.
    @inlinable
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self = observer.asObserver()
    }
}

extension ObservableType {
    /// Subscribes `observer`, which receives every event: `xs.subscribe(subject)`.
    ///
    /// - Parameter observer: Receives the events, serially.
    /// - Returns: A disposable that ends the subscription.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element {
        asObservable().subscribe(observer.asObserver())
    }
}
