import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads pages of Unsplash's photo feed over HTTP with `URLSession`.
///
/// The work is split in three, so that only the last part touches the network:
/// ``makeRequest(page:perPage:)`` builds the request, ``interpret(data:response:page:perPage:)``
/// reads the response, and ``fetchPage(page:perPage:completion:)`` runs a data task between
/// the two.
///
/// ```swift
/// let service = UnsplashHTTPService(configuration: .init(accessKey: "…"))
/// let task = service.fetchPage(page: 1, perPage: 10) { result in
///     switch result {
///     case .success(let page): print(page.photos.count, page.hasNextPage)
///     case .failure(let error): print(error.message)
///     }
/// }
/// task.cancel()  // The completion is then never called.
/// ```
public struct UnsplashHTTPService: Sendable {
    /// Where requests go, and how.
    public let configuration: Configuration
    private let session: URLSession

    /// Creates a service.
    ///
    /// - Parameters:
    ///   - configuration: The server, key, endpoint scheme and timeout.
    ///   - session: The session that runs the data tasks; the shared one unless given.
    public init(configuration: Configuration, session: URLSession = .shared) {
        self.configuration = configuration
        self.session = session
    }

    /// Requests one page, and calls `completion` with the page or the error.
    ///
    /// The completion runs on the session's delegate queue, at most once, and never after the
    /// returned task was cancelled (see ``UnsplashHTTPTask``).
    ///
    /// - Parameters:
    ///   - page: The page number, counting from 1.
    ///   - perPage: The page size; clamped to `1...30` (see ``clampedPerPage(_:)``).
    ///   - completion: Receives the page or the ``FeedError``.
    /// - Returns: A handle that cancels the request.
    public func fetchPage(
        page: Int,
        perPage: Int,
        completion: @escaping @Sendable (Result<PhotoPage, FeedError>) -> Void
    ) -> any CancellableTask {
        let request = makeRequest(page: page, perPage: perPage)
        let task = UnsplashHTTPTask(completion: completion)
        let dataTask = session.dataTask(with: request) { data, response, error in
            task.deliver(Self.interpret(data: data, response: response, error: error, page: page, perPage: perPage))
        }
        if task.attach(cancelTransport: { dataTask.cancel() }) {
            dataTask.resume()
        }
        return task
    }
}
