// Inside Streams, chapter 6, "Time and schedulers": events moved later on a scheduler, decided
// under one lock and delivered through the outbox.

import Synchronization

extension ObservableType {
    /// Shifts every value, and the completion, later in time by `dueTime`.
    ///
    /// The spacing between values is kept: each one is emitted `dueTime` after it arrived, in
    /// order. Completion is delayed the same way, so it still follows the last value. An error
    /// is *not* delayed: it is forwarded at once and drops the values still waiting, as in
    /// RxSwift. The source subscription ends when the source terminates.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          delay(.seconds(2))
    /// output:  ---a-b-c-|
    ///
    /// source:  -a-b-#
    ///          delay(.seconds(3))
    /// output:  ----a#
    /// ```
    /// ![delay(.seconds(2)), drawn from a run](delay-delay-seconds-2)
    ///
    /// ![delay(.seconds(3)), drawn from a run](delay-delay-seconds-3)
    ///
    /// Values and completion are delivered on `scheduler`; an error on the source's thread,
    /// after any value being delivered at that moment. Delivery is serial either way.
    ///
    /// - Parameters:
    ///   - dueTime: How much later each value and the completion are emitted.
    ///   - scheduler: The scheduler that measures time and emits the shifted events.
    /// - Returns: The delayed observable.
    public func delay(_ dueTime: Duration, scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(DelayState<Element>())
            let upstream = SingleAssignmentDisposable()
            let timer = SerialDisposable()

            @Sendable func timerFired() {
                let now = scheduler.now
                let (release, first) = state.withLock { $0.release(at: now) }
                switch release {
                case .wait(let wait):
                    timer.disposable = scheduler.schedule(after: wait, timerFired)
                case .idle:
                    break
                case .finished:
                    timer.dispose()
                }
                state.deliver(first, to: observer)
            }

            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                if event.isStopEvent { upstream.dispose() }
                switch event {
                case .next, .completed:
                    let due = scheduler.now + dueTime
                    if state.withLock({ $0.enqueue(event, due: due) }) {
                        timer.disposable = scheduler.schedule(after: dueTime, timerFired)
                    }
                case .error(let error):
                    // `dropped`, the events still waiting, are released after the lock.
                    let (first, dropped) = state.withLock { $0.fail(error) }
                    _ = dropped
                    timer.dispose()
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

    /// Subscribes to the source only once `dueTime` has passed.
    ///
    /// Events are not shifted: they arrive as the source sends them, from the moment of the
    /// delayed subscription. Disposing before then cancels the subscription. The subscription
    /// is made on `scheduler`; events are delivered on the source's thread.
    ///
    /// ```
    /// source:         -a-b-c-|
    ///                 delaySubscription(.seconds(2))
    /// output:         ---b-c-|
    /// subscriptions:  --^----!
    /// ```
    /// ![delaySubscription(.seconds(2)), drawn from a run](delay-delaysubscription-seconds-2)
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing.
    ///   - scheduler: The scheduler that runs the timer and makes the subscription.
    /// - Returns: The observable with a delayed subscription.
    public func delaySubscription(_ dueTime: Duration, scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let timer = SingleAssignmentDisposable()
            let upstream = SingleAssignmentDisposable()
            timer.setDisposable(scheduler.schedule(after: dueTime) {
                upstream.setDisposable(source.subscribe(AnyObserver { event in
                    guard !upstream.isDisposed else { return }
                    if event.isStopEvent { upstream.dispose() }
                    observer.on(event)
                }))
            })
            return Disposables.create(timer, upstream)
        }
    }
}

/// The state of one ``ObservableType/delay(_:scheduler:)`` subscription.
///
/// Shifted events wait in `queue` with their due times; one timer at a time sends the due ones
/// through `outbox`, so the timer and an error from the source never call the observer at the
/// same time. The methods return the event the caller must deliver, if it became the deliverer.
private struct DelayState<Element: Sendable>: SerialDelivering {
    enum Release {
        /// More events wait; time the next one.
        case wait(Duration)
        /// Nothing waits; the next event starts a timer.
        case idle
        /// The completion was released: nothing follows.
        case finished
    }

    /// Values and the completion, with the time each is due.
    var queue = Queue<(due: Duration, event: Event<Element>)>()
    /// Whether a timer is scheduled for the head of `queue`.
    var isTimed = false
    /// Closed once the completion was released or an error sent.
    var outbox = SerialOutbox<Event<Element>>()

    /// Queues an event; returns whether the caller must start the timer.
    mutating func enqueue(_ event: Event<Element>, due: Duration) -> Bool {
        guard !outbox.isClosed else { return false }
        queue.append((due, event))
        guard !isTimed else { return false }
        isTimed = true
        return true
    }

    /// Sends every event due by `now` through the outbox.
    mutating func release(at now: Duration) -> (Release, first: Handoff<Event<Element>>?) {
        guard !outbox.isClosed else { return (.finished, nil) }
        var due: [Event<Element>] = []
        while let first = queue.first, first.due <= now {
            _ = queue.popFirst()
            due.append(first.event)
            if first.event.isStopEvent {
                return (.finished, outbox.send(contentsOf: due))
            }
        }
        let first = outbox.send(contentsOf: due)
        guard let next = queue.first else {
            isTimed = false
            return (.idle, first)
        }
        return (.wait(next.due - now), first)
    }

    /// Replaces the waiting events with the error.
    /// Returns the error event to deliver and the events it drops.
    mutating func fail(_ error: any Error) -> (first: Handoff<Event<Element>>?, dropped: Queue<(due: Duration, event: Event<Element>)>) {
        guard !outbox.isClosed else { return (nil, Queue()) }
        return (outbox.send(.error(error)), queue.removeAll())
    }
}
