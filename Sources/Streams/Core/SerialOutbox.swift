// Inside Streams, chapter 5, "Serial delivery": one deliverer at a time: events decided on several
// threads reach one observer serially, with no lock held while it runs.

import Synchronization

/// A queue that turns events decided on several threads into one serial stream for one observer.
///
/// Operators with more than one upstream (``ObservableType/merge()``,
/// ``ObservableType/flatMap(_:)``, ``Observable/combineLatest(_:_:resultSelector:)`` …), time
/// operators whose timers fire on another thread than the source's
/// (``ObservableType/throttle(_:latest:scheduler:)``, ``ObservableType/debounce(_:scheduler:)``,
/// ``ObservableType/delay(_:scheduler:)``), ``ObservableType/observe(on:)`` and
/// ``ObservableType/take(until:)`` may decide events on several threads at once, yet must call
/// their observer serially. Each keeps an outbox in its state struct (which conforms to
/// ``SerialDelivering``), behind its one `Mutex`, and follows one pattern:
///
/// 1. Under the lock, decide what to emit and ``send(_:)`` it. If nobody is delivering, `send`
///    hands the event back: the caller has become the *deliverer*.
/// 2. After unlocking, the deliverer calls `state.deliver(first, to: observer)`, the one drain
///    loop: it calls the observer, takes ``next()`` under the lock, and goes on until `next()`
///    returns `nil` and gives up the role.
///
/// An event sent while another thread (or the observer itself, re-entrantly) is delivering is
/// queued and delivered by the deliverer after the current one, in the order the decisions were
/// made. So the observer is never called concurrently or recursively, and no lock is held while
/// it runs. Events are therefore delivered on the sending thread, or on the thread already
/// delivering. A deliverer may also hand its role to a scheduled action that runs the drain
/// loop, as ``ObservableType/observe(on:)`` does; events sent meanwhile wait for that action.
///
/// After a terminal event is sent the outbox is *closed*: later sends are ignored, while the
/// events already queued, the terminal one last, are still delivered.
///
/// ``Subject`` serialises its own broadcasts with the same rules, but hands the delivering role
/// back with an atomic instead of a second lock (see the note in `Subject`).
///
/// **Disposal while draining.** A disposed subscription calls `state.cancelDelivery()`: the
/// outbox closes and drops its queue, so the deliverer finishes the event in hand and delivers
/// nothing after it. The dropped events are released after the lock, like every value the outbox
/// hands back (it keeps no reference to an event once it has handed it out).
// `@usableFromInline`/`@inlinable` (with `Queue`, `SerialDelivering` and the drain loop) so that
// `merge`, which is inlinable, is specialised for its element type all the way down. Hence
// storage that is internal, not private.
// Why this shape: Benchmarks/README.md, "SerialOutbox.swift: specialised all the way down".
@usableFromInline
struct SerialOutbox<Element: Sendable>: Sendable {
    @usableFromInline var queue = Queue<Event<Element>>()
    @usableFromInline var isDelivering = false

    /// Whether a terminal event was sent or the outbox was cancelled; sends are ignored.
    @usableFromInline var isClosed = false

    /// Creates an empty, open outbox.
    @inlinable init() {}

    /// Accepts an event for delivery.
    ///
    /// - Returns: The event itself when the caller must deliver it now and then drain with
    ///   ``next()``; `nil` when it was queued for the current deliverer or ignored because the
    ///   outbox is closed.
    @inlinable
    mutating func send(_ event: Event<Element>) -> Event<Element>? {
        guard !isClosed else { return nil }
        if event.isStopEvent { isClosed = true }
        if isDelivering {
            queue.append(event)
            return nil
        }
        isDelivering = true
        return event
    }

    /// Accepts several events decided together, in order, as ``send(_:)`` would one by one.
    ///
    /// - Returns: The first of them when the caller must deliver it now and then drain the rest
    ///   with ``next()``; `nil` when they were queued for the current deliverer or ignored.
    mutating func send(contentsOf events: some Sequence<Event<Element>>) -> Event<Element>? {
        var first: Event<Element>?
        for event in events {
            // Only the first accepted event can be handed back: it makes the caller the deliverer.
            if let handed = send(event) { first = handed }
        }
        return first
    }

    /// The next queued event for the deliverer, or `nil`, which ends its role.
    @inlinable
    mutating func next() -> Event<Element>? {
        // The empty check first keeps the common case (nothing queued) to a comparison.
        guard !queue.isEmpty, let event = queue.popFirst() else {
            isDelivering = false
            return nil
        }
        return event
    }

    /// Takes the delivering role with no event in hand, when nobody is delivering and the outbox
    /// is open. The caller then delivers events of its own directly and gives the role up with
    /// ``next()``; events sent meanwhile are queued for it (``nextKeepingRole()``).
    ///
    /// - Returns: Whether the caller now holds the role.
    @inlinable
    mutating func claim() -> Bool {
        guard !isDelivering, !isClosed else { return false }
        isDelivering = true
        return true
    }

    /// The next queued event for a deliverer that keeps its role when the queue is empty.
    @inlinable
    mutating func nextKeepingRole() -> Event<Element>? {
        queue.isEmpty ? nil : queue.popFirst()
    }

    /// Closes the outbox and drops what is queued: nothing more is delivered.
    ///
    /// - Returns: The dropped events, for the caller to release after the lock.
    @inlinable
    mutating func cancel() -> Queue<Event<Element>> {
        isClosed = true
        return queue.removeAll()
    }
}

/// The state of an operator that delivers through a ``SerialOutbox``.
@usableFromInline
protocol SerialDelivering {
    associatedtype Output: Sendable
    var outbox: SerialOutbox<Output> { get set }
}

extension Mutex where Value: SerialDelivering {
    /// The drain loop: delivers `first`, if the caller became the deliverer, then every event
    /// queued meanwhile, one at a time and with the lock released, until the queue is empty.
    ///
    /// The deliverer then gives up its role, unless `keepingRole` (a deliverer that
    /// ``SerialOutbox/claim()``ed the role and still has events of its own to deliver).
    @inlinable
    func deliver(
        _ first: Event<Value.Output>?, to observer: AnyObserver<Value.Output>, keepingRole: Bool = false
    ) {
        var event = first
        while let current = event {
            observer.on(current)
            event = withLock { keepingRole ? $0.outbox.nextKeepingRole() : $0.outbox.next() }
        }
    }

    /// Closes the outbox for a disposed subscription: the deliverer stops after the event in
    /// hand. The dropped events are released here, after the lock.
    @inlinable
    func cancelDelivery() {
        let dropped = withLock { $0.outbox.cancel() }
        _ = dropped
    }
}
