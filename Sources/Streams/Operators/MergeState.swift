// Inside Streams, chapter 7, "Merge and the fast path": merge's decisions under one lock, its
// outbox, and the two atomics that let the fast path run without a lock per value.

import Synchronization

/// What a merge's handlers share with the disposable its subscription returns: the state behind
/// one `Mutex`, the two atomics of direct delivery, and the outer subscription (the handlers are
/// ``MergeSubscription``, in Merge.swift).
///
/// Apart from ``MergeSubscription`` because the disposable must not hold the observer: the
/// subscriber may keep the disposable after the merge ended, and the observer is released then.
@usableFromInline
final class MergeShared<Element: Sendable>: Disposable {
    /// How many inner observables may run at once (`Int.max` for `merge()`).
    @usableFromInline let limit: Int
    @usableFromInline let state = Mutex(MergeState<Element>())
    /// `MergeSignal` bits, for the thread delivering an inner's values directly.
    @usableFromInline let signal = Atomic<UInt8>(0)
    /// The inner the loop is subscribing with the delivering role, and its `MergePhase`.
    @usableFromInline let directInner = Atomic<Int>(MergePhase.none)
    @usableFromInline let outerSubscription = SingleAssignmentDisposable()

    @inlinable
    init(limit: Int) {
        self.limit = limit
    }

    /// Runs a decision under the lock, then publishes what a direct deliverer must learn from it
    /// (``MergeState/directSignal``) into ``signal``.
    @inlinable
    func decide<Result: Sendable>(_ body: (inout MergeState<Element>) -> Result) -> Result {
        let (result, bits) = state.withLock { state in
            let result = body(&state)
            return (result, state.directSignal)
        }
        if bits != 0 { signal.bitwiseOr(bits, ordering: .releasing) }
        return result
    }

    /// Disposes the outer subscription, then the `running` inner ones in the order they were
    /// subscribed; called after the lock, when the merge fails or is disposed.
    @inlinable
    func dispose(outerAnd running: [Int: any Disposable]) {
        outerSubscription.dispose()
        for (_, subscription) in running.sorted(by: { $0.key < $1.key }) { subscription.dispose() }
    }

    /// The subscriber disposed: the outer and running inner subscriptions are disposed, and
    /// whatever was queued is released, after the lock.
    @inlinable
    func dispose() {
        let (events, dropped, running) = decide { $0.cancel() }
        _ = (events, dropped)
        dispose(outerAnd: running)
    }
}

/// The state of one `merge` subscription, behind the `Mutex` of its ``MergeShared``.
///
/// **Direct delivery.** When the subscribe loop subscribes an inner observable while nobody is
/// delivering, it ``SerialOutbox/claim()``s the delivering role for the length of that inner's
/// `subscribe` call (``isDirect``). The inner's values then go straight to the observer, with no
/// lock: its events are serial, and everything else that wants to deliver meanwhile (other
/// inners, the outer sequence, a re-entrant call) finds the role taken and queues in the outbox.
/// A synchronous inner, such as `Observable.from(range)`, is thereby delivered without a lock per
/// value. What the direct deliverer must notice without the lock (the merge closed; events
/// queued for it) is published after each decision as ``directSignal``, into an atomic beside
/// the `Mutex`. When the `subscribe` call returns, the loop gives the role up through the
/// outbox, which delivers whatever was queued.
///
/// Internal and `@usableFromInline` rather than private so that ``MergeSubscription`` can be
/// `@inlinable` (see the top of Merge.swift).
@usableFromInline
struct MergeState<Element: Sendable>: SerialDelivering {
    /// An inner observable to subscribe, its id, and whether the loop holds the delivering role
    /// for it (direct delivery).
    @usableFromInline typealias Start = (source: Observable<Element>, id: Int, direct: Bool)

    @usableFromInline var outbox = SerialOutbox<Element>()
    /// Inner observables received but not yet subscribed (beyond the concurrency limit).
    @usableFromInline var waiting = Queue<Observable<Element>>()
    /// Inner observables subscribed, or being subscribed, and not yet completed.
    @usableFromInline var active = 0
    /// Whether a thread is running the subscribe loop; others leave their inners to it.
    @usableFromInline var isSubscribing = false
    @usableFromInline var isOuterDone = false
    /// The subscriptions of the inner observables that outlived their `subscribe` call, by id:
    /// disposed when the merge fails or is disposed, each removed when its inner completes.
    @usableFromInline var running: [Int: any Disposable] = [:]
    @usableFromInline var nextID = 0
    /// The id of the inner the loop is subscribing (not yet in `running`), or -1.
    @usableFromInline var subscribingID = -1
    /// Whether that inner completed during its `subscribe` call.
    @usableFromInline var subscribingCompleted = false
    /// Whether the loop holds the delivering role for the inner it is subscribing.
    @usableFromInline var isDirect = false

    @inlinable init() {}

    @inlinable var isFinished: Bool {
        isOuterDone && active == 0 && waiting.isEmpty
    }

    /// What a direct deliverer must learn after a decision: ``MergeSignal/closed`` once the
    /// outbox is closed, ``MergeSignal/pending`` while events wait in it.
    @inlinable var directSignal: UInt8 {
        guard isDirect else { return 0 }
        return (outbox.isClosed ? MergeSignal.closed : 0) | (outbox.queue.isEmpty ? 0 : MergeSignal.pending)
    }

    /// Queues an inner observable; returns the first inner to subscribe when the caller must
    /// run the subscribe loop.
    @inlinable
    mutating func enqueue(_ inner: Observable<Element>, limit: Int) -> Start? {
        guard !outbox.isClosed else { return nil }
        if waiting.isEmpty, !isSubscribing, active < limit {
            // Nothing waits and the loop is free: the inner goes straight to it, not through the queue.
            isSubscribing = true
            return start(inner)
        }
        waiting.append(inner)
        return claimSubscribing(limit: limit) ? nextToSubscribe(limit: limit) : nil
    }

    /// Takes the subscribe loop when there is a free slot, work waiting and no other runner.
    @inlinable
    mutating func claimSubscribing(limit: Int) -> Bool {
        guard !isSubscribing, active < limit, !waiting.isEmpty else { return false }
        isSubscribing = true
        return true
    }

    /// The next inner observable for the subscribe loop, or `nil`, which ends the loop.
    @inlinable
    mutating func nextToSubscribe(limit: Int) -> Start? {
        guard !outbox.isClosed, active < limit, !waiting.isEmpty, let inner = waiting.popFirst() else {
            isSubscribing = false
            return nil
        }
        return start(inner)
    }

    /// Counts `inner` as active and hands it to the loop, with the delivering role if it is free.
    @inlinable
    mutating func start(_ inner: Observable<Element>) -> Start {
        active += 1
        subscribingID = nextID
        nextID += 1
        subscribingCompleted = false
        isDirect = outbox.claim()
        return (inner, subscribingID, isDirect)
    }

    /// The loop's `subscribe` call for inner `id` returned `subscription`.
    ///
    /// - Parameters:
    ///   - holdsRole: Whether the loop still holds the delivering role (it claimed it and no
    ///     direct delivery of this inner is under way on another thread, which takes it over).
    ///   - completedDirectly: Whether the inner completed during the call, while delivered
    ///     directly (counted here rather than in ``innerCompleted(id:limit:)``).
    /// - Returns: Whether the caller must dispose `subscription` now (its inner completed, or the
    ///   merge ended); the first queued event when the loop must deliver and drain before going
    ///   on; otherwise the next inner to subscribe.
    @inlinable
    mutating func subscribed(
        id: Int, _ subscription: any Disposable, holdsRole: Bool, completedDirectly: Bool, limit: Int
    ) -> (disposeNow: Bool, first: Event<Element>?, next: Start?) {
        subscribingID = -1
        isDirect = false
        if completedDirectly {
            active -= 1
            subscribingCompleted = true
            // The role is held, so the completion is queued and handed back by `next()` below.
            if isFinished { _ = outbox.send(.completed) }
        }
        let disposeNow = subscribingCompleted || outbox.isClosed
        if !disposeNow { running[id] = subscription }
        if holdsRole, let first = outbox.next() {
            return (disposeNow, first, nil)
        }
        return (disposeNow, nil, nextToSubscribe(limit: limit))
    }

    /// Inner `id` completed. Returns its subscription to dispose, the completion to deliver if
    /// the merge is now finished, and whether the caller must resume the subscribe loop.
    @inlinable
    mutating func innerCompleted(
        id: Int, limit: Int
    ) -> (dispose: (any Disposable)?, first: Event<Element>?, resume: Bool) {
        active -= 1
        var removed: (any Disposable)?
        if id == subscribingID {
            subscribingCompleted = true
        } else {
            removed = running.removeValue(forKey: id)
        }
        guard isFinished else { return (removed, nil, claimSubscribing(limit: limit)) }
        return (removed, outbox.send(.completed), false)
    }

    /// The outer observable completed. Returns the completion to deliver if the merge is now
    /// finished.
    @inlinable
    mutating func outerCompleted() -> Event<Element>? {
        isOuterDone = true
        return isFinished ? outbox.send(.completed) : nil
    }

    /// Sends the error and hands back the inner observables still waiting and the running
    /// subscriptions, to be released and disposed after the lock.
    @inlinable
    mutating func fail(_ error: any Error) -> (first: Event<Element>?, dropped: Queue<Observable<Element>>, running: [Int: any Disposable]) {
        defer { running = [:] }
        return (outbox.send(.error(error)), waiting.removeAll(), running)
    }

    /// The merge was disposed: closes the outbox and hands back what it held, to be released and
    /// disposed after the lock.
    @inlinable
    mutating func cancel() -> (events: Queue<Event<Element>>, dropped: Queue<Observable<Element>>, running: [Int: any Disposable]) {
        defer { running = [:] }
        return (outbox.cancel(), waiting.removeAll(), running)
    }
}

/// The bits of `merge`'s direct-delivery signal (see ``MergeState``).
@usableFromInline
enum MergeSignal {
    /// The merge ended: a direct deliverer drops its values.
    @inlinable static var closed: UInt8 { 1 }
    /// Events wait in the outbox: a direct deliverer delivers them after the value in hand.
    @inlinable static var pending: UInt8 { 2 }
}

/// Where the inner observable that `merge`'s loop subscribes with the delivering role stands:
/// its id and phase in one atomic word, which its observer reads before each event (a stale id
/// never matches, so an inner whose `subscribe` call has returned goes through the outbox).
@usableFromInline
enum MergePhase {
    /// Its `subscribe` call is under way and the loop holds the delivering role: deliver directly.
    @inlinable static var direct: Int { 0 }
    /// A value of it is being delivered directly.
    @inlinable static var delivering: Int { 1 }
    /// It completed directly; the loop counts the completion when `subscribe` returns.
    @inlinable static var completed: Int { 2 }
    /// No inner is delivered directly.
    @inlinable static var none: Int { -1 }

    /// The atomic word for inner `id` in `phase`.
    @inlinable static func of(_ id: Int, _ phase: Int) -> Int { id << 2 | phase }
}
