extension Single {
    /// Delivers the result on `scheduler`; see ``ObservableType/observe(on:)``.
    ///
    /// - Parameter scheduler: The scheduler that delivers the result.
    /// - Returns: The same single, delivered on `scheduler`.
    public func observe(on scheduler: any Scheduler) -> Single<Element> {
        Single(unchecked: asObservable().observe(on: scheduler))
    }

    /// Delivers a success `dueTime` later; a failure is delivered at once. See
    /// ``ObservableType/delay(_:scheduler:)``.
    ///
    /// ```
    /// single:  -(a|)
    ///          delay(.seconds(2))
    /// output:  ---(a|)
    /// ```
    /// ![delay(.seconds(2)), drawn from a run](singletime-delay-seconds-2)
    ///
    /// A success is delivered on `scheduler`, a failure on the thread that produced it.
    ///
    /// - Parameters:
    ///   - dueTime: How much later a success is delivered.
    ///   - scheduler: The scheduler that delivers it.
    /// - Returns: The delayed single.
    public func delay(_ dueTime: Duration, scheduler: any Scheduler) -> Single<Element> {
        Single(unchecked: asObservable().delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes to this single `dueTime` after each subscription instead of at once, so its
    /// work (a request) starts later. See ``ObservableType/delaySubscription(_:scheduler:)``.
    ///
    /// Disposing before `dueTime` cancels the wait, and the single is never subscribed. The
    /// single is subscribed on `scheduler`; its result is delivered on the thread that produced
    /// it (for a synchronous single, `scheduler`'s).
    ///
    /// ```
    /// single:         -(a|)        (cold)
    ///                 delaySubscription(.seconds(2))
    /// output:         ---(a|)
    /// subscriptions:  --^!
    /// ```
    /// ![delaySubscription(.seconds(2)), drawn from a run](singletime-delaysubscription-seconds-2)
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing.
    ///   - scheduler: The scheduler that runs the wait, and subscribes.
    /// - Returns: The single, subscribed `dueTime` later.
    public func delaySubscription(_ dueTime: Duration, scheduler: any Scheduler) -> Single<Element> {
        Single(unchecked: asObservable().delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Fails with a ``TimeoutError`` when no result arrives within `dueTime` of subscription;
    /// see ``ObservableType/timeout(_:scheduler:)``.
    ///
    /// A result within the window is the result. When the window closes first, this single is
    /// disposed, which cancels its work (a request), and the result is the ``TimeoutError``.
    ///
    /// ```
    /// single:  --(a|)
    ///          timeout(.seconds(3))
    /// output:  --(a|)
    ///
    /// single:  -----(a|)
    ///          timeout(.seconds(3))
    /// output:  ---#         (# = TimeoutError)
    /// ```
    /// ![timeout(.seconds(3)), drawn from a run](singletime-timeout-seconds-3)
    ///
    /// ![timeout(.seconds(3)), drawn from a run](singletime-timeout-seconds-3_2)
    ///
    /// A result of this single is delivered on the thread that produced it; the
    /// ``TimeoutError`` on `scheduler`.
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait for the result, from subscription.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A single that fails when this one takes longer than `dueTime`.
    public func timeout(_ dueTime: Duration, scheduler: any Scheduler) -> Single<Element> {
        Single(unchecked: asObservable().timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` when no result arrives within `dueTime` of subscription; see
    /// ``ObservableType/timeout(_:other:scheduler:)``.
    ///
    /// When the window closes, this single is disposed and `other` is subscribed at that tick;
    /// its result is the result. Use it for a fallback: cached data when the network is slow.
    ///
    /// ```
    /// single:  -----(a|)
    /// other:   -(x|)        (cold)
    ///          timeout(.seconds(3), other: other)
    /// output:  ----(x|)
    /// ```
    /// ![timeout(.seconds(3), other: other), drawn from a run](singletime-timeout-seconds-3-other-other)
    ///
    /// A result of this single is delivered on the thread that produced it; a result of `other`
    /// on the thread it produces it on (for a synchronous `other`, `scheduler`'s).
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait for the result, from subscription.
    ///   - other: The single to switch to when the window closes.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A single of this single's result or, after a timeout, `other`'s.
    public func timeout(_ dueTime: Duration, other: Single<Element>, scheduler: any Scheduler) -> Single<Element> {
        Single(unchecked: asObservable().timeout(dueTime, other: other, scheduler: scheduler))
    }
}
