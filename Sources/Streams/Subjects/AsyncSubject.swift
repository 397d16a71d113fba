import Synchronization

/// A subject that emits only its last value, when it completes: RxSwift's `AsyncSubject`.
///
/// Values sent into it are held back, each replacing the one before. At ``onCompleted()``,
/// every subscriber receives the last value, if there was one, and the completion; so does
/// each subscriber that comes later. At ``onError(_:)``, the subscribers receive the error
/// alone, and so does each later one. Events after the end are ignored.
///
/// ```
/// subject:  -a-b-c-|
///           AsyncSubject()
/// early:    -------(c|)
/// late:     ---------(c|)   (subscribed at tick 9, after the end)
/// ```
/// ![AsyncSubject(), drawn from a run](asyncsubject-asyncsubject)
///
/// ```
/// subject:  -a-b-#
///           AsyncSubject()
/// output:   -----#
/// ```
/// ![AsyncSubject(), drawn from a run](asyncsubject-asyncsubject_2)
///
/// It is the shape of one piece of work whose result is wanted by whoever asks, before or
/// after it finishes; a ``Single`` says the same with a type, and is usually the better fit.
///
/// ## Threads
///
/// As ``Subject``: send from any thread; delivery is serial, on the thread that sends the end
/// or on the thread already delivering, and a send from inside a subscriber is queued, not
/// nested. The outcome given to a later subscriber is delivered the same way.
public final class AsyncSubject<Element: Sendable>: SubjectType, ObserverType {
    /// Delivers the outcome, and replays it to later subscribers. It receives nothing before
    /// the end, so its one-value buffer holds the last value only once it is sent.
    private let subject = Subject<Element>(replay: 1, initial: [])
    /// What is held back until the end.
    private let state = Mutex(AsyncSubjectState<Element>())

    /// Creates a subject with no subscribers and no value.
    public init() {}

    /// Holds a value back, replacing the previous one; at the end, sends the outcome to every
    /// subscriber. Ignored once the subject has ended.
    public func on(_ event: Event<Element>) {
        // `dropped`: the value this event replaces or discards, released after the lock.
        let (outcome, dropped) = state.withLock { $0.accept(event) }
        _ = dropped
        for event in outcome {
            subject.on(event)
        }
    }

    /// Whether any subscription is currently active.
    public var hasObservers: Bool {
        subject.hasObservers
    }

    /// Subscribes an observer: before the end, it receives the outcome when it comes; after
    /// it, at once.
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

/// The state of an ``AsyncSubject``: the value held back, until the end.
private struct AsyncSubjectState<Element: Sendable> {
    private var last: Element?
    private var hasEnded = false

    /// Accepts an event from a sender.
    ///
    /// - Returns: The events to send into the delivering subject (the outcome, at the end),
    ///   and the value the state let go of, for the caller to release after the lock.
    mutating func accept(_ event: Event<Element>) -> (outcome: [Event<Element>], dropped: Element?) {
        guard !hasEnded else { return ([], nil) }
        switch event {
        case .next(let value):
            defer { last = value }
            return ([], last)
        case .error:
            hasEnded = true
            return ([event], last.take())
        case .completed:
            hasEnded = true
            guard let value = last.take() else { return ([event], nil) }
            return ([.next(value), event], nil)
        }
    }
}
