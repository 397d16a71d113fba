// Inside Streams, chapter 1, "Events and the subscribe function": the protocol that gives
// observables and subjects the same operators.

/// A sequence with the operators of an ``Observable``.
///
/// ``Observable``, ``Subject``, ``BehaviorValue``, ``PublishValue`` and ``ReplaySubject``
/// conform, so every operator reads the same on each of them: `subject.map { … }` works as it
/// does in RxSwift. Traits such as ``Single`` and ``Driver`` adopt only
/// ``ObservableConvertibleType``: they can be passed wherever an operator expects another
/// sequence, but keep their own operators.
///
/// A type of your own adopts it as in RxSwift, by writing ``subscribe(_:)`` alone; its
/// ``ObservableConvertibleType/asObservable()`` then comes from this protocol, and it has every
/// operator:
///
/// ```swift
/// final class Sensor: ObservableType {
///     let readings = Subject<Double>()
///
///     func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
///     where Observer.Element == Double {
///         readings.subscribe(observer)
///     }
/// }
///
/// let high = Sensor().filter { $0 > 40 }
/// ```
///
/// A type may write `asObservable()` instead, as ``Observable`` and the subjects do, and then
/// gets `subscribe(_:)`. Write at least one of the two: each default calls the other.
public protocol ObservableType<Element>: ObservableConvertibleType {
    /// Subscribes `observer`, which receives every event: `xs.subscribe(subject)`.
    ///
    /// Events are delivered serially, and never after a terminal event (see ``Event``).
    ///
    /// - Parameter observer: Receives the events, serially.
    /// - Returns: A disposable that ends the subscription.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element
}

extension ObservableType {
    /// Subscribes `observer` to ``ObservableConvertibleType/asObservable()``: what a type that
    /// writes `asObservable()` gets.
    ///
    /// - Parameter observer: Receives the events, serially.
    /// - Returns: A disposable that ends the subscription.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element {
        asObservable().subscribe(observer.asObserver())
    }

    /// This sequence as an ``Observable`` that subscribes through ``subscribe(_:)``: what a type
    /// that writes only `subscribe(_:)` gets, as in RxSwift.
    ///
    /// The observable keeps the event grammar for the type, as ``Observable/create(_:)`` does:
    /// it ignores what is sent after a terminal event, and disposes the subscription as soon as
    /// the sequence ends. Events are delivered on the thread that sends them, or on the one
    /// already delivering.
    ///
    /// - Returns: An observable that subscribes to this sequence for each subscriber.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in subscribe(observer) }
    }
}
