import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing
@testable import FeedStreams

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

        let page = try await service(server.baseURL()).fetchPage(page: 1, perPage: 2).get()

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

        let page = try await UnsplashHTTPService(configuration: configuration).fetchPage(page: 1, perPage: 2).get()

        #expect(page.photos.map(\.id) == ["uI-fScjuXnI", "x90Fh5ejNN8"])
        #expect(page.hasNextPage)
        #expect(page.totalCount == 220_922)
    }

    @Test("generated pages follow on; the last page has no next")
    func laterPages() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let service = service(server.baseURL())

        let second = try await service.fetchPage(page: 2, perPage: 2).get()
        let last = try await service.fetchPage(page: 110_461, perPage: 2).get()

        #expect(second.photos.map(\.id) == ["stub-2", "stub-3"])
        #expect(second.hasNextPage)
        #expect(last.photos.map(\.id) == ["stub-220920", "stub-220921"])
        #expect(!last.hasNextPage)
    }

    @Test("a wrong access key is unauthorized")
    func wrongKey() async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let result = await service(server.baseURL(), accessKey: "stolen-key").fetchPage(page: 1, perPage: 2)

        #expect(result == .failure(.unauthorized))
    }

    @Test("each failure mode arrives as its FeedError", arguments: [
        ("rate_limit_text", FeedError.rateLimited(resetAfter: nil)),
        ("429", .rateLimited(resetAfter: nil)),
        ("500_empty", .serverError(status: 500)),
        ("400_errors_json", .clientError(status: 400, messages: [
            "page must be at least 1", "per_page must be at least 1",
        ])),
        ("truncated_json", .malformedResponse(path: "", problem: "not valid JSON")),
        ("wrong_type", .malformedResponse(path: "[3].urls.small", problem: "expected String")),
        ("html_error", .serverError(status: 502)),
        ("html_200", .malformedResponse(path: "", problem: "expected JSON, got text/html")),
    ])
    func failureMode(mode: String, expected: FeedError) async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let result = await service(server.baseURL(mode: mode)).fetchPage(page: 1, perPage: 10)

        #expect(result == .failure(expected))
    }

    @Test("a body cut short of its Content-Length is a transport failure")
    func closeMidBody() async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let result = await service(server.baseURL(mode: "close_mid_body")).fetchPage(page: 1, perPage: 10)

        #if canImport(FoundationNetworking)
        // Linux's URLSession reports curl's "transfer closed with N bytes remaining to read"
        // as NSURLErrorUnknown.
        #expect(result == .failure(.transport(.unknown)))
        #else
        #expect(result == .failure(.transport(.networkConnectionLost)))
        #endif
    }

    @Test("a server slower than the timeout has timed out")
    func slow() async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let result = await service(server.baseURL(mode: "slow"), timeout: 1).fetchPage(page: 1, perPage: 10)

        #expect(result == .failure(.timedOut))
    }

    @Test("a body of several megabytes decodes")
    func bigBody() async throws {
        let server = try await StubServer()
        defer { server.stop() }

        let page = try await service(server.baseURL(mode: "big_body")).fetchPage(page: 1, perPage: 10).get()

        #expect(page.photos.count == 10)
        #expect(page.photos.allSatisfy { ($0.description?.utf8.count ?? 0) > 350_000 })
    }

    @Test("a cancelled request never calls its completion")
    func cancel() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        let slow = service(server.baseURL(mode: "slow"), session: session)
        let quick = service(server.baseURL(), session: session)
        let calls = Calls()

        let task = slow.fetchPage(page: 1, perPage: 10) { _ in calls.count.withLock { $0 += 1 } }
        task.cancel()
        // As long as this test can wait without a clock: until a later request on the same
        // session, whose callbacks queue behind the cancelled one's, has finished.
        _ = await quick.fetchPage(page: 1, perPage: 2)

        #expect(calls.count.withLock { $0 } == 0)
    }

    private final class Calls: Sendable {
        let count = Mutex(0)
    }

    private func service(
        _ baseURL: URL,
        accessKey: String = StubServer.accessKey,
        timeout: TimeInterval = 10,
        session: URLSession = URLSession(configuration: .ephemeral)
    ) -> UnsplashHTTPService {
        let configuration = UnsplashHTTPService.Configuration(baseURL: baseURL, accessKey: accessKey, timeout: timeout)
        return UnsplashHTTPService(configuration: configuration, session: session)
    }
}

extension UnsplashHTTPService {
    /// Awaits ``fetchPage(page:perPage:completion:)``'s single result.
    fileprivate func fetchPage(page: Int, perPage: Int) async -> Result<PhotoPage, FeedError> {
        await withCheckedContinuation { continuation in
            _ = fetchPage(page: page, perPage: perPage) { continuation.resume(returning: $0) }
        }
    }
}
