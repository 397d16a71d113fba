import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import FeedStreams

@Suite("UnsplashHTTPService responses")
struct UnsplashHTTPResponseTests {
    @Test("200 with the recorded page: the photos, a next page, the total")
    func success() throws {
        let headers = try Fixture.page2021.headers()
        let result = interpret(try Fixture.page2021.data(), status: 200, headers: headers, perPage: 2)

        let page = try result.get()
        #expect(page.photos.map(\.id) == ["uI-fScjuXnI", "x90Fh5ejNN8"])
        #expect(page.page == 1)
        #expect(page.hasNextPage)
        #expect(page.totalCount == 220_922)
    }

    @Test("200 with X-Ratelimit-Remaining: 0 is the last allowed request succeeding")
    func successOnLastAllowedRequest() throws {
        let headers = ["X-Ratelimit-Remaining": "0"]
        let result = interpret(try Fixture.page2021.data(), status: 200, headers: headers, perPage: 2)

        #expect(try result.get().photos.count == 2)
    }

    @Test("200 with an empty array is an empty last page")
    func emptyPage() throws {
        let page = try interpret(Data("[]".utf8), status: 200).get()

        #expect(page.photos.isEmpty)
        #expect(!page.hasNextPage)
    }

    @Test("200 with an HTML page (a captive portal) is malformed")
    func htmlOn200() {
        let html = Data("<html><body>Sign in</body></html>".utf8)
        #expect(interpret(html, status: 200, headers: ["Content-Type": "text/html; charset=utf-8"])
            == .failure(.malformedResponse(path: "", problem: "expected JSON, got text/html")))
    }

    @Test("200 with truncated JSON is malformed at the empty path")
    func truncatedJSON() throws {
        let data = try Fixture.page2021.data()
        #expect(interpret(data.prefix(data.count / 2), status: 200)
            == .failure(.malformedResponse(path: "", problem: "not valid JSON")))
    }

    @Test("200 with a value of the wrong type names its path")
    func wrongType() throws {
        let data = try editedPage2019 { photos in
            var urls = photos[3]["urls"] as? [String: Any] ?? [:]
            urls["small"] = 400
            photos[3]["urls"] = urls
        }
        #expect(interpret(data, status: 200)
            == .failure(.malformedResponse(path: "[3].urls.small", problem: "expected String")))
    }

    @Test("200 with a missing required key names its path")
    func missingKey() throws {
        let data = try editedPage2019 { photos in
            photos[6]["id"] = nil
        }
        #expect(interpret(data, status: 200) == .failure(.malformedResponse(path: "[6].id", problem: "missing")))
    }

    @Test("401 is unauthorized")
    func unauthorized() {
        let body = Data(#"{"errors":["OAuth error: The access token is invalid"]}"#.utf8)
        #expect(interpret(body, status: 401) == .failure(.unauthorized))
    }

    @Test("403 with the plain-text body, or with no requests remaining, is rate limited")
    func rateLimited403() {
        #expect(interpret(Data("Rate Limit Exceeded".utf8), status: 403, headers: ["Content-Type": "text/plain"])
            == .failure(.rateLimited(resetAfter: nil)))
        #expect(interpret(Data(), status: 403, headers: ["x-ratelimit-remaining": "0"]) == .failure(.rateLimited(resetAfter: nil)))
    }

    @Test("403 without rate-limit signs is a client error with its messages")
    func forbidden() {
        let body = Data(#"{"errors":["Forbidden"]}"#.utf8)
        #expect(interpret(body, status: 403, headers: ["X-Ratelimit-Remaining": "41"])
            == .failure(.clientError(status: 403, messages: ["Forbidden"])))
    }

    @Test("429 is rate limited")
    func tooManyRequests() {
        #expect(interpret(Data("Too Many Requests".utf8), status: 429) == .failure(.rateLimited(resetAfter: nil)))
    }

    @Test("a rate limit carries the wait Retry-After names, in seconds or as an HTTP date")
    func retryAfter() {
        let tooMany = Data("Too Many Requests".utf8)
        #expect(interpret(tooMany, status: 429, headers: ["Retry-After": "120"])
            == .failure(.rateLimited(resetAfter: .seconds(120))))
        #expect(interpret(tooMany, status: 429, headers: ["retry-after": " 0 "]) == .failure(.rateLimited(resetAfter: .zero)))
        // A date is measured from the response's Date header (the server's clock), not the client's.
        #expect(interpret(tooMany, status: 429, headers: [
            "Retry-After": "Fri, 15 Jan 2027 08:05:00 GMT", "Date": "Fri, 15 Jan 2027 08:03:30 GMT",
        ]) == .failure(.rateLimited(resetAfter: .seconds(90))))
        // Without a Date header, from when the response arrived; the two obsolete date forms too.
        #expect(interpret(tooMany, status: 429, headers: ["Retry-After": "Fri, 15 Jan 2027 08:01:30 GMT"])
            == .failure(.rateLimited(resetAfter: .seconds(90))))
        #expect(interpret(tooMany, status: 429, headers: ["Retry-After": "Friday, 15-Jan-27 08:00:45 GMT"])
            == .failure(.rateLimited(resetAfter: .seconds(45))))
        #expect(interpret(tooMany, status: 429, headers: ["Retry-After": "Fri Jan 15 08:00:45 2027"])
            == .failure(.rateLimited(resetAfter: .seconds(45))))
    }

    @Test("a rate limit carries the wait until X-Ratelimit-Reset, by the server's Date")
    func rateLimitReset() {
        let headers = [
            "X-Ratelimit-Remaining": "0", "X-Ratelimit-Reset": "1800001800", "Date": "Fri, 15 Jan 2027 08:05:00 GMT",
        ]
        #expect(interpret(Data(), status: 403, headers: headers) == .failure(.rateLimited(resetAfter: .seconds(1500))))
        #expect(interpret(Data(), status: 429, headers: ["X-RateLimit-Reset": "1800000300"])
            == .failure(.rateLimited(resetAfter: .seconds(300))))
        // Retry-After wins over X-Ratelimit-Reset.
        #expect(interpret(Data(), status: 429, headers: ["X-Ratelimit-Reset": "1800000300", "Retry-After": "7"])
            == .failure(.rateLimited(resetAfter: .seconds(7))))
    }

    @Test("a reset in the past is no wait, one past a day is a day, and garbage is no wait named")
    func rateLimitWaitEdges() {
        let wait = { (headers: [String: String]) in
            UnsplashHTTPService.rateLimitWait(headers: headers, receivedAt: Self.receivedAt)
        }
        #expect(wait(["X-Ratelimit-Reset": "1700000000"]) == .zero)
        #expect(wait(["Retry-After": "Thu, 01 Jan 1970 00:00:00 GMT"]) == .zero)
        #expect(wait(["Retry-After": "99999999999999999999999"]) == .seconds(86_400))
        #expect(wait(["Retry-After": "-5"]) == nil)
        #expect(wait(["Retry-After": "1.5"]) == nil)
        #expect(wait(["Retry-After": "soon"]) == nil)
        #expect(wait(["Retry-After": "soon", "X-Ratelimit-Reset": "1800000060"]) == .seconds(60))
        #expect(wait(["X-Ratelimit-Reset": "tomorrow"]) == nil)
        #expect(wait([:]) == nil)
        // A Date header that does not parse is ignored: the client's clock is used.
        #expect(wait(["X-Ratelimit-Reset": "1800000060", "Date": "yesterday"]) == .seconds(60))
    }

    @Test("a text/plain 4xx body is its message, as sent; HTML is not")
    func plainTextClientError() {
        let raw = "Bad\r\nrequest\u{202E} here"
        #expect(interpret(Data(raw.utf8), status: 422, headers: ["Content-Type": "text/plain; charset=utf-8"])
            == .failure(.clientError(status: 422, messages: [raw])))
        #expect(interpret(Data("<h1>No</h1>".utf8), status: 422, headers: ["Content-Type": "text/html"])
            == .failure(.clientError(status: 422, messages: [])))
    }

    @Test("another 4xx carries the messages of the errors body, if any")
    func clientErrors() {
        let body = Data(#"{"errors": ["page must be at least 1", "per_page must be at least 1"]}"#.utf8)
        let messages = ["page must be at least 1", "per_page must be at least 1"]
        #expect(interpret(body, status: 400) == .failure(.clientError(status: 400, messages: messages)))
        #expect(interpret(Data("Not Found".utf8), status: 404) == .failure(.clientError(status: 404, messages: [])))
    }

    @Test("5xx is a server error, whatever the body")
    func serverErrors() {
        #expect(interpret(Data(), status: 500) == .failure(.serverError(status: 500)))
        #expect(interpret(Data("<html>Bad Gateway</html>".utf8), status: 502, headers: ["Content-Type": "text/html"])
            == .failure(.serverError(status: 502)))
        #expect(interpret(Data(#"{"errors":["down"]}"#.utf8), status: 503) == .failure(.serverError(status: 503)))
    }

    @Test("an unexpected status is malformed")
    func unexpectedStatus() {
        #expect(interpret(Data(), status: 304)
            == .failure(.malformedResponse(path: "", problem: "unexpected HTTP status 304")))
    }

    @Test("a transport error is classified, whether URLError or NSError")
    func transportErrors() {
        #expect(interpretTask(error: URLError(.timedOut)) == .failure(.timedOut))
        #expect(interpretTask(error: NSError(domain: NSURLErrorDomain, code: NSURLErrorNotConnectedToInternet))
            == .failure(.offline))
        #expect(interpretTask(error: NSError(domain: NSURLErrorDomain, code: NSURLErrorCancelled))
            == .failure(.cancelled))
        #expect(interpretTask(error: CocoaError(.fileNoSuchFile)) == .failure(.transport(.unknown)))
    }

    @Test("no error and no HTTP response is malformed")
    func noResponse() throws {
        let url = try #require(URL(string: "file:///tmp/x"))
        let fileResponse = URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
        let expected = Result<PhotoPage, FeedError>.failure(
            .malformedResponse(path: "", problem: "not an HTTP response")
        )

        #expect(interpretTask(error: nil) == expected)
        let result = UnsplashHTTPService.interpret(
            data: Data(), response: fileResponse, error: nil, page: 1, perPage: 10, receivedAt: Self.receivedAt
        )
        #expect(result == expected)
    }

    private func interpret(
        _ data: Data,
        status: Int,
        headers: [String: String] = [:],
        perPage: Int = 10
    ) -> Result<PhotoPage, FeedError> {
        let url = URL(string: "https://api.unsplash.com/photos?page=1&per_page=\(perPage)")!
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
        return UnsplashHTTPService.interpret(
            data: data, response: response, page: 1, perPage: perPage, receivedAt: Self.receivedAt
        )
    }

    private func interpretTask(error: (any Error)?) -> Result<PhotoPage, FeedError> {
        UnsplashHTTPService.interpret(
            data: nil, response: nil, error: error, page: 1, perPage: 10, receivedAt: Self.receivedAt
        )
    }

    /// When the responses in these tests arrived: Fri, 15 Jan 2027 08:00:00 GMT.
    private static let receivedAt = Date(timeIntervalSince1970: 1_800_000_000)

    /// The 2019 page with its photo objects edited.
    private func editedPage2019(_ edit: (inout [[String: Any]]) -> Void) throws -> Data {
        var photos = try #require(try JSONSerialization.jsonObject(with: Fixture.page2019.data()) as? [[String: Any]])
        edit(&photos)
        return try JSONSerialization.data(withJSONObject: photos)
    }
}
