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

            @Sendable func dueTimePassed(_ id: UInt64) {
                state.withLock { $0.dueTimePassed(id) }
                deliver()
            }

            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    guard let id = state.withLock({ $0.receive(value) }) else { return }
                    timer.disposable = scheduler.schedule(after: dueTime) { dueTimePassed(id) }
                    return
                case .error(let error):
                    state.withLock { $0.fail(error) }
                case .completed:
                    state.withLock { $0.complete() }
                }
                upstream.dispose()
                timer.dispose()
                deliver()
            }))
            return subscription
        }
    }
}

/// The state of one ``ObservableType/debounce(_:scheduler:)`` subscription.
///
/// Events are decided under the lock and queued in `outbox`; whoever finds nobody delivering
/// delivers the queue after unlocking, so the source thread and the timer never call the
/// observer at the same time.
private struct DebounceState<Element: Sendable> {
    /// The latest value, waiting for `dueTime` to pass.
    var pending: Element?
    /// Identifies the latest value; the timer of an older one is stale.
    var id: UInt64 = 0
    var isStopped = false
    var outbox: [Event<Element>] = []
    var isDelivering = false

    /// Makes `value` the waiting one and returns its id, for its timer.
    mutating func receive(_ value: Element) -> UInt64? {
        guard !isStopped else { return nil }
        id &+= 1
        pending = value
        return id
    }

    mutating func dueTimePassed(_ id: UInt64) {
        guard !isStopped, id == self.id, let value = pending else { return }
        pending = nil
        outbox.append(.next(value))
    }

    /// Flushes the waiting value, then completes.
    mutating func complete() {
        guard !isStopped else { return }
        isStopped = true
        if let value = pending {
            pending = nil
            outbox.append(.next(value))
        }
        outbox.append(.completed)
    }

    mutating func fail(_ error: any Error) {
        guard !isStopped else { return }
        isStopped = true
        pending = nil
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
