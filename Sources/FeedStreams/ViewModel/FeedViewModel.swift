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
/// viewModel.output.changes.emit(onNext: apply).disposed(by: bag)
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

        /// Creates the inputs from any observables, subjects, relays, drivers or signals; any not
        /// given never fires.
        public init(
            load: some ObservableConvertibleType<Void> = Observable<Void>.never(),
            refresh: some ObservableConvertibleType<Void> = Observable<Void>.never(),
            geometry: some ObservableConvertibleType<ScrollGeometry> = Observable<ScrollGeometry>.never(),
            reachedBottom: some ObservableConvertibleType<Void> = Observable<Void>.never(),
            retry: some ObservableConvertibleType<Void> = Observable<Void>.never(),
            selection: some ObservableConvertibleType<Int> = Observable<Int>.never()
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

    /// What the screen shows: `Driver`s for what the screen *is*, `Signal`s for what
    /// *happens* to it, as in an RxCocoa app.
    ///
    /// Every output is delivered on ``Dependencies/scheduler``, never fails and is shared by its
    /// subscribers. A driver is state: it starts with the current value and replays it to a late
    /// subscriber (a view bound after the first page shows the photos at once). A signal is a
    /// one-shot effect: a subscriber receives only what happens after it subscribed, so an error
    /// banner or a navigation never runs twice.
    ///
    /// ```swift
    /// output.photos.drive(onNext: { photos in screen.show(photos) }).disposed(by: bag)
    /// output.error.emit(onNext: { error in screen.showBanner(error.message) }).disposed(by: bag)
    /// ```
    public struct Output: Sendable {
        /// The whole state, for screens and tools that want everything (the demo, tests); each
        /// state's ``FeedState/decisions`` say what its event decided.
        public let state: Driver<FeedState>
        /// The photos on screen, each time the list changes.
        public let photos: Driver<PhotoList>
        /// How the list changed: `.reload` for the first page and refreshes, `.insert` for
        /// appended pages. A signal: a change is applied to a collection view once, so only
        /// changes after subscription are delivered.
        public let changes: Signal<FeedChange>
        /// Whether the pull-to-refresh control spins.
        ///
        /// A pull that the request budget refuses starts nothing, and this emits `false` again:
        /// a refresh control starts spinning by itself when pulled, and this stops it. ``error``
        /// then says when to try again (``FeedError/requestBudgetSpent(retryAfter:)``).
        public let isRefreshing: Driver<Bool>
        /// Whether the footer spinner spins (first page or next page loading).
        public let isLoadingMore: Driver<Bool>
        /// What the footer shows: a spinner, "retrying in 4 s", "tap to retry", the end.
        public let footer: Driver<FeedFooter>
        /// Whether the last page has arrived.
        public let isLastPage: Driver<Bool>
        /// Whether to show the "No photos" label.
        public let isEmpty: Driver<Bool>
        /// A user-facing error, once per failure (``FeedError/message`` is the text to show).
        public let error: Signal<FeedError>
        /// The photo the user tapped, once per tap: where to navigate.
        public let selectedPhoto: Signal<Photo>
        /// Whether the scroll-to-top button shows.
        public let showsScrollToTop: Driver<Bool>
        /// The number of photos dropped as duplicates so far.
        public let duplicatesDropped: Driver<Int>
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

        let state = Driver<FeedState>.feedbackLoop(
            initial: FeedState(configuration: configuration),
            inputs: [
                input.load.guardedInput("load") { .load },
                input.refresh.guardedInput("refresh") { .refresh },
                input.geometry.guardedInput("geometry") { .geometry($0) },
                input.reachedBottom.guardedInput("reachedBottom") { .reachedBottom },
                input.retry.guardedInput("retry") { .retry },
                input.selection.guardedInput("selection") { .selected(index: $0) },
            ],
            scheduler: scheduler
        ) { states in
            [
                // Start a request whenever the state wants a new one; a newer request (a
                // refresh) disposes the one before it, which cancels it.
                states.map(\.inFlight).distinctUntilChanged().flatMapLatest { request -> Observable<FeedEvent> in
                    guard let request else { return .empty() }
                    return service.photos(page: request.page, perPage: configuration.perPage).asObservable()
                        .map { .loaded(request, $0) }
                        .catch { .just(.failed(request, FeedError(describing: $0))) }
                        .observe(on: scheduler)
                },
            ]
        }

        // Every output below is one chain from the shared state, on the scheduler and never
        // failing: a driver or a signal as it is (see `SharedSequence.init(alreadyOn:neverFailing:)`).
        // Each output has a chain of its own, so outputs are delivered in the order they were
        // subscribed, as the state's own subscribers are.
        let states = state.asObservable()
        func driver<Value>(_ values: Observable<Value>) -> Driver<Value> {
            Driver(alreadyOn: scheduler, neverFailing: values)
        }
        func signal<Value>(_ values: Observable<Value>) -> Signal<Value> {
            Signal(alreadyOn: scheduler, neverFailing: values)
        }
        // Each subscriber's first state is the current one; what follows are transitions, so
        // one-shot outputs skip it and never replay an old effect.
        let transitions = states.skip(1)
        let threshold = configuration.scrollToTopThreshold

        output = Output(
            state: state,
            photos: driver(states.distinctUntilChanged { $0.revision }.map(\.photos)),
            changes: signal(transitions.compactMap(\.change)),
            isRefreshing: driver(Observable.merge(
                states.map(\.isRefreshing).distinctUntilChanged(),
                // A refused pull changes nothing, so the line above stays quiet; say it again.
                transitions.filter(\.refusedRefresh).map { _ in false }
            )),
            isLoadingMore: driver(states.map(\.isLoadingMore).distinctUntilChanged()),
            footer: driver(states.map(\.footer).distinctUntilChanged()),
            isLastPage: driver(states.map(\.isLastPage).distinctUntilChanged()),
            isEmpty: driver(states.map(\.isEmpty).distinctUntilChanged()),
            error: signal(transitions.compactMap(\.error)),
            selectedPhoto: signal(transitions.compactMap(\.selectedPhoto)),
            showsScrollToTop: driver(states.map { ($0.geometry?.contentOffsetY ?? 0) > threshold }.distinctUntilChanged()),
            duplicatesDropped: driver(states.map(\.duplicatesDropped).distinctUntilChanged())
        )
    }
}
