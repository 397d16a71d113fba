import Streams

/// The rules of a view model's state, which `Driver.feedbackLoop(initial:inputs:scheduler:effects:)`
/// runs: ``FeedState`` and ``ImageState``.
protocol FeedbackState: Sendable {
    /// What can happen to the state.
    associatedtype Event: FeedbackEvent

    /// The state after `event`, which happened at `now`.
    static func reduce(_ state: Self, _ event: Event, at now: Duration) -> Self

    /// When the rules want to look again by themselves (a back-off ends), if they do.
    var nextWakeUp: Duration? { get }
}

/// The two events every ``FeedbackState`` has: ``FeedEvent`` and ``ImageEvent``.
protocol FeedbackEvent: Sendable {
    /// The state's `nextWakeUp` has come (the view model's timer).
    static var wakeUp: Self { get }

    /// An input stream failed; it is treated as ended.
    static func inputFailed(_ error: FeedError) -> Self
}

extension FeedState: FeedbackState {}
extension FeedEvent: FeedbackEvent {}
extension ImageState: FeedbackState {}
extension ImageEvent: FeedbackEvent {}

extension SharedSequence where SharingStrategy == DriverSharingStrategy, Element: FeedbackState {
    /// A view model's state, as a state machine whose effects feed events back into it: the
    /// wiring ``FeedViewModel`` and ``ImageViewModel`` share.
    ///
    /// 1. The `inputs` (each read through `guardedInput`) are merged.
    /// 2. Their events and the effects' are folded through the state's `reduce`, at the
    ///    scheduler's `now`, starting from `initial`.
    /// 3. `effects` watch the states and answer with more events (a request starts when the state
    ///    says one is wanted; its response comes back as an event), and so does the wake-up
    ///    timer, which sends `wakeUp` when the state's `nextWakeUp` comes.
    ///
    /// This is RxFeedback's `system`, reduced to what the feed needs. Nothing runs until the
    /// driver is subscribed to; the one loop runs while it is, and disposing the last
    /// subscription ends the loop and whatever its effects were doing. Every subscriber receives
    /// the current state first.
    ///
    /// Effects may answer synchronously: a state is delivered to every observer before the
    /// events its effects produced are reduced, because ``ObservableType/merge()`` queues an
    /// event that arrives while it is delivering.
    ///
    /// The states are delivered on `scheduler` and never fail: the inputs are sent on it (each
    /// view model's *Threads* asks that) and guarded, and each effect delivers its answers on it
    /// and turns its errors into events. So they are a driver as they are, without another hop
    /// through the scheduler.
    static func feedbackLoop(
        initial: Element,
        inputs: [Observable<Element.Event>],
        scheduler: any Scheduler,
        effects: @escaping @Sendable (Observable<Element>) -> [Observable<Element.Event>]
    ) -> Driver<Element> {
        let events = Observable.merge(inputs)
        let loop = Observable<Element>.deferred {
            let feedback = Subject<Element.Event>()
            let states = Observable.merge(events, feedback.asObservable())
                .scan(initial) { state, event in Element.reduce(state, event, at: scheduler.now) }
                .startWith(initial)
                .share(replay: 1)
            return Observable.create { observer in
                let stateSubscription = states.subscribe(observer)
                let effectSubscription = Observable.merge(effects(states) + [states.wakeUps(on: scheduler)])
                    .subscribe(feedback.asObserver())
                return Disposables.create(stateSubscription, effectSubscription)
            }
        }
        return Driver(alreadyOn: scheduler, neverFailing: loop)
    }
}

extension Observable where Element: FeedbackState {
    /// A `wakeUp` when each state's `nextWakeUp` comes; a new time replaces the
    /// timer before it.
    fileprivate func wakeUps(on scheduler: any Scheduler) -> Observable<Element.Event> {
        map(\.nextWakeUp).distinctUntilChanged().flatMapLatest { wakeUp -> Observable<Element.Event> in
            guard let wakeUp else { return .empty() }
            return Observable<Int>.timer(max(wakeUp - scheduler.now, .zero), scheduler: scheduler).map { _ in .wakeUp }
        }
    }
}
