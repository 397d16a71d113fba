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
            let subscription = CompositeDisposable([upstream, timer])

            @Sendable func deliver() {
                var batch = state.withLock { $0.takeOutbox(isDeliverer: false) }
                while let events = batch {
                    for event in events where !subscription.isDisposed {
                        observer.on(event)
                    }
                    batch = state.withLock { $0.takeOutbox(isDeliverer: true) }
                }
            }

            @Sendable func timerFired() {
                let now = scheduler.now
                switch state.withLock({ $0.release(at: now) }) {
                case .wait(let wait):
                    timer.disposable = scheduler.schedule(after: wait, timerFired)
                case .idle:
                    break
                case .finished:
                    timer.dispose()
                }
                deliver()
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
                    state.withLock { $0.fail(error) }
                    timer.dispose()
                    deliver()
                }
            }))
            return subscription
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
/// Shifted events wait in `queue` with their due times; one timer at a time moves the due ones
/// to `outbox`. Whoever finds nobody delivering delivers the outbox after unlocking, so the
/// timer and an error from the source never call the observer at the same time.
private struct DelayState<Element: Sendable> {
    enum Release {
        /// More events wait; time the next one.
        case wait(Duration)
        /// Nothing waits; the next event starts a timer.
        case idle
        /// The completion was released: nothing follows.
        case finished
    }

    /// Values and the completion, with the time each is due.
    var queue: [(due: Duration, event: Event<Element>)] = []
    /// Whether a timer is scheduled for the head of `queue`.
    var isTimed = false
    var isStopped = false
    var outbox: [Event<Element>] = []
    var isDelivering = false

    /// Queues an event; returns whether the caller must start the timer.
    mutating func enqueue(_ event: Event<Element>, due: Duration) -> Bool {
        guard !isStopped else { return false }
        queue.append((due, event))
        guard !isTimed else { return false }
        isTimed = true
        return true
    }

    /// Moves every event due by `now` to the outbox.
    mutating func release(at now: Duration) -> Release {
        guard !isStopped else { return .finished }
        while let first = queue.first, first.due <= now {
            queue.removeFirst()
            outbox.append(first.event)
            if first.event.isStopEvent {
                isStopped = true
                return .finished
            }
        }
        guard let next = queue.first else {
            isTimed = false
            return .idle
        }
        return .wait(next.due - now)
    }

    /// Replaces the waiting events with the error.
    mutating func fail(_ error: any Error) {
        guard !isStopped else { return }
        isStopped = true
        queue.removeAll()
        outbox.append(.error(error))
    }

    /// Hands the queued events to a deliverer. A new caller (`isDeliverer == false`) gets them
    /// only when nobody is delivering, and becomes the deliverer; the deliverer gets what was
    /// queued meanwhile, and gives up the role when nothing is left.
    mutating func takeOutbox(isDeliverer: Bool) -> [Event<Element>]? {
        guard isDeliverer || !isDelivering else { return nil }
        guard !outbox.isEmpty else {
            if isDeliverer { isDelivering = false }
            return nil
        }
        isDelivering = true
        defer { outbox.removeAll() }
        return outbox
    }
}
