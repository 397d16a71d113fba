import Streams

/// The photo feed as an Input/Output view model: user actions in, screen state out.
///
/// ```swift
/// let viewModel = FeedViewModel(
///     input: .init(
///         load: viewDidAppear,
///         refresh: refreshControl.pulls,
///         reachedBottom: scrollView.geometry.reachedBottom(),
///         selection: collectionView.taps,
///         contentOffset: scrollView.geometry.map(\.contentOffset)
///     ),
///     dependencies: .init(service: UnsplashHTTPService(accessKey: key), scheduler: DispatchQueueScheduler.main)
/// )
/// viewModel.output.changes.subscribe(onNext: apply).disposed(by: bag)
/// ```
///
/// `init` only describes how outputs derive from inputs; it subscribes to nothing. The feed
/// runs while at least one output is subscribed, and every output shares that one run. When
/// the last output subscription is disposed, the feed stops: a request in flight is
/// cancelled and nothing more is requested.
///
/// The rules live in ``FeedState/reduce(_:_:)``:
///
/// - the first load and every refresh request page 1 and replace the list; a refresh cancels
///   a load-more in flight, and its late page is dropped;
/// - ``Input/reachedBottom`` (throttled) starts at most one request at a time; triggers while
///   loading are ignored, never queued;
/// - the page counter advances only on success; after a failure the list stays, the error is
///   shown once, the flags return to `false`, and the next trigger retries the same page;
/// - once the last page has arrived, nothing is requested until a refresh;
/// - photos are de-duplicated by id across pages, and the number dropped is observable.
///
/// Outputs never fail: a failed request becomes an ``Output/error`` and the feed stays usable.
/// Responses are delivered on ``Dependencies/scheduler``; send the inputs on it too (the main
/// scheduler in an app), and every output is delivered there.
public struct FeedViewModel: Sendable {
    /// What the user does.
    public struct Input: Sendable {
        /// The screen appeared: load the first page (once).
        public var load: Observable<Void>
        /// Pull to refresh.
        public var refresh: Observable<Void>
        /// The user scrolled near the bottom (see `reachedBottom(tolerance:)`).
        public var reachedBottom: Observable<Void>
        /// The index of a tapped photo.
        public var selection: Observable<Int>
        /// The scroll view's vertical content offset.
        public var contentOffset: Observable<Double>

        /// Creates the inputs from any observables, subjects or relays; any not given never
        /// fires.
        public init(
            load: some ObservableType<Void> = Observable<Void>.never(),
            refresh: some ObservableType<Void> = Observable<Void>.never(),
            reachedBottom: some ObservableType<Void> = Observable<Void>.never(),
            selection: some ObservableType<Int> = Observable<Int>.never(),
            contentOffset: some ObservableType<Double> = Observable<Double>.never()
        ) {
            self.load = load.asObservable()
            self.refresh = refresh.asObservable()
            self.reachedBottom = reachedBottom.asObservable()
            self.selection = selection.asObservable()
            self.contentOffset = contentOffset.asObservable()
        }
    }

    /// What the feed needs from outside.
    public struct Dependencies: Sendable {
        /// Where pages come from.
        public var service: any PhotoService
        /// The scheduler for throttling and for delivering responses (main in an app).
        public var scheduler: any Scheduler
        /// Photos per page.
        public var perPage: Int
        /// Reached-bottom triggers closer together than this are throttled before they reach
        /// the feed's rules: the first passes at once, and the latest of the rest when the
        /// window closes.
        public var loadMoreThrottle: Duration
        /// The content offset past which the scroll-to-top button shows.
        public var scrollToTopThreshold: Double

        /// Creates the dependencies.
        public init(
            service: any PhotoService,
            scheduler: any Scheduler,
            perPage: Int = 10,
            loadMoreThrottle: Duration = .milliseconds(300),
            scrollToTopThreshold: Double = 1_500
        ) {
            self.service = service
            self.scheduler = scheduler
            self.perPage = perPage
            self.loadMoreThrottle = loadMoreThrottle
            self.scrollToTopThreshold = scrollToTopThreshold
        }
    }

    /// What the screen shows. Every output starts with the current value where it has one, and
    /// never fails.
    public struct Output: Sendable {
        /// The whole state, for screens and tools that want everything (the demo, tests).
        public let state: Observable<FeedState>
        /// The photos on screen, each time the list changes.
        public let photos: Observable<PhotoList>
        /// How the list changed: `.reload` for the first page and refreshes, `.insert` for
        /// appended pages. Only changes after subscription are delivered.
        public let changes: Observable<FeedChange>
        /// Whether the pull-to-refresh control spins.
        public let isRefreshing: Observable<Bool>
        /// Whether the footer spinner spins (first page or next page loading).
        public let isLoadingMore: Observable<Bool>
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

    /// Derives the outputs from the inputs. Subscribes to nothing.
    public init(input: Input, dependencies: Dependencies) {
        let service = dependencies.service
        let perPage = dependencies.perPage
        let scheduler = dependencies.scheduler

        let events = Observable<FeedState.Event>.merge(
            input.load.map { .load },
            input.refresh.map { .refresh },
            input.reachedBottom
                .throttle(dependencies.loadMoreThrottle, latest: true, scheduler: scheduler)
                .map { .reachedBottom },
            input.selection.map { .selected(index: $0) }
        )

        let state = Observable<FeedState>.feedbackLoop(
            initial: FeedState(),
            events: events,
            reduce: FeedState.reduce
        ) { states in
            // Start a request whenever the state wants a new one; a newer request (a refresh)
            // disposes the one before it, which cancels it.
            states.map(\.inFlight).distinctUntilChanged().flatMapLatest { request -> Observable<FeedState.Event> in
                guard let request else { return .empty() }
                return service.photos(page: request.page, perPage: perPage).asObservable()
                    .map { .loaded(request, $0) }
                    .catch { .just(.failed(request, FeedError(describing: $0))) }
                    .observe(on: scheduler)
            }
        }
        .share(replay: 1)

        // Each subscriber's first state is the current one; what follows are transitions, so
        // one-shot outputs skip it and never replay an old effect.
        let transitions = state.skip(1)

        output = Output(
            state: state,
            photos: state.distinctUntilChanged { $0.revision }.map(\.photos),
            changes: transitions.compactMap(\.change),
            isRefreshing: state.map(\.isRefreshing).distinctUntilChanged(),
            isLoadingMore: state.map(\.isLoadingMore).distinctUntilChanged(),
            isLastPage: state.map(\.isLastPage).distinctUntilChanged(),
            isEmpty: state.map(\.isEmpty).distinctUntilChanged(),
            error: transitions.compactMap(\.error),
            selectedPhoto: transitions.compactMap(\.selectedPhoto),
            showsScrollToTop: input.contentOffset
                .map { $0 > dependencies.scrollToTopThreshold }
                .startWith(false)
                .distinctUntilChanged(),
            duplicatesDropped: state.map(\.stats.duplicatesDropped).distinctUntilChanged()
        )
    }
}
