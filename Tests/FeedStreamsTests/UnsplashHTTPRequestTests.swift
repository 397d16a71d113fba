import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import FeedStreams

@Suite("UnsplashHTTPService requests")
struct UnsplashHTTPRequestTests {
    @Test("Unsplash style: GET /photos with page, per_page and the v1 headers")
    func unsplashStyle() {
        let service = UnsplashHTTPService(configuration: .init(accessKey: "abc123", deadline: .seconds(7)))
        let request = service.makeRequest(page: 3, perPage: 12)

        #expect(request.httpMethod == "GET")
        #expect(request.url?.absoluteString == "https://api.unsplash.com/photos?page=3&per_page=12")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Client-ID abc123")
        #expect(request.value(forHTTPHeaderField: "Accept-Version") == "v1")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.timeoutInterval == 7)
    }

    @Test("per_page is clamped to 1...30 and page to at least 1")
    func clamping() {
        let service = UnsplashHTTPService(configuration: .init(accessKey: "abc123"))

        #expect(service.makeRequest(page: 1, perPage: 31).url?.query == "page=1&per_page=30")
        #expect(service.makeRequest(page: 1, perPage: 500).url?.query == "page=1&per_page=30")
        #expect(service.makeRequest(page: 1, perPage: 30).url?.query == "page=1&per_page=30")
        #expect(service.makeRequest(page: 0, perPage: 0).url?.query == "page=1&per_page=1")
        #expect(service.makeRequest(page: -2, perPage: -5).url?.query == "page=1&per_page=1")
        #expect(UnsplashHTTPService.clampedPerPage(10) == 10)
    }

    @Test("proxy style: GET /api/unsplash/list with perPage and orderBy, no key")
    func proxyStyle() throws {
        let configuration = UnsplashHTTPService.Configuration(
            baseURL: try #require(URL(string: "https://photos.example.com")),
            accessKey: nil,
            endpoint: .proxy(orderBy: .popular)
        )
        let request = UnsplashHTTPService(configuration: configuration).makeRequest(page: 2, perPage: 40)

        #expect(request.url?.absoluteString
            == "https://photos.example.com/api/unsplash/list?page=2&perPage=30&orderBy=popular")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(request.value(forHTTPHeaderField: "Accept-Version") == "v1")
    }

    @Test("a path in the base URL prefixes the request path")
    func basePath() throws {
        let configuration = UnsplashHTTPService.Configuration(
            baseURL: try #require(URL(string: "http://127.0.0.1:8080/mode/429")),
            accessKey: "k"
        )
        let request = UnsplashHTTPService(configuration: configuration).makeRequest(page: 1, perPage: 10)

        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/mode/429/photos?page=1&per_page=10")
    }

    @Test("the defaults: Unsplash's host, Unsplash style, a 30-second deadline, 8 MiB bodies")
    func defaults() {
        let configuration = UnsplashHTTPService.Configuration(accessKey: "k")

        #expect(configuration.baseURL.absoluteString == "https://api.unsplash.com")
        #expect(configuration.endpoint == .unsplash)
        #expect(configuration.deadline == .seconds(30))
        #expect(configuration.maxBodyBytes == 8_388_608)
    }
}
