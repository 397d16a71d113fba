import Streams

/// The photo feed as an Input/Output view model: user actions and scroll geometry in, screen
/// state out.
///
/// ```swift
/// let viewModel = try FeedViewModel(
///     input: .init(
///         load: viewDidAppear,
///         refresh: refreshControl.pulls,
///         geometry: scrollView.geometry,
///         retry: footer.retryTaps,
///         selection: collectionView.taps
///     ),
///     dependencies: .init(
///         service: UnsplashHTTPService(configuration: .init(accessKey: key)),
///         scheduler: DispatchQueueScheduler.main
///     )
/// )
/// viewModel.output.changes.subscribe(onNext: apply).disposed(by: bag)
/// ```
///
/// `init` checks the configuration and describes how outputs derive from inputs; it subscribes
/// to nothing. The feed runs while at least one output is subscribed, and every output shares
/// that one run. When the last output subscription is disposed, the feed stops: a request in
/// flight and a back-off timer are cancelled, and nothing more is requested.
///
/// ## Paging is a level
///
/// The feed loads the next page whenever it is *wanted*: the last ``Input/geometry`` has the end
/// of the content within ``FeedConfiguration/prefetchDistance`` of the visible area (content
/// shorter than the screen counts), nothing is loading, the last page has not arrived, no
/// back-off runs and the request budget allows it. The rules re-evaluate whenever any of those
/// change, so the feed fills a screen that a short page left empty, keeps loading while a grid
/// page did not make the content taller, and stops as soon as the content reaches far enough.
/// A trigger while a page loads is ignored, never queued. See ``FeedState`` for every rule.
///
/// ## Guarantees
///
/// - A refresh cancels a request in flight; its late answer never lands.
/// - The page counter advances only on success. A failed page is retried by itself after a
///   jittered exponential back-off (``RetryPolicy``), at least as long as a rate limit's reset;
///   after the tries run out, the ``Output/footer`` offers "tap to retry" (``Input/retry``), and
///   scrolling away from the end and back asks again too.
/// - No more than ``FeedConfiguration/maxRequestsPerMinute`` requests start in any minute; a
///   pull to refresh or a tap on retry that the budget refuses ends the refresh state and
///   reports ``FeedError/requestBudgetSpent(retryAfter:)`` with when to try again.
/// - Nothing loads by itself before ``Input/load``: the screen must have appeared.
/// - Photos are de-duplicated by id across pages, and the number dropped is observable.
/// - Outputs never fail. A failed request becomes one ``Output/error`` and the feed stays usable.
///   An input that fails is treated as ended: its failure is reported once, as
///   ``FeedError/inputFailed(input:reason:)``, and every output goes on. An input that completes
///   is simply ended.
///
/// ## Threads
///
/// Responses and timers are delivered on ``Dependencies/scheduler``; send the inputs on it too
/// (the main scheduler in an app), and every output is delivered there.
public struct FeedViewModel: Sendable {
    /// What the user does and what the scroll view reports.
    public struct Input: Sendable {
        /// The screen appeared: load the first page (once).
        ///
        /// Nothing loads by itself before it: a ``geometry`` or a ``reachedBottom`` edge that
        /// comes first (a scroll view lays out before it appears) is remembered but starts
        /// nothing (``FeedDecision/IgnoredBecause/notAppeared``), so a screen that is built and
        /// never shown costs no request. Only a ``refresh`` may load before it.
        public var load: Observable<Void>
        /// Pull to refresh.
        public var refresh: Observable<Void>
        /// The scroll view's geometry: send one whenever the view scrolls or lays out its content
        /// (both `contentOffset` and `contentSize` observations, which report every set). The
        /// primary input for paging.
        public var geometry: Observable<ScrollGeometry>
        /// An edge, for code that has only events such as the usual `reachedBottom` extension:
        /// each event may start the next page at that instant, and is ignored (never queued)
        /// when it cannot. Prefer ``geometry``, which cannot miss a page that leaves the screen
        /// short.
        public var reachedBottom: Observable<Void>
        /// The footer's "Couldn't load — tap to retry".
        public var retry: Observable<Void>
        /// The index of a tapped photo.
        public var selection: Observable<Int>

        /// Creates the inputs from any observables, subjects or relays; any not given never
        /// fires.
        public init(
            load: some ObservableType<Void> = Observable<Void>.never(),
            refresh: some ObservableType<Void> = Observable<Void>.never(),
            geometry: some ObservableType<ScrollGeometry> = Observable<ScrollGeometry>.never(),
            reachedBottom: some ObservableType<Void> = Observable<Void>.never(),
            retry: some ObservableType<Void> = Observable<Void>.never(),
            selection: some ObservableType<Int> = Observable<Int>.never()
        ) {
            self.load = load.asObservable()
            self.refresh = refresh.asObservable()
            self.geometry = geometry.asObservable()
            self.reachedBottom = reachedBottom.asObservable()
            self.retry = retry.asObservable()
            self.selection = selection.asObservable()
        }
    }

    /// What the feed needs from outside.
    public struct Dependencies: Sendable {
        /// Where pages come from.
        public var service: any PhotoService
        /// The clock of back-offs and the scheduler that delivers responses (main in an app).
        public var scheduler: any Scheduler
        /// The rules' settings.
        public var configuration: FeedConfiguration

        /// Creates the dependencies.
        public init(service: any PhotoService, scheduler: any Scheduler, configuration: FeedConfiguration = FeedConfiguration()) {
            self.service = service
            self.scheduler = scheduler
            self.configuration = configuration
        }
    }

    /// What the screen shows. Every output starts with the current value where it has one, and
    /// never fails.
    public struct Output: Sendable {
        /// The whole state, for screens and tools that want everything (the demo, tests); each
        /// state's ``FeedState/decisions`` say what its event decided.
        public let state: Observable<FeedState>
        /// The photos on screen, each time the list changes.
        public let photos: Observable<PhotoList>
        /// How the list changed: `.reload` for the first page and refreshes, `.insert` for
        /// appended pages. Only changes after subscription are delivered.
        public let changes: Observable<FeedChange>
        /// Whether the pull-to-refresh control spins.
        ///
        /// A pull that the request budget refuses starts nothing, and this emits `false` again:
        /// a refresh control starts spinning by itself when pulled, and this stops it. ``error``
        /// then says when to try again (``FeedError/requestBudgetSpent(retryAfter:)``).
        public let isRefreshing: Observable<Bool>
        /// Whether the footer spinner spins (first page or next page loading).
        public let isLoadingMore: Observable<Bool>
        /// What the footer shows: a spinner, "retrying in 4 s", "tap to retry", the end.
        public let footer: Observable<FeedFooter>
        /// Whether the last page has arrived.
        public let isLastPage: Observable<Bool>
        /// Whether to show the "No photos" label.
        public let isEmpty: Observable<Bool>
        /// A user-facing error, once per failure (``FeedError/message`` is the text to show).
        public let error: Observable<FeedError>
        /// The photo the user tapped, once per tap.
        public let selectedPhoto: Observable<Photo>
        /// Whether the scroll-to-top button shows.
        public let showsScrollToTop: Observable<Bool>
        /// The number of photos dropped as duplicates so far.
        public let duplicatesDropped: Observable<Int>
    }

    /// The outputs, derived from the inputs.
    public let output: Output

    /// Checks the configuration and derives the outputs from the inputs. Subscribes to nothing.
    ///
    /// - Throws: ``FeedConfigurationError`` when a setting is out of range, such as a `perPage`
    ///   of 0, before anything runs.
    public init(input: Input, dependencies: Dependencies) throws(FeedConfigurationError) {
        let configuration = dependencies.configuration
        try configuration.validate()
        let service = dependencies.service
        let scheduler = dependencies.scheduler

        let events = Observable<FeedEvent>.merge(
            input.load.guardedInput("load", { .load }, failed: FeedEvent.inputFailed),
            input.refresh.guardedInput("refresh", { .refresh }, failed: FeedEvent.inputFailed),
            input.geometry.guardedInput("geometry", { .geometry($0) }, failed: FeedEvent.inputFailed),
            input.reachedBottom.guardedInput("reachedBottom", { .reachedBottom }, failed: FeedEvent.inputFailed),
            input.retry.guardedInput("retry", { .retry }, failed: FeedEvent.inputFailed),
            input.selection.guardedInput("selection", { .selected(index: $0) }, failed: FeedEvent.inputFailed)
        )

        let state = Observable<FeedState>.feedbackLoop(
            initial: FeedState(configuration: configuration),
            events: events,
            reduce: { state, event in FeedState.reduce(state, event, at: scheduler.now) }
        ) { states in
            Observable<FeedEvent>.merge(
                // Start a request whenever the state wants a new one; a newer request (a
                // refresh) disposes the one before it, which cancels it.
                states.map(\.inFlight).distinctUntilChanged().flatMapLatest { request -> Observable<FeedEvent> in
                    guard let request else { return .empty() }
                    return service.photos(page: request.page, perPage: configuration.perPage).asObservable()
                        .map { .loaded(request, $0) }
                        .catch { .just(.failed(request, FeedError(describing: $0))) }
                        .observe(on: scheduler)
                },
                // Wake the rules when a back-off or the request budget's wait ends.
                states.map(\.nextWakeUp).distinctUntilChanged().flatMapLatest { wakeUp -> Observable<FeedEvent> in
                    guard let wakeUp else { return .empty() }
                    return Observable.timer(max(wakeUp - scheduler.now, .zero), scheduler: scheduler).map { _ in .wakeUp }
                }
            )
        }
        .share(replay: 1)

        // Each subscriber's first state is the current one; what follows are transitions, so
        // one-shot outputs skip it and never replay an old effect.
        let transitions = state.skip(1)
        let threshold = configuration.scrollToTopThreshold

        output = Output(
            state: state,
            photos: state.distinctUntilChanged { $0.revision }.map(\.photos),
            changes: transitions.compactMap(\.change),
            isRefreshing: Observable.merge(
                state.map(\.isRefreshing).distinctUntilChanged(),
                // A refused pull changes nothing, so the line above stays quiet; say it again.
                transitions.filter(\.refusedRefresh).map { _ in false }
            ),
            isLoadingMore: state.map(\.isLoadingMore).distinctUntilChanged(),
            footer: state.map(\.footer).distinctUntilChanged(),
            isLastPage: state.map(\.isLastPage).distinctUntilChanged(),
            isEmpty: state.map(\.isEmpty).distinctUntilChanged(),
            error: transitions.compactMap(\.error),
            selectedPhoto: transitions.compactMap(\.selectedPhoto),
            showsScrollToTop: state.map { ($0.geometry?.contentOffsetY ?? 0) > threshold }.distinctUntilChanged(),
            duplicatesDropped: state.map(\.stats.duplicatesDropped).distinctUntilChanged()
        )
    }
}
