// Inside Streams, chapter 3, "A subject and its lock": a hot source that any thread sends into,
// subscribes to or leaves: all its state in one struct behind one lock.

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
/// ![early, late, drawn from a run](subject-subject)
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
public final class Subject<Element: Sendable>: SubjectType, ObserverType {
    // The per-event path (`on`, `deliver` and the state methods they call) and the backlog path
    // (queuing and `startQueued`) are `@inlinable`, so that the module that sends specialises
    // them for its element type. Unspecialised, a send spends most of its time looking up
    // generic type metadata.
    // Why this shape: Benchmarks/README.md, "Subject.swift: a specialised send, one lock per send".
    @usableFromInline
    let state: Mutex<SubjectState<Element>>

    /// The delivering role of the state's outbox, for the deliverer, who gives it up without
    /// the lock. Unmanaged: the outbox owns it, and the subject owns the outbox.
    @usableFromInline
    let role: Unmanaged<DeliveryRole>

    /// Creates a subject with no subscribers.
    public convenience init() {
        self.init(replay: 0, initial: [])
    }

    /// Creates a subject that replays up to `replay` of its latest values to each new
    /// subscriber, starting with `initial` (used by ``BehaviorValue``, ``BehaviorSubject`` and
    /// ``ObservableType/share(replay:)``); after the end, the values too unless
    /// `replaysAfterEnd` is false, then only the terminal event.
    init(replay: Int, initial: [Element], replaysAfterEnd: Bool = true) {
        let state = SubjectState(replayLimit: replay, buffer: initial, replaysAfterEnd: replaysAfterEnd)
        role = .passUnretained(state.outbox.role)
        self.state = Mutex(state)
    }

    /// Sends an event to every current subscriber. Ignored once the subject has terminated.
    @inlinable
    public func on(_ event: Event<Element>) {
        // `dropped`: the values this event replaces in the state, released after the lock.
        let (recipients, dropped) = state.withLock { $0.accept(event) }
        _ = dropped
        guard let recipients else { return }
        deliver(event, to: recipients)
        drain()
    }

    /// Whether any subscription is currently active.
    public var hasObservers: Bool {
        state.withLock { !$0.subscribers.isEmpty }
    }

    /// The subject as a plain observable; subscribing to it subscribes to the subject.
    @inlinable
    public func asObservable() -> Observable<Element> {
        Observable { [self] observer in subscribe(observer) }
    }

    /// Subscribes an observer to the events sent from now on.
    ///
    /// - Returns: A disposable that removes the subscription.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        let subscription = SubjectSubscription(subject: self)
        let subscriber = SubjectSubscriber(subscription: subscription, observer: observer)
        if let delivery = state.withLock({ $0.join(subscriber) }) {
            deliver(delivery)
            drain()
        }
        return subscription
    }

    /// The latest value accepted, which may still be waiting to be delivered.
    @inlinable
    var latest: Element? {
        state.withLock { $0.latest }
    }

    /// The latest value accepted, and the terminal event once accepted.
    var latestAndEnd: (latest: Element?, end: Event<Element>?) {
        state.withLock { ($0.latest, $0.stopEvent) }
    }

    /// Drops a disposed subscription's entry, and with it the reference to its observer.
    func remove(_ subscription: SubjectSubscription<Element>) {
        let removed = state.withLock { state -> SubjectSubscriber<Element>? in
            guard let index = state.subscribers.firstIndex(where: { $0.subscription === subscription }) else {
                return nil
            }
            return state.subscribers.remove(at: index)
        }
        // The entry, and so the observer, is released here, after the lock: whatever the
        // observer captured may call back into this subject as it is deinitialised.
        _ = removed
    }

    /// The drain loop of ``SerialOutbox``, as for every operator: delivers the work queued while
    /// the handed item was delivered, each piece started under the lock, until none is left.
    // Not inlined into `on`, whose common case it is not: a larger `on` is not inlined into the
    // sender, and then retains what it hands to its callees (Benchmarks/README.md, "Subject.swift").
    @inlinable
    func drain() {
        role.drain(
            next: {
                // Released after the lock: what the started work replaced.
                let (delivery, dropped) = state.withLock { $0.startQueued() }
                _ = dropped
                return delivery
            },
            deliver: { deliver($0) }
        )
    }

    @inlinable
    func deliver(_ delivery: consuming SubjectState<Element>.Delivery) {
        switch consume delivery {
        case .broadcast(let event, let subscribers):
            deliver(event, to: subscribers)
        case .replay(let events, let subscriber):
            for event in events where !subscriber.subscription.isDisposed {
                subscriber.observer.on(event)
            }
        case .discard, .nothing:
            break
        }
    }

    @inlinable @inline(__always)
    func deliver(_ event: Event<Element>, to subscribers: [SubjectSubscriber<Element>]) {
        // Indexing (rather than `for subscriber in`) reads each entry in place, which spares
        // a retain and release of the subscription per delivery.
        for index in subscribers.indices where !subscribers[index].subscription.isDisposed {
            subscribers[index].observer.on(event)
        }
    }
}

/// One entry of a ``Subject``'s subscriber list: the subscription the caller holds, and the
/// observer.
///
/// The observer lives here rather than in the ``SubjectSubscription``: disposing removes the entry,
/// so the observer is released even while the caller keeps the disposable, and delivery reads
/// the observer without taking a lock. Delivery checks the subscription's disposed flag before
/// each event, so a subscription disposed during a broadcast gets nothing more.
@usableFromInline
struct SubjectSubscriber<Element: Sendable>: Sendable {
    @usableFromInline
    let subscription: SubjectSubscription<Element>
    @usableFromInline
    let observer: AnyObserver<Element>

    @inlinable
    init(subscription: SubjectSubscription<Element>, observer: AnyObserver<Element>) {
        self.subscription = subscription
        self.observer = observer
    }
}

/// The mutable state of a ``Subject``, behind its mutex.
///
/// Each method runs under the lock and returns what to deliver once the lock is released, or
/// `nil` when another thread is delivering and the work was queued for it. Its members are
/// `@usableFromInline` (rather than private) only so that ``Subject``'s send path can be
/// specialised in the caller's module; nothing outside this file touches them.
@usableFromInline
struct SubjectState<Element: Sendable> {
    @usableFromInline
    enum Delivery: Sendable {
        case broadcast(Event<Element>, [SubjectSubscriber<Element>])
        case replay([Event<Element>], SubjectSubscriber<Element>)
        /// A subscriber disposed before it joined: nothing to send, but it is handed out so that
        /// its observer is released after the lock, not under it.
        case discard(SubjectSubscriber<Element>)
        /// Queued work with nothing to deliver.
        case nothing
    }

    @usableFromInline
    enum Work: Sendable {
        case broadcast(Event<Element>)
        case join(SubjectSubscriber<Element>)
    }

    @usableFromInline
    let replayLimit: Int
    /// Whether a subscriber that joins after the end receives the replay before the terminal
    /// event (a replay subject), or the terminal event alone (a behaviour subject).
    @usableFromInline
    let replaysAfterEnd: Bool
    /// The latest values, as delivered so far (at most `replayLimit`). Once full it is a ring
    /// whose oldest value is at `oldest`, so that recording a value overwrites one slot
    /// instead of shifting the others.
    @usableFromInline
    var buffer: [Element]
    @usableFromInline
    var oldest = 0
    /// The latest value accepted, which may still be waiting in `outbox`.
    @usableFromInline
    var latest: Element?
    @usableFromInline
    var subscribers: [SubjectSubscriber<Element>] = []
    /// The terminal event once accepted; later events are ignored.
    @usableFromInline
    var stopEvent: Event<Element>?
    /// Whether the terminal event has been delivered (subscribers after it get a replay).
    @usableFromInline
    var isTerminated = false
    /// Work that arrived while another thread (or an outer call) was delivering, and the
    /// delivering role.
    @usableFromInline
    var outbox = SerialOutbox<Work>()

    init(replayLimit: Int, buffer: [Element], replaysAfterEnd: Bool) {
        self.replayLimit = replayLimit
        self.replaysAfterEnd = replaysAfterEnd
        self.buffer = Array(buffer.suffix(replayLimit))
        self.latest = buffer.last
    }

    /// Values the state lets go of under the lock, handed out so that the caller releases them
    /// after it: a value's `deinit` is user code and may call back into the subject.
    @usableFromInline
    struct Dropped {
        /// The latest value, replaced by a newer one.
        @usableFromInline
        var replaced: Element?
        /// The oldest replay value, overwritten by a newer one.
        @usableFromInline
        var evicted: Element?

        @inlinable
        init(replaced: Element? = nil, evicted: Element? = nil) {
            self.replaced = replaced
            self.evicted = evicted
        }
    }

    /// Accepts an event from a sender.
    ///
    /// - Returns: The subscribers to deliver it to, with the delivering role, when the caller has
    ///   become the deliverer (the common case, kept free of the `Work` and `Delivery` wrappers),
    ///   or `nil` when the event was ignored, queued for the thread already delivering, or has
    ///   nobody to go to; and the values dropped.
    @inlinable @inline(__always)
    mutating func accept(_ event: Event<Element>) -> ([SubjectSubscriber<Element>]?, Dropped) {
        guard stopEvent == nil else { return (nil, Dropped()) }
        var dropped = Dropped()
        switch event {
        case .next(let value):
            dropped.replaced = latest
            latest = value
        case .error, .completed:
            stopEvent = event
        }
        guard outbox.claim(orQueue: .broadcast(event)) else { return (nil, dropped) }
        let recipients = broadcast(event, evicted: &dropped.evicted)
        if recipients.isEmpty {
            outbox.role.end()
            return (nil, dropped)
        }
        return (recipients, dropped)
    }

    /// Accepts a new subscriber.
    ///
    /// - Returns: Its replay, with the delivering role, when the caller has become the deliverer
    ///   and there is something to deliver; otherwise `nil`.
    @inlinable
    mutating func join(_ subscriber: SubjectSubscriber<Element>) -> Delivery? {
        guard outbox.claim(orQueue: .join(subscriber)) else { return nil }
        guard let delivery = admit(subscriber) else {
            outbox.role.end()
            return nil
        }
        return delivery
    }

    /// Records a broadcast in the state as it is handed out, so that the replay buffer and the
    /// subscriber list always describe what subscribers have actually been sent.
    ///
    /// - Returns: The subscribers to deliver it to; the replay value overwritten goes to
    ///   `evicted`.
    @inlinable
    mutating func broadcast(_ event: Event<Element>, evicted: inout Element?) -> [SubjectSubscriber<Element>] {
        let recipients = subscribers
        switch event {
        case .next(let value):
            if replayLimit > 0 {
                if buffer.count < replayLimit {
                    buffer.append(value)
                } else {
                    evicted = buffer[oldest]
                    buffer[oldest] = value
                    oldest = (oldest + 1) % replayLimit
                }
            }
        case .error, .completed:
            isTerminated = true
            subscribers = []
        }
        return recipients
    }

    /// Takes the oldest queued work and applies it to the state as it is handed out for delivery
    /// (see ``broadcast(_:evicted:)``). Also returns the values dropped. `nil` ends the delivering
    /// role (``SerialOutbox/next()``).
    @inlinable
    mutating func startQueued() -> (Delivery?, Dropped) {
        switch outbox.next() {
        case nil:
            return (nil, Dropped())
        case .broadcast(let event):
            var dropped = Dropped()
            let recipients = broadcast(event, evicted: &dropped.evicted)
            return (.broadcast(event, recipients), dropped)
        case .join(let subscriber):
            return (admit(subscriber) ?? .nothing, Dropped())
        }
    }

    /// Adds a subscriber as its join is handed out for delivery: before the end, it joins the
    /// list and receives the replay; after it, it receives the replay (unless the subject replays
    /// nothing after its end) and the terminal event, and does not join.
    @inlinable
    mutating func admit(_ subscriber: SubjectSubscriber<Element>) -> Delivery? {
        guard !subscriber.subscription.isDisposed else { return .discard(subscriber) }
        if isTerminated, let stopEvent {
            var events = replaysAfterEnd ? replayEvents : []
            events.append(stopEvent)
            return .replay(events, subscriber)
        }
        subscribers.append(subscriber)
        return buffer.isEmpty ? nil : .replay(replayEvents, subscriber)
    }

    /// The replay buffer as events, oldest first: once the ring is full, its oldest value is at
    /// `oldest`, not at 0.
    @inlinable
    var replayEvents: [Event<Element>] {
        (buffer[oldest...] + buffer[..<oldest]).map(Event.next)
    }
}

/// One subscription to a ``Subject``, as its caller holds it; disposing it removes the
/// subscriber (and so releases the observer).
@usableFromInline
final class SubjectSubscription<Element: Sendable>: Disposable {
    @usableFromInline
    let disposed = Atomic<Bool>(false)
    private weak let subject: Subject<Element>?

    @usableFromInline
    init(subject: Subject<Element>) {
        self.subject = subject
    }

    @inlinable
    var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    @usableFromInline
    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        subject?.remove(self)
    }
}
