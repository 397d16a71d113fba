import Synchronization

extension ObservableType {
    /// Delivers every event on `scheduler`, in order and one at a time.
    ///
    /// Events are queued as the source sends them and delivered by an action on `scheduler`.
    /// Put it right before code that must run on a particular thread, typically UI code on
    /// ``DispatchQueueScheduler/main``:
    ///
    /// ```swift
    /// photos
    ///     .observe(on: DispatchQueueScheduler.main)
    ///     .subscribe(onNext: { collectionView.apply($0) })
    /// ```
    ///
    /// Only the delivery moves: the source is still subscribed to on the subscribing thread (see
    /// ``subscribe(on:)``). Delivery stays serial and in order even on a scheduler that runs
    /// actions concurrently, because a single action delivers the queue at a time. Disposing
    /// the subscription drops the events still queued. A ``TestScheduler`` delivers on the tick
    /// the event was sent, with no hidden extra tick:
    ///
    /// ```
    /// source:  -a-b-|
    ///          observe(on: scheduler)
    /// output:  -a-b-|
    /// ```
    /// ![observe(on: scheduler), drawn from a run](observeon-observe-on-scheduler)
    ///
    /// - Parameter scheduler: The scheduler that delivers the events.
    /// - Returns: The same events, delivered on `scheduler`.
    public func observe(on scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(ObserveOnState<Element>())
            let upstream = SingleAssignmentDisposable()
            let delivery = SerialDisposable()

            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                if event.isStopEvent { upstream.dispose() }
                if let first = state.withLock({ $0.outbox.send(event) }) {
                    delivery.disposable = scheduler.schedule { state.deliver(first, to: observer) }
                }
            }))
            return Disposables.create {
                state.cancelDelivery()
                upstream.dispose()
                delivery.dispose()
            }
        }
    }
}

/// The state of one ``ObservableType/observe(on:)`` subscription: the events on their way to the
/// scheduler.
private struct ObserveOnState<Element: Sendable>: SerialDelivering {
    var outbox = SerialOutbox<Event<Element>>()
}
