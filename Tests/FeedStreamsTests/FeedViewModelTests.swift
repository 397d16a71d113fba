import FeedStreams
import Streams
import StreamsTesting
import Testing

/// The view model through its streams, on virtual time where one tick is 100 ms and the
/// reached-bottom throttle is 3 ticks. Inputs are hot marble diagrams; the service answers with
/// cold diagrams (`"--p"`: the page, two ticks after the request).
@Suite("FeedViewModel")
struct FeedViewModelTests {
    let changes: [Character: FeedChange] = ["r": .reload, "i": .insert(2..<4), "j": .insert(4..<6), "k": .insert(2..<3)]

    @Test("the first load requests page 1 and reaching the bottom appends page 2")
    func firstLoadThenNextPage() throws {
        let feed = FeedHarness(
            load:   "-l",
            bottom: "-----b",
            answers: [1: ["--p"], 2: ["--p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"]]
        )
        try feed.advance(to: 20)
        expectMarbles(feed.changes, "---r---i", values: changes)
        expectMarbles(feed.isLoadingMore, "ft-f-t-f", values: flags)
        expectMarbles(feed.isRefreshing, "f", values: flags)
        #expect(feed.photoIDs.events == [.next(0, []), .next(3, ["a", "b"]), .next(7, ["a", "b", "c", "d"])])
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 5)])
        feed.dispose()
        expectNoPendingWork(feed.scheduler)
    }

    @Test("bug: reaching the bottom again while a page loads starts no second request")
    func noSecondLoadMore() throws {
        let feed = FeedHarness(
            load:   "-l",
            bottom: "-----bbb-----b",
            answers: [1: ["--p"], 2: ["-----p"], 3: ["--p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"], 3: ["e", "f"]]
        )
        try feed.advance(to: 20)
        // 6 and 7 fall in the throttle window and the latest of them reaches the feed when the
        // window closes at 8, while page 2 loads: it is ignored. 13 comes after page 2 arrived.
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 5), .init(page: 3, tick: 13)])
        #expect(feed.states.values.last?.stats.triggersIgnoredWhileLoading == 1)
        expectMarbles(feed.changes, "---r------i----j", values: changes)
        expectMarbles(feed.isLoadingMore, "ft-f-t----f--t-f", values: flags)
        feed.dispose()
    }

    @Test("bug: a refresh cancels the load-more in flight, and its late page never lands")
    func refreshCancelsLoadMore() throws {
        let feed = FeedHarness(
            load:    "-l",
            refresh: "-------r",
            bottom:  "-----b",
            answers: [1: ["--p", "--p"], 2: ["-----p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"]]
        )
        try feed.advance(to: 20)
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 5), .init(page: 1, tick: 7)])
        #expect(feed.service.answerSubscriptions[1] == [Subscription(5, 7)], "page 2's request is cancelled at the refresh")
        expectMarbles(feed.changes, "---r-----r", values: changes)
        expectMarbles(feed.isRefreshing, "f------t-f", values: flags)
        expectMarbles(feed.isLoadingMore, "ft-f-t-f", values: flags)
        #expect(feed.photoIDs.values.last == ["a", "b"])
        feed.dispose()
    }

    @Test("bug: a failed page is retried on the next trigger, the counter stays, the error shows once")
    func failureThenRetry() throws {
        let feed = FeedHarness(
            load:   "-l",
            bottom: "-----b---b",
            answers: [1: ["--p"], 2: ["--#", "--p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"]]
        )
        try feed.advance(to: 20)
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 5), .init(page: 2, tick: 9)])
        #expect(feed.errors.events == [.next(7, .serverError(status: 503))])
        expectMarbles(feed.isLoadingMore, "ft-f-t-f-t-f", values: flags)
        expectMarbles(feed.changes, "---r-------i", values: changes)
        #expect(feed.photoIDs.events.map(\.time) == [0, 3, 11], "the failure does not touch the list")
        feed.dispose()
    }

    @Test("bug: a decode failure is an error, not an empty last page")
    func decodeFailure() throws {
        let malformed = FeedError.malformedResponse(path: "[0].urls.small", problem: "expected String")
        let feed = FeedHarness(
            load:   "-l",
            bottom: "-----b",
            answers: [1: ["--#", "--p"]],
            contents: [1: ["a", "b"]],
            error: malformed
        )
        try feed.advance(to: 20)
        #expect(feed.errors.events == [.next(3, malformed)])
        expectMarbles(feed.isLastPage, "f", values: flags)
        expectMarbles(feed.isEmpty, "f", values: flags)
        expectMarbles(feed.changes, "-------r", values: changes)
        feed.dispose()
    }

    @Test("after the last page nothing is requested until a refresh")
    func lastPage() throws {
        let feed = FeedHarness(
            load:    "-l",
            refresh: "---------------r",
            bottom:  "-----b---b---b",
            answers: [1: ["--p", "--p"], 2: ["--p"]],
            contents: [1: ["a", "b"], 2: ["c"]],
            lastPage: 2
        )
        try feed.advance(to: 20)
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 5), .init(page: 1, tick: 15)])
        expectMarbles(feed.isLastPage, "f------t---------f", values: flags)
        feed.dispose()
    }

    @Test("photos repeated across pages are dropped and counted")
    func duplicates() throws {
        let feed = FeedHarness(
            load:   "-l",
            bottom: "-----b",
            answers: [1: ["--p"], 2: ["--p"]],
            contents: [1: ["a", "b"], 2: ["b", "c"]]
        )
        try feed.advance(to: 20)
        #expect(feed.photoIDs.values.last == ["a", "b", "c"])
        #expect(feed.duplicatesDropped.events == [.next(0, 0), .next(7, 1)])
        expectMarbles(feed.changes, "---r---k", values: changes)
        feed.dispose()
    }

    @Test("nothing is requested after the view model's outputs are disposed")
    func disposal() throws {
        let feed = FeedHarness(
            load:   "-l",
            bottom: "--------b",
            answers: [1: ["-----p"]],
            contents: [1: ["a", "b"]]
        )
        try feed.advance(to: 3)
        feed.dispose()
        try feed.advance(to: 20)
        #expect(feed.requests == [.init(page: 1, tick: 1)])
        #expect(feed.service.answerSubscriptions == [[Subscription(1, 3)]])
        #expect(feed.changes.events.isEmpty)
        expectNoPendingWork(feed.scheduler)
    }

    @Test("a tap selects the photo at its index, once")
    func selection() throws {
        let feed = FeedHarness(
            load:      "-l",
            selection: "-----1-9",
            answers: [1: ["--p"]],
            contents: [1: ["a", "b"]]
        )
        try feed.advance(to: 20)
        #expect(feed.selected.events == [.next(5, "b")])
        feed.dispose()
    }

    @Test("the scroll-to-top button shows past the threshold")
    func scrollToTop() throws {
        let feed = FeedHarness(
            offsets: "-a-b-c-a",
            offsetValues: ["a": 0, "b": 1_500, "c": 1_200],
            answers: [:],
            contents: [:]
        )
        try feed.advance(to: 20)
        expectMarbles(feed.showsScrollToTop, "f--t---f", values: flags)
        feed.dispose()
    }

    @Test("an empty first page shows the No photos label")
    func emptyFeed() throws {
        let feed = FeedHarness(load: "-l", answers: [1: ["--p"]], contents: [1: []], lastPage: 1)
        try feed.advance(to: 20)
        expectMarbles(feed.isEmpty, "f--t", values: flags)
        expectMarbles(feed.isLastPage, "f--t", values: flags)
        feed.dispose()
    }

    @Test("outputs never fail or complete, whatever the service does")
    func outputsNeverFail() throws {
        let feed = FeedHarness(
            load:    "-l",
            refresh: "-----r",
            answers: [1: ["--#", "--#"]],
            contents: [1: ["a"]]
        )
        try feed.advance(to: 20)
        #expect(feed.errors.values.count == 2)
        #expect(feed.states.events.allSatisfy { $0.value.element != nil })
        #expect(feed.isRefreshing.events.allSatisfy { $0.value.element != nil })
        feed.dispose()
    }

    @Test("every output shares one run: one request per page, however many subscribers")
    func sharedRun() throws {
        let feed = FeedHarness(load: "-l", answers: [1: ["--p"]], contents: [1: ["a", "b"]])
        let extra = feed.viewModel.output.photos.subscribe(onNext: { _ in })
        try feed.advance(to: 20)
        #expect(feed.requests.count == 1)
        extra.dispose()
        feed.dispose()
    }

    @Test("bug: reaching the bottom right after a quick first page still loads the next one")
    func quickShortFirstPage() throws {
        // The content is empty while page 1 loads, so the bottom is reached at once (ignored:
        // a page is loading); page 1 arrives after one tick, does not fill the screen, and the
        // bottom is reached again at 2, inside the throttle window. A throttle that dropped it
        // would leave the feed stuck on page 1 until the user scrolled.
        let feed = FeedHarness(
            load:   "l",
            bottom: "b-b",
            answers: [1: ["-p"], 2: ["-p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"]]
        )
        try feed.advance(to: 20)
        #expect(feed.requests == [.init(page: 1, tick: 0), .init(page: 2, tick: 3)])
        expectMarbles(feed.changes, "-r--i", values: changes)
        feed.dispose()
    }

    @Test("a service that answers synchronously keeps states in order")
    func synchronousService() throws {
        struct Instant: PhotoService {
            func photos(page: Int, perPage: Int) -> Single<PhotoPage> {
                .just(FeedStreamsTests.page(page, ["p\(page)a", "p\(page)b"], hasNext: page < 3))
            }
        }
        let scheduler = TestScheduler(resolution: .milliseconds(100))
        let load = scheduler.createHotObservable("-l").map { _ in () }
        let bottom = scheduler.createHotObservable("-----b---b---b").map { _ in () }
        let viewModel = FeedViewModel(
            input: .init(load: load, reachedBottom: bottom),
            dependencies: .init(service: Instant(), scheduler: scheduler)
        )
        let ids = scheduler.createObserver([String].self)
        let subscription = viewModel.output.photos.map { $0.map(\.id) }.subscribe(ids.asObserver())
        try scheduler.advance(to: 20)
        #expect(ids.events == [
            .next(0, []),
            .next(1, ["p1a", "p1b"]),
            .next(5, ["p1a", "p1b", "p2a", "p2b"]),
            .next(9, ["p1a", "p1b", "p2a", "p2b", "p3a", "p3b"]),
        ])
        subscription.dispose()
    }
}
