// The observable time operators, with the trait kept; a success's completion comes in an action of its own.

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
