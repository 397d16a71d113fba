// The time operators of a single, a maybe and a completable: each is the observable operator, with
// the trait kept; `delay` and `observe(on:)` deliver a success's completion in an action of its own.

import Synchronization

extension PrimitiveSequence {
    /// Delivers a success or a completion `dueTime` later, on `scheduler`; a failure at once.
    /// See ``ObservableType/delay(_:scheduler:)``. As in RxSwift, a success's completion comes in
    /// an action of its own right after the value's: at the same tick on a ``TestScheduler``,
    /// one tick later on RxTest's `TestScheduler(initialClock:)`.
    ///
    /// ```
    /// single:  -(a|)
    ///          delay(.seconds(2))
    /// output:  ---(a|)
    /// ```
    /// ![delay(.seconds(2)), drawn from a run](primitivesequencetime-delay-seconds-2)
    ///
    /// - Parameters:
    ///   - dueTime: How much later the outcome is delivered.
    ///   - scheduler: The scheduler that delivers it.
    /// - Returns: The delayed sequence, of the same trait.
    public func delay(_ dueTime: Duration, scheduler: any Scheduler) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: asObservable().delay(dueTime, scheduler: scheduler).completionInItsOwnAction(on: scheduler))
    }

    /// Subscribes to this sequence `dueTime` later, on `scheduler`, so its work starts later and
    /// delivers where it does; see ``ObservableType/delaySubscription(_:scheduler:)``.
    ///
    /// ```
    /// single:         -(a|)        (cold)
    ///                 delaySubscription(.seconds(2))
    /// output:         ---(a|)
    /// subscriptions:  --^!
    /// ```
    /// ![delaySubscription(.seconds(2)), drawn from a run](primitivesequencetime-delaysubscription-seconds)
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing.
    ///   - scheduler: The scheduler that runs the wait, and subscribes.
    /// - Returns: The sequence, subscribed `dueTime` later.
    public func delaySubscription(_ dueTime: Duration, scheduler: any Scheduler) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: asObservable().delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Fails with a ``TimeoutError``, on `scheduler`, when no outcome arrives within `dueTime` of
    /// subscription, disposing this sequence; see ``ObservableType/timeout(_:scheduler:)``.
    ///
    /// ```
    /// single:  -----(a|)
    ///          timeout(.seconds(3))
    /// output:  ---#          (# = TimeoutError)
    /// ```
    /// ![timeout(.seconds(3)), drawn from a run](primitivesequencetime-timeout-seconds-3)
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait for the outcome, from subscription.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A sequence that fails when this one takes longer than `dueTime`.
    public func timeout(_ dueTime: Duration, scheduler: any Scheduler) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: asObservable().timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other`, subscribed on `scheduler`, when no outcome arrives within `dueTime`
    /// of subscription: cached data when the network is slow. See
    /// ``ObservableType/timeout(_:other:scheduler:)``.
    ///
    /// ```
    /// single:  -----(a|)
    /// other:   -(x|)        (cold)
    ///          timeout(.seconds(3), other: other)
    /// output:  ----(x|)
    /// ```
    /// ![timeout(.seconds(3), other: other), drawn from a run](primitivesequencetime-timeout-seconds-3-other)
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait for the outcome, from subscription.
    ///   - other: The sequence of the same trait to switch to when the window closes.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: A sequence of this one's outcome or, after a timeout, `other`'s.
    public func timeout(
        _ dueTime: Duration, other: PrimitiveSequence<Trait, Element>, scheduler: any Scheduler
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: asObservable().timeout(dueTime, other: other, scheduler: scheduler))
    }
}

extension PrimitiveSequence where Trait: ValueTrait, Element: FixedWidthInteger {
    /// A single or a maybe that succeeds with `0` once `dueTime` has passed, on `scheduler`;
    /// see ``Observable/timer(_:period:scheduler:)->Observable<Int>``.
    ///
    /// ```
    /// timer(.seconds(3)):  ---(0|)
    /// ```
    /// ![timer(.seconds(3)), drawn from a run](primitivesequencetime-timer-seconds-3)
    ///
    /// - Parameters:
    ///   - dueTime: The time before the value.
    ///   - scheduler: The scheduler that runs the timer and delivers the value.
    /// - Returns: The sequence of `0`, of the same trait.
    public static func timer(_ dueTime: Duration, scheduler: any Scheduler) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}

extension ObservableType {
    /// Passes a trait's outcome on, but a completion that follows a value is delivered by an
    /// action of its own on `scheduler`, as RxSwift's `delay` and `observe(on:)` deliver a
    /// success. The value, an error and an empty completion pass at once; disposing cancels a
    /// completion still scheduled.
    func completionInItsOwnAction(on scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let hasValue = Mutex(false)
            let upstream = SingleAssignmentDisposable()
            let completion = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next:
                    hasValue.withLock { $0 = true }
                    observer.on(event)
                case .error:
                    upstream.dispose()
                    observer.on(event)
                case .completed:
                    upstream.dispose()
                    guard hasValue.withLock({ $0 }) else { return observer.on(event) }
                    completion.setDisposable(scheduler.schedule { observer.on(.completed) })
                }
            }))
            return Disposables.create(upstream, completion)
        }
    }
}
