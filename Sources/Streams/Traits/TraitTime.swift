// Time operators of Maybe and Completable: each is the observable operator, with the trait kept.

extension Maybe {
    /// Delivers a success or an empty completion `dueTime` later; a failure is delivered at
    /// once. See ``ObservableType/delay(_:scheduler:)``.
    ///
    /// ```
    /// maybe:   -(a|)
    ///          delay(.seconds(2))
    /// output:  ---(a|)
    /// ```
    /// ![delay(.seconds(2)), drawn from a run](traittime-delay-seconds-2)
    ///
    /// - Parameters:
    ///   - dueTime: How much later the result is delivered.
    ///   - scheduler: The scheduler that delivers it.
    /// - Returns: The delayed maybe.
    public func delay(_ dueTime: Duration, scheduler: any Scheduler) -> Maybe<Element> {
        Maybe(unchecked: asObservable().delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes to this maybe `dueTime` after each subscription instead of at once, so its
    /// work starts later: a cache lookup that should wait for the screen to settle. See
    /// ``ObservableType/delaySubscription(_:scheduler:)``.
    ///
    /// Disposing before `dueTime` cancels the wait, and the maybe is never subscribed.
    ///
    /// ```
    /// maybe:          -(a|)        (cold)
    ///                 delaySubscription(.seconds(2))
    /// output:         ---(a|)
    /// subscriptions:  --^!
    /// ```
    /// ![delaySubscription(.seconds(2)), drawn from a run](traittime-delaysubscription-seconds-2)
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing.
    ///   - scheduler: The scheduler that runs the wait, and subscribes.
    /// - Returns: The maybe, subscribed `dueTime` later.
    public func delaySubscription(_ dueTime: Duration, scheduler: any Scheduler) -> Maybe<Element> {
        Maybe(unchecked: asObservable().delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Fails with a ``TimeoutError`` when the maybe has no result `dueTime` after subscription.
    /// See ``ObservableType/timeout(_:scheduler:)``.
    ///
    /// ```
    /// maybe:   -----(a|)
    ///          timeout(.seconds(3))
    /// output:  ---#          (# = TimeoutError)
    /// ```
    /// ![timeout(.seconds(3)), drawn from a run](traittime-timeout-seconds-3)
    ///
    /// - Parameters:
    ///   - dueTime: How long the maybe may take.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A maybe that fails when this one is too slow.
    public func timeout(_ dueTime: Duration, scheduler: any Scheduler) -> Maybe<Element> {
        Maybe(unchecked: asObservable().timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` when the maybe has no result `dueTime` after subscription. See
    /// ``ObservableType/timeout(_:other:scheduler:)``.
    ///
    /// - Parameters:
    ///   - dueTime: How long the maybe may take.
    ///   - other: The maybe to subscribe to instead.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A maybe of this maybe's result or `other`'s.
    public func timeout(_ dueTime: Duration, other: Maybe<Element>, scheduler: any Scheduler) -> Maybe<Element> {
        Maybe(unchecked: asObservable().timeout(dueTime, other: other, scheduler: scheduler))
    }
}

extension Completable {
    /// Delivers the completion `dueTime` later; a failure is delivered at once. See
    /// ``ObservableType/delay(_:scheduler:)``.
    ///
    /// ```
    /// save:    -|
    ///          delay(.seconds(2))
    /// output:  ---|
    /// ```
    /// ![delay(.seconds(2)), drawn from a run](traittime-delay-seconds-2_2)
    ///
    /// - Parameters:
    ///   - dueTime: How much later the completion is delivered.
    ///   - scheduler: The scheduler that delivers it.
    /// - Returns: The delayed completable.
    public func delay(_ dueTime: Duration, scheduler: any Scheduler) -> Completable {
        Completable(unchecked: asObservable().delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes to this completable `dueTime` after each subscription instead of at once, so
    /// its work (a save) starts later. See ``ObservableType/delaySubscription(_:scheduler:)``.
    ///
    /// Disposing before `dueTime` cancels the wait, and the completable is never subscribed.
    ///
    /// ```
    /// save:           -|           (cold)
    ///                 delaySubscription(.seconds(2))
    /// output:         ---|
    /// subscriptions:  --^!
    /// ```
    /// ![delaySubscription(.seconds(2)), drawn from a run](traittime-delaysubscription-seconds-2_2)
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing.
    ///   - scheduler: The scheduler that runs the wait, and subscribes.
    /// - Returns: The completable, subscribed `dueTime` later.
    public func delaySubscription(_ dueTime: Duration, scheduler: any Scheduler) -> Completable {
        Completable(unchecked: asObservable().delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Fails with a ``TimeoutError`` when the completable has not ended `dueTime` after
    /// subscription: a save that must not hang. See ``ObservableType/timeout(_:scheduler:)``.
    ///
    /// - Parameters:
    ///   - dueTime: How long the completable may take.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A completable that fails when this one is too slow.
    public func timeout(_ dueTime: Duration, scheduler: any Scheduler) -> Completable {
        Completable(unchecked: asObservable().timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` when the completable has not ended `dueTime` after subscription.
    /// See ``ObservableType/timeout(_:other:scheduler:)``.
    ///
    /// ```
    /// save:      -----|        (fallback is cold)
    /// fallback:     -|
    ///            timeout(.seconds(3), other: fallback)
    /// output:    ----|
    /// ```
    /// ![timeout(.seconds(3), other: fallback), drawn from a run](traittime-timeout-seconds-3-other-fallback)
    ///
    /// - Parameters:
    ///   - dueTime: How long the completable may take.
    ///   - other: The completable to subscribe to instead.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A completable that ends as this one or as `other`.
    public func timeout(_ dueTime: Duration, other: Completable, scheduler: any Scheduler) -> Completable {
        Completable(unchecked: asObservable().timeout(dueTime, other: other, scheduler: scheduler))
    }
}
