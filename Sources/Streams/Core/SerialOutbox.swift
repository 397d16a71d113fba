/// A queue that turns events from several upstreams into one serial stream for one observer.
///
/// Operators with more than one upstream (``ObservableType/merge()``,
/// ``ObservableType/flatMap(_:)``, ``Observable/combineLatest(_:_:resultSelector:)`` …), and
/// time operators whose timers fire on another thread than the source's
/// (``ObservableType/throttle(_:latest:scheduler:)``, ``ObservableType/debounce(_:scheduler:)``,
/// ``ObservableType/delay(_:scheduler:)``), may decide events on several threads at once, yet
/// must call their observer serially. They keep an outbox inside their state struct, behind
/// their `Mutex`, and follow one pattern:
///
/// 1. Under the lock, decide what to emit and ``send(_:)`` it. If nobody is delivering, `send`
///    hands the event back: the caller has become the *deliverer*.
/// 2. After unlocking, the deliverer calls the observer, then takes ``next()`` under the lock
///    and delivers that, until `next()` returns `nil` and gives up the role.
///
/// An event sent while another thread (or the observer itself, re-entrantly) is delivering is
/// queued and delivered by the deliverer after the current one, in the order the decisions were
/// made. So the observer is never called concurrently or recursively, and no lock is held while
/// it runs. Events are therefore delivered on the sending thread, or on the thread already
/// delivering. A deliverer may also hand its role to a scheduled action that delivers and
/// drains, as ``ObservableType/observe(on:)`` does; events sent meanwhile wait for that action.
///
/// After a terminal event is sent the outbox is *closed*: later sends are ignored, while the
/// events already queued, the terminal one last, are still delivered. ``cancel()`` closes it and
/// drops the queue, for a disposed subscription.
// `@usableFromInline`/`@inlinable` so that operators that are `@inlinable` (merge, flatMap) can
// use it and have it specialised for their element type; hence no `private` on the storage.
@usableFromInline
struct SerialOutbox<Element: Sendable>: Sendable {
    @usableFromInline var queue: [Event<Element>] = []
    @usableFromInline var head = 0
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
        guard head < queue.count else {
            queue.removeAll(keepingCapacity: queue.count < 64)
            head = 0
            isDelivering = false
            return nil
        }
        let event = queue[head]
        head += 1
        if head >= 1024, head * 2 >= queue.count {
            queue.removeFirst(head)
            head = 0
        }
        return event
    }

    /// Closes the outbox and drops what is queued: nothing more is delivered.
    @inlinable
    mutating func cancel() {
        isClosed = true
        queue.removeAll()
        head = 0
    }
}
