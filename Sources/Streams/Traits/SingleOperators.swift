// What only a single has: the retries that keep "one result", and the steps to a maybe or a completable.

extension PrimitiveSequence where Trait == SingleTrait {
    /// Subscribes again each time a trigger made from the errors of the attempts emits; see
    /// ``ObservableType/retry(when:)-((Observable<Error>)->Trigger)``. A single cannot complete
    /// empty, so when the trigger completes, the single fails with ``SingleError/noElements``
    /// (RxSwift completes it, which its `Single` reports as a fatal error in debug builds).
    ///
    /// ```
    /// single:         --#            (cold: each attempt starts over)
    /// trigger:        ----x---#
    ///                 retry(when: { _ in trigger })
    /// output:         --------#
    /// subscriptions:  ^-!
    ///                 ----^-!
    /// ```
    /// ![retry(when: { _ in trigger }), drawn from a run](singleoperators-retry-when-in-trigger)
    ///
    /// - Parameter notificationHandler: Makes the trigger from the errors of the attempts.
    /// - Returns: A single that retries this one each time the trigger emits.
    public func retry<Trigger: ObservableConvertibleType>(
        when notificationHandler: @escaping @Sendable (Observable<any Error>) -> Trigger
    ) -> Single<Element> {
        asObservable().retry(when: notificationHandler).asSingle()
    }

    /// Subscribes again after each failure, waiting longer each time, until an attempt
    /// succeeds or `backoff` gives up; see ``ObservableType/retry(_:scheduler:)``. Here the waits
    /// are 1 and 2 seconds, and the error of the third attempt is the result:
    ///
    /// ```
    /// single:         -#
    ///                 retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 3), scheduler: scheduler)
    /// output:         ------#
    /// subscriptions:  ^!
    ///                 --^!
    ///                 -----^!
    /// ```
    /// ![retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 3), scheduler: scheduler), drawn from a run](singleoperators-retry-exponential-initial)
    ///
    /// - Parameters:
    ///   - backoff: How long to wait before each new attempt, and how many attempts to make.
    ///   - scheduler: The scheduler that runs the waits, and subscribes the attempts after the first.
    /// - Returns: A single that retries this one with back-off.
    public func retry(_ backoff: RetryBackoff, scheduler: any Scheduler) -> Single<Element> {
        retry(when: backoff.notificationHandler(scheduler: scheduler))
    }

    /// Chains a maybe that depends on the value of this single: fetch the user, then their
    /// cached avatar, if any; delivered on the maybe's thread.
    ///
    /// ```
    /// single:  -(a|)       (x is cold)
    /// x:        --|
    ///          flatMapMaybe { _ in x }
    /// output:  ---|
    /// ```
    /// ![flatMapMaybe { _ in x }, drawn from a run](singleoperators-flatmapmaybe-in-x)
    ///
    /// - Parameter selector: Builds the maybe from the value; may throw.
    /// - Returns: A maybe of the second maybe's value.
    public func flatMapMaybe<Result: Sendable>(
        _ selector: @escaping @Sendable (Element) throws -> Maybe<Result>
    ) -> Maybe<Result> {
        asMaybe().flatMap(selector)
    }

    /// Runs a completable that depends on the value of this single: fetch the draft, then save
    /// it; delivered on the completable's thread.
    ///
    /// ```
    /// single:  -(a|)       (x is cold)
    /// x:        --|
    ///          flatMapCompletable { _ in x }
    /// output:  ---|
    /// ```
    /// ![flatMapCompletable { _ in x }, drawn from a run](singleoperators-flatmapcompletable-in-x)
    ///
    /// - Parameter selector: Builds the completable from the value; may throw.
    /// - Returns: A completable that completes when the second one has.
    public func flatMapCompletable(_ selector: @escaping @Sendable (Element) throws -> Completable) -> Completable {
        Completable(unchecked: asObservable().flatMap { try selector($0).asObservable() })
    }

    /// This single as a ``Maybe``: the same success or failure, delivered where it is.
    ///
    /// - Returns: The maybe.
    public func asMaybe() -> Maybe<Element> {
        Maybe(unchecked: asObservable())
    }
}
