import FeedStreams
import Streams
import StreamsTesting
import Testing

/// The view model through its streams, on virtual time where one tick is 100 ms. Inputs are hot
/// marble diagrams (geometry glyphs are ``FeedHarness/screens``); the service answers with cold
/// diagrams (`"--p"`: the page, two ticks after the request).
@Suite("FeedViewModel")
struct FeedViewModelTests {
    let changes: [Character: FeedChange] = ["r": .reload, "i": .insert(2..<4), "j": .insert(4..<6), "k": .insert(2..<3)]

    @Test("the screen fills itself: page 1, page 2 while the content is short, then nothing until the user scrolls")
    func prefill() throws {
        let feed = try FeedHarness(
            load:     "-l",
            geometry: "e---s---f-----n",
            answers: [1: ["--p"], 2: ["--p"], 3: ["--p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"], 3: ["e", "f"]]
        )
        try feed.advance(to: 20)
        // The empty screen at 0 wants page 1, but nothing loads before the screen appears at 1;
        // the short layout at 4 wants page 2; the full one at 8 wants nothing; scrolling near the
        // end at 14 wants page 3.
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 4), .init(page: 3, tick: 14)])
        #expect(feed.reasons == [.firstLoad, .prefill, .scroll])
        #expect(FeedCounts(feed.states.values).triggersIgnored == [.notAppeared: 1])
        expectMarbles(feed.changes, "---r--i---------j", values: changes)
        #expect(feed.isLoadingMore.events == [
            .next(0, false), .next(1, true), .next(3, false), .next(4, true), .next(6, false), .next(14, true), .next(16, false),
        ])
        feed.dispose()
        expectNoPendingWork(feed.scheduler)
    }

    @Test("bug: a pull the request budget refuses stops the refresh control, and the error says when to try again")
    func refusedRefresh() throws {
        var configuration = FeedHarness.configuration
        configuration.maxRequestsPerMinute = 1
        let feed = try FeedHarness(
            load:     "-l",
            refresh:  "-----r",
            answers: [1: ["--p"]],
            contents: [1: ["a", "b"]],
            configuration: configuration
        )
        try feed.advance(to: 10)
        #expect(feed.requests == [.init(page: 1, tick: 1)])
        // A control bound to isRefreshing starts spinning on the pull by itself; false stops it.
        #expect(feed.isRefreshing.events == [.next(0, false), .next(5, false)])
        // The one request started at 100 ms; the budget allows the next at 60.1 s.
        #expect(feed.errors.events == [.next(5, .requestBudgetSpent(retryAfter: .milliseconds(59_600)))])
        #expect(feed.errors.events.first?.value.element?.message
            == "The feed asked for photos often in the last minute. Try again in 1 minute.")
        feed.dispose()
    }

    @Test("bug: a grid page that does not make the content taller keeps the feed loading")
    func gridDoesNotStall() throws {
        let feed = try FeedHarness(
            load:     "-l",
            geometry: "----g---g---t",
            answers: [1: ["--p"], 2: ["--p"], 3: ["--p"]],
            contents: [1: ["a"], 2: ["b"], 3: ["c"]]
        )
        try feed.advance(to: 20)
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 4), .init(page: 3, tick: 8)])
        #expect(feed.reasons == [.firstLoad, .prefill, .prefill])
        feed.dispose()
    }

    @Test("bug: coming near the end again while a page loads starts no second request, now or later")
    func ignoredNeverQueued() throws {
        let feed = try FeedHarness(
            load:     "-l",
            geometry: "----t-n-m-n-n---t",
            answers: [1: ["--p"], 2: ["-------p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"]]
        )
        try feed.advance(to: 30)
        // Near the end at 6 starts page 2; away at 8 and back at 10 while it loads is one
        // ignored trigger; page 2 lands at 13 and the layout at 16 is far from the end.
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 6)])
        #expect(FeedCounts(feed.states.values).triggersIgnored == [.loading: 1])
        expectMarbles(feed.changes, "---r---------i", values: changes)
        feed.dispose()
    }

    @Test("a reached-bottom edge starts the next page at that instant; while loading it is ignored")
    func edgeInput() throws {
        let feed = try FeedHarness(
            load:   "-l",
            bottom: "-----bbb-----b",
            answers: [1: ["--p"], 2: ["-----p"], 3: ["--p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"], 3: ["e", "f"]]
        )
        try feed.advance(to: 20)
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 5), .init(page: 3, tick: 13)])
        #expect(FeedCounts(feed.states.values).triggersIgnored == [.loading: 2])
        expectMarbles(feed.changes, "---r------i----j", values: changes)
        expectMarbles(feed.isLoadingMore, "ft-f-t----f--t-f", values: flags)
        feed.dispose()
    }

    @Test("bug: a refresh cancels the load-more in flight, and its late page never lands")
    func refreshCancelsLoadMore() throws {
        let feed = try FeedHarness(
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

    @Test("bug: a short first page with page 2 failing recovers by itself after the back-off")
    func failureRecovers() throws {
        let feed = try FeedHarness(
            load:     "-l",
            geometry: "----s",          // a short screen once page 1 is laid out
            answers: [1: ["--p"], 2: ["--#", "--p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"]]
        )
        try feed.advance(to: 20)
        // Page 2 fails at 6; the back-off of 3 ticks ends at 9 and the page is still wanted.
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 4), .init(page: 2, tick: 9)])
        #expect(feed.reasons == [.firstLoad, .prefill, .retry])
        #expect(feed.errors.events == [.next(6, .serverError(status: 503))])
        #expect(feed.footer.events == [
            .next(0, .hidden), .next(1, .loading), .next(3, .hidden), .next(4, .loading),
            .next(6, .retrying(page: 2, at: .milliseconds(900), after: .serverError(status: 503))),
            .next(9, .loading), .next(11, .hidden),
        ])
        expectMarbles(feed.changes, "---r-------i", values: changes)
        feed.dispose()
        expectNoPendingWork(feed.scheduler)
    }

    @Test("after the retries run out, the footer offers a retry and the retry input asks again")
    func retriesRunOutThenTap() throws {
        let timeout = FeedError.timedOut
        let feed = try FeedHarness(
            load:     "-l",
            geometry: "----n",
            retry:    "-----------------------r",
            answers: [1: ["--p"], 2: ["-#", "-#", "-#", "--p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"]],
            error: timeout
        )
        try feed.advance(to: 30)
        // Fails at 5, retried at 8 (after 3), fails at 9, retried at 15 (after 6), fails at 16:
        // the two retries are spent. The tap at 23 asks again.
        #expect(feed.requests.map(\.tick) == [1, 4, 8, 15, 23])
        #expect(feed.reasons == [.firstLoad, .scroll, .retry, .retry, .gesture])
        #expect(feed.footer.events.map(\.time) == [0, 1, 3, 4, 5, 8, 9, 15, 16, 23, 25])
        #expect(feed.footer.events[8] == .next(16, .tapToRetry(timeout)))
        #expect(feed.errors.events.map(\.time) == [5, 9, 16])
        #expect(feed.photoIDs.values.last == ["a", "b", "c", "d"])
        feed.dispose()
    }

    @Test("a failing input is treated as ended: its failure shows once and every output goes on")
    func failingInput() throws {
        let feed = try FeedHarness(
            load:     "-l",
            geometry: "--#",
            bottom:   "-----b",
            answers: [1: ["--p"], 2: ["--p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"]]
        )
        try feed.advance(to: 20)
        #expect(feed.errors.events.count == 1)
        guard case .inputFailed(let input, _)? = feed.errors.values.first else {
            Issue.record("expected the geometry's failure, got \(feed.errors.events)")
            return
        }
        #expect(input == "geometry")
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 5)])
        expectMarbles(feed.changes, "---r---i", values: changes)
        #expect(feed.states.events.allSatisfy { $0.value.element != nil }, "the state never fails or completes")
        feed.dispose()
    }

    @Test("a rate limit is retried no sooner than the reset the server named")
    func rateLimitReset() throws {
        let feed = try FeedHarness(
            load: "-l",
            answers: [1: ["--#", "--p"]],
            contents: [1: ["a", "b"]],
            error: .rateLimited(resetAfter: .seconds(2))
        )
        try feed.advance(to: 30)
        // Fails at 3; the back-off would be 3 ticks, the server asked for 20.
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 1, tick: 23)])
        #expect(feed.footer.events[2] == .next(3, .retrying(page: 1, at: .milliseconds(2_300), after: .rateLimited(resetAfter: .seconds(2)))))
        feed.dispose()
    }

    @Test("an input that completes is simply ended: no error, and the feed goes on")
    func completingInput() throws {
        let feed = try FeedHarness(
            load:     "-l|",
            geometry: "----s|",
            bottom:   "------------b",
            answers: [1: ["--p"], 2: ["--p"], 3: ["--p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"], 3: ["e", "f"]]
        )
        try feed.advance(to: 20)
        #expect(feed.errors.events.isEmpty)
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 4), .init(page: 3, tick: 12)])
        feed.dispose()
    }

    @Test("init subscribes to nothing; the first output subscription starts the feed, and every output shares it")
    func initSubscribesToNothing() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(100))
        let load = scheduler.createColdObservable("l").map { _ in () }
        let geometry = scheduler.createColdObservable("e", values: FeedHarness.screens)
        let service = ScriptedPhotoService(scheduler: scheduler, answers: [1: ["--p"]], contents: [1: ["a"]])
        let viewModel = try FeedViewModel(
            input: .init(load: load, geometry: geometry),
            dependencies: .init(service: service, scheduler: scheduler, configuration: FeedHarness.configuration)
        )
        try scheduler.advance(to: 3)
        #expect(geometry.subscriptions.isEmpty)
        #expect(service.requests.isEmpty)

        let photos = viewModel.output.photos.asObservable().subscribe(onNext: { _ in })
        let footer = viewModel.output.footer.asObservable().subscribe(onNext: { _ in })
        try scheduler.advance(to: 10)
        #expect(geometry.subscriptions == [Subscription(3)], "one run for both outputs")
        #expect(service.requests == [.init(page: 1, tick: 3)])
        photos.dispose()
        footer.dispose()
        #expect(geometry.subscriptions == [Subscription(3, 10)])
    }

    @Test("a configuration out of range is refused before anything runs")
    func badConfiguration() {
        let scheduler = TestScheduler()
        struct Never: PhotoService {
            func photos(page: Int, perPage: Int) -> Single<PhotoPage> { Observable<PhotoPage>.never().asSingle() }
        }
        #expect(throws: FeedConfigurationError(field: "perPage", value: "0", expected: "from 1 to 30 (Unsplash's largest page)")) {
            _ = try FeedViewModel(
                input: .init(load: Observable.just(())),
                dependencies: .init(service: Never(), scheduler: scheduler, configuration: FeedConfiguration(perPage: 0))
            )
        }
        expectNoPendingWork(scheduler)
    }

    @Test("bug: a decode failure is an error, not an empty last page")
    func decodeFailure() throws {
        let malformed = FeedError.malformedResponse(path: "[0].urls.small", problem: "expected String")
        let feed = try FeedHarness(
            load:   "-l",
            answers: [1: ["--#", "--p"]],
            contents: [1: ["a", "b"]],
            error: malformed
        )
        try feed.advance(to: 20)
        #expect(feed.errors.events == [.next(3, malformed)])
        expectMarbles(feed.isLastPage, "f", values: flags)
        expectMarbles(feed.isEmpty, "f", values: flags)
        // The first page is retried after the back-off: the empty screen still needs it.
        expectMarbles(feed.changes, "--------r", values: changes)
        feed.dispose()
    }

    @Test("after the last page nothing is requested until a refresh")
    func lastPage() throws {
        let feed = try FeedHarness(
            load:     "-l",
            refresh:  "---------------r",
            geometry: "----s-----s",
            bottom:   "---------b---b",
            answers: [1: ["--p", "--p"], 2: ["--p"]],
            contents: [1: ["a", "b"], 2: ["c"]],
            lastPage: 2
        )
        try feed.advance(to: 20)
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 4), .init(page: 1, tick: 15)])
        expectMarbles(feed.isLastPage, "f-----t----------f", values: flags)
        // The layout at 10 (the screen still short) and the edges at 9 and 13.
        #expect(FeedCounts(feed.states.values).triggersIgnored == [.lastPage: 3])
        feed.dispose()
    }

    @Test("photos repeated across pages are dropped and counted")
    func duplicates() throws {
        let feed = try FeedHarness(
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

    @Test("nothing is requested after the outputs are disposed: the request and the back-off timer are cancelled")
    func disposal() throws {
        let feed = try FeedHarness(
            load:     "-l",
            geometry: "----s",
            answers: [1: ["--p"], 2: ["-#"]],
            contents: [1: ["a", "b"]]
        )
        try feed.advance(to: 6)
        #expect(feed.states.values.last?.nextWakeUp == .milliseconds(800))
        feed.dispose()
        expectNoPendingWork(feed.scheduler)
        try feed.advance(to: 20)
        #expect(feed.requests == [.init(page: 1, tick: 1), .init(page: 2, tick: 4)])
    }

    @Test("a tap selects the photo at its index, once")
    func selection() throws {
        let feed = try FeedHarness(
            load:      "-l",
            selection: "-----1-9",
            answers: [1: ["--p"]],
            contents: [1: ["a", "b"]]
        )
        try feed.advance(to: 20)
        #expect(feed.selected.events == [.next(5, "b")])
        feed.dispose()
    }

    @Test("a view bound late: a driver gives it the current photos at once, a signal only the taps that follow")
    func lateSubscriber() throws {
        let feed = try FeedHarness(load: "-l", selection: "-----1----0", answers: [1: ["--p"]], contents: [1: ["a", "b"]])
        let photos = feed.scheduler.createObserver([String].self)
        let selected = feed.scheduler.createObserver(String.self)
        let output = feed.viewModel.output
        let late = SerialDisposable()
        _ = feed.scheduler.scheduleAt(8) {
            late.disposable = Disposables.create(
                output.photos.map { $0.map(\.id) }.drive(photos),
                output.selectedPhoto.map(\.id).emit(to: selected)
            )
        }
        try feed.advance(to: 20)
        #expect(photos.events == [.next(8, ["a", "b"])])
        #expect(selected.events == [.next(10, "a")])
        #expect(feed.selected.events == [.next(5, "b"), .next(10, "a")])
        late.dispose()
        feed.dispose()
    }

    @Test("the scroll-to-top button shows past the threshold")
    func scrollToTop() throws {
        let feed = try FeedHarness(geometry: "-t-x-m-t", answers: [:], contents: [:])
        try feed.advance(to: 20)
        expectMarbles(feed.showsScrollToTop, "f--t-f", values: flags)
        feed.dispose()
    }

    @Test("an empty first page shows the No photos label")
    func emptyFeed() throws {
        let feed = try FeedHarness(load: "-l", answers: [1: ["--p"]], contents: [1: []], lastPage: 1)
        try feed.advance(to: 20)
        expectMarbles(feed.isEmpty, "f--t", values: flags)
        expectMarbles(feed.isLastPage, "f--t", values: flags)
        feed.dispose()
    }

    @Test("every output shares one run: one request per page, however many subscribers")
    func sharedRun() throws {
        let feed = try FeedHarness(load: "-l", answers: [1: ["--p"]], contents: [1: ["a", "b"]])
        let extra = feed.viewModel.output.photos.asObservable().subscribe(onNext: { _ in })
        try feed.advance(to: 20)
        #expect(feed.requests.count == 1)
        extra.dispose()
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
        let viewModel = try FeedViewModel(
            input: .init(load: load, reachedBottom: bottom),
            dependencies: .init(service: Instant(), scheduler: scheduler)
        )
        let ids = scheduler.createObserver([String].self)
        let subscription = viewModel.output.photos.map { $0.map(\.id) }.drive(ids)
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
