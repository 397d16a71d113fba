import Synchronization

extension ObservableType {
    /// Resubscribes to this sequence when a trigger, made from its errors, emits a value.
    ///
    /// `notificationHandler` runs once per subscription. It receives the observable of the
    /// source's errors and returns the *trigger*, which is subscribed before the source. Each
    /// time an attempt fails, its error goes into the errors observable and nothing is
    /// forwarded; the next value of the trigger makes a new attempt, at that tick. The trigger
    /// decides how the output ends: when it completes, the output completes; when it fails, the
    /// output fails with its error. A source that completes completes the output. Values of
    /// every attempt are forwarded. Trigger values while an attempt is running are ignored.
    ///
    /// As in RxSwift, the trigger's end waits for the attempt that runs when it comes (or for
    /// the first one, when the trigger ends while it is subscribed): the attempt goes on, and
    /// the output ends as the trigger did when that attempt fails, or completes with it.
    ///
    /// ```
    /// source:   -a#     (cold: each attempt starts over)
    /// trigger:  -----x--x------|
    ///           retry(when: { _ in trigger })
    /// output:   -a----a--a-----|
    /// ```
    /// ![retry(when: { _ in trigger }), drawn from a run](retrywhen-retry-when-in-trigger)
    ///
    /// For back-off, wait before each new attempt and give up by failing, as ``RetryBackoff``
    /// does (see ``retry(_:scheduler:)``).
    ///
    /// Values and the source's completion are delivered on the source's thread; the trigger's
    /// terminal events on the trigger's thread, or on the source's when they waited for an
    /// attempt to fail. Delivery is serial either way. A source that fails during `subscribe`
    /// while the trigger answers at once is resubscribed in a loop, not recursively.
    ///
    /// - Parameter notificationHandler: Makes the trigger from the errors of the attempts.
    /// - Returns: An observable that retries this one each time the trigger emits.
    public func retry<Trigger: ObservableConvertibleType>(
        when notificationHandler: @escaping @Sendable (Observable<any Error>) -> Trigger
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(RetryWhenState<Element>())
            let errors = Subject<any Error>()
            let attempt = SerialDisposable()
            let triggerSubscription = SingleAssignmentDisposable()

            @Sendable func finish(_ event: Event<Element>) {
                let first = state.withLock { $0.outbox.send(event) }
                attempt.dispose()
                triggerSubscription.dispose()
                state.deliver(first, to: observer)
            }

            // Subscribes, and again for as long as an attempt fails and the trigger answers
            // before this loop checks `resubscribeRequested`; a later answer calls it afresh.
            @Sendable func subscribeUntilSettled() {
                repeat {
                    let current = SingleAssignmentDisposable()
                    attempt.disposable = current
                    guard !current.isDisposed else { return }
                    current.setDisposable(source.subscribe(AnyObserver { event in
                        guard !current.isDisposed else { return }
                        switch event {
                        case .next:
                            state.send(event, to: observer)
                        case .error(let error):
                            current.dispose()
                            switch state.withLock({ $0.attemptFailed() }) {
                            case .askTrigger: errors.onNext(error)
                            case .end(let end): finish(end)
                            case .ignore: break
                            }
                        case .completed:
                            finish(event)
                        }
                    }))
                } while state.withLock { $0.loopAgain() }
            }

            triggerSubscription.setDisposable(notificationHandler(errors.asObservable()).asObservable().subscribe(AnyObserver { event in
                switch event {
                case .next:
                    if state.withLock({ $0.triggered() }) { subscribeUntilSettled() }
                case .error(let error):
                    if state.withLock({ $0.triggerEnded(.error(error)) }) { finish(.error(error)) }
                case .completed:
                    if state.withLock({ $0.triggerEnded(.completed) }) { finish(.completed) }
                }
            }))
            if state.withLock({ $0.start() }) { subscribeUntilSettled() }
            return Disposables.create {
                state.cancelDelivery()
                attempt.dispose()
                triggerSubscription.dispose()
            }
        }
    }
}

extension ObservableType {
    /// ``retry(when:)-((Observable<Error>)->Trigger)`` with the errors typed, as RxSwift's tests write it:
    /// `retry { (errors: Observable<NetworkError>) in errors.take(3) }`.
    ///
    /// The handler gets the errors as `Failure`. An error of another type fails the observable
    /// it gets, with that error; a trigger made from it fails too, which ends the output with
    /// the error.
    ///
    /// - Parameter notificationHandler: Makes the trigger from the errors of the attempts.
    /// - Returns: An observable that retries this one each time the trigger emits.
    public func retry<Trigger: ObservableConvertibleType, Failure: Error>(
        when notificationHandler: @escaping @Sendable (Observable<Failure>) -> Trigger
    ) -> Observable<Element> {
        retry(when: { (errors: Observable<any Error>) in
            notificationHandler(errors.map { error in
                guard let failure = error as? Failure else { throw error }
                return failure
            })
        })
    }
}

/// The state of one ``ObservableType/retry(when:)-((Observable<Error>)->Trigger)`` subscription.
///
/// `isWaiting` says an attempt failed and waits for the trigger. `isSubscribing` says the
/// subscribe loop runs, so a trigger that answers during it asks it to go round again
/// (`resubscribeRequested`) instead of subscribing recursively. `triggerEnd` is the trigger's
/// end, kept while an attempt runs, for when it fails.
private struct RetryWhenState<Element: Sendable>: SerialDelivering {
    /// What a failed attempt leads to.
    enum AttemptFailure {
        /// Send the error to the trigger and wait for its answer.
        case askTrigger
        /// The trigger has ended: end the output as it did.
        case end(Event<Element>)
        /// The output has already ended.
        case ignore
    }

    var outbox = SerialOutbox<Event<Element>>()
    var isWaiting = false
    var isSubscribing = false
    var resubscribeRequested = false
    var triggerEnd: Event<Element>?

    /// The first attempt; returns whether the caller must run the subscribe loop (the trigger
    /// may have ended the output during its own subscription).
    mutating func start() -> Bool {
        guard !outbox.isClosed else { return false }
        isSubscribing = true
        return true
    }

    /// An attempt failed: its error goes to the trigger, or the output ends as the trigger did.
    mutating func attemptFailed() -> AttemptFailure {
        guard !outbox.isClosed else { return .ignore }
        if let triggerEnd { return .end(triggerEnd) }
        isWaiting = true
        return .askTrigger
    }

    /// The trigger ended; returns whether the caller must end the output with `end` now (an
    /// attempt waits for the trigger), or keeps it for the attempt that runs.
    mutating func triggerEnded(_ end: Event<Element>) -> Bool {
        guard !outbox.isClosed, triggerEnd == nil else { return false }
        guard isWaiting else {
            triggerEnd = end
            return false
        }
        return true
    }

    /// The trigger emitted; returns whether the caller must run the subscribe loop.
    mutating func triggered() -> Bool {
        guard isWaiting, !outbox.isClosed else { return false }
        isWaiting = false
        guard !isSubscribing else {
            resubscribeRequested = true
            return false
        }
        isSubscribing = true
        return true
    }

    /// Whether the subscribe loop must make another attempt; ends the loop otherwise.
    mutating func loopAgain() -> Bool {
        guard resubscribeRequested, !outbox.isClosed else {
            resubscribeRequested = false
            isSubscribing = false
            return false
        }
        resubscribeRequested = false
        return true
    }
}
