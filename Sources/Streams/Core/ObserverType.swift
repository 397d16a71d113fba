// Inside Streams, chapter 1, "Events and the subscribe function": what every observer shares. An
// observer is anything with `on(_:)`; the rest is written once, here.

import Synchronization

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

    /// An observer of `Result` values that converts each one with `transform` and sends it to
    /// this observer: RxSwift's `mapObserver(_:)`.
    ///
    /// Where ``ObservableType/map(_:)`` converts what a sequence sends, `mapObserver` converts
    /// what an observer receives, so an observer of one type can be given to a sequence of
    /// another:
    ///
    /// ```swift
    /// let celsius = Subject<Double>()
    /// let fahrenheit = Observable.of(32.0, 212.0)
    /// _ = fahrenheit.subscribe(celsius.mapObserver { ($0 - 32) * 5 / 9 })   // 0, 100
    /// ```
    ///
    /// An error or a completion is passed on as it is. When `transform` throws, this observer
    /// receives the error instead of the value, and nothing more: later events are ignored, so
    /// that this observer still receives nothing after a terminal event (RxSwift's passes them
    /// on). Events reach this observer on the thread that sends them to the result.
    ///
    /// - Parameter transform: Converts a value for this observer; may throw.
    /// - Returns: An observer that converts values and sends them here.
    public func mapObserver<Result: Sendable>(
        _ transform: @escaping @Sendable (Result) throws -> Element
    ) -> AnyObserver<Result> {
        let hasFailed = Mutex(false)
        return AnyObserver { event in
            guard !hasFailed.withLock({ $0 }) else { return }
            let converted = event.map(transform)
            if case .next = event, case .error = converted {
                hasFailed.withLock { $0 = true }
            }
            on(converted)
        }
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
