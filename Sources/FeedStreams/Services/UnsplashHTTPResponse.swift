import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension UnsplashHTTPService {
    /// Turns the outcome of a finished data task into a page or a ``FeedError``. Pure.
    ///
    /// A transport error is classified by ``FeedError``'s `init(_: URLError)`; otherwise the
    /// HTTP response is read by ``interpret(data:response:page:perPage:receivedAt:)``.
    ///
    /// - Parameters:
    ///   - data: The body, if any arrived.
    ///   - response: The response, if one arrived.
    ///   - error: The error the task finished with, if any.
    ///   - page: The page number that was asked for.
    ///   - perPage: The page size that was asked for.
    ///   - receivedAt: When the response arrived; see
    ///     ``interpret(data:response:page:perPage:receivedAt:)``.
    /// - Returns: The page, or why there is none.
    public static func interpret(
        data: Data?,
        response: URLResponse?,
        error: (any Error)?,
        page: Int,
        perPage: Int,
        receivedAt: Date
    ) -> Result<PhotoPage, FeedError> {
        if let error {
            return .failure(FeedError(urlError(from: error)))
        }
        guard let response = response as? HTTPURLResponse else {
            return .failure(.malformedResponse(path: "", problem: "not an HTTP response"))
        }
        return interpret(data: data ?? Data(), response: response, page: page, perPage: perPage, receivedAt: receivedAt)
    }

    /// Reads an HTTP response as a page of photos, or classifies its failure. Pure.
    ///
    /// | response | result |
    /// |---|---|
    /// | 2xx, a JSON array of photos | the page (see ``PhotoPage/init(photos:page:perPage:headers:)``) |
    /// | 2xx, `Content-Type: text/html` (a captive portal, say) | ``FeedError/malformedResponse(path:problem:)`` |
    /// | 2xx, a body that does not decode | ``FeedError/malformedResponse(path:problem:)`` naming the value |
    /// | 401 | ``FeedError/unauthorized`` |
    /// | 429 | ``FeedError/rateLimited(resetAfter:)`` |
    /// | 403 with `X-Ratelimit-Remaining: 0` or a `Rate Limit Exceeded` body | ``FeedError/rateLimited(resetAfter:)`` |
    /// | any other 4xx | ``FeedError/clientError(status:messages:)`` with the `{"errors": […]}` messages, or the `text/plain` body |
    /// | 5xx | ``FeedError/serverError(status:)`` |
    /// | anything else | ``FeedError/malformedResponse(path:problem:)`` |
    ///
    /// A 403 without either rate-limit sign is a real refusal (a missing permission, say), so it
    /// stays a client error. `X-Ratelimit-Remaining: 0` on a 2xx is the last allowed request
    /// succeeding, not an error.
    ///
    /// A rate limit carries the wait the server named (see ``rateLimitWait(headers:receivedAt:)``),
    /// which is what a back-off reads as ``FeedError/retryAfter``.
    ///
    /// - Parameters:
    ///   - data: The body.
    ///   - response: The response's status and headers.
    ///   - page: The page number that was asked for.
    ///   - perPage: The page size that was asked for.
    ///   - receivedAt: When the response arrived, by the client's clock. A rate-limit reset given
    ///     as a moment is measured from the response's `Date` header, or from this without one.
    /// - Returns: The page, or why there is none.
    public static func interpret(
        data: Data,
        response: HTTPURLResponse,
        page: Int,
        perPage: Int,
        receivedAt: Date
    ) -> Result<PhotoPage, FeedError> {
        let headers = headerFields(of: response)
        let status = response.statusCode
        switch status {
        case 200..<300:
            return decodePage(data, headers: headers, page: page, perPage: clampedPerPage(perPage))
        case 401:
            return .failure(.unauthorized)
        case 429:
            return .failure(.rateLimited(resetAfter: rateLimitWait(headers: headers, receivedAt: receivedAt)))
        case 403 where isRateLimitRefusal(data, headers: headers):
            return .failure(.rateLimited(resetAfter: rateLimitWait(headers: headers, receivedAt: receivedAt)))
        case 400..<500:
            return .failure(.clientError(status: status, messages: errorMessages(in: data, headers: headers)))
        case 500..<600:
            return .failure(.serverError(status: status))
        default:
            return .failure(.malformedResponse(path: "", problem: "unexpected HTTP status \(status)"))
        }
    }

    private static func decodePage(
        _ data: Data,
        headers: [String: String],
        page: Int,
        perPage: Int
    ) -> Result<PhotoPage, FeedError> {
        let contentType = headers.value(forHTTPHeader: "Content-Type")?.lowercased() ?? ""
        if contentType.hasPrefix("text/html") {
            return .failure(.malformedResponse(path: "", problem: "expected JSON, got text/html"))
        }
        do {
            let photos = try UnsplashJSON.decoder().decode([Photo].self, from: data)
            return .success(PhotoPage(photos: photos, page: page, perPage: perPage, headers: headers))
        } catch let error as DecodingError {
            return .failure(FeedError(error))
        } catch {
            return .failure(.malformedResponse(path: "", problem: String(describing: error)))
        }
    }

    private static func isRateLimitRefusal(_ data: Data, headers: [String: String]) -> Bool {
        let remaining = headers.value(forHTTPHeader: "X-Ratelimit-Remaining")?.trimmingCharacters(in: .whitespaces)
        let body = String(decoding: data, as: UTF8.self).lowercased()
        return remaining == "0" || body.contains("rate limit exceeded")
    }

    /// The messages of Unsplash's error body, `{"errors": ["…"]}`, or a `text/plain` body as one
    /// message; none for any other body (HTML markup is no message). As sent: uncleaned.
    private static func errorMessages(in data: Data, headers: [String: String]) -> [String] {
        struct ErrorBody: Decodable {
            var errors: [String]
        }
        if let body = try? JSONDecoder().decode(ErrorBody.self, from: data) {
            return body.errors
        }
        let contentType = headers.value(forHTTPHeader: "Content-Type")?.lowercased() ?? ""
        guard contentType.hasPrefix("text/plain"), !data.isEmpty else { return [] }
        return [String(decoding: data, as: UTF8.self)]
    }

    private static func headerFields(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in response.allHeaderFields {
            headers[name] = value
        }
        return headers
    }

    /// The `URLError` behind a task's error.
    ///
    /// Linux's `URLSession` reports an `NSError` in `NSURLErrorDomain`, which does not cast to
    /// `URLError` there (on Apple platforms it does).
    private static func urlError(from error: any Error) -> URLError {
        if let error = error as? URLError {
            return error
        }
        #if canImport(FoundationNetworking)
        let error = error as NSError
        if error.domain == NSURLErrorDomain, let code = URLError.Code(rawValue: error.code) {
            return URLError(code)
        }
        #endif
        return URLError(.unknown)
    }
}
