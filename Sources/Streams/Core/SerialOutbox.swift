// Inside Streams, chapter 5, "Serial delivery": one deliverer at a time: events decided on several
// threads reach one observer serially, with no lock held while it runs.

import Synchronization

/// A queue that turns items decided on several threads into one serial stream, delivered with no
/// lock held: the one delivery path of Streams.
///
/// Every operator that may decide events on several threads at once (``ObservableType/merge()``
/// and so ``ObservableType/flatMap(_:)``, ``Observable/combineLatest(_:_:resultSelector:)``, the
/// time operators whose timers fire on another thread than the source's, such as
/// ``ObservableType/throttle(_:latest:scheduler:)``, ``ObservableType/observe(on:)``,
/// ``ObservableType/take(until:)`` …) and ``Subject`` itself keep an outbox in their state struct,
/// behind their one `Mutex`, and follow one pattern:
///
/// 1. Under the lock, decide what to emit and ``send(_:)`` it. If nobody is delivering, `send`
///    hands the item back in a ``Handoff``: the caller has become the *deliverer*.
/// 2. After unlocking, the deliverer delivers the item and then runs the one drain loop,
///    ``DeliveryRole/drain(next:deliver:)``, on the handoff's role: while items were queued
///    meanwhile, it takes the next under the lock (``next()``) and delivers it, until none is left
///    and it gives up the role. Operators call it through `state.deliver(first, to: observer)`.
///
/// An item sent while another thread (or the observer itself, re-entrantly) is delivering is
/// queued and delivered by the deliverer after the current one, in the order the decisions were
/// made. So the observer is never called concurrently or recursively, and no lock is held while
/// it runs. Events are therefore delivered on the sending thread, or on the thread already
/// delivering. A deliverer may also hand its role to a scheduled action that runs the drain
/// loop, as ``ObservableType/observe(on:)`` does; items sent meanwhile wait for that action.
///
/// **The role without a second lock.** The delivering role is a count in an atomic
/// (``DeliveryRole``) rather than a flag in the state: 0 while nobody delivers, and n ≥ 1 while one
/// thread delivers and n − 1 items wait. It is raised only under the lock, together with the
/// queue; so a deliverer whose count is still 1 knows that nothing waits, and gives the role up
/// with one compare-and-swap, without taking the lock again. An uncontended event costs one lock.
///
/// After a terminal event is sent the outbox is *closed*: later sends are ignored, while the
/// events already queued, the terminal one last, are still delivered.
///
/// **Disposal while draining.** A disposed subscription calls `state.cancelDelivery()`: the
/// outbox closes and drops its queue, so the deliverer finishes the item in hand and delivers
/// nothing after it. The dropped items are released after the lock, like every item the outbox
/// hands back (it keeps no reference to an item once it has handed it out).
// `@usableFromInline`/`@inlinable` (with `Queue`, `DeliveryRole`, `Handoff` and the drain loop) so
// that `merge` and `Subject`, which are inlinable, are specialised for their element type all the
// way down. Hence storage that is internal, not private.
// Why this shape: Benchmarks/README.md, "SerialOutbox.swift: one lock per event".
@usableFromInline
struct SerialOutbox<Item: Sendable>: Sendable {
    @usableFromInline var queue = Queue<Item>()
    /// The delivering role, which the deliverer gives up without the lock.
    @usableFromInline let role = DeliveryRole()

    /// Whether a terminal event was sent or the outbox was cancelled; sends are ignored.
    @usableFromInline var isClosed = false

    /// Creates an empty, open outbox.
    @inlinable init() {}

    /// Accepts an item for delivery, and closes the outbox after it when `closing`.
    ///
    /// - Returns: The item, with the delivering role, when the caller must deliver it now and
    ///   then drain; `nil` when it was queued for the current deliverer or ignored because the
    ///   outbox is closed.
    @inlinable @inline(__always)
    mutating func send(_ item: Item, closing: Bool) -> Handoff<Item>? {
        admit(item, closing: closing).map { Handoff(item, role: $0) }
    }

    /// Accepts an item the caller holds and will deliver itself if it becomes the deliverer, so
    /// that the item is copied only when it must wait: ``send(_:closing:)`` without the handoff.
    ///
    /// - Returns: The delivering role when the caller must deliver `item` now and then drain;
    ///   `nil` when it was queued for the current deliverer or ignored.
    @inlinable @inline(__always)
    mutating func admit(_ item: Item, closing: Bool) -> Unmanaged<DeliveryRole>? {
        guard !isClosed else { return nil }
        if closing { isClosed = true }
        return claim(orQueue: item) ? .passUnretained(role) : nil
    }

    /// Takes the delivering role if nobody has it (then the caller delivers `item` itself);
    /// otherwise queues `item` for the deliverer. Ignores ``isClosed``: for a sender with rules of
    /// its own about the end, as ``Subject`` has.
    @inlinable @inline(__always)
    mutating func claim(orQueue item: @autoclosure () -> Item) -> Bool {
        if role.claim() { return true }
        queue.append(item())
        return false
    }

    /// The next queued item for the deliverer, after ``DeliveryRole/giveUp()`` failed: something
    /// was queued. `nil` when the queue was dropped meanwhile (``cancel()``), which ends the role.
    @inlinable
    mutating func next() -> Item? {
        guard let item = queue.popFirst() else {
            role.end()
            return nil
        }
        role.taken()
        return item
    }

    /// Closes the outbox and drops what is queued: nothing more is delivered.
    ///
    /// - Returns: The dropped items, for the caller to release after the lock.
    @inlinable
    mutating func cancel() -> Queue<Item> {
        isClosed = true
        let dropped = queue.removeAll()
        role.dropped(dropped.count)
        return dropped
    }
}

/// An item that may end its sequence: ``Event``, as the operators' outboxes carry it.
@usableFromInline
protocol EndingItem: Sendable {
    var isStopEvent: Bool { get }
}

extension Event: EndingItem {}

extension SerialOutbox where Item: EndingItem {
    /// Accepts an event for delivery; a terminal event closes the outbox.
    ///
    /// - Returns: The event, with the delivering role, when the caller must deliver it now and
    ///   then drain; `nil` when it was queued for the current deliverer or ignored.
    @inlinable
    mutating func send(_ event: Item) -> Handoff<Item>? {
        send(event, closing: event.isStopEvent)
    }

    /// Accepts several events decided together, in order, as ``send(_:)`` would one by one.
    ///
    /// - Returns: The first of them, with the role, when the caller must deliver it now and then
    ///   drain the rest; `nil` when they were queued for the current deliverer or ignored.
    mutating func send(contentsOf events: some Sequence<Item>) -> Handoff<Item>? {
        var first: Handoff<Item>?
        for event in events {
            // Only the first accepted event can be handed back: it makes the caller the deliverer.
            if let handed = send(event) { first = handed }
        }
        return first
    }
}

/// The delivering role of a ``SerialOutbox``: 0 while nobody delivers; n ≥ 1 while one thread
/// delivers and n − 1 items wait in the queue.
///
/// It changes only under the outbox's lock, together with the queue, except for the deliverer's
/// final exchange of 1 for 0 (``giveUp()``): a sender that queues raises the count in the same
/// critical section that appends, so a failed exchange means the queue holds an item once the
/// lock is taken.
@usableFromInline
final class DeliveryRole: Sendable {
    @usableFromInline let count = Atomic<Int>(0)

    @inlinable init() {}

    /// Under the lock: takes the role if nobody has it; otherwise counts one more queued item.
    @inlinable
    func claim() -> Bool {
        // Nobody delivers, and nobody can start while we hold the lock.
        if count.load(ordering: .acquiring) == 0 {
            count.store(1, ordering: .relaxed)
            return true
        }
        // Somebody delivers, but may give up the role meanwhile (1 → 0,
        // without the lock); if it did, the role is ours.
        let old = count.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
        return old == 0
    }

    /// Under the lock: the deliverer took a queued item.
    @inlinable
    func taken() {
        count.wrappingSubtract(1, ordering: .relaxed)
    }

    /// Under the lock: a caller that took the role has nothing to deliver, or the queue it was
    /// draining was dropped. Nobody else can change the count meanwhile: a plain store.
    @inlinable
    func end() {
        count.store(0, ordering: .releasing)
    }

    /// Under the lock: `n` queued items were dropped.
    @inlinable
    func dropped(_ n: Int) {
        if n > 0 { count.wrappingSubtract(n, ordering: .relaxed) }
    }

    /// Without the lock, by the deliverer: gives up the role if nothing was queued meanwhile.
    @inlinable
    func giveUp() -> Bool {
        count.compareExchange(
            expected: 1, desired: 0, ordering: .acquiringAndReleasing
        ).exchanged
    }

    /// The drain loop, once the deliverer has delivered the item handed to it: while something
    /// was queued meanwhile, takes it with `next` (under the lock, from ``SerialOutbox/next()``)
    /// and delivers it; then the role is given up.
    // Always inlined, so that `next` and `deliver` are not closures at run time: a closure that
    // captured the subject would retain it on every send.
    @inlinable @inline(__always)
    func drain<Next>(next: () -> Next?, deliver: (Next) -> Void) {
        while !giveUp() {
            guard let item = next() else { return }
            deliver(item)
        }
    }
}

/// An item that made its sender the deliverer, and the role to give back once it is delivered.
@usableFromInline
struct Handoff<Item: Sendable>: Sendable {
    @usableFromInline let item: Item
    // Unmanaged, so that handing an item over and giving the role back cost no retain and
    // release: the role belongs to the outbox in the state that the deliverer drains, which
    // outlives the drain.
    @usableFromInline let role: Unmanaged<DeliveryRole>

    @inlinable
    init(_ item: Item, role: Unmanaged<DeliveryRole>) {
        self.item = item
        self.role = role
    }
}

extension Unmanaged where Instance == DeliveryRole {
    /// The drain loop of ``DeliveryRole/drain(next:deliver:)``, on a role held unmanaged.
    // `_withUnsafeGuaranteedRef`: the role is used without a retain and release around the loop.
    @inlinable @inline(__always)
    func drain<Next>(next: () -> Next?, deliver: (Next) -> Void) {
        _withUnsafeGuaranteedRef { $0.drain(next: next, deliver: deliver) }
    }
}

/// The state of an operator that delivers events through a ``SerialOutbox``.
@usableFromInline
protocol SerialDelivering {
    associatedtype Output: Sendable
    var outbox: SerialOutbox<Event<Output>> { get set }
}

extension Mutex where Value: SerialDelivering {
    /// Delivers `first`, if the caller became the deliverer, then every event queued meanwhile,
    /// one at a time and with the lock released, until none is left.
    @inlinable @inline(__always)
    func deliver(
        _ first: Handoff<Event<Value.Output>>?, to observer: AnyObserver<Value.Output>
    ) {
        guard let first else { return }
        observer.on(first.item)
        drain(first.role, to: observer)
    }

    /// Sends `event` as it is and, if the caller became the deliverer, delivers it and every event
    /// queued meanwhile: `deliver(withLock { $0.outbox.send(event) }, to: observer)` for an
    /// operator that forwards an event it did not decide, without copying it into a handoff.
    @inlinable @inline(__always)
    func send(_ event: Event<Value.Output>, to observer: AnyObserver<Value.Output>) {
        guard let role = withLock({ $0.outbox.admit(event, closing: event.isStopEvent) }) else { return }
        observer.on(event)
        drain(role, to: observer)
    }

    /// The drain loop of a deliverer that has delivered the event handed to it.
    @inlinable @inline(__always)
    func drain(
        _ role: Unmanaged<DeliveryRole>, to observer: AnyObserver<Value.Output>
    ) {
        // `{ observer.on($0) }`, not `observer.on`: that would be a partial
        // application, which retains the observer on every event.
        role.drain(
            next: { withLock { $0.outbox.next() } },
            deliver: { observer.on($0) }
        )
    }

    /// Closes the outbox for a disposed subscription: the deliverer stops after the event in
    /// hand. The dropped events are released here, after the lock.
    @inlinable
    func cancelDelivery() {
        let dropped = withLock { $0.outbox.cancel() }
        _ = dropped
    }
}
