import FeedStreams
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Streams
import Testing

/// `UnsplashHTTPService.photos(page:perPage:)`, the `PhotoService` conformance, against
/// `scripts/unsplash_stub_server.py`.
@Suite("UnsplashHTTPService as a PhotoService")
struct UnsplashHTTPServicePhotoServiceTests {
    @Test("the single succeeds with the page")
    func success() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let result = await firstResult(of: service(server.baseURL()).photos(page: 1, perPage: 2))
        let page = try result.get()
        #expect(page.photos.map(\.id) == ["uI-fScjuXnI", "x90Fh5ejNN8"])
        #expect(page.hasNextPage)
    }

    @Test("the single fails with the FeedError")
    func failure() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let result = await firstResult(of: service(server.baseURL(mode: "429")).photos(page: 1, perPage: 2))
        #expect(throws: FeedError.rateLimited(resetAfter: nil)) { try result.get() }
    }

    private func service(_ baseURL: URL) -> UnsplashHTTPService {
        UnsplashHTTPService(
            configuration: .init(baseURL: baseURL, accessKey: StubServer.accessKey, timeout: 10),
            session: URLSession(configuration: .ephemeral)
        )
    }

    private func firstResult(of single: Single<PhotoPage>) async -> SingleEvent<PhotoPage> {
        await withCheckedContinuation { continuation in
            _ = single.subscribe { continuation.resume(returning: $0) }
        }
    }
}
