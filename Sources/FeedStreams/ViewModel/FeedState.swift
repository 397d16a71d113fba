/// Everything the feed knows, and the one function that changes it.
///
/// `FeedState` is a plain value and ``reduce(_:_:at:)`` is a pure function, so the feed's rules
/// can be read, and tested, without streams or time. The rules, in short:
///
/// - **Load more is a level.** The next page is *wanted* while the screen needs content (the
///   last geometry is within ``FeedConfiguration/prefetchDistance`` of the end, or the content
///   cannot fill the screen at all), nothing is loading, more pages exist, no back-off runs and
///   the request budget allows it. The rules re-evaluate after every event, so a request starts
///   at the first instant it is wanted (a page lands, the geometry changes, a back-off ends, a
///   refresh completes), and at no other.
/// - After the list changes, the feed waits for the next geometry before it decides again: the
///   old geometry describes the old content.
/// - Nothing loads by itself before the screen appears (``FeedEvent/load``): a geometry or an
///   edge before it is ignored (``FeedDecision/IgnoredBecause/notAppeared``). Then the first
///   page starts at once.
/// - The first load and every refresh request page 1 and replace the list; a refresh cancels a
///   request in flight. A refresh is the one request a person may ask for before `load`.
/// - A failed page is retried by itself after a back-off (``RetryPolicy``), then waits for a
///   gesture. A failed refresh is reported and not retried: the list stays (with no list yet,
///   it counts as the first page failing).
/// - No more than ``FeedConfiguration/maxRequestsPerMinute`` requests start in any minute. A
///   wanted page waits for the budget (the footer says when it starts); a refresh or a tap on
///   retry that it refuses is reported (``FeedDecision/requestRefused(_:_:)``) with when to ask
///   again, whatever else waits for the budget. The same answer is not repeated to a person who
///   asks again within ``refusalRepeatWindow`` (``FeedDecision/requestRefusedAgain(_:)``), so an
///   app that refreshes on every error ends its instant.
/// - Photos are de-duplicated by id across pages.
///
/// Each state records what its event decided, and why, in ``decisions``.
public struct FeedState: Sendable, Equatable {
    /// The rules' settings.
    public let configuration: FeedConfiguration

    /// The photos on screen, without duplicates, in feed order.
    ///
    /// A page appends to the list in place (see ``PhotoList``), so a new state shares the previous
    /// state's photos instead of copying them, and the previous state still sees only its own.
    public internal(set) var photos = PhotoList()
    /// Increases each time ``photos`` changes, so observers can skip states that did not touch
    /// the list without comparing it element by element.
    public internal(set) var revision = 0
    /// The page the next request for more asks for.
    public internal(set) var nextPage = 1
    /// Whether the last page has arrived; no more pages are requested until a refresh.
    public internal(set) var isLastPage = false
    /// Whether a page has ever arrived (the "No photos" label waits for it).
    public internal(set) var hasLoaded = false
    /// Whether the screen has appeared (``FeedEvent/load``).
    public internal(set) var hasAppeared = false
    /// The total number of photos the service reported, if it did.
    public internal(set) var totalCount: Int?

    /// The request whose response the feed is waiting for.
    public internal(set) var inFlight: PageRequest?
    /// The last geometry the scroll view reported, if any.
    public internal(set) var geometry: ScrollGeometry?
    /// Whether the list changed after ``geometry`` was measured: until the next geometry, the
    /// level is unknown and no request starts from it.
    public internal(set) var isAwaitingLayout = false
    /// The failures of the page the feed wants next, if its last request failed.
    public internal(set) var backoff: Backoff?
    /// The start times of the requests of the last minute, oldest first.
    public internal(set) var recentRequests: [Duration] = []
    /// When the request budget allows the next request, while a wanted request waits for it.
    public internal(set) var budgetResumesAt: Duration?
    /// The last refusal reported: a person who asks again soon after it, while it still holds,
    /// is not told again (see ``refusalRepeatWindow``).
    var lastRefusal: Refusal?
    /// The time of the event that made this state, on the feed's clock.
    public internal(set) var now: Duration = .zero

    /// What the event that made this state decided, in order.
    public internal(set) var decisions: [FeedDecision] = []
    /// How many requests have started: the next one's ``PageRequest/id`` is one more.
    public internal(set) var requestsStarted = 0
    /// How many photos the feed has dropped so far because their id was already on screen: the
    /// state of the ``FeedViewModel/Output-swift.struct/duplicatesDropped`` output, kept here so
    /// that a subscriber who comes late is told the whole count. Every other count is a fold over
    /// ``decisions`` where it is shown (as feed-demo's summary does).
    public internal(set) var duplicatesDropped = 0

    /// An empty feed that has loaded nothing, with these rules.
    public init(configuration: FeedConfiguration = FeedConfiguration()) {
        self.configuration = configuration
    }

    // MARK: Derived

    /// Whether a pull-to-refresh is in flight (the refresh control spins).
    public var isRefreshing: Bool {
        inFlight?.isRefresh ?? false
    }

    /// Whether a first page or a next page is in flight (the footer spinner spins).
    public var isLoadingMore: Bool {
        inFlight.map { !$0.isRefresh } ?? false
    }

    /// Whether to show the "No photos" label: a page arrived, it was empty, nothing is loading.
    public var isEmpty: Bool {
        hasLoaded && photos.isEmpty && inFlight == nil
    }

    /// What the screen needs, from the last geometry; `nil` before the first one.
    public var demand: ContentDemand? {
        geometry?.demand(prefetchDistance: configuration.prefetchDistance)
    }

    /// Whether the screen needs the next page now: the first page once the screen appeared,
    /// or any page while the last geometry, measured on the current content, wants more.
    public var needsContent: Bool {
        if !hasLoaded, hasAppeared { return true }
        return !isAwaitingLayout && demand?.wantsMore == true
    }

    /// Why a request for the next page cannot start now, or `nil` when it can.
    public var blocker: FeedDecision.IgnoredBecause? {
        if inFlight != nil { return .loading }
        if !hasAppeared { return .notAppeared }
        if hasLoaded, isLastPage { return .lastPage }
        switch backoff?.phase {
        case .waiting: return .backoff
        case .exhausted: return .retriesExhausted
        case .ready, .rearmed, nil: break
        }
        if budgetResumesAt != nil { return .requestBudget }
        return nil
    }

    /// Whether the next page is wanted and nothing stands in its way. After every event the
    /// rules start it, so a state that ``reduce(_:_:at:)`` returned never has this set.
    public var wantsNextPage: Bool {
        needsContent && blocker == nil
    }

    /// When the feed's timer must wake it: the end of a back-off or of the budget's wait.
    public var nextWakeUp: Duration? {
        switch (backoff?.resumesAt, budgetResumesAt) {
        case (let a?, let b?): min(a, b)
        case (let a?, nil): a
        case (nil, let b?): b
        case (nil, nil): nil
        }
    }

    /// How the list changed with this state's event, if it did (a one-shot effect).
    public var change: FeedChange? {
        for case .pageArrived(_, _, let change?, _) in decisions { return change }
        return nil
    }

    /// The error this state's event reported, if any (a one-shot effect).
    public var error: FeedError? {
        for decision in decisions {
            switch decision {
            case .requestFailed(_, let error), .requestRefused(_, let error), .inputFailed(let error): return error
            default: continue
            }
        }
        return nil
    }

    /// Whether this state's event was a pull to refresh that the request budget refused, told
    /// or not (a one-shot effect).
    var refusedRefresh: Bool {
        decisions.contains {
            switch $0 {
            case .requestRefused(.refresh, _), .requestRefusedAgain(.refresh): true
            default: false
            }
        }
    }

    /// The photo this state's event selected, if any (a one-shot effect).
    public var selectedPhoto: Photo? {
        for case .photoSelected(_, let photo) in decisions { return photo }
        return nil
    }

    /// What the footer under the list shows.
    public var footer: FeedFooter {
        if isLoadingMore { return .loading }
        // Before the screen appears, and while a refresh loads, nothing retries and a tap would be
        // ignored: the footer offers nothing then.
        if let backoff, hasAppeared, !isRefreshing {
            switch backoff.phase {
            case .waiting(let until):
                return .retrying(page: backoff.page, at: until, after: backoff.error)
            case .exhausted:
                return .tapToRetry(backoff.error)
            case .rearmed, .ready:
                // The page is wanted again and waits only for the request budget: it starts by
                // itself then, so the footer says when instead of offering a tap.
                if let resumesAt = budgetResumesAt {
                    return .retrying(page: backoff.page, at: resumesAt, after: backoff.error)
                }
                if backoff.phase == .rearmed { return .tapToRetry(backoff.error) }
            }
        }
        if hasLoaded, isLastPage, !photos.isEmpty { return .endOfFeed }
        return .hidden
    }
}

/// A refusal the feed reported: when, and the time it told the person to wait for.
struct Refusal: Sendable, Equatable {
    var reportedAt: Duration
    var resumesAt: Duration
}

/// What the footer under the list shows.
public enum FeedFooter: Sendable, Equatable {
    /// Nothing.
    case hidden
    /// A spinner: the first page or the next page is loading.
    case loading
    /// "Couldn't load — retrying in 4 s": the page starts by itself at `at` on the feed's clock,
    /// when its back-off ends, or when the request budget allows it again.
    case retrying(page: Int, at: Duration, after: FeedError)
    /// "Couldn't load — tap to retry": the automatic retries ran out, and a tap would ask again
    /// now (it is never offered before the screen appears, while a refresh loads, or while the
    /// page waits for the request budget, which ``retrying(page:at:after:)`` shows instead).
    case tapToRetry(FeedError)
    /// "You're all caught up": the last page has arrived.
    case endOfFeed
}
