// Inside Streams, chapter 8, "Traits as thin wrappers": an observable as a driver: `observe(on:)` and `catch`.

extension ObservableType {
    /// Turns this sequence into a driver or a signal that emits `element` and completes in place
    /// of an error, all on `scheduler`: RxCocoa's `asSharedSequence`, spelt
    /// ``asDriver(onErrorJustReturn:scheduler:)`` and ``asSignal(onErrorJustReturn:scheduler:)``.
    ///
    /// ```
    /// source:  -a-b-#
    ///          asSharedSequence(onErrorJustReturn: x, scheduler: scheduler)
    /// output:  -a-b-(x|)
    /// ```
    /// ![asSharedSequence(onErrorJustReturn: x, scheduler: scheduler), drawn from a run](assharedsequence-assharedsequence)
    ///
    /// - Parameters:
    ///   - sharingStrategy: ``DriverSharingStrategy`` or ``SignalSharingStrategy``; inferred.
    ///   - element: The value to emit instead of failing.
    ///   - scheduler: The scheduler that delivers the events: the main queue by default.
    /// - Returns: The driver or signal.
    public func asSharedSequence<Strategy: SharingStrategyProtocol>(
        sharingStrategy: Strategy.Type = Strategy.self,
        onErrorJustReturn element: Element,
        scheduler: any Scheduler = DispatchQueueScheduler.main
    ) -> SharedSequence<Strategy, Element> {
        SharedSequence(recovering: asObservable(), on: scheduler) { _ in .just(element) }
    }

    /// Turns this sequence into a driver or a signal on `scheduler` that continues with
    /// `fallback`, subscribed when the error arrives: spelt
    /// ``asDriver(onErrorDriveWith:scheduler:)`` and ``asSignal(onErrorSignalWith:scheduler:)``.
    ///
    /// ```
    /// source:    -a-#
    /// fallback:  --x-y-|
    ///            asSharedSequence(onErrorDriveWith: fallback, scheduler: scheduler)
    /// output:    -a--y-|
    /// ```
    /// ![asSharedSequence(onErrorDriveWith: fallback, scheduler: scheduler), drawn from a run](assharedsequence-assharedsequence_2)
    ///
    /// Here nobody else subscribes to the fallback, so it starts at the error and `x` is gone;
    /// a driver that another subscriber keeps connected would first replay its latest value.
    ///
    /// - Parameters:
    ///   - sharingStrategy: ``DriverSharingStrategy`` or ``SignalSharingStrategy``.
    ///   - fallback: The driver or signal to continue with.
    ///   - scheduler: The scheduler that delivers the events: the main queue by default.
    /// - Returns: The driver or signal.
    public func asSharedSequence<Strategy: SharingStrategyProtocol>(
        sharingStrategy: Strategy.Type = Strategy.self,
        onErrorDriveWith fallback: SharedSequence<Strategy, Element>,
        scheduler: any Scheduler = DispatchQueueScheduler.main
    ) -> SharedSequence<Strategy, Element> {
        SharedSequence(recovering: asObservable(), on: scheduler) { _ in fallback.asObservable() }
    }

    /// Turns this sequence into a driver or a signal on `scheduler` that continues with the one
    /// `onErrorRecover` returns for an error: spelt ``asDriver(scheduler:onErrorRecover:)`` and
    /// ``asSignal(scheduler:onErrorRecover:)``.
    ///
    /// ```
    /// source:  -a-#
    ///          asSharedSequence(scheduler: scheduler) { _ in .just(x, scheduler: scheduler) }
    /// output:  -a-(x|)
    /// ```
    /// ![asSharedSequence(scheduler: scheduler) { _ in .just(x, scheduler: scheduler) }, drawn from a run](assharedsequence-assharedsequence-scheduler)
    ///
    /// - Parameters:
    ///   - sharingStrategy: ``DriverSharingStrategy`` or ``SignalSharingStrategy``.
    ///   - scheduler: The scheduler that delivers the events: the main queue by default.
    ///   - onErrorRecover: Builds the driver or signal to continue with from the error.
    /// - Returns: The driver or signal.
    public func asSharedSequence<Strategy: SharingStrategyProtocol>(
        sharingStrategy: Strategy.Type = Strategy.self,
        scheduler: any Scheduler = DispatchQueueScheduler.main,
        onErrorRecover: @escaping @Sendable (any Error) -> SharedSequence<Strategy, Element>
    ) -> SharedSequence<Strategy, Element> {
        SharedSequence(recovering: asObservable(), on: scheduler) { onErrorRecover($0).asObservable() }
    }

    // MARK: - The two spellings of each

    /// ``asSharedSequence(sharingStrategy:onErrorJustReturn:scheduler:)`` making a ``Driver``.
    public func asDriver(onErrorJustReturn element: Element, scheduler: any Scheduler = DispatchQueueScheduler.main) -> Driver<Element> {
        asSharedSequence(onErrorJustReturn: element, scheduler: scheduler)
    }

    /// ``asSharedSequence(sharingStrategy:onErrorJustReturn:scheduler:)`` making a ``Signal``.
    public func asSignal(onErrorJustReturn element: Element, scheduler: any Scheduler = DispatchQueueScheduler.main) -> Signal<Element> {
        asSharedSequence(onErrorJustReturn: element, scheduler: scheduler)
    }

    /// ``asSharedSequence(sharingStrategy:onErrorDriveWith:scheduler:)`` making a ``Driver``.
    public func asDriver(onErrorDriveWith driver: Driver<Element>, scheduler: any Scheduler = DispatchQueueScheduler.main) -> Driver<Element> {
        asSharedSequence(onErrorDriveWith: driver, scheduler: scheduler)
    }

    /// ``asSharedSequence(sharingStrategy:onErrorDriveWith:scheduler:)`` making a ``Signal``.
    public func asSignal(onErrorSignalWith signal: Signal<Element>, scheduler: any Scheduler = DispatchQueueScheduler.main) -> Signal<Element> {
        asSharedSequence(onErrorDriveWith: signal, scheduler: scheduler)
    }

    /// ``asSharedSequence(sharingStrategy:scheduler:onErrorRecover:)`` making a ``Driver``.
    public func asDriver(
        scheduler: any Scheduler = DispatchQueueScheduler.main, onErrorRecover: @escaping @Sendable (any Error) -> Driver<Element>
    ) -> Driver<Element> {
        asSharedSequence(scheduler: scheduler, onErrorRecover: onErrorRecover)
    }

    /// ``asSharedSequence(sharingStrategy:scheduler:onErrorRecover:)`` making a ``Signal``.
    public func asSignal(
        scheduler: any Scheduler = DispatchQueueScheduler.main, onErrorRecover: @escaping @Sendable (any Error) -> Signal<Element>
    ) -> Signal<Element> {
        asSharedSequence(scheduler: scheduler, onErrorRecover: onErrorRecover)
    }
}


extension BehaviorValue {
    /// This value as a ``Driver``, RxCocoa's `BehaviorRelay.asDriver()`: its values, starting
    /// with the current one, on `scheduler`. A relay cannot fail: there is no error to replace.
    ///
    /// ```
    /// accept:  a--b---c
    ///          asDriver(scheduler: scheduler)
    /// output:  a--b---c
    /// ```
    /// ![asDriver(scheduler: scheduler), drawn from a run](assharedsequence-asdriver-scheduler-scheduler)
    ///
    /// - Parameter scheduler: The scheduler that delivers the values: the main queue by default.
    /// - Returns: The driver.
    public func asDriver(scheduler: any Scheduler = DispatchQueueScheduler.main) -> Driver<Element> {
        Driver(unshared: asObservable().observe(on: scheduler), scheduler: scheduler)
    }
}

extension PublishValue {
    /// This relay as a ``Signal``, RxCocoa's `PublishRelay.asSignal()`: its values on `scheduler`.
    ///
    /// ```
    /// accept:  -a--b---c
    ///          asSignal(scheduler: scheduler)
    /// output:  -a--b---c
    /// ```
    /// ![asSignal(scheduler: scheduler), drawn from a run](assharedsequence-assignal-scheduler-scheduler)
    ///
    /// - Parameter scheduler: The scheduler that delivers the values: the main queue by default.
    /// - Returns: The signal.
    public func asSignal(scheduler: any Scheduler = DispatchQueueScheduler.main) -> Signal<Element> {
        Signal(unshared: asObservable().observe(on: scheduler), scheduler: scheduler)
    }
}
