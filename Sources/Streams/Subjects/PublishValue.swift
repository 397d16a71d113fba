/// An input you push values into, which never fails and never completes: RxRelay's
/// `PublishRelay`.
///
/// A `PublishValue` is a ``Subject`` without ``Subject/onError(_:)`` and
/// ``Subject/onCompleted()``: a subscriber receives the values accepted after it subscribed,
/// nothing earlier, for as long as it stays subscribed. That is the shape of a view model's
/// inputs, such as "refresh was pulled" or "the search text changed": a button cannot fail,
/// and one failing binding must not end the input for everybody.
///
/// Beside ``BehaviorValue``, which has a current value and replays it, a `PublishValue` has
/// none: it only passes values on.
///
/// ```
/// accept:  -a-b-c-
///          PublishValue()
/// early:   -a-b-c-
/// late:    -----c-   (subscribed at tick 4, after b)
/// ```
/// ![PublishValue(), drawn from a run](publishvalue-publishvalue)
///
/// ```swift
/// let refresh = PublishValue<Void>()
/// refreshControl.onPull = { refresh.accept(()) }
/// let input = FeedViewModel.Input(refresh: refresh.asObservable())
/// ```
///
/// ## Threads
///
/// ``accept(_:)`` may be called from any thread. Delivery follows ``Subject``: serial, on the
/// accepting thread or on the thread already delivering, and an `accept` from inside a
/// subscriber is queued rather than recursing.
public final class PublishValue<Element: Sendable>: ObservableType {
    private let subject = Subject<Element>()

    /// Creates a relay with no subscribers.
    public init() {}

    /// Delivers `value` to every current subscriber.
    public func accept(_ value: Element) {
        subject.onNext(value)
    }

    /// Subscribes an observer to the values accepted from now on.
    ///
    /// - Returns: A disposable that removes the subscription.
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        subject.subscribe(observer)
    }

    /// The accepted values as an observable; subscribing to it subscribes to the relay.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }

    /// Whether any subscription is currently active.
    public var hasObservers: Bool {
        subject.hasObservers
    }
}
