// Inside Streams, chapter 6, "Time and schedulers": a timer per value on a scheduler, its state
// behind one lock, and the timer and the source meeting in one outbox.

import Synchronization

extension ObservableType {
    /// Emits a value only once `dueTime` has passed without another value arriving.
    ///
    /// Each value restarts the wait; a value followed by another within `dueTime` is dropped.
    /// Use it where only the value after a pause matters: a search field that queries once the
    /// user stops typing, or a "save draft" that runs once editing settles.
    ///
    /// ```
    /// source:  -ab----cd---|
    ///          debounce(.seconds(3))
    /// output:  -----b-----d|
    /// ```
    /// ![debounce(.seconds(3)), drawn from a run](debounce-debounce-seconds-3)
    ///
    /// When the source completes, a value still waiting is emitted at once and the sequence
    /// completes right after it, as in RxSwift. An error is forwarded at once and drops a
    /// waiting value. Either way the source subscription ends when the source terminates.
    ///
    /// ```
    /// source:  -ab|
    ///          debounce(.seconds(3))
    /// output:  ---(b|)
    ///
    /// source:  -ab#
    ///          debounce(.seconds(3))
    /// output:  ---#
    /// ```
    /// ![debounce(.seconds(3)), drawn from a run](debounce-debounce-seconds-3_2)
    ///
    /// ![debounce(.seconds(3)), drawn from a run](debounce-debounce-seconds-3_3)
    ///
    /// Values emitted after a pause are delivered on `scheduler`; terminal events, and a value
    /// flushed by completion, on the source's thread. Delivery is serial either way.
    ///
    /// - Parameters:
    ///   - dueTime: How long a value must go without a successor to be emitted.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The debounced observable.
    public func debounce(_ dueTime: Duration, scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(DebounceState<Element>())
            let upstream = SingleAssignmentDisposable()
            let timer = SerialDisposable()

            @Sendable func dueTimePassed(_ id: UInt64) {
                state.deliver(state.withLock { $0.dueTimePassed(id) }, to: observer)
            }

            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                let first: Handoff<Event<Element>>?
                switch event {
                case .next(let value):
                    // `dropped`, the value this one replaces, is released after the lock.
                    let (id, dropped) = state.withLock { $0.receive(value) }
                    _ = dropped
                    guard let id else { return }
                    timer.disposable = scheduler.schedule(after: dueTime) { dueTimePassed(id) }
                    return
                case .error(let error):
                    let (event, dropped) = state.withLock { $0.fail(error) }
                    _ = dropped
                    first = event
                case .completed:
                    first = state.withLock { $0.complete() }
                }
                upstream.dispose()
                timer.dispose()
                state.deliver(first, to: observer)
            }))
            return Disposables.create {
                state.cancelDelivery()
                upstream.dispose()
                timer.dispose()
            }
        }
    }
}

/// The state of one ``ObservableType/debounce(_:scheduler:)`` subscription.
///
/// Events are decided under the lock and sent through `outbox`, so the source thread and the
/// timer never call the observer at the same time. The methods return the event the caller
/// must deliver, if it became the deliverer.
private struct DebounceState<Element: Sendable>: SerialDelivering {
    /// The latest value, waiting for `dueTime` to pass.
    var pending: Element?
    /// Identifies the latest value; the timer of an older one is stale.
    var id: UInt64 = 0
    /// Closed once a terminal event was sent.
    var outbox = SerialOutbox<Event<Element>>()

    /// Makes `value` the waiting one and returns its id, for its timer.
    /// Holds `value`; returns the id of its timer and the value it replaces, if any.
    mutating func receive(_ value: Element) -> (id: UInt64?, dropped: Element?) {
        guard !outbox.isClosed else { return (nil, nil) }
        id &+= 1
        let dropped = pending
        pending = value
        return (id, dropped)
    }

    mutating func dueTimePassed(_ id: UInt64) -> Handoff<Event<Element>>? {
        guard !outbox.isClosed, id == self.id, let value = pending.take() else { return nil }
        return outbox.send(.next(value))
    }

    /// Flushes the waiting value, then completes.
    mutating func complete() -> Handoff<Event<Element>>? {
        guard !outbox.isClosed else { return nil }
        var events: [Event<Element>] = []
        if let value = pending.take() {
            events.append(.next(value))
        }
        events.append(.completed)
        return outbox.send(contentsOf: events)
    }

    /// Returns the error event to deliver and the held value it drops.
    mutating func fail(_ error: any Error) -> (first: Handoff<Event<Element>>?, dropped: Element?) {
        guard !outbox.isClosed else { return (nil, nil) }
        return (outbox.send(.error(error)), pending.take())
    }
}
