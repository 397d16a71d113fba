import FeedStreams
import FeedTestSupport
import Streams
import Testing

/// The feed's rules, tested as a plain function before any stream is involved.
///
/// The screen is 600 pt tall and the feed prefetches 600 pt, so content shorter than 1,200 pt
/// is unfilled; times are in milliseconds.
@Suite("FeedState.reduce")
struct FeedStateTests {
    static let configuration = FeedConfiguration(
        perPage: 2,
        prefetchDistance: 600,
        retry: RetryPolicy(maxAttempts: 2, initialDelay: .seconds(1), jitter: 0),
        maxRequestsPerMinute: 60
    )

    /// A feed that plays events one after another, each at its own time.
    struct Feed {
        var state: FeedState
        /// What the states so far decided, counted.
        private(set) var counts = FeedCounts()

        init(_ configuration: FeedConfiguration = FeedStateTests.configuration) {
            state = FeedState(configuration: configuration)
        }

        @discardableResult
        mutating func send(_ event: FeedEvent, at milliseconds: Int = 0) -> FeedState {
            state = FeedState.reduce(state, event, at: .milliseconds(milliseconds))
            counts.add(state.decisions)
            #expect(!state.wantsNextPage, "after every event, a wanted page has started")
            return state
        }

        /// The request in flight; records an issue when there is none.
        var inFlight: PageRequest {
            guard let request = state.inFlight else {
                Issue.record("no request in flight")
                return PageRequest(id: 0, page: 0, reason: .scroll)
            }
            return request
        }

        var started: [PageRequest] {
            state.decisions.compactMap { if case .requestStarted(let request) = $0 { request } else { nil } }
        }
    }

    /// A 600 pt screen over content of this height, scrolled to `offset`.
    func screen(content: Double, offset: Double = 0) -> ScrollGeometry {
        ScrollGeometry(contentOffsetY: offset, contentHeight: content, viewportHeight: 600)
    }

    @Test("the screen appearing starts page 1 for the first load, and the footer spins")
    func firstLoad() {
        var feed = Feed()
        feed.send(.load)
        #expect(feed.state.inFlight == PageRequest(id: 1, page: 1, reason: .firstLoad))
        #expect(feed.state.decisions == [.requestStarted(feed.inFlight)])
        #expect(feed.state.footer == .loading)
        #expect(feed.state.isLoadingMore && !feed.state.isRefreshing && !feed.state.isEmpty)
    }

    @Test("a short first page fills the screen by itself: the feed asks for the next page, then stops")
    func prefill() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.loaded(feed.inFlight, page(1, ["a", "b"])), at: 1_000)
        #expect(feed.state.change == .reload)
        #expect(feed.state.inFlight == nil, "the old geometry described no content: wait for the layout")
        #expect(feed.state.isAwaitingLayout == false, "no geometry ever came, so there is no layout to wait for")

        feed.send(.geometry(screen(content: 500)), at: 1_000)
        #expect(feed.started == [PageRequest(id: 2, page: 2, reason: .prefill, startedAt: .seconds(1))])
        feed.send(.loaded(feed.inFlight, page(2, ["c", "d"])), at: 2_000)
        #expect(feed.state.isAwaitingLayout)
        #expect(feed.state.inFlight == nil, "the geometry of 500 pt describes the old content")
        feed.send(.geometry(screen(content: 1_300)), at: 2_000)
        #expect(feed.state.inFlight == nil, "1,300 pt reaches the prefetch distance below the screen")
        #expect(feed.state.demand == .satisfied)
        #expect(feed.counts.requests == [.firstLoad: 1, .prefill: 1])
    }

    @Test("a page that does not make the content taller keeps the feed loading (the grid stall)")
    func gridPageThatDoesNotGrow() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.loaded(feed.inFlight, page(1, ["a"])))
        feed.send(.geometry(screen(content: 190)))
        feed.send(.loaded(feed.inFlight, page(2, ["b"])), at: 100)
        // The second photo lands beside the first: the content is just as tall.
        feed.send(.geometry(screen(content: 190)), at: 100)
        #expect(feed.started == [PageRequest(id: 3, page: 3, reason: .prefill, startedAt: .milliseconds(100))])
    }

    @Test("scrolling near the end starts the next page; the same level while it loads is ignored, never queued")
    func scrollAndIgnore() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.loaded(feed.inFlight, page(1, ["a", "b"])))
        feed.send(.geometry(screen(content: 2_000)))
        #expect(feed.state.inFlight == nil && feed.state.demand == .satisfied)

        feed.send(.geometry(screen(content: 2_000, offset: 900)), at: 500)
        #expect(feed.started == [PageRequest(id: 2, page: 2, reason: .scroll, startedAt: .milliseconds(500))])
        let loading = feed.inFlight
        // Away and back while page 2 loads: one ignored trigger, counted.
        feed.send(.geometry(screen(content: 2_000, offset: 100)), at: 600)
        feed.send(.geometry(screen(content: 2_000, offset: 950)), at: 700)
        #expect(feed.state.decisions == [.triggerIgnored(.loading)])
        feed.send(.reachedBottom, at: 750)
        #expect(feed.state.decisions == [.triggerIgnored(.loading)])
        #expect(feed.counts.triggersIgnored == [.loading: 2])
        // Page 2 lands and the content grows past the prefetch distance: nothing was queued.
        feed.send(.loaded(loading, page(2, ["c", "d"])), at: 1_500)
        feed.send(.geometry(screen(content: 3_000, offset: 950)), at: 1_500)
        #expect(feed.state.inFlight == nil)
        #expect(feed.counts.totalRequests == 2)
    }

    @Test("a reached-bottom edge starts the next page at that instant, or is ignored and forgotten")
    func edgeTrigger() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.loaded(feed.inFlight, page(1, ["a", "b"])))
        feed.send(.reachedBottom, at: 100)
        #expect(feed.started == [PageRequest(id: 2, page: 2, reason: .scroll, startedAt: .milliseconds(100))])
        feed.send(.reachedBottom, at: 200)
        #expect(feed.state.decisions == [.triggerIgnored(.loading)])
        feed.send(.loaded(feed.inFlight, page(2, ["c", "d"], hasNext: false)), at: 300)
        #expect(feed.state.inFlight == nil, "the ignored edge is not remembered")
        feed.send(.reachedBottom, at: 400)
        #expect(feed.state.decisions == [.triggerIgnored(.lastPage)])
        #expect(feed.state.footer == .endOfFeed)
    }

    @Test("a refresh cancels the request in flight, replaces the list, and a late answer is dropped")
    func refreshRace() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.loaded(feed.inFlight, page(1, ["a", "b"])))
        feed.send(.reachedBottom)
        let loadingMore = feed.inFlight
        feed.send(.refresh, at: 100)
        let refresh = PageRequest(id: 3, page: 1, reason: .refresh, startedAt: .milliseconds(100))
        #expect(feed.state.decisions == [.requestCancelled(loadingMore), .requestStarted(refresh)])
        #expect(feed.state.isRefreshing && !feed.state.isLoadingMore)
        feed.send(.refresh, at: 150)
        #expect(feed.state.decisions == [], "a second pull while refreshing does nothing")

        feed.send(.loaded(loadingMore, page(2, ["x"])), at: 200)
        #expect(feed.state.decisions == [.staleResponseDropped(loadingMore)])
        #expect(feed.state.photos.map(\.id) == ["a", "b"])
        feed.send(.loaded(refresh, page(1, ["n", "a"])), at: 300)
        #expect(feed.state.photos.map(\.id) == ["n", "a"])
        #expect(feed.state.change == .reload)
        #expect(feed.state.nextPage == 2)
        #expect(feed.counts.cancelled == 1 && feed.counts.staleResponsesDropped == 1)
    }

    @Test("a short first page with page 2 failing recovers by itself after the back-off")
    func failureRecoversByItself() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.loaded(feed.inFlight, page(1, ["a"])))
        feed.send(.geometry(screen(content: 300)))
        let second = feed.inFlight
        feed.send(.failed(second, .serverError(status: 503)), at: 1_000)
        #expect(feed.state.decisions == [
            .requestFailed(second, .serverError(status: 503)),
            .retryScheduled(page: 2, failures: 1, after: .seconds(1)),
        ])
        #expect(feed.state.error == .serverError(status: 503))
        #expect(feed.state.footer == .retrying(page: 2, at: .seconds(2), after: .serverError(status: 503)))
        #expect(feed.state.nextWakeUp == .seconds(2))
        #expect(feed.state.nextPage == 2, "the page counter advances only on success")

        feed.send(.geometry(screen(content: 300)), at: 1_500)
        #expect(feed.state.decisions == [], "no new trigger: the level did not change")
        feed.send(.reachedBottom, at: 1_600)
        #expect(feed.state.decisions == [.triggerIgnored(.backoff)])
        feed.send(.wakeUp, at: 2_000)
        #expect(feed.started == [PageRequest(id: 3, page: 2, reason: .retry, startedAt: .seconds(2))])
        feed.send(.loaded(feed.inFlight, page(2, ["b"])), at: 3_000)
        #expect(feed.state.backoff == nil)
        #expect(feed.state.photos.map(\.id) == ["a", "b"])
    }

    @Test("after the retries run out the footer offers a retry; a tap, or scrolling away and back, asks again")
    func retriesRunOut() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.loaded(feed.inFlight, page(1, ["a", "b"])))
        feed.send(.geometry(screen(content: 2_000, offset: 900)))
        feed.send(.failed(feed.inFlight, .timedOut), at: 100)
        feed.send(.wakeUp, at: 1_100)
        feed.send(.failed(feed.inFlight, .timedOut), at: 1_200)
        #expect(feed.state.decisions.last == .retryScheduled(page: 2, failures: 2, after: .seconds(2)))
        feed.send(.wakeUp, at: 3_200)
        feed.send(.failed(feed.inFlight, .timedOut), at: 3_300)
        #expect(feed.state.decisions.last == .retriesExhausted(page: 2, failures: 3))
        #expect(feed.state.footer == .tapToRetry(.timedOut))
        #expect(feed.state.nextWakeUp == nil)

        feed.send(.geometry(screen(content: 2_000, offset: 950)), at: 3_400)
        #expect(feed.state.decisions == [], "still near the end: that is no new gesture")
        #expect(feed.state.inFlight == nil)

        var tapped = feed
        tapped.send(.retry, at: 4_000)
        #expect(tapped.started == [PageRequest(id: 5, page: 2, reason: .gesture, startedAt: .seconds(4))])

        feed.send(.geometry(screen(content: 2_000, offset: 0)), at: 4_000)
        #expect(feed.state.backoff?.phase == .rearmed)
        #expect(feed.state.inFlight == nil)
        feed.send(.geometry(screen(content: 2_000, offset: 900)), at: 4_500)
        #expect(feed.started == [PageRequest(id: 5, page: 2, reason: .gesture, startedAt: .milliseconds(4_500))])
    }

    @Test("the footer's retry cuts a back-off short; with nothing failed it does nothing")
    func retryTap() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.retry)
        #expect(feed.state.decisions == [])
        feed.send(.failed(feed.inFlight, .offline), at: 100)
        feed.send(.retry, at: 200)
        #expect(feed.started == [PageRequest(id: 2, page: 1, reason: .gesture, startedAt: .milliseconds(200))])
        #expect(feed.state.nextWakeUp == nil, "the back-off's timer is no longer needed")
    }

    @Test("an error that will not go away by itself is not retried: the footer offers a retry at once")
    func permanentError() {
        var feed = Feed()
        feed.send(.load)
        let first = feed.inFlight
        feed.send(.failed(first, .unauthorized), at: 100)
        #expect(feed.state.decisions == [.requestFailed(first, .unauthorized), .retriesExhausted(page: 1, failures: 1)])
        #expect(feed.state.footer == .tapToRetry(.unauthorized))
        #expect(feed.state.nextWakeUp == nil)
    }

    @Test("a rate limit waits at least as long as the server asked")
    func rateLimitReset() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.failed(feed.inFlight, .rateLimited(resetAfter: .seconds(30))), at: 100)
        #expect(feed.state.decisions.last == .retryScheduled(page: 1, failures: 1, after: .seconds(30)))
        #expect(feed.state.nextWakeUp == .milliseconds(30_100))
        feed.send(.wakeUp, at: 30_100)
        #expect(feed.started == [PageRequest(id: 2, page: 1, reason: .retry, startedAt: .milliseconds(30_100))])
    }

    @Test("a failed refresh keeps the list, reports once and is not retried by itself")
    func refreshFailure() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.loaded(feed.inFlight, page(1, ["a", "b"])))
        feed.send(.geometry(screen(content: 2_000)))
        feed.send(.refresh, at: 100)
        feed.send(.failed(feed.inFlight, .offline), at: 200)
        #expect(feed.state.error == .offline)
        #expect(feed.state.backoff == nil && feed.state.nextWakeUp == nil)
        #expect(feed.state.photos.map(\.id) == ["a", "b"])
        #expect(!feed.state.isRefreshing)
    }

    @Test("a failed refresh of an empty feed counts as the first page failing: it backs off, nothing starts at once")
    func refreshOfEmptyFeedFails() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.failed(feed.inFlight, .unauthorized), at: 100)
        feed.send(.refresh, at: 200)
        let refresh = feed.inFlight
        feed.send(.failed(refresh, .unauthorized), at: 300)
        #expect(feed.state.decisions == [.requestFailed(refresh, .unauthorized), .retriesExhausted(page: 1, failures: 2)])
        #expect(feed.state.inFlight == nil)
    }

    @Test("no more than maxRequestsPerMinute requests start in any minute; a wanted page waits for the budget")
    func requestBudget() {
        var configuration = Self.configuration
        configuration.maxRequestsPerMinute = 2
        var feed = Feed(configuration)
        feed.send(.load, at: 0)
        feed.send(.loaded(feed.inFlight, page(1, [])), at: 10)
        // An empty page with more after it: the screen is still empty, and wants more.
        feed.send(.geometry(screen(content: 0)), at: 10)
        #expect(feed.started.map(\.page) == [2])
        feed.send(.loaded(feed.inFlight, page(2, [])), at: 20)
        #expect(feed.state.decisions.last == .triggerIgnored(.requestBudget))
        #expect(feed.state.budgetResumesAt == .seconds(60))
        feed.send(.refresh, at: 30)
        let wait = FeedError.requestBudgetSpent(retryAfter: .milliseconds(59_970))
        #expect(feed.state.decisions == [.requestRefused(.refresh, wait)], "a refresh over the budget is refused, with when to try")
        #expect(feed.state.error == wait)
        #expect(!feed.state.isRefreshing)
        #expect(feed.counts.triggersIgnored[.requestBudget] == 2)
        feed.send(.wakeUp, at: 60_000)
        #expect(feed.started == [PageRequest(id: 3, page: 3, reason: .prefill, startedAt: .seconds(60))])
    }

    @Test("photos are de-duplicated across pages and the number dropped is counted")
    func duplicates() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.loaded(feed.inFlight, page(1, ["a", "b"])))
        feed.send(.reachedBottom)
        feed.send(.loaded(feed.inFlight, page(2, ["b", "c"])))
        #expect(feed.state.photos.map(\.id) == ["a", "b", "c"])
        #expect(feed.state.change == .insert(2..<3))
        #expect(feed.state.decisions.last == .pageArrived(
            PageRequest(id: 2, page: 2, reason: .scroll), page(2, ["b", "c"]), change: .insert(2..<3), duplicatesDropped: 1
        ))
        feed.send(.reachedBottom)
        feed.send(.loaded(feed.inFlight, page(3, ["a", "c"])))
        #expect(feed.state.change == nil)
        #expect(feed.state.revision == 2)
        #expect(feed.counts.duplicatesDropped == 3)
    }

    @Test("an empty first page shows \"No photos\"; taps select the photo at the index, or nothing")
    func emptyAndSelection() {
        var feed = Feed()
        feed.send(.load)
        feed.send(.loaded(feed.inFlight, page(1, [], hasNext: false)))
        #expect(feed.state.isEmpty)
        #expect(feed.state.footer == .hidden)
        feed.send(.selected(index: 0))
        #expect(feed.state.selectedPhoto == nil && feed.state.decisions == [])

        var full = Feed()
        full.send(.load)
        full.send(.loaded(full.inFlight, page(1, ["a", "b"])))
        full.send(.selected(index: 1))
        #expect(full.state.selectedPhoto?.id == "b")
        #expect(full.state.decisions == [.photoSelected(index: 1, photo("b"))])
    }

    @Test("a failed input is reported once as an error and changes nothing else")
    func inputFailure() {
        var feed = Feed()
        feed.send(.load)
        let before = feed.state
        let failure = FeedError.inputFailed(input: "geometry", reason: "boom")
        feed.send(.inputFailed(failure), at: 10)
        #expect(feed.state.error == failure)
        #expect(feed.state.inFlight == before.inFlight && feed.state.photos == before.photos)
    }
}

@Suite("FeedConfiguration and RetryPolicy")
struct FeedConfigurationTests {
    @Test("a configuration out of range is refused with the field, the value and what it must be", arguments: [
        (FeedConfiguration(perPage: 0), "perPage is 0; it must be from 1 to 30 (Unsplash's largest page)"),
        (FeedConfiguration(perPage: -3), "perPage is -3; it must be from 1 to 30 (Unsplash's largest page)"),
        (FeedConfiguration(perPage: 31), "perPage is 31; it must be from 1 to 30 (Unsplash's largest page)"),
        (FeedConfiguration(prefetchDistance: -1), "prefetchDistance is -1.0; it must be 0 points or more"),
        (FeedConfiguration(maxRequestsPerMinute: 0), "maxRequestsPerMinute is 0; it must be 1 or more"),
        (FeedConfiguration(retry: RetryPolicy(initialDelay: .zero)), "retry.initialDelay is 0.0 seconds; it must be more than zero"),
        (FeedConfiguration(retry: RetryPolicy(initialDelay: .seconds(-1))), "retry.initialDelay is -1.0 seconds; it must be more than zero"),
        (FeedConfiguration(retry: RetryPolicy(maxAttempts: -1)), "retry.maxAttempts is -1; it must be 0 or more"),
        (FeedConfiguration(retry: RetryPolicy(multiplier: 0.5)), "retry.multiplier is 0.5; it must be 1 or more"),
        (FeedConfiguration(retry: RetryPolicy(jitter: 2)), "retry.jitter is 2.0; it must be from 0 to 1"),
        (FeedConfiguration(retry: RetryPolicy(initialDelay: .seconds(5), maxDelay: .seconds(1))),
         "retry.maxDelay is 1.0 seconds; it must be at least initialDelay (5.0 seconds)"),
    ])
    func refused(configuration: FeedConfiguration, message: String) {
        #expect(throws: FeedConfigurationError.self) { try configuration.validate() }
        do {
            try configuration.validate()
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("the defaults and the edges of every range are accepted")
    func accepted() throws {
        try FeedConfiguration().validate()
        try FeedConfiguration(perPage: 1, prefetchDistance: 0, retry: RetryPolicy(maxAttempts: 0, jitter: 1), maxRequestsPerMinute: 1).validate()
        try FeedConfiguration(perPage: 30).validate()
    }

    @Test("the feed's RetryPolicy and the operator's RetryBackoff compute one back-off: the same waits for the same seed and page",
          arguments: [0, 7, 12_345] as [UInt64])
    func oneBackoffForTheFeedAndTheOperator(_ seed: UInt64) {
        print("back-off seed \(seed)")
        for page in [1, 2, 9] {
            let key = seed ^ (UInt64(page) &* 0x9E37_79B9)
            let backoff = RetryBackoff.exponential(initial: .milliseconds(250), multiplier: 3, max: .seconds(20), jitter: 0.2, seed: key)
            let policy = RetryPolicy(maxAttempts: 6, initialDelay: .milliseconds(250), multiplier: 3, maxDelay: .seconds(20), jitter: 0.2, seed: seed)
            #expect((1...6).map(backoff.delay(afterFailure:)) == (1...6).map { policy.delay(afterFailure: $0, page: page) },
                    "seed \(seed), page \(page)")
            #expect(policy.backoff(forPage: page) == RetryBackoff.exponential(
                initial: .milliseconds(250), multiplier: 3, max: .seconds(20), jitter: 0.2, seed: key, maxAttempts: 7
            ))
        }
    }

    @Test("back-off doubles up to the cap, jitter only shortens it, and the seed makes it exact")
    func backoffDelays() {
        let plain = RetryPolicy(initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(5), jitter: 0)
        #expect((1...5).map { plain.delay(afterFailure: $0, page: 2) } == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
        #expect(plain.delay(afterFailure: 1, page: 2, serverAsked: .seconds(9)) == .seconds(9))

        let jittered = RetryPolicy(initialDelay: .seconds(1), jitter: 0.5, seed: 7)
        let delays = (1...4).map { jittered.delay(afterFailure: $0, page: 3) }
        #expect(delays == (1...4).map { jittered.delay(afterFailure: $0, page: 3) }, "the same seed gives the same delays")
        for (failure, delay) in zip(1..., delays) {
            let base = Duration.seconds(1 << (failure - 1))
            #expect(delay <= base && delay >= base * 0.5, "failure \(failure): \(delay)")
        }
        let other = RetryPolicy(initialDelay: .seconds(1), jitter: 0.5, seed: 8)
        #expect(delays != (1...4).map { other.delay(afterFailure: $0, page: 3) }, "another seed, other delays")
    }
}
