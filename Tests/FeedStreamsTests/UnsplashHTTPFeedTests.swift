import Foundation
import Testing
@testable import FeedStreams
import FeedTestSupport

/// The feed's view model over `UnsplashHTTPService`, against the stub server's harsh modes.
///
/// The view model is built in one place, ``LiveFeedHarness`` (see `HostileInputTests.swift`),
/// whose service has a deadline of one second for a mode that must time out, and five seconds
/// otherwise, so that a busy machine (or ThreadSanitizer) does not turn an answer into a timeout.
/// Each mode must end within its deadline as a typed error whose message is one clean line, with
/// the list and the spinners intact, and the next try must load.
@Suite("The feed over HTTP against a harsh server")
struct UnsplashHTTPFeedTests {
    static let failures: [(mode: String, error: FeedError)] = [
        ("drip", .timedOut),
        ("huge_stream", .responseTooLarge(limit: UnsplashHTTPService.Configuration.defaultMaxBodyBytes)),
        ("retry_after_date", .rateLimited(resetAfter: .seconds(300))),
        ("hostile_plain", .clientError(status: 400, messages: [hostilePlainBody])),
    ]

    /// The `hostile_plain` mode's body: the hostile text and a space, repeated to 200 KB.
    static let hostilePlainBody: String = {
        let unit = UnsplashHTTPServiceTests.hostile + " "
        return String(repeating: unit, count: 200_000 / unit.unicodeScalars.count)
    }()

    @Test("a harsh load-more ends on time as one clean error; the list and spinners are intact; the retry loads",
          arguments: failures.map(\.mode))
    func loadMore(mode: String) async throws {
        let expected = try #require(Self.failures.first { $0.mode == mode }?.error)
        let server = try await StubServer()
        defer { server.stop() }
        let feed = LiveFeedHarness(baseURL: server.baseURL())
        defer { feed.stop() }
        feed.send(.load)
        let first = try #require(await feed.state(counted: { $0.pagesLoaded == 1 }))

        feed.service.use(server.baseURL(mode: mode), deadline: expected == .timedOut ? .seconds(1) : LiveFeedHarness.deadline)
        let clock = ContinuousClock()
        let asked = clock.now
        feed.send(.bottom)
        let failed = try #require(await feed.state(counted: { $0.failures == 1 }))
        let took = asked.duration(to: clock.now)

        #expect(failed.error == expected)
        #expect(took < StubServer.deadlineBound, "took \(took)")
        #expect(UnsplashHTTPServiceTests.isOneCleanLine(expected.message) && expected.message.count < 220)
        #expect(failed.photos == first.photos, "the list already shown is intact")
        #expect(!failed.isLoadingMore && !failed.isRefreshing && failed.inFlight == nil)

        feed.service.use(server.baseURL())
        feed.send(.bottom)
        let retried = try #require(await feed.state(counted: { $0.pagesLoaded == 2 }))
        #expect(retried.photos.map(\.id).suffix(10) == (10..<20).map { "stub-\($0)" })
        await feed.settle()
        #expect(feed.errors == [expected], "reported once")
    }

    @Test("a Link header without paging keeps the feed going")
    func linkWithoutPaging() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let feed = LiveFeedHarness(baseURL: server.baseURL(mode: "link_alternate"))
        defer { feed.stop() }

        feed.send(.load)
        let first = try #require(await feed.state(counted: { $0.pagesLoaded == 1 }))
        #expect(!first.isLastPage)
        feed.send(.bottom)
        let second = try #require(await feed.state(counted: { $0.pagesLoaded == 2 }))
        #expect(second.photos.map(\.id) == (0..<20).map { "stub-\($0)" })
        #expect(!second.isLastPage && second.nextPage == 3)
    }
}
