import Dispatch
import FeedStreams
@testable import feed_demo
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Streams
import Synchronization
import Testing

/// What the feed does with input nobody should send it.
///
/// The HTTP service runs *through the view model* against `scripts/unsplash_stub_server.py` on
/// a loopback port: a page loads, then the server misbehaves for a load-more and for a refresh
/// (the service's base URL switches to a `/mode/<name>` prefix), then behaves again. Each time
/// the feed must report one clear ``FeedError``, keep the photos already shown, reset its
/// spinners, and load the page on the next try.
///
/// Scroll scripts and `feed-demo` flags full of garbage must give an error naming the line (or
/// the flag) and exit with status 2, never crash.
@Suite("Hostile input")
struct HostileInputTests {
    static let serverFailures: [(mode: String, error: FeedError)] = [
        ("truncated_json", .malformedResponse(path: "", problem: "not valid JSON")),
        ("wrong_type", .malformedResponse(path: "[3].urls.small", problem: "expected String")),
        ("html_error", .serverError(status: 502)),
        ("html_200", .malformedResponse(path: "", problem: "expected JSON, got text/html")),
        ("rate_limit_text", .rateLimited(resetAfter: nil)),
        ("429", .rateLimited(resetAfter: .seconds(60))),
        ("500_empty", .serverError(status: 500)),
        ("400_errors_json", .clientError(status: 400, messages: ["page must be at least 1", "per_page must be at least 1"])),
        ("slow", .timedOut),
        // Linux's URLSession reports curl's "transfer closed with N bytes remaining" as unknown.
        ("close_mid_body", .transport(.unknown)),
    ]

    @Test("a misbehaving server gives one clear error, keeps the list, resets the spinners, and the retry loads",
          arguments: serverFailures.map(\.mode))
    func serverFailure(mode: String) async throws {
        let expected = try #require(Self.serverFailures.first { $0.mode == mode }?.error)
        let server = try await StubServer()
        defer { server.stop() }
        let feed = LiveFeedHarness(baseURL: server.baseURL())
        defer { feed.stop() }

        feed.send(.load)
        let first = try #require(await feed.state { $0.stats.pagesLoaded == 1 })
        let page1 = first.photos.map(\.id)
        #expect(page1.count == 10)

        // A load-more against the misbehaving server.
        feed.service.use(server.baseURL(mode: mode))
        feed.send(.bottom)
        let failed = try #require(await feed.state { $0.stats.failures == 1 })
        #expect(failed.error == expected)
        #expect(failed.photos.map(\.id) == page1, "the list already shown is intact")
        #expect(!failed.isLoadingMore && !failed.isRefreshing && failed.inFlight == nil)
        await feed.settle()
        #expect(feed.errors == [expected], "reported once")
        #expect(!expected.message.isEmpty && !expected.message.contains("<"), "a message a person can read")

        // The next approach, against a server that behaves, loads the same page.
        feed.service.use(server.baseURL())
        feed.send(.bottom)
        let retried = try #require(await feed.state { $0.stats.pagesLoaded == 2 })
        let page2 = retried.photos.map(\.id).dropFirst(10)
        #expect(Array(retried.photos.map(\.id).prefix(10)) == page1)
        #expect(page2 == ["stub-10", "stub-11", "stub-12", "stub-13", "stub-14", "stub-15", "stub-16", "stub-17", "stub-18", "stub-19"])
        #expect(retried.nextPage == 3)

        // A refresh against the misbehaving server keeps both pages.
        feed.service.use(server.baseURL(mode: mode))
        feed.send(.refresh)
        let refreshFailed = try #require(await feed.state { $0.stats.failures == 2 })
        #expect(refreshFailed.error == expected)
        #expect(refreshFailed.photos == retried.photos)
        #expect(!refreshFailed.isRefreshing && !refreshFailed.isLoadingMore)

        feed.service.use(server.baseURL())
        feed.send(.refresh)
        let refreshed = try #require(await feed.state { $0.stats.pagesLoaded == 3 })
        #expect(refreshed.photos.map(\.id) == page1)
        #expect(refreshed.change == .reload)
        await feed.settle()
        #expect(feed.errors == [expected, expected])
    }

    @Test("a body of several megabytes loads as a page, and the feed goes on")
    func bigBody() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let feed = LiveFeedHarness(baseURL: server.baseURL())
        defer { feed.stop() }

        feed.send(.load)
        let first = try #require(await feed.state { $0.stats.pagesLoaded == 1 })
        feed.service.use(server.baseURL(mode: "big_body"))
        feed.send(.bottom)
        let big = try #require(await feed.state { $0.stats.pagesLoaded == 2 })
        #expect(big.photos.count == 20)
        #expect(Array(big.photos.prefix(10)) == Array(first.photos))
        #expect(big.photos.dropFirst(10).allSatisfy { ($0.description?.utf8.count ?? 0) > 350_000 })
        #expect(big.nextPage == 3)
        feed.service.use(server.baseURL())
        feed.send(.refresh)
        let refreshed = try #require(await feed.state { $0.stats.pagesLoaded == 3 })
        #expect(refreshed.photos == first.photos)
        await feed.settle()
        #expect(feed.errors.isEmpty)
    }

    // MARK: Garbage scroll scripts and flags

    /// Scripts that must be refused: the bytes, and the line the error must name.
    static let garbageScripts: [(name: String, bytes: [UInt8], line: Int)] = [
        ("a NUL byte", Array("wait 1s\nfling \0\n".utf8), 2),
        ("a 100 KB number", Array(("wait 1s\n# ok\ndrag to " + String(repeating: "9", count: 100_000) + "\n").utf8), 3),
        ("an integer past Int.max", Array("tap 99999999999999999999\n".utf8), 1),
        ("a duration past a lifetime", Array("wait 99999999999999999999999ms\n".utf8), 1),
        ("1e308 seconds", Array("wait 1e308s\n".utf8), 1),
        ("a negative duration", Array("wait 1s\nwait -5ms\n".utf8), 2),
        ("two decimal points", Array("wait 1.5.5s\n".utf8), 1),
        ("nan and inf offsets", Array("drag to nan\n".utf8), 1),
        ("an infinite offset", Array("scroll to top\ndrag to inf\n".utf8), 2),
        ("an overflowing velocity", Array("fling 1e400\n".utf8), 1),
        ("an offset of 1e300", Array("drag to 1e300 over 1ms\n".utf8), 1),
        ("a tap at nan", Array("tap at nan nan\n".utf8), 1),
        ("a negative index", Array("tap -1\n".utf8), 1),
        ("Arabic-Indic digits", Array("tap \u{0663}\n".utf8), 1),
        ("an emoji keyword", Array("scroll to \u{1F92F}\n".utf8), 1),
        ("a keyword cut short", Array("pull to\n".utf8), 1),
        ("trailing words", Array("scroll to top now please\n".utf8), 1),
        ("CRLF with garbage on line 3", Array("wait 1s\r\n\r\nflung 3000\r\n".utf8), 3),
    ]

    @Test("a garbage scroll script is refused with its line number and status 2",
          arguments: garbageScripts.map(\.name))
    func garbageScript(name: String) throws {
        let script = try #require(Self.garbageScripts.first { $0.name == name })
        let path = try temporaryScript(script.bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = runDemo(["--script", path])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.first?.hasPrefix("\(path):\(script.line): expected ") == true, "\(run.errors.first ?? "nothing")")
        #expect(run.errors.count == 3, "the message, the line, and a caret under the column")
        #expect(run.errors.last?.trimmingCharacters(in: .whitespaces) == "^")
    }

    @Test("a script that is not UTF-8, or not a file, is refused with status 2")
    func unreadableScripts() throws {
        let notText = try temporaryScript([0x77, 0x61, 0x69, 0x74, 0x20, 0xFF, 0xFE, 0x0A])
        defer { try? FileManager.default.removeItem(atPath: notText) }
        let run = runDemo(["--script", notText])
        #expect(run.status == 2)
        #expect(run.errors == ["\(notText):1: not UTF-8 text: column 6 holds the byte 0xFF"])

        let directory = FileManager.default.temporaryDirectory.path
        let runDirectory = runDemo(["--script", directory])
        #expect(runDirectory.status == 2)
        #expect(runDirectory.errors == ["feed-demo: cannot read the script \"\(directory)\": it is a directory"])
    }

    @Test("scripts that are odd but valid play to the end", arguments: [
        "", "\n\n# only comments\n", "wait 0ms\n", "wait 0.0000001ms\n", "wait 1s\rfling 3000\r", "wait 3600s\nwait 3600s\n",
    ])
    func oddButValidScripts(text: String) throws {
        let path = try temporaryScript(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = runDemo(["--script", path, "--json", "--latency", "0"])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
    }

    static let badFlags: [[String]] = [
        ["--per-page"], ["--per-page", "-1"], ["--per-page", "99999999999999999999999"], ["--per-page="], ["--per-page=3=4"],
        ["--latency", "nan"], ["--latency", "1e308s"], ["--latency", "-1ms"],
        ["--failure-rate", "2"], ["--failure-rate", "nan"], ["--failure-rate", "-0.1"],
        ["--seed"], ["--seed", "x", "--failure-rate", "0.5"], ["--seed", "3"],
        ["--fail", "0"], ["--fail", "a,b"], ["--fail", "1,,2"], ["--fail", String(repeating: "9", count: 40)],
        ["--photos", "1e9"], ["--photos", "361"], ["--layout", "spiral"], ["--layout"],
        ["--base-url"], ["--base-url", "::::"], ["--base-url", "ftp://x"], ["--proxy"],
        ["--script"], ["--json=1"], ["--"], ["-"], ["--\u{1F92F}"], [String(repeating: "-", count: 10_000)],
    ]

    @Test("garbage flags are refused with what was wrong, the usage, and status 2", arguments: badFlags)
    func garbageFlags(arguments: [String]) {
        let run = runDemo(arguments)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.first?.hasPrefix("feed-demo: ") == true, "\(run.errors.first ?? "nothing")")
        #expect(run.errors.contains("usage: feed-demo [options]"))
    }
}

// MARK: - Harness

/// Feed events a test sends, on the view model's queue.
enum LiveInput { case load, bottom, refresh }

/// A feed view model over the real HTTP service on a dispatch queue, with its states collected
/// so a test can wait for the one it expects.
final class LiveFeedHarness: Sendable {
    let service: SwitchableHTTPService
    let queue = DispatchQueue(label: "hostile-input.feed")
    private let load = Subject<Void>()
    private let bottom = Subject<Void>()
    private let refresh = Subject<Void>()
    private let subscription: any Disposable
    private let watcher = StateWatcher()
    private let errorLog = ErrorLog()

    init(baseURL: URL) {
        service = SwitchableHTTPService(baseURL: baseURL)
        // No automatic retries: each test drives the retry itself, with the reached-bottom edge.
        let viewModel = try! FeedViewModel(
            input: .init(load: load, refresh: refresh, reachedBottom: bottom),
            dependencies: .init(
                service: service,
                scheduler: DispatchQueueScheduler(queue: queue),
                configuration: FeedConfiguration(retry: RetryPolicy(maxAttempts: 0))
            )
        )
        let watcher = watcher
        let errorLog = errorLog
        subscription = Disposables.create(
            viewModel.output.state.subscribe(onNext: { watcher.receive($0) }),
            viewModel.output.error.subscribe(onNext: { errorLog.append($0) })
        )
    }

    var errors: [FeedError] { errorLog.all }

    func send(_ input: LiveInput) {
        let subject = switch input {
        case .load: load
        case .bottom: bottom
        case .refresh: refresh
        }
        queue.async { subject.onNext(()) }
    }

    /// The first state, past or future, that satisfies `predicate`; `nil` after 20 s without one.
    func state(_ predicate: @escaping @Sendable (FeedState) -> Bool) async -> FeedState? {
        await watcher.first(where: predicate)
    }

    /// Returns once the view model's queue has run what it had: every output subscriber has
    /// then seen the states delivered so far.
    func settle() async {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }

    func stop() {
        subscription.dispose()
    }
}

/// The errors a feed reported, in order.
final class ErrorLog: Sendable {
    private let errors = Mutex<[FeedError]>([])

    var all: [FeedError] { errors.withLock { $0 } }

    func append(_ error: FeedError) { errors.withLock { $0.append(error) } }
}

/// An `UnsplashHTTPService` whose base URL a test switches between requests.
final class SwitchableHTTPService: PhotoService {
    private let baseURL: Mutex<URL>

    init(baseURL: URL) {
        self.baseURL = Mutex(baseURL)
    }

    func use(_ url: URL) {
        baseURL.withLock { $0 = url }
    }

    func photos(page: Int, perPage: Int) -> Single<PhotoPage> {
        Single.deferred { [self] in
            let configuration = UnsplashHTTPService.Configuration(
                baseURL: baseURL.withLock { $0 }, accessKey: StubServer.accessKey, deadline: .seconds(1)
            )
            return UnsplashHTTPService(configuration: configuration, sessionConfiguration: .ephemeral)
                .photos(page: page, perPage: perPage)
        }
    }
}

/// Keeps every state and lets tasks wait for one.
final class StateWatcher: Sendable {
    private struct Waiter {
        let predicate: @Sendable (FeedState) -> Bool
        let continuation: CheckedContinuation<FeedState?, Never>
    }

    private let state = Mutex<(states: [FeedState], waiters: [Int: Waiter], nextID: Int)>(([], [:], 0))

    func receive(_ feedState: FeedState) {
        let ready = state.withLock { state -> [Waiter] in
            state.states.append(feedState)
            let matched = state.waiters.filter { $0.value.predicate(feedState) }
            for id in matched.keys { state.waiters[id] = nil }
            return Array(matched.values)
        }
        for waiter in ready { waiter.continuation.resume(returning: feedState) }
    }

    func first(where predicate: @escaping @Sendable (FeedState) -> Bool) async -> FeedState? {
        await withCheckedContinuation { continuation in
            let id = state.withLock { state -> Int? in
                if let found = state.states.first(where: predicate) {
                    continuation.resume(returning: found)
                    return nil
                }
                state.nextID += 1
                state.waiters[state.nextID] = Waiter(predicate: predicate, continuation: continuation)
                return state.nextID
            }
            guard let id else { return }
            // A guard against hanging, not a clock the test reads: the answer comes long before.
            DispatchQueue.global().asyncAfter(deadline: .now() + 20) { [self] in
                let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
                waiter?.continuation.resume(returning: nil)
            }
        }
    }
}

/// Writes a script to a fresh temporary file and returns its path.
private func temporaryScript(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appending(path: "hostile-\(UUID().uuidString).scroll").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

/// Runs `feed-demo` in-process and collects what it prints.
private func runDemo(_ arguments: [String]) -> (status: Int32, output: [String], errors: [String]) {
    let output = Mutex<[String]>([])
    let errors = Mutex<[String]>([])
    let status = FeedDemo.main(
        arguments: arguments,
        environment: [:],
        outputIsTerminal: false,
        output: { line in output.withLock { $0.append(line) } },
        errors: { text in
            errors.withLock { $0 += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        }
    )
    return (status, output.withLock { $0 }, errors.withLock { $0 })
}
