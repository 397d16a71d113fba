/// A ``Subject`` that replays up to `bufferSize` of its latest values to each new subscriber:
/// RxSwift's `ReplaySubject.create(bufferSize:)`.
///
/// A new subscriber first receives the buffered values, oldest first, then every value sent
/// from then on. After the subject has ended, a new subscriber receives the buffered values
/// and then the terminal event. The buffer is bounded: once it holds `bufferSize` values, each
/// new one drops the oldest. (RxSwift's unbounded `createUnbounded()` is left out on purpose: a
/// buffer that only grows is a leak in a long-lived screen.)
///
/// ```
/// subject:  -a-b-----c-|
///           ReplaySubject(bufferSize: 2)
/// early:    -a-b-----c-|
/// late:     ----(ab)-c-|   (subscribed at tick 4: replays a and b at once)
/// ```
/// ![ReplaySubject(bufferSize: 2), drawn from a run](replaysubject-replaysubject-buffersize-2)
///
/// ## Threads
///
/// As ``Subject``: send from any thread; delivery is serial, on the sending thread or on the
/// thread already delivering, and a send from inside a subscriber is queued, not nested. The
/// replay to a new subscriber is delivered the same way, so it is never interleaved with a
/// broadcast.
public final class ReplaySubject<Element: Sendable>: SubjectType, ObserverType {
    private let subject: Subject<Element>

    /// Creates a subject that replays up to `bufferSize` of its latest values.
    ///
    /// - Parameter bufferSize: How many values to keep; 1 or more.
    public init(bufferSize: Int) {
        precondition(bufferSize >= 1, "ReplaySubject(bufferSize:) needs a bufferSize of 1 or more, got \(bufferSize)")
        subject = Subject(replay: bufferSize, initial: [])
    }

    /// Sends an event to every current subscriber and, for a value, into the buffer. Ignored
    /// once the subject has ended.
    public func on(_ event: Event<Element>) {
        subject.on(event)
    }

    /// Whether any subscription is currently active.
    public var hasObservers: Bool {
        subject.hasObservers
    }

    /// Subscribes an observer: it receives the buffered values, then the events sent from now
    /// on.
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
