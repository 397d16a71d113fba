extension Single {
    /// Subscribes again after a failure, up to `maxAttemptCount` subscriptions in all.
    ///
    /// `retry(3)` tries at most three times and then fails with the last error. Each attempt
    /// runs the single's recipe again: a new request. The next attempt starts as soon as the
    /// previous one failed, without a pause; a single that fails during `subscribe` is
    /// resubscribed in a loop, not recursively. A count below 1 still makes one attempt, since a
    /// single cannot end without a result.
    ///
    /// ```
    /// single:         -#
    ///                 retry(3)
    /// output:         ---#
    /// subscriptions:  ^!
    ///                 -^!
    ///                 --^!
    /// ```
    /// ![retry(3), drawn from a run](singleretry-retry-3)
    ///
    /// Each attempt is subscribed on the thread that delivered the failure before it; the
    /// result is delivered on the thread of the attempt that produced it.
    ///
    /// - Parameter maxAttemptCount: The most subscriptions to make, the first one included.
    /// - Returns: A single that fails only once every attempt has failed.
    public func retry(_ maxAttemptCount: Int) -> Single<Element> {
        Single(unchecked: asObservable().retry(max(maxAttemptCount, 1)))
    }

    /// Subscribes again when a trigger, made from the errors of the attempts, emits a value;
    /// see ``ObservableType/retry(when:)``.
    ///
    /// `notificationHandler` receives the errors and returns the trigger. Each value of the
    /// trigger after a failure makes a new attempt at that tick; the trigger's error fails the
    /// single. A single cannot complete empty, so when the trigger completes while an attempt
    /// waits, the single fails with ``SingleError/noElements`` (RxSwift completes it, which a
    /// `Single` subscriber reports as a fatal error in debug builds).
    ///
    /// ```
    /// single:         --#            (cold: each attempt starts over)
    /// trigger:        ----x---#
    ///                 retry(when: { _ in trigger })
    /// output:         --------#
    /// subscriptions:  ^-!
    ///                 ----^-!
    /// ```
    /// ![retry(when: { _ in trigger }), drawn from a run](singleretry-retry-when-in-trigger)
    ///
    /// The result is delivered on the thread of the attempt that produced it, or of the trigger
    /// that ended the retries.
    ///
    /// - Parameter notificationHandler: Makes the trigger from the errors of the attempts.
    /// - Returns: A single that retries this one each time the trigger emits.
    public func retry<Trigger: ObservableConvertibleType>(
        when notificationHandler: @escaping @Sendable (Observable<any Error>) -> Trigger
    ) -> Single<Element> {
        asObservable().retry(when: notificationHandler).asSingle()
    }

    /// Subscribes again after each failure, waiting longer each time, until an attempt
    /// succeeds or `backoff` gives up; see ``ObservableType/retry(_:scheduler:)``.
    ///
    /// With `.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 3)` the waits are
    /// 1 and 2 seconds, and the error of the third attempt is the result:
    ///
    /// ```
    /// single:         -#
    ///                 retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 3), scheduler: scheduler)
    /// output:         ------#
    /// subscriptions:  ^!
    ///                 --^!
    ///                 -----^!
    /// ```
    /// ![retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 3), scheduler: scheduler), drawn from a run](singleretry-retry-exponential-initial-seconds-1)
    ///
    /// ```swift
    /// let page = service.page(1)
    ///     .retry(.exponential(initial: .seconds(1), max: .seconds(30), jitter: 0.2, maxAttempts: 5),
    ///            scheduler: DispatchQueueScheduler.main)
    /// ```
    ///
    /// Attempts after the first are subscribed on `scheduler`; the result is delivered on the
    /// thread of the attempt that produced it.
    ///
    /// - Parameters:
    ///   - backoff: How long to wait before each new attempt, and how many attempts to make.
    ///   - scheduler: The scheduler that runs the waits.
    /// - Returns: A single that retries this one with back-off.
    public func retry(_ backoff: RetryBackoff, scheduler: any Scheduler) -> Single<Element> {
        retry(when: backoff.notificationHandler(scheduler: scheduler))
    }
}
