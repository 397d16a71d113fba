import FeedStreams
import FeedTestSupport
import Foundation
import Streams
import Synchronization

// A seeded generator of feed scenarios for the fuzz tests: inputs at random ticks, a service
// whose answers have random latencies and failures, and a catalog that grows at the top while
// the user pages through it. Everything derives from one 64-bit seed, so a failing case is
// replayed with `FUZZ_SEED=<seed> swift test --filter FeedFuzzTests`.

extension FuzzSeeds {
    /// How to replay `seed` of the feed's fuzz tests.
    static func replay(_ seed: UInt64) -> String {
        replay(seed, filter: "FeedFuzzTests")
    }
}

/// Photos by id, built once: `Photo` values are costly enough to matter over thousands of cases.
enum FuzzPhotos {
    private static let cache = Mutex<[String: Photo]>([:])

    static func photos(_ ids: [String]) -> [Photo] {
        cache.withLock { cache in
            ids.map { id in
                if let photo = cache[id] { return photo }
                let made = photo(id)
                cache[id] = made
                return made
            }
        }
    }
}

/// One generated run of the feed: what the user does when, how the service answers, and how
/// the catalog grows.
struct FeedScenario: Sendable, CustomStringConvertible {
    enum Input: Sendable, Equatable, CustomStringConvertible {
        case load, refresh, bottom, retry, select(Int)
        /// The scroll view's geometry on a 600 pt screen.
        case geometry(content: Int, offset: Int)

        var description: String {
            switch self {
            case .load: "load"
            case .refresh: "refresh"
            case .bottom: "bottom"
            case .retry: "retry"
            case .select(let index): "select(\(index))"
            case .geometry(let content, let offset): "geometry(\(offset)/\(content))"
            }
        }
    }

    enum Outcome: Sendable, Equatable, CustomStringConvertible {
        case success
        case failure(FeedError)
        /// Never answers; only a refresh or the screen going away ends it.
        case hang

        var description: String {
            switch self {
            case .success: "ok"
            case .failure(let error): "fail(\(error))"
            case .hang: "hang"
            }
        }
    }

    struct Answer: Sendable, CustomStringConvertible {
        var latency: Int
        var outcome: Outcome
        var description: String { "\(outcome)+\(latency)" }
    }

    let seed: UInt64
    let perPage: Int
    /// The feed's rules: random retries and request budget.
    let configuration: FeedConfiguration
    /// The catalog before any live photo: ids, possibly with repeats.
    let base: [String]
    /// Ticks at which one new photo is published at the top of the feed.
    let liveTicks: [Int]
    let inputs: [(tick: Int, input: Input)]
    /// The answer to the n-th request (requests past the end succeed at once).
    let answers: [Answer]
    let disposeTick: Int
    let endTick: Int

    init(seed: UInt64) {
        var random = FuzzRandom(seed: seed)
        self.seed = seed
        perPage = random.int(1...4)
        configuration = FeedConfiguration(
            perPage: perPage,
            prefetchDistance: 600,
            retry: RetryPolicy(
                maxAttempts: random.int(0...3), initialDelay: .milliseconds(100 * random.int(1...5)),
                jitter: random.pick([0, 0.3]), seed: random.next()
            ),
            maxRequestsPerMinute: random.pick([5, 60])
        )
        let baseCount = random.chance(0.1) ? 0 : random.int(1...(perPage * 6))
        var base = (0..<baseCount).map { "b\($0)" }
        if baseCount > 2, random.chance(0.4) {
            for _ in 0..<random.int(1...3) {
                base.insert(base[random.int(0...(base.count - 1))], at: random.int(0...base.count))
            }
        }
        self.base = base
        let endTick = random.int(30...80)
        self.endTick = endTick
        let liveRate = random.chance(0.5) ? 0 : random.pick([0.05, 0.15, 0.4])
        liveTicks = (1..<endTick).filter { _ in random.chance(liveRate) }

        let bottomRate = random.pick([0.05, 0.2, 0.5, 0.9])
        let refreshRate = random.pick([0.0, 0.02, 0.08])
        let selectRate = random.pick([0.0, 0.05])
        let geometryRate = random.pick([0.0, 0.1, 0.4])
        let retryRate = random.pick([0.0, 0.03])
        var inputs: [(Int, Input)] = []
        if random.chance(0.9) { inputs.append((random.int(0...4), .load)) }
        for tick in 1..<endTick {
            if random.chance(bottomRate) { inputs.append((tick, .bottom)) }
            if random.chance(refreshRate) { inputs.append((tick, .refresh)) }
            if random.chance(selectRate) { inputs.append((tick, .select(random.int(-1...20)))) }
            if random.chance(0.01) { inputs.append((tick, .load)) }
            if random.chance(retryRate) { inputs.append((tick, .retry)) }
            if random.chance(geometryRate) {
                let content = random.pick([0, 300, 1_000, 2_500, 6_000])
                inputs.append((tick, .geometry(content: content, offset: random.int(0...max(content - 600, 0)))))
            }
        }
        self.inputs = inputs.sorted { $0.0 < $1.0 }.map { (tick: $0.0, input: $0.1) }

        let failureRate = random.pick([0.0, 0.1, 0.3, 0.6])
        let hangRate = random.pick([0.0, 0.0, 0.05])
        let maxLatency = random.pick([0, 2, 5, 12])
        let errors: [FeedError] = [.offline, .timedOut, .rateLimited(resetAfter: nil), .serverError(status: 500), .malformedResponse(path: "[0].id", problem: "x")]
        answers = (0..<200).map { _ in
            let latency = random.int(0...maxLatency)
            if random.chance(hangRate) { return Answer(latency: latency, outcome: .hang) }
            if random.chance(failureRate) { return Answer(latency: latency, outcome: .failure(random.pick(errors))) }
            return Answer(latency: latency, outcome: .success)
        }
        disposeTick = endTick - random.int(0...8)
    }

    /// The ids of the feed at `tick`: live photos published by then, newest first, then the base.
    func feed(at tick: Int) -> [String] {
        let live = liveTicks.filter { $0 <= tick }.indices.reversed().map { "live\($0)" }
        return live + base
    }

    /// Page `number` of the feed as it is at `tick`.
    func page(_ number: Int, at tick: Int) -> (ids: [String], hasNext: Bool) {
        let feed = feed(at: tick)
        let start = min((number - 1) * perPage, feed.count)
        let end = min(start + perPage, feed.count)
        return (Array(feed[start..<end]), end < feed.count)
    }

    var description: String {
        let inputText = inputs.map { "\($0.tick):\($0.input)" }.joined(separator: " ")
        return """
        seed 0x\(String(seed, radix: 16)): perPage \(perPage), base \(base), live at \(liveTicks), \
        dispose at \(disposeTick), end \(endTick)
          inputs: \(inputText)
          answers: \(answers.prefix(12).map(\.description).joined(separator: " ")) …
        """
    }
}

/// What happened around the service, in the order it happened.
enum FuzzEntry: Equatable, CustomStringConvertible {
    /// Request `index` for `page` subscribed at `tick`.
    case requested(index: Int, page: Int, tick: Int)
    /// Request `index` answered with the feed's page (ids), or failed.
    case answered(index: Int, page: Int, tick: Int, ids: [String]?, hasNext: Bool)
    /// Request `index` disposed before it answered.
    case cancelled(index: Int, tick: Int)

    var description: String {
        switch self {
        case .requested(let index, let page, let tick): "@\(tick) #\(index) request page \(page)"
        case .answered(let index, let page, let tick, let ids, let hasNext):
            "@\(tick) #\(index) page \(page) " + (ids.map { "ok \($0)\(hasNext ? "" : " last")" } ?? "failed")
        case .cancelled(let index, let tick): "@\(tick) #\(index) cancelled"
        }
    }
}

/// A photo service that answers as a scenario says, on a test scheduler, and logs everything.
final class FuzzPhotoService: PhotoService {
    let scenario: FeedScenario
    let scheduler: TestScheduler
    private let state = Mutex<(log: [FuzzEntry], count: Int)>(([], 0))

    init(scenario: FeedScenario, scheduler: TestScheduler) {
        self.scenario = scenario
        self.scheduler = scheduler
    }

    var log: [FuzzEntry] { state.withLock { $0.log } }

    /// Requests subscribed and neither answered nor cancelled.
    var outstanding: [Int] {
        let log = self.log
        var open: [Int] = []
        for entry in log {
            switch entry {
            case .requested(let index, _, _): open.append(index)
            case .answered(let index, _, _, _, _), .cancelled(let index, _): open.removeAll { $0 == index }
            }
        }
        return open
    }

    func photos(page: Int, perPage: Int) -> Single<PhotoPage> {
        Single.create { [self] resolve in
            let tick = scheduler.clock
            let index = state.withLock { state -> Int in
                defer { state.count += 1 }
                state.log.append(.requested(index: state.count, page: page, tick: tick))
                return state.count
            }
            let answer = index < scenario.answers.count
                ? scenario.answers[index]
                : FeedScenario.Answer(latency: 0, outcome: .success)
            let answered = Atomic(false)
            let work: any Disposable
            if answer.outcome == .hang {
                work = Disposables.create()
            } else {
                work = scheduler.schedule(after: scheduler.resolution * answer.latency) { [self] in
                    answered.store(true, ordering: .releasing)
                    let now = scheduler.clock
                    switch answer.outcome {
                    case .success, .hang:
                        let (ids, hasNext) = scenario.page(page, at: now)
                        state.withLock { $0.log.append(.answered(index: index, page: page, tick: now, ids: ids, hasNext: hasNext)) }
                        resolve(.success(PhotoPage(photos: FuzzPhotos.photos(ids), page: page, hasNextPage: hasNext)))
                    case .failure(let error):
                        state.withLock { $0.log.append(.answered(index: index, page: page, tick: now, ids: nil, hasNext: true)) }
                        resolve(.failure(error))
                    }
                }
            }
            return Disposables.create { [self] in
                work.dispose()
                guard !answered.load(ordering: .acquiring) else { return }
                let now = scheduler.clock
                state.withLock { $0.log.append(.cancelled(index: index, tick: now)) }
            }
        }
    }
}

/// A generated scroll session: a random scroll script played by a `ScrollSimulator` wired to
/// the view model, over the catalog service with a random latency, failure rate and live feed.
struct ScrollScenario: Sendable, CustomStringConvertible {
    let seed: UInt64
    let perPage: Int
    let catalogCount: Int
    let latency: Duration
    let failureRate: Double
    let live: LiveFeed?
    let steps: [ScrollStep]
    /// When the screen goes away, in milliseconds.
    let disposeAt: Int
    /// The screen and its layout.
    let screen: ScrollSimulator.Configuration
    /// The feed's rules.
    let configuration: FeedConfiguration
    /// The fraction of requests that never answer.
    let hangRate: Double

    init(seed: UInt64) {
        var random = FuzzRandom(seed: seed)
        self.seed = seed
        perPage = random.int(1...10)
        hangRate = random.pick([0, 0, 0.1])
        screen = ScrollSimulator.Configuration(
            viewportHeight: Double(random.pick([300, 600, 844])),
            bottomInset: Double(random.pick([0, 0, 34])),
            layoutStyle: random.pick([.singleColumn, .waterfall(columns: 2), .grid(itemHeight: 190)])
        )
        configuration = FeedConfiguration(
            perPage: perPage,
            prefetchDistance: Double(random.pick([0, 200, 800])),
            retry: RetryPolicy(
                maxAttempts: random.int(0...3), initialDelay: .milliseconds(random.pick([50, 500, 2_000])),
                jitter: random.pick([0, 0.3]), seed: random.next()
            )
        )
        catalogCount = random.pick([0, 3, 12, 40, 120])
        latency = .milliseconds(random.pick([0, 50, 400, 1_500]))
        failureRate = random.pick([0.0, 0.2, 0.5])
        live = random.chance(0.5) ? nil : LiveFeed(every: .milliseconds(random.int(200...3_000)), count: random.int(1...30))
        var steps: [ScrollStep] = []
        for _ in 0..<random.int(3...14) {
            switch random.int(0...9) {
            case 0, 1: steps.append(.wait(.milliseconds(random.int(50...2_000))))
            case 2: steps.append(.drag(to: Double(random.int(-100...6_000)), over: .milliseconds(random.int(50...800))))
            case 3, 4: steps.append(.fling(velocity: Double(random.int(-12_000...12_000))))
            case 5, 6: steps.append(.scrollToBottom)
            case 7: steps.append(.scrollToTop)
            case 8: steps.append(random.chance(0.5) ? .pullToRefresh : .tapRetry)
            default: steps.append(random.chance(0.5) ? .tap(index: random.int(0...30)) : .tapAt(x: Double(random.int(0...400)), y: Double(random.int(0...800))))
            }
        }
        self.steps = steps
        disposeAt = random.int(2_000...14_000)
    }

    var description: String {
        """
        seed 0x\(String(seed, radix: 16)): perPage \(perPage), catalog \(catalogCount), latency \(latency), \
        screen \(screen.viewportHeight) pt \(screen.layoutStyle), prefetch \(configuration.prefetchDistance), \
        retries \(configuration.retry.maxAttempts) from \(configuration.retry.initialDelay), failure rate \(failureRate), hang rate \(hangRate), live \(live.map { "every \($0.every) × \($0.count)" } ?? "none"), dispose at \(disposeAt) ms
          script: \(steps.map { ScrollScript.line(for: $0) }.joined(separator: "; "))
        """
    }
}
