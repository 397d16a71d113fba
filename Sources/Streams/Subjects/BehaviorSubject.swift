/// A subject with a current value: each new subscriber receives the latest value first, then
/// every new one, until the subject fails or completes: RxSwift's `BehaviorSubject`.
///
/// Unlike ``BehaviorValue`` (RxRelay's `BehaviorRelay`), it can end. After ``onError(_:)`` or
/// ``onCompleted()`` it ignores further events, and a later subscriber receives the terminal
/// event alone, as in RxSwift. ``value()`` reads the current value, and throws the error once
/// the subject has failed. For state a screen shows, which must never end, prefer a
/// ``BehaviorValue``.
///
/// ```
/// subject:  -a--b---c-|
///           BehaviorSubject(value: x)
/// early:    xa--b---c-|
/// late:     -----b--c-|   (subscribed at tick 5: replays b at once)
/// ```
/// ![BehaviorSubject(value: x), drawn from a run](behaviorsubject-behaviorsubject-value-x)
///
/// ## Threads
///
/// As ``Subject``: send from any thread; delivery is serial, on the sending thread or on the
/// thread already delivering, and a send from inside a subscriber is queued, not nested. The
/// current value given to a new subscriber is delivered the same way, so it is never
/// interleaved with a broadcast.
public final class BehaviorSubject<Element: Sendable>: SubjectType, ObserverType {
    private let subject: Subject<Element>

    /// Creates the subject with its first value.
    ///
    /// - Parameter value: The value a subscriber receives until another is sent.
    public init(value: Element) {
        subject = Subject(replay: 1, initial: [value], replaysAfterEnd: false)
    }

    /// The latest value sent, or the first one.
    ///
    /// After a completion it is still the latest value.
    ///
    /// - Throws: The error the subject failed with, once it has failed.
    public func value() throws -> Element {
        let (latest, end) = subject.latestAndEnd
        if case .error(let error)? = end { throw error }
        // `latest` is set from the initial value and only ever replaced, never cleared.
        return latest!
    }

    /// Sends an event to every current subscriber; a value also becomes the current value.
    /// Ignored once the subject has ended.
    public func on(_ event: Event<Element>) {
        subject.on(event)
    }

    /// Whether any subscription is currently active.
    public var hasObservers: Bool {
        subject.hasObservers
    }

    /// Subscribes an observer: it receives the current value at once, then every new one.
    ///
    /// - Returns: A disposable that removes the subscription.
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        subject.subscribe(observer)
    }

    /// The subject as a plain observable; subscribing to it subscribes to the subject.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
