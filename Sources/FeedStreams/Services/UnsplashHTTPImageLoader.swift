import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Streams

/// Loads Unsplash's images over HTTP with `URLSession`, and reports downloads to Unsplash: the
/// ``ImageLoader`` and ``DownloadTracker`` for the real API.
///
/// It takes the page service's configuration (``UnsplashHTTPService/Configuration``), so images
/// and pages share one deadline, one body limit and one reading of failures:
///
/// - a load ends within ``UnsplashHTTPService/Configuration/deadline``, however the server
///   dribbles its bytes, with ``FeedError/timedOut``;
/// - a body past ``UnsplashHTTPService/Configuration/maxBodyBytes`` is refused as it arrives,
///   with ``FeedError/responseTooLarge(limit:)``;
/// - a failure reads exactly as a page's does (see
///   ``UnsplashHTTPService/interpret(data:response:error:page:perPage:receivedAt:)``): a 404 is a
///   ``FeedError/clientError(status:messages:)`` that is not retried, a 503 or a timeout is
///   transient, a rate limit carries its wait, and the message is one clean line;
/// - a 2xx that is not an image (`text/html` from a captive portal) is
///   ``FeedError/malformedResponse(path:problem:)``.
///
/// ```swift
/// let loader = UnsplashHTTPImageLoader(configuration: .init(accessKey: key))
/// ```
///
/// Image addresses are public: a load sends no access key. A download report does: it calls the
/// photo's `links.download_location` as sent (its query, `ixid`, kept), with
/// `Authorization: Client-ID <key>`.
public struct UnsplashHTTPImageLoader: ImageLoader, DownloadTracker {
    /// The deadline, body limit and access key (the base URL is not used: images and download
    /// reports have addresses of their own).
    public let configuration: UnsplashHTTPService.Configuration
    private let transfers: UnsplashHTTPTransfers

    /// Creates a loader, with a `URLSession` of its own.
    ///
    /// - Parameters:
    ///   - configuration: The page service's configuration, for its deadline, body limit and key.
    ///   - sessionConfiguration: How the session connects and caches; `.default` unless given.
    public init(configuration: UnsplashHTTPService.Configuration, sessionConfiguration: URLSessionConfiguration = .default) {
        self.configuration = configuration
        transfers = UnsplashHTTPTransfers(sessionConfiguration: sessionConfiguration)
    }

    // MARK: Images

    /// Builds the request for an image: `GET` its sized address, `Accept: image/*`, no key. Pure.
    public func makeRequest(for image: ImageRequest) -> URLRequest {
        var request = URLRequest(url: image.url)
        request.timeoutInterval = max(configuration.deadline / .seconds(1), 0.001)
        request.httpMethod = "GET"
        request.setValue("image/*", forHTTPHeaderField: "Accept")
        return request
    }

    /// Loads one image when subscribed: one data task per subscription, ended within the
    /// deadline; disposing cancels it. The result arrives on the session's delegate queue (the
    /// view model moves it to its scheduler).
    public func image(for request: ImageRequest) -> Single<LoadedImage> {
        let urlRequest = makeRequest(for: request)
        return run(urlRequest) { data, response, error in
            Self.interpret(data: data, response: response, error: error, for: request, receivedAt: Date())
        }
    }

    /// Reads a finished image task. Pure.
    ///
    /// A 2xx whose `Content-Type` is `image/…` is the image; a 2xx of any other type is
    /// ``FeedError/malformedResponse(path:problem:)``; everything else is read as a page's
    /// failure is.
    ///
    /// - Parameters:
    ///   - data: The body, if any arrived.
    ///   - response: The response, if one arrived.
    ///   - error: The error the task finished with, if any.
    ///   - request: The image asked for.
    ///   - receivedAt: When the response arrived, for a rate limit's wait.
    /// - Returns: The image, or why there is none.
    public static func interpret(
        data: Data?,
        response: URLResponse?,
        error: (any Error)?,
        for request: ImageRequest,
        receivedAt: Date
    ) -> Result<LoadedImage, FeedError> {
        guard error == nil, let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            return .failure(failure(data: data, response: response, error: error, receivedAt: receivedAt))
        }
        let type = http.value(forHTTPHeaderField: "Content-Type") ?? ""
        guard type.lowercased().hasPrefix("image/") else {
            let named = type.isEmpty ? "no Content-Type" : UntrustedText.forTerminal(type, maxLength: 40)
            return .failure(.malformedResponse(path: "", problem: "expected an image, got \(named)"))
        }
        return .success(LoadedImage(request: request, data: data ?? Data(), contentType: type))
    }

    // MARK: Downloads

    /// Builds a download report: `GET` the photo's `links.download_location` as sent, with the
    /// access key (when there is one) and `Accept-Version: v1`. Pure.
    public func makeDownloadRequest(for photo: Photo) -> URLRequest {
        var request = URLRequest(url: photo.links.downloadLocation)
        request.timeoutInterval = max(configuration.deadline / .seconds(1), 0.001)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("v1", forHTTPHeaderField: "Accept-Version")
        if let accessKey = configuration.accessKey {
            request.setValue("Client-ID \(accessKey)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    /// Reports one download when subscribed; any 2xx is success, other answers fail as a page's do.
    public func trackDownload(of photo: Photo) -> Single<Void> {
        run(makeDownloadRequest(for: photo)) { data, response, error in
            if error == nil, let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) {
                return .success(())
            }
            return .failure(Self.failure(data: data, response: response, error: error, receivedAt: Date()))
        }
    }

    // MARK: Transfers

    /// One data task per subscription, within the deadline and the body limit.
    private func run<Value: Sendable>(
        _ request: URLRequest,
        read: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Result<Value, FeedError>
    ) -> Single<Value> {
        let limit = configuration.maxBodyBytes
        let deadline = configuration.deadline
        return Single.create { [transfers] resolve in
            transfers.start(request, limit: limit, deadline: deadline) { outcome in
                let result: Result<Value, FeedError> = switch outcome {
                case .finished(let body, let response, let error): read(body, response, error)
                case .tooLarge: .failure(.responseTooLarge(limit: limit))
                case .timedOut: .failure(.timedOut)
                }
                resolve(result.mapError { $0 })
            }
        }
    }

    /// A task that did not end in a 2xx, read as a page's would be: the same classification of
    /// transport errors and statuses, rate limits and server text.
    private static func failure(data: Data?, response: URLResponse?, error: (any Error)?, receivedAt: Date) -> FeedError {
        switch UnsplashHTTPService.interpret(data: data, response: response, error: error, page: 1, perPage: 1, receivedAt: receivedAt) {
        case .failure(let error):
            return error
        case .success:
            // Only a 2xx reads as a page, and a 2xx is not a failure.
            return .malformedResponse(path: "", problem: "not an HTTP failure")
        }
    }
}
