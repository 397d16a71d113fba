extension FeedState {
    /// The length of the window ``FeedConfiguration/maxRequestsPerMinute`` counts in.
    static let budgetWindow: Duration = .seconds(60)

    /// How long a refusal's answer stands: a person who asks again within this time of a
    /// refusal that names the same wait is not told again (``FeedDecision/requestRefusedAgain(_:)``).
    ///
    /// This is what ends an app that refreshes on every ``FeedViewModel/Output/error``: the
    /// refusal is delivered inside the pull that caused it, the app's pull comes straight back,
    /// and without this rule each answer would ask again, forever, within one instant.
    public static let refusalRepeatWindow: Duration = .seconds(1)

    /// The state after `event`, which happened at `now` on the feed's clock.
    ///
    /// After applying the event, the rules look at the level once more: if the next page is
    /// wanted and nothing stands in its way (``wantsNextPage``), the request starts now.
    ///
    /// - Parameters:
    ///   - state: The state before the event.
    ///   - event: What happened.
    ///   - now: When it happened.
    /// - Returns: The new state; its ``decisions`` say what this event decided, and why.
    public static func reduce(_ state: FeedState, _ event: FeedEvent, at now: Duration) -> FeedState {
        var next = state
        next.decisions = []
        next.now = now
        next.forgetOldRequests()
        switch event {
        case .load:
            next.hasAppeared = true
        case .refresh:
            next.refresh()
        case .geometry(let geometry):
            next.measure(geometry)
        case .reachedBottom:
            next.askFromGesture(edge: true)
        case .retry:
            next.askFromGesture(edge: false)
        case .wakeUp:
            if let until = next.backoff?.resumesAt, until <= now { next.backoff?.phase = .ready }
            if let until = next.budgetResumesAt, until <= now { next.budgetResumesAt = nil }
        case .loaded(let request, let page):
            guard next.accept(request) else { break }
            next.receive(page, for: request)
        case .failed(let request, let error):
            guard next.accept(request) else { break }
            next.fail(request, error)
        case .selected(let index):
            if next.photos.indices.contains(index) {
                next.decisions.append(.photoSelected(index: index, next.photos[index]))
            }
        case .inputFailed(let error):
            next.decisions.append(.inputFailed(error))
        }
        if next.wantsNextPage { next.startNextPage() }
        return next
    }

    // MARK: Events

    private mutating func refresh() {
        guard !isRefreshing else { return }
        guard budgetAllowsRequest else {
            refuse(.refresh)
            return
        }
        if let superseded = inFlight {
            decisions.append(.requestCancelled(superseded))
        }
        // A back-off stays until a page arrives: a refresh that fails must not clear the way
        // for a request at once.
        start(page: 1, reason: .refresh)
    }

    /// Takes a new geometry; an edge into the zone that wants more, when nothing can start, is
    /// a trigger ignored for a reason.
    private mutating func measure(_ geometry: ScrollGeometry) {
        let wanted = needsContent
        self.geometry = geometry
        isAwaitingLayout = false
        guard let demand else { return }
        // Scrolling away from the end of the content re-arms a spent retry; an empty screen
        // cannot be scrolled away from.
        if !demand.wantsMore, hasLoaded, backoff?.phase == .exhausted {
            backoff?.phase = .rearmed
        }
        if !wanted, needsContent, let blocker {
            ignore(blocker)
        }
    }

    /// An explicit ask: a reached-bottom edge, or the footer's retry (which asks only for a
    /// page that failed). It starts a request now or is ignored, and is never remembered.
    private mutating func askFromGesture(edge: Bool) {
        guard edge || backoff != nil else { return }
        // A gesture overrides a spent retry budget. The footer's retry also cuts a back-off short,
        // and is a person asking: when the request budget holds the page back, it is answered
        // with the wait below, never ignored.
        let tapMayPass = blocker == .backoff || blocker == .requestBudget
        if let blocker, blocker != .retriesExhausted, edge || !tapMayPass {
            ignore(blocker)
            return
        }
        let reason: PageRequest.Reason = if backoff != nil { .gesture } else if hasLoaded { .scroll } else { .firstLoad }
        guard budgetAllowsRequest else {
            // The footer's retry is a person asking: refused with the wait. An edge is not.
            if edge { ignore(.requestBudget) } else { refuse(reason) }
            return
        }
        if backoff?.resumesAt != nil { backoff?.phase = .ready }
        start(page: nextPage, reason: reason)
    }

    /// Whether a response is for the request in flight; otherwise it is dropped.
    private mutating func accept(_ request: PageRequest) -> Bool {
        guard request == inFlight else {
            decisions.append(.staleResponseDropped(request))
            return false
        }
        inFlight = nil
        return true
    }

    private mutating func receive(_ page: PhotoPage, for request: PageRequest) {
        if request.replacesList { photos = PhotoList() }
        let before = photos.count
        let added = photos.appendNew(page.photos)
        var change: FeedChange?
        if request.replacesList {
            change = .reload
        } else if photos.count > before {
            change = .insert(before..<photos.count)
        }
        duplicatesDropped += page.photos.count - added
        hasLoaded = true
        nextPage = request.page + 1
        isLastPage = !page.hasNextPage
        totalCount = page.totalCount ?? totalCount
        backoff = nil
        if change != nil {
            revision += 1
            isAwaitingLayout = geometry != nil
        }
        decisions.append(.pageArrived(request, page, change: change, duplicatesDropped: page.photos.count - added))
    }

    private mutating func fail(_ request: PageRequest, _ error: FeedError) {
        decisions.append(.requestFailed(request, error))
        // A refresh that fails leaves the list as it was; the user pulled and can pull again.
        // With nothing loaded yet, it is the first page failing again.
        guard !request.isRefresh || !hasLoaded else { return }
        let failures = (backoff?.page == request.page ? backoff?.failures ?? 0 : 0) + 1
        let policy = configuration.retry
        if error.isTransient, failures <= policy.maxAttempts {
            let delay = policy.delay(afterFailure: failures, page: request.page, serverAsked: error.retryAfter)
            backoff = Backoff(page: request.page, failures: failures, error: error, phase: .waiting(until: now + delay))
            decisions.append(.retryScheduled(page: request.page, failures: failures, after: delay))
        } else {
            backoff = Backoff(page: request.page, failures: failures, error: error, phase: .exhausted)
            decisions.append(.retriesExhausted(page: request.page, failures: failures))
        }
    }

    // MARK: Starting requests

    /// Starts the wanted next page, or waits for the budget.
    private mutating func startNextPage() {
        guard budgetAllowsRequest else {
            budgetResumesAt = recentRequests[0] + Self.budgetWindow
            ignore(.requestBudget)
            return
        }
        let reason: PageRequest.Reason = switch backoff?.phase {
        case .ready: .retry
        case .rearmed: .gesture
        default: if !hasLoaded { .firstLoad } else if demand == .unfilled { .prefill } else { .scroll }
        }
        start(page: nextPage, reason: reason)
    }

    private mutating func start(page: Int, reason: PageRequest.Reason) {
        requestsStarted += 1
        let request = PageRequest(id: requestsStarted, page: page, reason: reason, startedAt: now)
        recentRequests.append(now)
        // The budget allowed this request, so no wanted page waits for it any longer.
        budgetResumesAt = nil
        inFlight = request
        decisions.append(.requestStarted(request))
    }

    private var budgetAllowsRequest: Bool {
        recentRequests.count < configuration.maxRequestsPerMinute
    }

    private mutating func forgetOldRequests() {
        // Most events forget nothing: leave the array alone then, so the state is not copied.
        let cutoff = now - Self.budgetWindow
        guard let oldest = recentRequests.first, oldest <= cutoff else { return }
        recentRequests.removeFirst(recentRequests.firstIndex { $0 > cutoff } ?? recentRequests.count)
    }

    /// Refuses a request a person asked for, because of the budget, and says when to ask again;
    /// the same answer again within ``refusalRepeatWindow`` is not repeated.
    private mutating func refuse(_ reason: PageRequest.Reason) {
        let resumesAt = recentRequests[0] + Self.budgetWindow
        if let last = lastRefusal, last.resumesAt == resumesAt, now - last.reportedAt < Self.refusalRepeatWindow {
            decisions.append(.requestRefusedAgain(reason))
            return
        }
        lastRefusal = Refusal(reportedAt: now, resumesAt: resumesAt)
        decisions.append(.requestRefused(reason, .requestBudgetSpent(retryAfter: resumesAt - now)))
    }

    private mutating func ignore(_ reason: FeedDecision.IgnoredBecause) {
        decisions.append(.triggerIgnored(reason))
    }
}
