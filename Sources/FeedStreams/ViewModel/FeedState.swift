/// Everything the feed knows, and the one function that changes it.
///
/// `FeedState` is a plain value and ``reduce(_:_:)`` is a pure function, so the feed's rules
/// can be read, and tested, without streams or time:
///
/// - the first load and every refresh request page 1 and replace the list; a refresh
///   supersedes a request in flight, whose late response is then dropped;
/// - reaching the bottom starts a request only when none is in flight and the last page has not
///   arrived; otherwise the trigger is ignored (and counted), never queued;
/// - the page counter advances only when a page arrives; after a failure the list stays, the
///   error is reported once, nothing is in flight, and the next trigger asks for the same page;
/// - photos are de-duplicated by id across pages, and the number dropped is counted.
///
/// ``FeedViewModel`` folds its inputs and the service's responses through `reduce` and starts
/// a request whenever ``inFlight`` changes to a new one.
public struct FeedState: Sendable, Equatable {
    /// What can happen to the feed.
    public enum Event: Sendable, Equatable {
        /// The screen appeared: load page 1 if nothing was loaded yet.
        case load
        /// Pull to refresh.
        case refresh
        /// The user scrolled to the bottom.
        case reachedBottom
        /// A page arrived for a request.
        case loaded(PageRequest, PhotoPage)
        /// A request failed.
        case failed(PageRequest, FeedError)
        /// The user tapped the photo at an index.
        case selected(index: Int)
    }

    /// The photos on screen, without duplicates, in feed order.
    ///
    /// A page appends to the list in place (see ``PhotoList``), so a new state shares the previous
    /// state's photos instead of copying them, and the previous state still sees only its own.
    public private(set) var photos = PhotoList()
    /// Increases each time ``photos`` changes, so observers can skip states that did not
    /// touch the list without comparing it element by element.
    public private(set) var revision = 0
    /// The page a "load more" asks for.
    public private(set) var nextPage = 1
    /// Whether the last page has arrived; no more pages are requested until a refresh.
    public private(set) var isLastPage = false
    /// Whether a page has ever arrived (the "No photos" label waits for it).
    public private(set) var hasLoaded = false
    /// The request whose response the feed is waiting for.
    public private(set) var inFlight: PageRequest?
    /// The total number of photos the service reported, if it did.
    public private(set) var totalCount: Int?

    /// How the last event changed the list, if it did (a one-shot effect).
    public private(set) var change: FeedChange?
    /// The error the last event reported, if any (a one-shot effect).
    public private(set) var error: FeedError?
    /// The photo the last event selected, if any (a one-shot effect).
    public private(set) var selectedPhoto: Photo?

    /// Counters, for the demo's summary and for tests.
    public private(set) var stats = Stats()

    /// What the feed has done so far.
    public struct Stats: Sendable, Equatable {
        /// Requests started.
        public var requests = 0
        /// Pages that arrived and were used.
        public var pagesLoaded = 0
        /// Requests that failed.
        public var failures = 0
        /// Photos dropped because their id was already on screen.
        public var duplicatesDropped = 0
        /// Reached-bottom triggers ignored because a request was in flight.
        public var triggersIgnoredWhileLoading = 0
        /// Responses dropped because a refresh superseded their request.
        public var staleResponsesDropped = 0
    }

    /// An empty feed that has loaded nothing.
    public init() {}

    /// Whether a pull-to-refresh is in flight (the refresh control spins).
    public var isRefreshing: Bool {
        inFlight?.kind == .refresh
    }

    /// Whether a first page or a next page is in flight (the footer spinner spins).
    public var isLoadingMore: Bool {
        inFlight.map { $0.kind != .refresh } ?? false
    }

    /// Whether to show the "No photos" label: a page arrived, it was empty, nothing is loading.
    public var isEmpty: Bool {
        hasLoaded && photos.isEmpty && inFlight == nil
    }

    /// The state after `event`.
    ///
    /// - Parameters:
    ///   - state: The state before the event.
    ///   - event: What happened.
    /// - Returns: The new state; its ``change``, ``error`` and ``selectedPhoto`` describe this
    ///   event only.
    public static func reduce(_ state: FeedState, _ event: Event) -> FeedState {
        var next = state
        next.change = nil
        next.error = nil
        next.selectedPhoto = nil
        switch event {
        case .load:
            if !next.hasLoaded, next.inFlight == nil { next.start(page: 1, kind: .firstPage) }
        case .refresh:
            if next.inFlight?.kind != .refresh { next.start(page: 1, kind: .refresh) }
        case .reachedBottom:
            if next.inFlight != nil {
                next.stats.triggersIgnoredWhileLoading += 1
            } else if !next.isLastPage {
                next.start(page: next.nextPage, kind: next.hasLoaded ? .nextPage : .firstPage)
            }
        case .loaded(let request, let page):
            guard request == next.inFlight else {
                next.stats.staleResponsesDropped += 1
                break
            }
            next.inFlight = nil
            next.receive(page, for: request)
        case .failed(let request, let error):
            guard request == next.inFlight else {
                next.stats.staleResponsesDropped += 1
                break
            }
            next.inFlight = nil
            next.error = error
            next.stats.failures += 1
        case .selected(let index):
            next.selectedPhoto = next.photos.indices.contains(index) ? next.photos[index] : nil
        }
        return next
    }

    private mutating func start(page: Int, kind: PageRequest.Kind) {
        stats.requests += 1
        inFlight = PageRequest(id: stats.requests, page: page, kind: kind)
    }

    private mutating func receive(_ page: PhotoPage, for request: PageRequest) {
        if request.replacesList { photos = PhotoList() }
        let before = photos.count
        let added = photos.appendNew(page.photos)
        stats.duplicatesDropped += page.photos.count - added
        stats.pagesLoaded += 1
        hasLoaded = true
        nextPage = request.page + 1
        isLastPage = !page.hasNextPage
        totalCount = page.totalCount ?? totalCount
        if request.replacesList {
            change = .reload
        } else if photos.count > before {
            change = .insert(before..<photos.count)
        }
        if change != nil { revision += 1 }
    }
}
