import FeedStreams
import Streams
import StreamsTesting
import Testing

/// A person asking while the request budget is spent: every tap and pull is answered with when
/// to ask again, the footer never offers a retry that would be ignored, and an app that asks
/// again on every error ends its instant.
@Suite("Refusals")
struct RefusalTests {
    /// Two requests a minute, no automatic retry: the budget is spent after page 1 and page 2.
    static var configuration: FeedConfiguration {
        var configuration = FeedHarness.configuration
        configuration.maxRequestsPerMinute = 2
        configuration.retry.maxAttempts = 0
        return configuration
    }

    @Test("bug: a tap on retry while the wanted page waits for the budget is answered with the wait, and the footer says when it starts")
    func tapWhileThePageWaitsForTheBudget() throws {
        let unavailable = FeedError.serverError(status: 503)
        // One tick is 100 ms. Page 1 at 0; the bottom at 2 asks for page 2, which fails at 3; the
        // top at 5 re-arms it, the bottom at 6 wants it, and the budget holds it until 60 s; the
        // tap at 7 asks for it.
        let feed = try FeedHarness(
            load:     "l",
            geometry: "--n--mn",
            retry:    "-------r",
            answers: [1: ["-p"], 2: ["-#", "-p"]],
            contents: [1: ["a", "b"], 2: ["c", "d"]],
            configuration: Self.configuration
        )
        try feed.advance(to: 10)
        #expect(feed.requests == [.init(page: 1, tick: 0), .init(page: 2, tick: 2)])
        #expect(feed.errors.events == [
            .next(3, unavailable),
            .next(7, .requestBudgetSpent(retryAfter: .milliseconds(59_300))),
        ])
        #expect(feed.footer.events == [
            .next(0, .hidden), .next(0, .loading), .next(1, .hidden), .next(2, .loading), .next(3, .tapToRetry(unavailable)),
            .next(6, .retrying(page: 2, at: .seconds(60), after: unavailable)),
        ])
        #expect(feed.errors.events.last?.value.element?.message
            == "The feed asked for photos often in the last minute. Try again in 1 minute.")
        // The page starts by itself when the budget allows it, as the footer said.
        try feed.advance(to: 605)
        #expect(feed.requests.last == .init(page: 2, tick: 600))
        #expect(feed.reasons.last == .gesture)
        #expect(feed.photoIDs.values.last == ["a", "b", "c", "d"])
        feed.dispose()
        expectNoPendingWork(feed.scheduler)
    }

    @Test("the same tap with the retries spent and the page not wanted again is answered too")
    func tapWithRetriesSpent() {
        var state = FeedState(configuration: Self.configuration)
        func send(_ event: FeedEvent, at milliseconds: Int) {
            state = FeedState.reduce(state, event, at: .milliseconds(milliseconds))
        }
        send(.load, at: 0)
        send(.loaded(state.inFlight!, page(1, ["a", "b"])), at: 100)
        send(.geometry(FeedHarness.screen(content: 3_000, offset: 2_000)), at: 200)
        send(.failed(state.inFlight!, .serverError(status: 503)), at: 300)
        #expect(state.footer == .tapToRetry(.serverError(status: 503)))
        send(.retry, at: 400)
        #expect(state.decisions == [.requestRefused(.gesture, .requestBudgetSpent(retryAfter: .milliseconds(59_600)))])
    }

    @Test("a refusal is not repeated within a second of the one that still stands; after it, it is")
    func refusalRepeatWindow() {
        var configuration = Self.configuration
        configuration.maxRequestsPerMinute = 1
        var state = FeedState(configuration: configuration)
        var counts = FeedCounts()
        func send(_ event: FeedEvent, at milliseconds: Int) {
            state = FeedState.reduce(state, event, at: .milliseconds(milliseconds))
            counts.add(state.decisions)
        }
        send(.load, at: 0)
        send(.loaded(state.inFlight!, page(1, ["a", "b"])), at: 10)
        send(.refresh, at: 30)
        #expect(state.decisions == [.requestRefused(.refresh, .requestBudgetSpent(retryAfter: .milliseconds(59_970)))])
        send(.refresh, at: 30)
        #expect(state.decisions == [.requestRefusedAgain(.refresh)])
        #expect(state.error == nil)
        send(.refresh, at: 1_029)
        #expect(state.decisions == [.requestRefusedAgain(.refresh)])
        send(.refresh, at: 1_030)
        #expect(state.decisions == [.requestRefused(.refresh, .requestBudgetSpent(retryAfter: .milliseconds(58_970)))])
        #expect(counts.triggersIgnored[.requestBudget] == 4)
    }

    @Test("an app that refreshes on every error under a spent budget ends its instant: one refusal shown, the pull it answers refused again")
    func refreshOnEveryErrorEnds() throws {
        var configuration = Self.configuration
        configuration.maxRequestsPerMinute = 1
        let scheduler = TestScheduler(resolution: .milliseconds(100))
        let service = ScriptedPhotoService(scheduler: scheduler, answers: [1: ["--p"]], contents: [1: ["a", "b"]])
        let refresh = Subject<Void>()
        let viewModel = try FeedViewModel(
            input: .init(load: scheduler.createHotObservable("-l").map { _ in () }, refresh: refresh),
            dependencies: .init(service: service, scheduler: scheduler, configuration: configuration)
        )
        let errors = scheduler.createObserver(FeedError.self)
        let states = scheduler.createObserver(FeedState.self)
        let bag = DisposeBag()
        viewModel.output.state.drive(states).disposed(by: bag)
        viewModel.output.error.emit(to: errors).disposed(by: bag)
        // The app: every error asks for a refresh, at once, inside the error's delivery.
        viewModel.output.error.asObservable().subscribe(onNext: { _ in refresh.onNext(()) }).disposed(by: bag)
        scheduler.scheduleAt(5) { refresh.onNext(()) }
        try scheduler.advance(to: 10)
        #expect(service.requests == [.init(page: 1, tick: 1)])
        #expect(errors.events == [.next(5, .requestBudgetSpent(retryAfter: .milliseconds(59_600)))])
        let atFive = states.events.filter { $0.time == 5 }.compactMap { $0.value.element?.decisions }
        #expect(atFive == [
            [.requestRefused(.refresh, .requestBudgetSpent(retryAfter: .milliseconds(59_600)))],
            [.requestRefusedAgain(.refresh)],
        ])
        bag.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("an app that refreshes on every error of a failing service stops when the budget does")
    func refreshOnEveryFailureEnds() throws {
        var configuration = Self.configuration
        configuration.maxRequestsPerMinute = 3
        let scheduler = TestScheduler(resolution: .milliseconds(100))
        // Every answer fails at once, on the tick it was asked.
        let service = ScriptedPhotoService(scheduler: scheduler, answers: [1: ["#", "#", "#", "#"]], contents: [:])
        let refresh = Subject<Void>()
        let viewModel = try FeedViewModel(
            input: .init(load: scheduler.createHotObservable("-l").map { _ in () }, refresh: refresh),
            dependencies: .init(service: service, scheduler: scheduler, configuration: configuration)
        )
        let errors = scheduler.createObserver(FeedError.self)
        let bag = DisposeBag()
        viewModel.output.error.emit(to: errors).disposed(by: bag)
        viewModel.output.error.asObservable().subscribe(onNext: { _ in refresh.onNext(()) }).disposed(by: bag)
        try scheduler.advance(to: 10)
        #expect(service.requests == [.init(page: 1, tick: 1), .init(page: 1, tick: 1), .init(page: 1, tick: 1)])
        let unavailable = FeedError.serverError(status: 503)
        #expect(errors.events == [
            .next(1, unavailable), .next(1, unavailable), .next(1, unavailable),
            .next(1, .requestBudgetSpent(retryAfter: .milliseconds(60_000))),
        ])
        bag.dispose()
        expectNoPendingWork(scheduler)
    }
}
