extension ObservableType {
    /// Subscribes to the source, and later disposes that subscription, on `scheduler`.
    ///
    /// Use it when subscribing does work that must not run on the calling thread: a source
    /// that reads a file or a database as soon as it is subscribed to. The subscription is made
    /// by an action on `scheduler`; disposing before it ran cancels it, and disposing after it
    /// schedules the disposal of the source subscription on `scheduler` too. When the source
    /// terminates, its subscription is disposed on `scheduler` as well, as in RxSwift; a source
    /// made with ``Observable/create(_:)`` (a test observable too) has ended it itself by then,
    /// at its terminal event.
    ///
    /// Events are delivered on whatever thread the source sends them; a source that emits while
    /// being subscribed to therefore emits on `scheduler`. To choose the thread that *receives*
    /// events, use ``observe(on:)``. A ``TestScheduler`` subscribes and disposes on the same tick,
    /// with no hidden extra tick:
    ///
    /// ```
    /// source:         -a-b-|
    ///                 subscribe(on: scheduler)
    /// output:         -a-b-|
    /// subscriptions:  ^----!
    /// ```
    /// ![subscribe(on: scheduler), drawn from a run](subscribeon-subscribe-on-scheduler)
    ///
    /// - Parameter scheduler: The scheduler that subscribes and disposes.
    /// - Returns: The same events, with the subscription made on `scheduler`.
    public func subscribe(on scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let subscribing = SingleAssignmentDisposable()
            let upstream = SingleAssignmentDisposable()
            let lifetime = SingleAssignmentDisposable()
            lifetime.setDisposable(Disposables.create {
                subscribing.dispose()
                _ = scheduler.schedule { upstream.dispose() }
            })
            subscribing.setDisposable(scheduler.schedule {
                upstream.setDisposable(source.subscribe(AnyObserver { event in
                    guard !lifetime.isDisposed else { return }
                    if event.isStopEvent { lifetime.dispose() }
                    observer.on(event)
                }))
            })
            return lifetime
        }
    }
}
