// The operators only a single has: its side effects, the retries that keep "one result", and the
// steps to a maybe or a completable.

extension PrimitiveSequence where Trait == SingleTrait {
    /// Runs side effects for the result and the lifetime of each subscription, passing the
    /// result through unchanged; see
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    ///
    /// `onSubscribe` runs before this single is subscribed and `onSubscribed` after; `onSuccess`
    /// or `onError` before the result is delivered, `afterSuccess` or `afterError` after it.
    /// `onDispose` runs once, when the subscription ends for any reason. `subscribe(_:)` ends
    /// the subscription just before it hands over a result that comes after `subscribe` has
    /// returned, so there `onDispose` runs before the subscriber sees the result; a result
    /// delivered during `subscribe` (`Single.just`) reaches the subscriber first. There is no
    /// `onCompleted`, as in RxSwift: a single's completion is part of its success.
    ///
    /// If `onSuccess` or `onError` throws, the single fails with the thrown error. Unlike
    /// RxSwift, `afterSuccess` and `afterError` cannot throw: they run once the result has been
    /// delivered, when a single has no way left to report an error.
    ///
    /// ```
    /// single:  --(a|)
    ///          do(onSuccess: { log.append($0) })   (log: a)
    /// output:  --(a|)
    /// ```
    /// ![do(onSuccess: { log.append($0) }), drawn from a run](singleoperators-do-onsuccess-log-append-0)
    ///
    /// - Parameters:
    ///   - onSuccess: Runs with the value before it is delivered; may throw.
    ///   - afterSuccess: Runs with the value after it was delivered.
    ///   - onError: Runs with the error before it is delivered; may throw.
    ///   - afterError: Runs with the error after it was delivered.
    ///   - onSubscribe: Runs before this single is subscribed.
    ///   - onSubscribed: Runs after this single has been subscribed.
    ///   - onDispose: Runs once when the subscription ends, for any reason.
    /// - Returns: A single with the same result as this one.
    public func `do`(
        onSuccess: (@Sendable (Element) throws -> Void)? = nil,
        afterSuccess: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Single<Element> {
        Single(unchecked: asObservable().do(
            onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose
        ))
    }

    /// Subscribes again when a trigger, made from the errors of the attempts, emits a value;
    /// see ``ObservableType/retry(when:)``.
    ///
    /// Each value of the trigger after a failure makes a new attempt at that tick; the
    /// trigger's error fails the single. A single cannot complete empty, so when the trigger
    /// completes while an attempt waits, the single fails with ``SingleError/noElements``
    /// (RxSwift completes it, which a `Single` subscriber reports as a fatal error in debug builds).
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
    /// cached avatar, if any. A failure of either, or a throwing `selector`, fails the result.
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
    /// it. A failure of either, or a throwing `selector`, fails the result.
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

    /// This single as a ``Maybe``: the same success or failure.
    ///
    /// - Returns: The maybe.
    public func asMaybe() -> Maybe<Element> {
        Maybe(unchecked: asObservable())
    }
}
