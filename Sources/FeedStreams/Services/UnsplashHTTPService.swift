import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Streams

/// Loads pages of Unsplash's photo feed over HTTP with `URLSession`.
///
/// The work is split in three, so that only the middle part touches the network:
/// ``makeRequest(page:perPage:)`` builds the request, ``photos(page:perPage:)`` runs one data
/// task for it, and ``interpret(data:response:page:perPage:receivedAt:)`` reads the response.
///
/// ```swift
/// let service = UnsplashHTTPService(configuration: .init(accessKey: "…"))
/// let subscription = service.photos(page: 1, perPage: 10).subscribe(
///     onSuccess: { page in print(page.photos.count, page.hasNextPage) },
///     onFailure: { error in print((error as? FeedError)?.message ?? "\(error)") }
/// )
/// subscription.dispose()  // Cancels the request; nothing is delivered after this.
/// ```
///
/// Whatever the server does, a request ends within its ``Configuration/deadline``: a page or a
/// ``FeedError``. A body longer than ``Configuration/maxBodyBytes`` is refused as it arrives.
public struct UnsplashHTTPService: PhotoService {
    /// Where requests go, and how.
    public let configuration: Configuration
    private let transfers: UnsplashHTTPTransfers

    /// Creates a service, with a `URLSession` of its own.
    ///
    /// - Parameters:
    ///   - configuration: The server, key, endpoint scheme, deadline and body limit.
    ///   - sessionConfiguration: How the service's session connects and caches; `.default`
    ///     unless given.
    public init(configuration: Configuration, sessionConfiguration: URLSessionConfiguration = .default) {
        self.configuration = configuration
        transfers = UnsplashHTTPTransfers(sessionConfiguration: sessionConfiguration)
    }

    /// Requests one page when subscribed: one `URLSession` data task per subscription.
    ///
    /// The single succeeds with the page or fails with a ``FeedError`` (see
    /// ``interpret(data:response:page:perPage:receivedAt:)``); a request still running when
    /// ``Configuration/deadline`` passes is cancelled and fails with ``FeedError/timedOut``, and
    /// a body past ``Configuration/maxBodyBytes`` with ``FeedError/responseTooLarge(limit:)``.
    /// Disposing before the answer cancels the data task, and nothing is delivered.
    ///
    /// The result arrives on the session's delegate queue, or on the deadline's queue for a
    /// timeout; a view model moves it to its own scheduler.
    ///
    /// - Parameters:
    ///   - page: The page number, from 1 (lower numbers ask for page 1).
    ///   - perPage: The page size, clamped to 1 through ``PhotoPage/maxPerPage`` (see
    ///     ``clampedPerPage(_:)``).
    /// - Returns: A single of the page.
    public func photos(page: Int, perPage: Int) -> Single<PhotoPage> {
        let request = makeRequest(page: page, perPage: perPage)
        let limit = configuration.maxBodyBytes
        let deadline = configuration.deadline
        return Single.create { [transfers] resolve in
            transfers.start(request, limit: limit, deadline: deadline) { outcome in
                let result: Result<PhotoPage, FeedError> = switch outcome {
                case .finished(let body, let response, let error):
                    Self.interpret(
                        data: body, response: response, error: error,
                        page: page, perPage: perPage, receivedAt: Date()
                    )
                case .tooLarge:
                    .failure(.responseTooLarge(limit: limit))
                case .timedOut:
                    .failure(.timedOut)
                }
                resolve(result.mapError { $0 })
            }
        }
    }
}
