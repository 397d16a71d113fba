import FeedStreams
import FeedTestSupport
import Streams
import Synchronization
import Testing

/// Thousands of generated feed runs, checked against the feed's promises.
///
/// Each case comes from one seed (see `Support/FeedFuzz.swift`); a failure prints the scenario
/// and the command that replays it alone: `FUZZ_SEED=0x… swift test --filter FeedFuzzTests`.
/// `FUZZ_CASES=n` runs more (or fewer) cases, `FUZZ_BASE=n` another series of seeds.
@Suite("Fuzzed feed invariants")
struct FeedFuzzTests {
    // MARK: FeedState.reduce

    @Test("FeedState.reduce: random event sequences keep every rule of the feed", arguments: [0, 1, 2, 3])
    func reduce(shard: Int) async throws {
        // Off the concurrency pool (see `offPool`), like every fuzz test here.
        let failure = try await offPool { () -> String? in
            for seed in FuzzSeeds.seeds(count: 4_000, salt: 0x5EDC, shard: shard, of: 4) {
                let failures = ReduceFuzz(seed: seed).run()
                if !failures.isEmpty { return "\(failures.prefix(3).joined(separator: "\n"))\n\(FuzzSeeds.replay(seed))" }
            }
            return nil
        }
        #expect(failure == nil, "\(failure ?? "")")
    }

    // MARK: FeedViewModel

    @Test("FeedViewModel: random inputs, latencies, failures and live inserts keep every promise", arguments: [0, 1, 2, 3])
    func viewModel(shard: Int) async throws {
        let seeds = FuzzSeeds.seeds(count: 2_000, salt: 0xFEED, shard: shard, of: 4)
        let run = try await offPool { () throws -> (failure: String?, coverage: ViewModelFuzz.Coverage) in
            var coverage = ViewModelFuzz.Coverage()
            for seed in seeds {
                let scenario = FeedScenario(seed: seed)
                let fuzz = ViewModelFuzz(scenario: scenario)
                let failures = try fuzz.run()
                if !failures.isEmpty {
                    return ("\(scenario)\n\(failures.prefix(4).joined(separator: "\n"))\n\(FuzzSeeds.replay(seed))", coverage)
                }
                coverage.add(fuzz.coverage)
            }
            return (nil, coverage)
        }
        #expect(run.failure == nil, "\(run.failure ?? "")")
        // A series that never reached these situations would prove little.
        if seeds.count >= 100, run.failure == nil {
            #expect(run.coverage.isThorough, "\(run.coverage)")
        }
    }

    @Test(
        "sessions: a simulated scroll view, random screens, scripts, latencies, failures, hangs, live inserts and refreshes; requests start only when the screen wants them, and the feed is never idle while it does",
        arguments: [0, 1, 2, 3]
    )
    func scrollSessions(shard: Int) async throws {
        let failure = try await offPool { () throws -> String? in
            for seed in FuzzSeeds.seeds(count: 1_000, salt: 0x5C011, shard: shard, of: 4) {
                let scenario = ScrollScenario(seed: seed)
                let failures = try ScrollFuzz(scenario: scenario).run()
                if !failures.isEmpty { return "\(scenario)\n\(failures.prefix(4).joined(separator: "\n"))\n\(FuzzSeeds.replay(seed))" }
            }
            return nil
        }
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test("the generator is deterministic and its cases differ")
    func generator() {
        let first = FeedScenario(seed: 42)
        let again = FeedScenario(seed: 42)
        #expect(first.description == again.description)
        #expect(first.description != FeedScenario(seed: 43).description)
        var random = FuzzRandom(seed: 1)
        let seeds = (0..<500).map { _ in random.next() }
        #expect(Set(seeds).count == seeds.count)
        let scenarios = seeds.map(FeedScenario.init(seed:))
        // The series covers what the invariants are about.
        #expect(scenarios.contains { !$0.liveTicks.isEmpty })
        #expect(scenarios.contains { $0.base.count != Set($0.base).count })
        #expect(scenarios.contains { $0.base.isEmpty })
        #expect(scenarios.contains { $0.inputs.contains { $0.input == .refresh } })
        #expect(scenarios.contains { $0.answers.prefix(5).contains { $0.outcome == .hang } })
        #expect(scenarios.contains { $0.answers.prefix(5).contains { if case .failure = $0.outcome { true } else { false } } })
    }
}

// MARK: - FeedState.reduce, event by event

/// Feeds `FeedState.reduce` a random event sequence on a random clock and checks each step
/// against the rules, and the photo list against an independent model: the accepted pages,
/// concatenated, without repeated ids.
///
/// The paging level is checked with a second, independent reading of the rules: a request that
/// the level started was wanted at that instant (the screen needed content by the geometry's
/// own numbers, nothing was loading, more pages existed, no back-off ran, the budget allowed
/// it), and after every event no wanted request is left unstarted.
struct ReduceFuzz {
    let seed: UInt64

    func run() -> [String] {
        var random = FuzzRandom(seed: seed)
        let configuration = FeedConfiguration(
            perPage: 2,
            prefetchDistance: Double(random.pick([0, 300, 800])),
            retry: RetryPolicy(
                maxAttempts: random.int(0...3), initialDelay: .milliseconds(random.pick([100, 1_000])),
                jitter: random.pick([0, 0.5]), seed: random.next()
            ),
            maxRequestsPerMinute: random.pick([3, 60])
        )
        var state = FeedState(configuration: configuration)
        var now = Duration.zero
        var model: [String] = []
        var issuedRequests: [PageRequest] = []
        var failures: [String] = []
        let universe = (0..<random.int(3...40)).map { "p\($0)" }
        for step in 0..<random.int(10...120) {
            now += .milliseconds(random.pick([0, 0, 50, 400, 3_000, 20_000]))
            // The timer: a wake-up due by now comes first, at its time.
            var event = nextEvent(&random, state: state, issued: issuedRequests, universe: universe)
            var at = now
            if let wakeUp = state.nextWakeUp, wakeUp <= now {
                event = .wakeUp
                at = max(wakeUp, state.now)
            }
            let next = FeedState.reduce(state, event, at: at)
            if let request = next.inFlight, request != state.inFlight { issuedRequests.append(request) }
            if case .loaded(let request, let page) = event, request == state.inFlight {
                let ids = page.photos.map(\.id)
                if request.replacesList { model = [] }
                for id in ids where !model.contains(id) { model.append(id) }
            }
            for problem in check(state, event, next, model: model) {
                failures.append("step \(step), \(event) at \(at) on \(summary(state)): \(problem)")
            }
            for problem in checkBudget(issuedRequests, configuration) { failures.append("step \(step): \(problem)") }
            state = next
            if !failures.isEmpty { break }
        }
        return failures
    }

    private func nextEvent(
        _ random: inout FuzzRandom, state: FeedState, issued: [PageRequest], universe: [String]
    ) -> FeedEvent {
        let roll = random.int(0...99)
        func somePage(for request: PageRequest) -> PhotoPage {
            let ids = (0..<random.int(0...5)).map { _ in random.pick(universe) }
            return PhotoPage(photos: FuzzPhotos.photos(ids), page: request.page, hasNextPage: random.chance(0.8))
        }
        switch roll {
        case 0..<5: return .load
        case 5..<10: return .refresh
        case 10..<16: return .reachedBottom
        case 16..<40:
            let content = Double(random.pick([0, 200, 900, 3_000, 8_000]))
            let viewport = Double(random.pick([0, 600]))
            let offset = Double(random.int(0...max(Int(content - viewport), 0)))
            return .geometry(ScrollGeometry(contentOffsetY: offset, contentHeight: content, viewportHeight: viewport))
        case 40..<62:
            guard let request = state.inFlight else { return .reachedBottom }
            return .loaded(request, somePage(for: request))
        case 62..<76:
            guard let request = state.inFlight else { return .retry }
            let errors: [FeedError] = [.offline, .timedOut, .serverError(status: 502), .rateLimited(resetAfter: .seconds(5))]
            return .failed(request, random.pick(errors))
        case 76..<82:
            return .retry
        case 82..<90:
            guard !issued.isEmpty else { return .load }
            let stale = random.pick(issued)
            return random.chance(0.5) ? .loaded(stale, somePage(for: stale)) : .failed(stale, .rateLimited(resetAfter: nil))
        case 90..<93:
            return .inputFailed(.inputFailed(input: "geometry", reason: "fuzz"))
        default:
            return .selected(index: random.int(-2...12))
        }
    }

    private func summary(_ state: FeedState) -> String {
        "[\(state.photos.map(\.id).joined(separator: ","))] next \(state.nextPage)\(state.isLastPage ? " last" : "")"
            + " in flight \(state.inFlight.map(\.description) ?? "none") demand \(state.demand.map { "\($0)" } ?? "none")"
            + "\(state.isAwaitingLayout ? " (awaiting layout)" : "") backoff \(state.backoff.map { "\($0.phase)" } ?? "none")"
    }

    /// The screen needs content, read from the geometry's numbers rather than from `demand`;
    /// nothing is needed before the screen appeared.
    private func screenNeedsContent(_ state: FeedState) -> Bool {
        guard state.hasAppeared else { return false }
        if !state.hasLoaded { return true }
        guard let geometry = state.geometry, !state.isAwaitingLayout, geometry.viewportHeight > 0 else { return false }
        let end = geometry.contentHeight + geometry.bottomInset
        return end - (geometry.contentOffsetY + geometry.viewportHeight) <= state.configuration.prefetchDistance
    }

    private func check(_ before: FeedState, _ event: FeedEvent, _ after: FeedState, model: [String]) -> [String] {
        var problems: [String] = []
        let ids = after.photos.map(\.id)
        if Set(ids).count != ids.count { problems.append("an id is shown twice: \(ids)") }
        if ids != model { problems.append("photos \(ids) are not the accepted pages without repeats \(model)") }
        if after.inFlight == nil, after.isLoadingMore || after.isRefreshing {
            problems.append("a spinner spins with nothing in flight")
        }
        if after.inFlight != nil, after.isLoadingMore == after.isRefreshing {
            problems.append("in flight, but isLoadingMore \(after.isLoadingMore) and isRefreshing \(after.isRefreshing)")
        }

        // Never idle while wanted: after every event, a wanted page is in flight.
        let idle = after.inFlight == nil && !(after.hasLoaded && after.isLastPage) && after.budgetResumesAt == nil
            && after.backoff.map { $0.phase == .ready || $0.phase == .rearmed } ?? true
        if idle, screenNeedsContent(after) { problems.append("idle while the next page is wanted") }
        if after.wantsNextPage { problems.append("wantsNextPage is left set") }

        let started = after.decisions.compactMap { if case .requestStarted(let request) = $0 { request } else { nil } }
        if started.count > 1 { problems.append("one event started \(started.count) requests") }
        if let request = started.first {
            if request != after.inFlight { problems.append("\(request) started but \(String(describing: after.inFlight)) is in flight") }
            if request.startedAt != after.now { problems.append("\(request) is stamped \(request.startedAt), not \(after.now)") }
            if let previous = before.inFlight {
                if request.id <= previous.id { problems.append("request ids go backwards") }
                let answered: Bool = switch event {
                case .loaded(let answer, _), .failed(let answer, _): answer == previous
                default: false
                }
                if !answered, !after.decisions.contains(.requestCancelled(previous)) {
                    problems.append("\(request) started while \(previous) was in flight")
                }
            }
            // A page that arrived in the same event moved the counter first.
            let expectedPage = request.reason == .refresh ? 1 : after.nextPage
            if request.page != expectedPage { problems.append("\(request) asks for page \(request.page), expected \(expectedPage)") }
            if request.reason != .refresh, after.hasLoaded, after.isLastPage { problems.append("\(request) after the last page") }
            let isEdge = event == .reachedBottom || event == .retry
            switch request.reason {
            case .refresh:
                if event != .refresh { problems.append("a refresh started on \(event)") }
            case .gesture:
                if !isEdge, before.backoff?.phase != .rearmed { problems.append("a gesture request with no gesture") }
            case .firstLoad, .prefill, .scroll, .retry:
                // Started by the level (or a reached-bottom edge): it was wanted at this instant.
                if !isEdge, !screenNeedsContent(after) { problems.append("\(request) started, but the screen needs nothing") }
                if request.reason == .retry, before.backoff == nil { problems.append("a retry with nothing failed") }
                if request.reason == .prefill, after.demand != .unfilled { problems.append("prefill, but the demand is \(String(describing: after.demand))") }
                if let waiting = after.backoff?.resumesAt, waiting > after.now {
                    problems.append("\(request) during a back-off until \(waiting)")
                }
            }
        }

        switch event {
        case .load, .geometry, .wakeUp, .inputFailed:
            break
        case .refresh:
            if before.isRefreshing {
                if after.inFlight != before.inFlight { problems.append("a second refresh replaced the first") }
            } else if after.inFlight?.reason != .refresh {
                // Refused again within a second of the answer that still stands (FeedStateTests
                // checks the window): answered, with no new error.
                if case .requestRefusedAgain(.refresh)? = after.decisions.first {
                    if after.error != nil { problems.append("a refresh refused again shows an error again") }
                    break
                }
                guard case .requestRefused(.refresh, .requestBudgetSpent(let wait))? = after.decisions.first else {
                    problems.append("refresh started nothing, and said nothing")
                    break
                }
                if wait <= .zero || wait > .seconds(60) { problems.append("a refused refresh says to wait \(wait)") }
                if after.error != .requestBudgetSpent(retryAfter: wait) { problems.append("a refused refresh shows no error") }
            }
        case .reachedBottom, .retry:
            if before.inFlight != nil || (before.hasLoaded && before.isLastPage) || !before.hasAppeared, after.inFlight != before.inFlight {
                problems.append("\(event) started a request while loading, after the last page or before the screen appeared")
            }
        case .loaded(let request, let page):
            if request == before.inFlight {
                if after.nextPage != request.page + 1 { problems.append("next page \(after.nextPage) after page \(request.page)") }
                if after.isLastPage == page.hasNextPage { problems.append("isLastPage \(after.isLastPage) for hasNextPage \(page.hasNextPage)") }
                if !request.replacesList, Array(ids.prefix(before.photos.count)) != before.photos.map(\.id) {
                    problems.append("a next page changed photos already shown")
                }
                if after.backoff != nil { problems.append("a success left a back-off") }
            } else {
                problems.append(contentsOf: unchangedBut(before, after, stale: request, what: "a stale page"))
            }
        case .failed(let request, let error):
            if request == before.inFlight {
                if after.error != error { problems.append("the error is not reported") }
                if after.nextPage != before.nextPage { problems.append("a failure moved the page counter") }
                if ids != before.photos.map(\.id) { problems.append("a failure changed the photos") }
                let scheduled = after.decisions.filter {
                    switch $0 {
                    case .retryScheduled, .retriesExhausted: true
                    default: false
                    }
                }
                if scheduled.count != (request.isRefresh && before.hasLoaded ? 0 : 1) { problems.append("failure of \(request) decided \(scheduled)") }
                if case .retryScheduled(_, _, let delay)? = scheduled.first, let asked = error.retryAfter, delay < asked {
                    problems.append("waits \(delay), less than the server's \(asked)")
                }
            } else {
                problems.append(contentsOf: unchangedBut(before, after, stale: request, what: "a stale failure"))
            }
        case .selected(let index):
            let expected = before.photos.indices.contains(index) ? before.photos[index] : nil
            if after.selectedPhoto != expected { problems.append("selected \(String(describing: after.selectedPhoto?.id))") }
            if after.inFlight != before.inFlight { problems.append("a tap started a request") }
        }
        return problems
    }

    /// No more than the budget in any 60 s window.
    private func checkBudget(_ requests: [PageRequest], _ configuration: FeedConfiguration) -> [String] {
        guard let last = requests.last else { return [] }
        let window = requests.filter { $0.startedAt > last.startedAt - .seconds(60) }
        return window.count > configuration.maxRequestsPerMinute
            ? ["\(window.count) requests within a minute, over \(configuration.maxRequestsPerMinute)"] : []
    }

    private func unchangedBut(_ before: FeedState, _ after: FeedState, stale: PageRequest, what: String) -> [String] {
        var problems: [String] = []
        if after.photos != before.photos || after.inFlight != before.inFlight || after.nextPage != before.nextPage
            || after.isLastPage != before.isLastPage || after.error != nil || after.change != nil {
            problems.append("\(what) changed the feed")
        }
        if !after.decisions.contains(.staleResponseDropped(stale)) { problems.append("\(what) not reported") }
        return problems
    }
}

// MARK: - FeedViewModel, tick by tick

/// Runs one scenario through a real `FeedViewModel` on a `TestScheduler` (one tick is 100 ms)
/// and checks, at every state it emits and at the end of every tick:
/// - no photo id is shown twice;
/// - the photos change only when a page is accepted: page 1 replaces them with its photos
///   without repeats, a next page appends its new photos; so a failure never removes one;
/// - at most one request is in flight; pages are requested in order (1 after a refresh); none
///   after the last page until a refresh, and none after the screen went away (disposal), which
///   also cancels the one in flight;
/// - `isLoadingMore` and `isRefreshing` (the state and the outputs) are false whenever nothing
///   is in flight, and one of them is true when something is;
/// - each failure is reported once; a tapped photo is one on screen.
final class ViewModelFuzz: Sendable {
    let scenario: FeedScenario
    let scheduler = TestScheduler(resolution: .milliseconds(100))
    let service: FuzzPhotoService

    /// What a run went through, to make sure the series reaches the interesting cases.
    struct Coverage: CustomStringConvertible, Sendable {
        var runs = 0, nextPages = 0, refreshes = 0, duplicatesDropped = 0, failures = 0, lastPages = 0
        var cancelledByRefresh = 0, cancelledByDisposal = 0, hangs = 0

        mutating func add(_ other: Coverage) {
            runs += other.runs
            nextPages += other.nextPages
            refreshes += other.refreshes
            duplicatesDropped += other.duplicatesDropped
            failures += other.failures
            lastPages += other.lastPages
            cancelledByRefresh += other.cancelledByRefresh
            cancelledByDisposal += other.cancelledByDisposal
            hangs += other.hangs
        }

        var isThorough: Bool {
            [nextPages, refreshes, duplicatesDropped, failures, lastPages, cancelledByRefresh, cancelledByDisposal]
                .allSatisfy { $0 * 20 >= runs }
        }

        var description: String {
            "\(runs) runs with: next pages \(nextPages), refreshes \(refreshes), duplicates dropped \(duplicatesDropped), "
                + "failures \(failures), last page \(lastPages), cancelled by a refresh \(cancelledByRefresh), "
                + "cancelled by disposal \(cancelledByDisposal), hanging requests \(hangs)"
        }
    }

    private(set) var coverage: Coverage {
        get { coverageBox.withLock { $0 } }
        set { coverageBox.withLock { $0 = newValue } }
    }

    private let coverageBox = Mutex(Coverage())

    private struct Checks {
        var failures: [String] = []
        var previous: FeedState?
        /// What every state so far decided, counted.
        var counts = FeedCounts()
        var consumedSuccesses = 0
        /// Accepted pages, with the length of the service log when they were accepted.
        var accepted: [(logCount: Int, page: Int, hasNext: Bool)] = []
        var errors = 0
        /// Requests a person asked for and the budget refused: each shows an error too.
        var refusals = 0
        var loadingFlag: Bool?
        var refreshingFlag: Bool?
        var shownPhotos: [String]?
    }

    private let checks = Mutex(Checks())

    init(scenario: FeedScenario) {
        self.scenario = scenario
        service = FuzzPhotoService(scenario: scenario, scheduler: scheduler)
    }

    private func fail(_ message: String) {
        let tick = scheduler.clock
        checks.withLock { $0.failures.append("@\(tick) \(message)") }
    }

    func run() throws -> [String] {
        let load = Subject<Void>(), refresh = Subject<Void>(), bottom = Subject<Void>(), selection = Subject<Int>()
        let retry = Subject<Void>(), geometry = Subject<ScrollGeometry>()
        for (tick, input) in scenario.inputs {
            _ = scheduler.scheduleAt(tick) {
                switch input {
                case .load: load.onNext(())
                case .refresh: refresh.onNext(())
                case .bottom: bottom.onNext(())
                case .select(let index): selection.onNext(index)
                case .retry: retry.onNext(())
                case .geometry(let content, let offset):
                    geometry.onNext(ScrollGeometry(contentOffsetY: Double(offset), contentHeight: Double(content), viewportHeight: 600))
                }
            }
        }
        let viewModel = try FeedViewModel(
            input: .init(load: load, refresh: refresh, geometry: geometry, reachedBottom: bottom, retry: retry, selection: selection),
            dependencies: .init(service: service, scheduler: scheduler, configuration: scenario.configuration)
        )
        let output = viewModel.output
        let bag = CompositeDisposable()
        bag.insert(output.state.asObservable().subscribe(onNext: { [self] in observe($0) }))
        bag.insert(output.error.asObservable().subscribe(onNext: { [self] _ in checks.withLock { $0.errors += 1 } }))
        bag.insert(output.isLoadingMore.asObservable().subscribe(onNext: { [self] flag in checks.withLock { $0.loadingFlag = flag } }))
        bag.insert(output.isRefreshing.asObservable().subscribe(onNext: { [self] flag in checks.withLock { $0.refreshingFlag = flag } }))
        bag.insert(output.photos.asObservable().subscribe(onNext: { [self] photos in checks.withLock { $0.shownPhotos = photos.map(\.id) } }))
        bag.insert(output.selectedPhoto.asObservable().subscribe(onNext: { [self] photo in
            let shown = checks.withLock { $0.previous?.photos.contains(photo) ?? false }
            if !shown { fail("tapped photo \(photo.id) is not on screen") }
        }))

        for tick in 0...scenario.disposeTick {
            try scheduler.advance(to: tick)
            checkQuiescent()
            if checks.withLock({ !$0.failures.isEmpty }) { break }
        }
        let (counts, errors, refusals) = checks.withLock { ($0.counts, $0.errors, $0.refusals) }
        if errors != counts.failures + refusals {
            fail("\(errors) errors shown for \(counts.failures) failures and \(refusals) refusals")
        }
        let accepted = checks.withLock { $0.accepted }
        let log = service.log
        let cancelledBeforeDisposal = log.filter { if case .cancelled = $0 { true } else { false } }.count

        // The screen goes away: what is in flight is cancelled, and nothing more is asked.
        bag.dispose()
        if !service.outstanding.isEmpty { fail("requests \(service.outstanding) still in flight after disposal") }
        let logAtDisposal = service.log.count
        try scheduler.advance(to: scenario.endTick + 20)
        if service.log.count != logAtDisposal {
            fail("the service was used after disposal: \(service.log.dropFirst(logAtDisposal))")
        }
        if !scheduler.pendingTicks.isEmpty { fail("work left on the scheduler: \(scheduler.pendingTicks)") }
        checkRequestOrder()
        coverage = Coverage(
            runs: 1,
            nextPages: accepted.contains { $0.page > 1 } ? 1 : 0,
            refreshes: accepted.dropFirst().contains { $0.page == 1 } ? 1 : 0,
            duplicatesDropped: counts.duplicatesDropped > 0 ? 1 : 0,
            failures: counts.failures > 0 ? 1 : 0,
            lastPages: accepted.contains { !$0.hasNext } ? 1 : 0,
            cancelledByRefresh: cancelledBeforeDisposal > 0 ? 1 : 0,
            cancelledByDisposal: service.log.count > log.count ? 1 : 0,
            hangs: scenario.answers.prefix(log.count).contains { $0.outcome == .hang } ? 1 : 0
        )
        return checks.withLock { $0.failures }
    }

    /// Every state, as it is emitted.
    private func observe(_ state: FeedState) {
        if state.wantsNextPage { fail("the next page is wanted and nothing started it") }
        for case .requestRefused in state.decisions {
            checks.withLock { $0.refusals += 1 }
        }
        for case .requestStarted(let request) in state.decisions where [.prefill, .retry].contains(request.reason) {
            if !state.needsContent {
                fail("\(request) started, but the screen needs nothing")
            }
        }
        // The footer never offers a retry that would be ignored: a tap on it starts the page or
        // is answered with the budget's wait.
        if case .tapToRetry = state.footer {
            let tapped = FeedState.reduce(state, .retry, at: state.now)
            let answered = tapped.decisions.contains {
                switch $0 {
                case .requestStarted, .requestRefused, .requestRefusedAgain: true
                default: false
                }
            }
            if !answered { fail("the footer offers a retry, and a tap on it decides \(tapped.decisions)") }
        }
        let ids = state.photos.map(\.id)
        if Set(ids).count != ids.count { fail("an id is shown twice: \(ids)") }
        if state.inFlight == nil, state.isLoadingMore || state.isRefreshing { fail("a spinner spins with nothing in flight") }
        if let photo = state.selectedPhoto, !state.photos.contains(photo) { fail("selected \(photo.id), not on screen") }

        let log = service.log
        let successes = log.compactMap { entry -> (page: Int, ids: [String], hasNext: Bool)? in
            guard case .answered(_, let page, _, let ids?, let hasNext) = entry else { return nil }
            return (page, ids, hasNext)
        }
        let previous = checks.withLock { checks -> FeedState? in
            defer {
                checks.previous = state
                checks.counts.add(state.decisions)
            }
            return checks.previous
        }
        guard let previous else {
            if !ids.isEmpty { fail("the first state shows photos") }
            return
        }
        let before = previous.photos.map(\.id)
        guard state.acceptedAPage else {
            if ids != before { fail("photos changed from \(before) to \(ids) with no page accepted") }
            return
        }
        // The page accepted is the latest success the service sent; earlier unconsumed ones
        // were superseded (dropped as stale).
        let consumed = checks.withLock { $0.consumedSuccesses }
        guard let answer = successes.last, successes.count > consumed else {
            fail("a page was accepted that the service never sent")
            return
        }
        checks.withLock {
            $0.consumedSuccesses = successes.count
            $0.accepted.append((log.count, answer.page, answer.hasNext))
        }
        var expected = answer.page == 1 ? [] : before
        for id in answer.ids where !expected.contains(id) { expected.append(id) }
        if ids != expected {
            fail("page \(answer.page) \(answer.ids) turned \(before) into \(ids), expected \(expected)")
        }
        let change: FeedChange? = answer.page == 1 ? .reload : (ids.count > before.count ? .insert(before.count..<ids.count) : nil)
        if state.change != change { fail("change \(String(describing: state.change)), expected \(String(describing: change))") }
    }

    /// After all the work of a tick is done.
    private func checkQuiescent() {
        let outstanding = service.outstanding
        if outstanding.count > 1 { fail("\(outstanding.count) requests in flight: \(outstanding)") }
        let snapshot = checks.withLock { ($0.previous, $0.loadingFlag, $0.refreshingFlag, $0.shownPhotos) }
        guard let state = snapshot.0 else { return fail("no state emitted") }
        if outstanding.isEmpty != (state.inFlight == nil) {
            fail("service has \(outstanding) in flight, the state \(state.inFlight.map(\.description) ?? "none")")
        }
        if snapshot.1 != state.isLoadingMore || snapshot.2 != state.isRefreshing {
            fail("outputs isLoadingMore \(String(describing: snapshot.1)) isRefreshing \(String(describing: snapshot.2)) disagree with the state")
        }
        if outstanding.isEmpty, snapshot.1 == true || snapshot.2 == true { fail("a spinner spins with nothing in flight") }
        if snapshot.3 != state.photos.map(\.id) { fail("output photos \(snapshot.3 ?? []) disagree with the state") }
    }

    /// Pages in order: page 1, or the page after the last one accepted, never past the last.
    private func checkRequestOrder() {
        let log = service.log
        let accepted = checks.withLock { $0.accepted }
        var nextAcceptance = 0
        var lastPage = 0
        var reachedEnd = false
        var open = 0
        for (position, entry) in log.enumerated() {
            while nextAcceptance < accepted.count, accepted[nextAcceptance].logCount <= position {
                lastPage = accepted[nextAcceptance].page
                reachedEnd = !accepted[nextAcceptance].hasNext
                nextAcceptance += 1
            }
            switch entry {
            case .requested(let index, let page, let tick):
                if open > 0 { fail("request #\(index) at \(tick) while another was in flight") }
                open += 1
                if page != 1 {
                    if page != lastPage + 1 { fail("request #\(index) at \(tick) for page \(page) after page \(lastPage) was accepted") }
                    if reachedEnd { fail("request #\(index) at \(tick) for page \(page) after the last page") }
                }
            case .answered, .cancelled:
                open -= 1
            }
        }
    }
}

// MARK: - FeedViewModel driven by a scroll simulator

/// Plays one generated scroll session through the app's real wiring (simulator geometry →
/// geometry → view model → catalog service → photos → simulator) on a `TestScheduler`
/// where a tick is 1 ms, and checks the same promises as ``ViewModelFuzz`` against the
/// service's own request records.
final class ScrollFuzz: Sendable {
    let scenario: ScrollScenario
    let scheduler = TestScheduler(resolution: .milliseconds(1), stepLimit: 10_000_000)
    let service: CatalogPhotoService
    /// The catalog, with some requests that never answer.
    let hanging: HangingPhotoService
    private let failures = Mutex<[String]>([])
    private let previous = Mutex<FeedState?>(nil)

    init(scenario: ScrollScenario) {
        self.scenario = scenario
        service = CatalogPhotoService(
            catalog: PhotoCatalog(count: scenario.catalogCount, liveCount: scenario.live?.count ?? 0),
            scheduler: scheduler,
            latency: scenario.latency,
            failures: scenario.failureRate > 0 ? .rate(scenario.failureRate, seed: scenario.seed) : .none,
            live: scenario.live
        )
        hanging = HangingPhotoService(base: service, rate: scenario.hangRate, seed: scenario.seed)
    }

    private func fail(_ message: String) {
        let now = scheduler.clock
        failures.withLock { $0.append("@\(now) ms \(message)") }
    }

    func run() throws -> [String] {
        let simulator = ScrollSimulator(scheduler: scheduler, configuration: scenario.screen)
        let viewModel = try FeedViewModel(
            input: .simulated(by: simulator),
            dependencies: .init(service: hanging, scheduler: scheduler, configuration: scenario.configuration)
        )
        let bag = CompositeDisposable()
        bag.insert(viewModel.output.state.asObservable().subscribe(onNext: { [self] state in
            checkWanted(state, simulator.currentGeometry, laidOut: simulator.layout.frames.count)
            observe(state)
        }))
        bag.insert(viewModel.output.photos.asObservable().subscribe(onNext: { simulator.setPhotos($0) }))
        bag.insert(simulator.play(scenario.steps).subscribe(onNext: { _ in }))

        // Step from one instant with work to the next, and look at the feed whenever all the
        // work of an instant is done.
        while let next = scheduler.pendingTicks.first, next <= scenario.disposeAt {
            try scheduler.advance(to: next)
            checkQuiescent()
            checkNotIdle(simulator.currentGeometry)
            if failures.withLock({ !$0.isEmpty }) { break }
        }
        try scheduler.advance(to: scenario.disposeAt)
        bag.dispose()
        let records = service.requests
        if records.contains(where: { $0.outcome == .pending }) { fail("a request is still pending after disposal") }
        try scheduler.advance(to: scenario.disposeAt + 20_000)
        if service.requests.count != records.count { fail("requests after disposal") }
        checkRequestOrder()
        return failures.withLock { $0 }
    }

    private func observe(_ state: FeedState) {
        let ids = state.photos.map(\.id)
        if Set(ids).count != ids.count { fail("an id is shown twice") }
        if state.inFlight == nil, state.isLoadingMore || state.isRefreshing { fail("a spinner spins with nothing in flight") }
        guard let before = previous.withLock({ previous in defer { previous = state }; return previous }) else { return }
        guard state.acceptedAPage else {
            if state.photos != before.photos { fail("photos changed with no page accepted") }
            return
        }
        guard let record = service.requests.last(where: { if case .succeeded = $0.outcome { true } else { false } }) else {
            return fail("a page was accepted that the service never sent")
        }
        let offset = (record.page - 1) * record.perPage
        let page = service.catalog.feedSlice(offset..<(offset + record.perPage), published: record.livePublished).map(\.id)
        var expected = record.page == 1 ? [] : before.photos.map(\.id)
        for id in page where !expected.contains(id) { expected.append(id) }
        if ids != expected { fail("page \(record.page) turned \(before.photos.count) photos into \(ids), expected \(expected)") }
    }

    /// A request the level started was wanted by the scroll view's geometry at that instant,
    /// measured on the photos the feed shows (not on a layout of fewer).
    private func checkWanted(_ state: FeedState, _ geometry: ScrollGeometry, laidOut: Int) {
        for case .requestStarted(let request) in state.decisions where [.prefill, .scroll, .retry].contains(request.reason) {
            let demand = geometry.demand(prefetchDistance: scenario.configuration.prefetchDistance)
            if !demand.wantsMore { fail("\(request) started, but the screen shows \(geometry): \(demand)") }
            if state.geometry != geometry { fail("\(request) started from a stale geometry \(String(describing: state.geometry))") }
            if laidOut != state.photos.count {
                fail("\(request) started from a layout of \(laidOut) photos, but the feed shows \(state.photos.count)")
            }
        }
    }

    /// Once the work of an instant is done, the feed is not idle while the screen needs content,
    /// unless the last page is in, a back-off runs, the retries ran out or the budget is spent.
    private func checkNotIdle(_ geometry: ScrollGeometry) {
        guard let state = previous.withLock({ $0 }) else { return }
        guard geometry.demand(prefetchDistance: scenario.configuration.prefetchDistance).wantsMore,
              state.inFlight == nil, !(state.hasLoaded && state.isLastPage), state.budgetResumesAt == nil
        else { return }
        switch state.backoff?.phase {
        case .waiting, .exhausted: return
        case .ready, .rearmed, nil: break
        }
        fail("idle while the screen needs content: \(geometry), state geometry \(String(describing: state.geometry))")
    }

    private func checkQuiescent() {
        let pending = service.requests.filter { $0.outcome == .pending }
        let hung = hanging.hanging
        if pending.count + hung > 1 { fail("\(pending.count) requests in flight, \(hung) hanging") }
        guard let state = previous.withLock({ $0 }) else { return fail("no state") }
        if hung > 0 {
            if state.inFlight == nil { fail("a request hangs, but the state has nothing in flight") }
            return
        }
        if pending.isEmpty != (state.inFlight == nil) { fail("service pending \(pending.map(\.page)), state in flight \(state.inFlight.map(\.description) ?? "none")") }
        if let request = pending.first, request.page != state.inFlight?.page { fail("service asked page \(request.page) for \(state.inFlight.map(\.description) ?? "none")") }
    }

    /// Pages in order from the records alone: 1, or the one after the last page that arrived
    /// (the view model takes every page that arrives, as nothing else is in flight), never past the last.
    private func checkRequestOrder() {
        var lastPage = 0
        var reachedEnd = false
        var open: PageRequestRecord?
        for record in service.requests {
            if let open, let finished = open.finishedAt, finished > record.requestedAt {
                fail("request \(record.number) while \(open.number) was in flight")
            }
            if record.page != 1 {
                if record.page != lastPage + 1 { fail("request \(record.number) for page \(record.page) after page \(lastPage)") }
                if reachedEnd { fail("request \(record.number) after the last page") }
            }
            if case .succeeded(let count) = record.outcome {
                lastPage = record.page
                let total = service.catalog.feedCount(published: record.livePublished)
                reachedEnd = (record.page - 1) * record.perPage + count >= total
            }
            open = record
        }
    }
}

/// A photo service that passes requests to another, except a seeded fraction that never answer
/// (until disposed, as a refresh or the screen going away does).
final class HangingPhotoService: PhotoService {
    let base: any PhotoService
    let rate: Double
    private let state: Mutex<(random: FuzzRandom, hanging: Int)>

    init(base: any PhotoService, rate: Double, seed: UInt64) {
        self.base = base
        self.rate = rate
        state = Mutex((FuzzRandom(seed: seed ^ 0x4A46), 0))
    }

    /// Requests subscribed that hang now.
    var hanging: Int { state.withLock { $0.hanging } }

    func photos(page: Int, perPage: Int) -> Single<PhotoPage> {
        let base = base
        let rate = rate
        return Observable<PhotoPage>.deferred { [self] in
            let hangs = state.withLock { state in
                let hangs = state.random.chance(rate)
                if hangs { state.hanging += 1 }
                return hangs
            }
            guard hangs else { return base.photos(page: page, perPage: perPage).asObservable() }
            return Observable<PhotoPage>.never().do(onDispose: { [self] in state.withLock { $0.hanging -= 1 } })
        }
        .asSingle()
    }
}

extension FeedState {
    /// Whether the event that made this state accepted a page.
    fileprivate var acceptedAPage: Bool {
        decisions.contains { if case .pageArrived = $0 { true } else { false } }
    }
}
