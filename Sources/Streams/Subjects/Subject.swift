import Synchronization

/// A hot observable you push values into: every current subscriber receives them.
///
/// `Subject` has the semantics of RxSwift's `PublishSubject`:
///
/// - A subscriber receives the events sent after it subscribed, nothing earlier.
/// - After ``onError(_:)`` or ``onCompleted()``, the subject ignores further events, and a late
///   subscriber receives only the terminal event.
///
/// ```
/// subject:  -a-b-c-|
/// early:    -a-b-c-|
/// late:     -----c-|   (subscribed at tick 4, after b)
/// ```
///
/// ## Threads
///
/// You may send from any thread, and subscribe or dispose from any thread. Delivery is
/// always serial: if a send arrives while another is being delivered (from another thread, or
/// from inside a subscriber's own handler), it is queued and delivered, in order, by the
/// thread that is already delivering, after the current event. So sending into a subject from
/// inside its own subscriber neither deadlocks nor recurses. Events are therefore delivered on
/// the sending thread, or on the thread already delivering. No lock is held while a
/// subscriber runs.
///
/// A subscription disposed while an event is being delivered receives no further events, not
/// even the rest of that broadcast.
public final class Subject<Element: Sendable>: ObservableType {
    let state: Mutex<SubjectState<Element>>

    /// Creates a subject with no subscribers.
    public convenience init() {
        self.init(replay: 0, initial: [])
    }

    /// Creates a subject that replays up to `replay` of its latest values to each new
    /// subscriber, starting with `initial` (used by ``BehaviorValue`` and
    /// ``ObservableType/share(replay:)``).
    init(replay: Int, initial: [Element]) {
        state = Mutex(SubjectState(replayLimit: replay, buffer: initial))
    }

    /// Sends an event to every current subscriber. Ignored once the subject has terminated.
    public func on(_ event: Event<Element>) {
        let snapshot = state.withLock { $0.accept(event) }
        if let snapshot {
            deliver(snapshot)
            drain()
        }
    }

    /// Sends a value to every current subscriber.
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Ends the sequence with an error.
    public func onError(_ error: any Error) {
        on(.error(error))
    }

    /// Ends the sequence normally.
    public func onCompleted() {
        on(.completed)
    }

    /// An observer that sends into this subject, for ``Observable/subscribe(_:)``.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver { [self] event in on(event) }
    }

    /// Whether any subscription is currently active.
    public var hasObservers: Bool {
        state.withLock { !$0.subscriptions.isEmpty }
    }

    /// The subject as a plain observable; subscribing to it subscribes to the subject.
    public func asObservable() -> Observable<Element> {
        Observable { [self] observer in subscribe(observer) }
    }

    /// Subscribes an observer to the events sent from now on.
    ///
    /// - Returns: A disposable that removes the subscription.
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        let subscription = SubjectSubscription(observer: observer, subject: self)
        let snapshot = state.withLock { $0.join(subscription) }
        if let snapshot {
            deliver(snapshot)
            drain()
        }
        return subscription
    }

    func remove(_ subscription: SubjectSubscription<Element>) {
        state.withLock { state in
            state.subscriptions.removeAll { $0 === subscription }
        }
    }

    /// Delivers queued work until the queue is empty, then gives up the delivering role.
    private func drain() {
        while let snapshot = state.withLock({ $0.nextDelivery() }) {
            deliver(snapshot)
        }
    }

    private func deliver(_ delivery: SubjectState<Element>.Delivery) {
        switch delivery {
        case .broadcast(let event, let subscriptions):
            for subscription in subscriptions {
                subscription.receive(event)
            }
        case .replay(let events, let subscription):
            for event in events {
                subscription.receive(event)
            }
        }
    }
}

/// The mutable state of a ``Subject``, behind its mutex.
///
/// Each method runs under the lock and returns what to deliver once the lock is released, or
/// `nil` when another thread is delivering and the work was queued for it.
struct SubjectState<Element: Sendable> {
    enum Delivery {
        case broadcast(Event<Element>, [SubjectSubscription<Element>])
        case replay([Event<Element>], SubjectSubscription<Element>)
    }

    private enum Work {
        case broadcast(Event<Element>)
        case join(SubjectSubscription<Element>)
    }

    let replayLimit: Int
    /// The latest values, as delivered so far (at most `replayLimit`).
    var buffer: [Element]
    /// The latest value accepted, which may still be waiting in `queue`.
    var latest: Element?
    var subscriptions: [SubjectSubscription<Element>] = []
    /// The terminal event once accepted; later events are ignored.
    var stopEvent: Event<Element>?
    /// Whether the terminal event has been delivered (subscribers after it get a replay).
    var isTerminated = false
    private var queue: [Work] = []
    private var isDelivering = false

    init(replayLimit: Int, buffer: [Element]) {
        self.replayLimit = replayLimit
        self.buffer = buffer
        self.latest = buffer.last
    }

    /// Accepts an event from a sender.
    mutating func accept(_ event: Event<Element>) -> Delivery? {
        guard stopEvent == nil else { return nil }
        switch event {
        case .next(let value): latest = value
        case .error, .completed: stopEvent = event
        }
        return enqueue(.broadcast(event))
    }

    /// Accepts a new subscription.
    mutating func join(_ subscription: SubjectSubscription<Element>) -> Delivery? {
        enqueue(.join(subscription))
    }

    /// The next queued work, or `nil` (giving up the delivering role) when there is none.
    mutating func nextDelivery() -> Delivery? {
        while !queue.isEmpty {
            if let delivery = start(queue.removeFirst()) { return delivery }
        }
        isDelivering = false
        return nil
    }

    private mutating func enqueue(_ work: Work) -> Delivery? {
        if isDelivering {
            queue.append(work)
            return nil
        }
        guard let delivery = start(work) else { return nil }
        isDelivering = true
        return delivery
    }

    /// Applies work to the state as it is handed out for delivery, so that the buffer and the
    /// subscription list always describe what subscribers have actually been sent.
    private mutating func start(_ work: Work) -> Delivery? {
        switch work {
        case .broadcast(let event):
            let recipients = subscriptions
            switch event {
            case .next(let value):
                if replayLimit > 0 {
                    buffer.append(value)
                    if buffer.count > replayLimit { buffer.removeFirst(buffer.count - replayLimit) }
                }
            case .error, .completed:
                isTerminated = true
                subscriptions = []
            }
            return recipients.isEmpty ? nil : .broadcast(event, recipients)
        case .join(let subscription):
            guard !subscription.isDisposed else { return nil }
            var replay = buffer.map(Event.next)
            if isTerminated, let stopEvent {
                replay.append(stopEvent)
            } else {
                subscriptions.append(subscription)
            }
            return replay.isEmpty ? nil : .replay(replay, subscription)
        }
    }
}

/// One subscriber of a ``Subject``; disposing it removes the subscriber.
final class SubjectSubscription<Element: Sendable>: Disposable {
    private let disposed = Atomic<Bool>(false)
    private let observer: Mutex<AnyObserver<Element>?>
    private weak let subject: Subject<Element>?

    init(observer: AnyObserver<Element>, subject: Subject<Element>) {
        self.observer = Mutex(observer)
        self.subject = subject
    }

    var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Delivers one event unless the subscription has been disposed. A terminal event is the
    /// last one, so the observer is let go as it is delivered.
    func receive(_ event: Event<Element>) {
        guard !isDisposed else { return }
        let observer = self.observer.withLock { observer in
            defer { if event.isStopEvent { observer = nil } }
            return observer
        }
        observer?.on(event)
    }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        observer.withLock { $0 = nil }
        subject?.remove(self)
    }
}
