// Inside Streams, chapter 8, "Traits as thin wrappers": `Driver` and `Signal` are one struct.

/// A sequence that never fails, delivers on one scheduler and is shared by its subscribers:
/// RxCocoa's `SharedSequence`, of which ``Driver`` and ``Signal`` are the two kinds.
///
/// - **It never fails:** `asDriver` and `asSignal` say what replaces an error.
/// - **It delivers on the main thread,** on ``DispatchQueueScheduler/main`` unless you pass
///   another scheduler (tests pass a ``TestScheduler`` run on the main actor, where `drive` and
///   `emit` run their closures), and so do its operators, which run their timers there.
/// - **It is shared** while connected: the source is subscribed to once while anyone is.
///
/// `SharingStrategy` says how: ``DriverSharingStrategy`` replays the latest value to a late
/// subscriber, ``SignalSharingStrategy`` does not. Each operator is the observable operator,
/// shared again by the same strategy, and returns a sequence of the same kind; its page shows
/// that operator's picture and links to it for the parameters. What one kind only has, such as
/// a driver's ``drive(onNext:onCompleted:onDisposed:)``, is constrained by the strategy, as your
/// own extensions can be:
///
/// ```swift
/// extension SharedSequence where SharingStrategy == SignalSharingStrategy {
///     func orNothing<Wrapped: Sendable>() -> Signal<Wrapped> where Element == Wrapped? {
///         compactMap { $0 }
///     }
/// }
/// ```
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element: Sendable>: SharedSequenceConvertibleType {
    private let source: Observable<Element>
    /// The scheduler the sequence delivers on, which its time operators also run their timers on.
    let scheduler: any Scheduler

    /// Shares `source`, which already delivers on `scheduler` and never fails, as
    /// `SharingStrategy` says.
    init(unshared source: Observable<Element>, scheduler: any Scheduler) {
        self.source = SharingStrategy.share(source)
        self.scheduler = scheduler
    }

    /// Shares `source` delivered on `scheduler`, continuing with `fallback(error)` in place of an
    /// error: what every `asDriver` and `asSignal` builds.
    init(
        recovering source: Observable<Element>,
        on scheduler: any Scheduler,
        with fallback: @escaping @Sendable (any Error) -> Observable<Element>
    ) {
        self.init(unshared: source.observe(on: scheduler).catch(fallback), scheduler: scheduler)
    }

    /// Shares `source` without moving it to `scheduler` or handling its error: for a source that
    /// already delivers on `scheduler` and never fails, such as the outputs of `FeedViewModel`,
    /// where `asDriver` would hand each event to `scheduler` again, after other work then due.
    package init(alreadyOn scheduler: any Scheduler, neverFailing source: Observable<Element>) {
        self.init(unshared: source, scheduler: scheduler)
    }

    /// This sequence as an observable, for the operators of ``ObservableType``: it never fails,
    /// delivers on the sequence's scheduler and is shared.
    public func asObservable() -> Observable<Element> {
        source
    }
}

// MARK: - Creating

extension SharedSequence {
    /// A driver or a signal that emits `element` and completes, on `scheduler`: `Driver.just(a)`.
    ///
    /// ```
    /// just(a):  (a|)
    /// ```
    /// ![just(a), drawn from a run](sharedsequence-just-a)
    ///
    /// - Parameters:
    ///   - element: The value.
    ///   - scheduler: The scheduler that delivers it; the main queue by default.
    /// - Returns: The driver or signal.
    public static func just(
        _ element: Element,
        scheduler: any Scheduler = DispatchQueueScheduler.main
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: Observable.just(element).subscribe(on: scheduler), scheduler: scheduler)
    }

    /// A driver or a signal that completes at once, on `scheduler`: `Signal<Int>.empty()`.
    ///
    /// ```
    /// empty():  |
    /// ```
    /// ![empty(), drawn from a run](sharedsequence-empty)
    ///
    /// - Parameter scheduler: The scheduler that delivers the completion: the main queue by
    ///   default.
    /// - Returns: The driver or signal.
    public static func empty(scheduler: any Scheduler = DispatchQueueScheduler.main) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: Observable.empty().subscribe(on: scheduler), scheduler: scheduler)
    }
}
