import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Streams
import Synchronization
import Testing
@testable import FeedStreams
import FeedTestSupport

/// `UnsplashHTTPService` through a real `URLSession` against `scripts/unsplash_stub_server.py`.
///
/// Each test runs its own server on an ephemeral loopback port; a failure mode is chosen by
/// the base URL's `/mode/<name>` prefix.
@Suite("UnsplashHTTPService against the stub server")
struct UnsplashHTTPServiceTests {
    @Test("page 1: the recorded photos, a next page from Link, 220922 in all")
    func firstPage() async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let page = try await service(server.baseURL()).fetch(page: 1, perPage: 2).result.get()

        #expect(page.photos.map(\.id) == ["uI-fScjuXnI", "x90Fh5ejNN8"])
        #expect(page.photos[0].isSponsored)
        #expect(page.hasNextPage)
        #expect(page.totalCount == 220_922)
    }

    @Test("proxy style: the same page without an access key")
    func proxyStyle() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let configuration = UnsplashHTTPService.Configuration(
            baseURL: server.baseURL(),
            accessKey: nil,
            endpoint: .proxy(orderBy: .latest)
        )

        let page = try await UnsplashHTTPService(configuration: configuration).fetch(page: 1, perPage: 2).result.get()

        #expect(page.photos.map(\.id) == ["uI-fScjuXnI", "x90Fh5ejNN8"])
        #expect(page.hasNextPage)
        #expect(page.totalCount == 220_922)
    }

    @Test("generated pages follow on; the last page (no next link, X-Total reached) has no next")
    func laterPages() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let service = service(server.baseURL())

        let second = try await service.fetch(page: 2, perPage: 2).result.get()
        let last = try await service.fetch(page: 110_461, perPage: 2).result.get()

        #expect(second.photos.map(\.id) == ["stub-2", "stub-3"])
        #expect(second.hasNextPage)
        #expect(second.perPage == 2)
        #expect(last.photos.map(\.id) == ["stub-220920", "stub-220921"])
        #expect(!last.hasNextPage)
    }

    @Test("a wrong access key is unauthorized")
    func wrongKey() async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let result = await service(server.baseURL(), accessKey: "stolen-key").fetch(page: 1, perPage: 2).result

        #expect(result == .failure(.unauthorized))
    }

    @Test("each failure mode arrives as its FeedError", arguments: [
        ("rate_limit_text", FeedError.rateLimited(resetAfter: nil)),
        ("429", .rateLimited(resetAfter: .seconds(60))),
        ("500_empty", .serverError(status: 500)),
        ("400_errors_json", .clientError(status: 400, messages: [
            "page must be at least 1", "per_page must be at least 1",
        ])),
        ("truncated_json", .malformedResponse(path: "", problem: "not valid JSON")),
        ("wrong_type", .malformedResponse(path: "[3].urls.small", problem: "expected String")),
        ("html_error", .serverError(status: 502)),
        ("html_200", .malformedResponse(path: "", problem: "expected JSON, got text/html")),
        ("huge_body", .responseTooLarge(limit: 8_388_608)),
        ("huge_stream", .responseTooLarge(limit: 8_388_608)),
    ])
    func failureMode(mode: String, expected: FeedError) async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let result = await service(server.baseURL(mode: mode)).fetch(page: 1, perPage: 10).result

        #expect(result == .failure(expected))
        #expect(Self.isOneCleanLine(expected.message))
    }

    @Test("a body cut short of its Content-Length is a transport failure")
    func closeMidBody() async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let result = await service(server.baseURL(mode: "close_mid_body")).fetch(page: 1, perPage: 10).result

        #if canImport(FoundationNetworking)
        // Linux's URLSession reports curl's "transfer closed with N bytes remaining to read"
        // as NSURLErrorUnknown.
        #expect(result == .failure(.transport(.unknown)))
        #else
        #expect(result == .failure(.transport(.networkConnectionLost)))
        #endif
    }

    @Test("a server slower than the deadline, or one that drips its body a byte at a time, times out on time",
          arguments: ["slow", "drip"])
    func deadline(mode: String) async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let fetch = await service(server.baseURL(mode: mode), deadline: .seconds(1)).fetch(page: 1, perPage: 10)

        #expect(fetch.result == .failure(.timedOut))
        // Generous for a busy machine: the point is that it ends, not how precisely.
        #expect(fetch.took < StubServer.deadlineBound, "took \(fetch.took) with a deadline of 1 s")
    }

    @Test("a deadline of zero fails at once, without sending anything")
    func zeroDeadline() async throws {
        // Port 1 on loopback: nothing listens there, and nothing is sent.
        let baseURL = try #require(URL(string: "http://127.0.0.1:1"))

        let result = await service(baseURL, deadline: .zero).fetch(page: 1, perPage: 10).result

        #expect(result == .failure(.timedOut))
    }

    @Test("a body of several megabytes under the limit decodes")
    func bigBody() async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let page = try await service(server.baseURL(mode: "big_body")).fetch(page: 1, perPage: 10).result.get()

        #expect(page.photos.count == 10)
        #expect(page.photos.allSatisfy { ($0.description?.utf8.count ?? 0) > 350_000 })
    }

    @Test("the limit is the configuration's: the same body over a smaller one is refused")
    func smallerLimit() async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let result = await service(server.baseURL(mode: "big_body"), maxBodyBytes: 1_000_000).fetch(page: 1, perPage: 10).result

        #expect(result == .failure(.responseTooLarge(limit: 1_000_000)))
    }

    @Test("hostile error messages: the raw text on the error, one clean short line in the message")
    func hostileJSON() async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let result = await service(server.baseURL(mode: "hostile_json")).fetch(page: 1, perPage: 10).result

        let long = "long " + String(repeating: "x", count: 200_000)
        let expected = FeedError.clientError(status: 422, messages: [Self.hostile, "\u{202E}evil", long])
        #expect(result == .failure(expected))
        #expect(expected.serverText == Self.hostile + "\n\u{202E}evil\n" + long)
        // The escape sequence goes whole; each run of removed characters leaves one marker.
        let cleaned = "Bad request� gnp.exe� x� end �evil long " + String(repeating: "x", count: 119) + "…"
        #expect(expected.message == "Unsplash couldn't handle the request: " + cleaned)
        #expect(Self.isOneCleanLine(expected.message))
    }

    @Test("a 200 KB plain-text error body: kept whole on the error, shown as one clean line")
    func hostilePlain() async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let result = await service(server.baseURL(mode: "hostile_plain")).fetch(page: 1, perPage: 10).result

        let unit = Self.hostile + " "
        let raw = String(repeating: unit, count: 200_000 / unit.unicodeScalars.count)
        #expect(result == .failure(.clientError(status: 400, messages: [raw])))
        let error = try #require(result.failure)
        #expect(error.serverText == raw)
        #expect(error.message.hasPrefix("Unsplash couldn't handle the request: Bad request� gnp.exe� x� end Bad request� gnp.exe"))
        #expect(error.message.hasSuffix("…"))
        #expect(error.message.count == "Unsplash couldn't handle the request: ".count + 160)
        #expect(Self.isOneCleanLine(error.message))
    }

    @Test("a full page whose Link header has no paging links is not the last")
    func linkWithoutPaging() async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let page = try await service(server.baseURL(mode: "link_alternate")).fetch(page: 3, perPage: 10).result.get()

        #expect(page.photos.map(\.id) == (20..<30).map { "stub-\($0)" })
        #expect(page.hasNextPage)
        #expect(page.perPage == 10)
        #expect(page.totalCount == nil)
    }

    @Test("a rate limit carries the wait the server named", arguments: [
        ("retry_after_seconds", Duration.seconds(120)),
        ("retry_after_date", .seconds(300)),
        ("ratelimit_reset", .seconds(1800)),
    ])
    func rateLimitWait(mode: String, wait: Duration) async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let result = await service(server.baseURL(mode: mode)).fetch(page: 1, perPage: 10).result

        #expect(result == .failure(.rateLimited(resetAfter: wait)))
        #expect(result.failure?.retryAfter == wait)
    }

    @Test("a request disposed before its answer is cancelled and delivers nothing")
    func dispose() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let service = service(server.baseURL())
        let calls = Mutex(0)

        let subscription = service.photos(page: 1, perPage: 2).subscribe { _ in calls.withLock { $0 += 1 } }
        subscription.dispose()
        // As long as this test can wait without a clock: until a later request to the same
        // fast server, on the same session and delegate queue, has been answered.
        let later = await service.fetch(page: 2, perPage: 2).result

        #expect(later.failure == nil)
        #expect(calls.withLock { $0 } == 0)
    }

    /// The stub server's hostile text (see `HOSTILE` in the script).
    static let hostile = "Bad\r\nrequest\u{1B}[31m\u{07} \u{202E}gnp.exe\u{2066} x\u{2069}\u{200B}\u{200D}\u{FEFF}\u{2028}end"

    /// Whether `text` is one line without control, format or separator characters.
    static func isOneCleanLine(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate: false
            default: true
            }
        }
    }

    private func service(
        _ baseURL: URL,
        accessKey: String = StubServer.accessKey,
        deadline: Duration = .seconds(10),
        maxBodyBytes: Int = UnsplashHTTPService.Configuration.defaultMaxBodyBytes
    ) -> UnsplashHTTPService {
        let configuration = UnsplashHTTPService.Configuration(
            baseURL: baseURL, accessKey: accessKey, deadline: deadline, maxBodyBytes: maxBodyBytes
        )
        return UnsplashHTTPService(configuration: configuration, sessionConfiguration: .ephemeral)
    }
}

extension Result {
    /// The error, or `nil` for a success.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

extension UnsplashHTTPService {
    /// Subscribes to ``photos(page:perPage:)`` and awaits its result, and how long it took
    /// (see `timedResult(of:)`).
    func fetch(page: Int, perPage: Int) async -> (result: Result<PhotoPage, FeedError>, took: Duration) {
        await timedResult(of: photos(page: page, perPage: perPage))
    }
}
