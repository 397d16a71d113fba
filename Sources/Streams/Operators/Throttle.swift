// Inside Streams, chapter 6, "Time and schedulers": a window timed by a scheduler, decided under
// one lock and delivered through the outbox, like `debounce`.

import Synchronization

extension ObservableType {
    /// Emits a value, then ignores values for `dueTime`, emitting the latest of them (if any)
    /// when that window ends.
    ///
    /// Throttle limits the rate of a stream without making its first value wait: a value that
    /// arrives when nothing was emitted in the last `dueTime` passes at once. The window is
    /// inclusive, so a value arriving exactly `dueTime` after the last emission also passes at
    /// once. Values arriving sooner are held: with `latest: true` (the default) the last of them
    /// is emitted when the window closes, which opens a new window; with `latest: false` they
    /// are dropped. So no two values are emitted less than `dueTime` apart.
    ///
    /// ```
    /// source:  -abc----d-|
    ///          throttle(.seconds(3))
    /// output:  -a--c---d-|
    ///
    /// source:  -abc----d-|
    ///          throttle(.seconds(3), latest: false)
    /// output:  -a------d-|
    /// ```
    /// ![throttle(.seconds(3)), drawn from a run](throttle-throttle-seconds-3)
    ///
    /// ![throttle(.seconds(3), latest: false), drawn from a run](throttle-throttle-seconds-3-latest-false)
    ///
    /// Completion waits for a held value: it is emitted when its window closes and the sequence
    /// completes right after it. An error is forwarded at once and drops a held value. Either
    /// way the source subscription ends when the source terminates.
    ///
    /// ```
    /// source:  -ab|
    ///          throttle(.seconds(3))
    /// output:  -a--(b|)
    ///
    /// source:  -ab#
    ///          throttle(.seconds(3))
    /// output:  -a-#
    /// ```
    /// ![throttle(.seconds(3)), drawn from a run](throttle-throttle-seconds-3_2)
    ///
    /// ![throttle(.seconds(3)), drawn from a run](throttle-throttle-seconds-3_3)
    ///
    /// Values that pass at once are delivered on the source's thread; values emitted when a
    /// window closes, and a completion that waited for one, are delivered on `scheduler`.
    /// Delivery is serial either way. Use it for a button that must not fire twice in a row, or
    /// a scroll position that updates a model at most every 300 ms.
    ///
    /// - Parameters:
    ///   - dueTime: The least time between two emitted values.
    ///   - latest: Whether to emit the latest value held back during a window when it ends.
    ///   - scheduler: The scheduler that measures time and runs the window timers.
    /// - Returns: The throttled observable.
    public func throttle(
        _ dueTime: Duration,
        latest: Bool = true,
        scheduler: any Scheduler
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(ThrottleState<Element>(dueTime: dueTime, latest: latest))
            let upstream = SingleAssignmentDisposable()
            let timer = SerialDisposable()

            @Sendable func windowEnded(_ window: UInt64) {
                let now = scheduler.now
                let (finished, first) = state.withLock { $0.windowEnded(window, at: now) }
                if finished { timer.dispose() }
                state.deliver(first, to: observer)
            }

            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    let now = scheduler.now
                    // `dropped`, a held value this one replaces, is released after the lock.
                    let (window, first, dropped) = state.withLock { $0.receive(value, at: now) }
                    _ = dropped
                    if let (id, wait) = window {
                        timer.disposable = scheduler.schedule(after: wait) { windowEnded(id) }
                    }
                    state.deliver(first, to: observer)
                case .error(let error):
                    let (first, dropped) = state.withLock { $0.fail(error) }
                    _ = dropped
                    upstream.dispose()
                    timer.dispose()
                    state.deliver(first, to: observer)
                case .completed:
                    let first = state.withLock { $0.complete() }
                    upstream.dispose()
                    state.deliver(first, to: observer)
                }
            }))
            return Disposables.create {
                state.cancelDelivery()
                upstream.dispose()
                timer.dispose()
            }
        }
    }
}

/// The state of one ``ObservableType/throttle(_:latest:scheduler:)`` subscription.
///
/// Values and terminal events are decided under the lock and sent through `outbox`, so the
/// source thread and the timer never call the observer at the same time, and events keep the
/// order in which they were decided. The methods return the event the caller must deliver, if
/// it became the deliverer.
private struct ThrottleState<Element: Sendable>: SerialDelivering {
    let dueTime: Duration
    let latest: Bool
    /// When the last value was emitted.
    var lastSent: Duration?
    /// The latest value held back during the current window.
    var pending: Element?
    /// Identifies the window whose timer may emit `pending`; a timer of an older window is stale.
    var window: UInt64 = 0
    /// The source completed while a value was held: complete after emitting it.
    var completesAfterPending = false
    /// Closed once a terminal event was sent.
    var outbox = SerialOutbox<Event<Element>>()

    init(dueTime: Duration, latest: Bool) {
        self.dueTime = dueTime
        self.latest = latest
    }

    /// Emits `value` now, holds it, or drops it. Returns the window to time when `value` is the
    /// first value held in it (its id and how long until it ends), the event to deliver, and the
    /// value dropped, if any, for the caller to release after the lock.
    mutating func receive(
        _ value: Element,
        at now: Duration
    ) -> (window: (UInt64, Duration)?, first: Handoff<Event<Element>>?, dropped: Element?) {
        guard !outbox.isClosed else { return (nil, nil, nil) }
        let elapsed = lastSent.map { now - $0 } ?? dueTime
        if elapsed >= dueTime {
            lastSent = now
            return (nil, outbox.send(.next(value)), pending.take())
        }
        guard latest else { return (nil, nil, nil) }
        let isTimed = pending != nil
        let dropped = pending
        pending = value
        guard !isTimed else { return (nil, nil, dropped) }
        window &+= 1
        return ((window, dueTime - elapsed), nil, dropped)
    }

    /// Emits the held value of `window`, and completes if the source already did.
    /// Returns whether the sequence is now finished, and the event to deliver.
    mutating func windowEnded(_ window: UInt64, at now: Duration) -> (finished: Bool, first: Handoff<Event<Element>>?) {
        guard !outbox.isClosed, window == self.window else { return (false, nil) }
        var events: [Event<Element>] = []
        if let value = pending.take() {
            lastSent = now
            events.append(.next(value))
        }
        if completesAfterPending { events.append(.completed) }
        return (completesAfterPending, outbox.send(contentsOf: events))
    }

    mutating func complete() -> Handoff<Event<Element>>? {
        guard !outbox.isClosed else { return nil }
        if pending != nil {
            completesAfterPending = true
            return nil
        }
        return outbox.send(.completed)
    }

    /// Returns the error event to deliver and the held value it drops.
    mutating func fail(_ error: any Error) -> (first: Handoff<Event<Element>>?, dropped: Element?) {
        guard !outbox.isClosed else { return (nil, nil) }
        return (outbox.send(.error(error)), pending.take())
    }
}
