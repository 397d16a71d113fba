import Foundation

extension UnsplashHTTPService {
    /// Where ``UnsplashHTTPService`` sends its requests, and how.
    public struct Configuration: Sendable, Equatable {
        /// Unsplash's API host, `https://api.unsplash.com`.
        public static let unsplashBaseURL = URL(string: "https://api.unsplash.com")!

        /// The server's address; a path in it prefixes every request path.
        public var baseURL: URL
        /// The Unsplash access key, sent as `Authorization: Client-ID <key>`. A proxy keeps the
        /// key on its own server, so with `nil` no `Authorization` header is sent.
        public var accessKey: String?
        /// The URL scheme of the list endpoint.
        public var endpoint: Endpoint
        /// How long a whole request may take (connecting, waiting for the headers and reading
        /// the whole body) before it is cancelled and fails with ``FeedError/timedOut``.
        ///
        /// A deadline, not an idle timeout: a server that sends one byte a second still fails
        /// on time. A deadline of zero or less fails every request at once.
        public var deadline: Duration
        /// The largest body, in bytes, that a response may have. A longer one is refused, as
        /// soon as its `Content-Length` or its bytes show it, with
        /// ``FeedError/responseTooLarge(limit:)``. With zero or less, any body that is not empty
        /// is refused.
        public var maxBodyBytes: Int

        /// The default ``maxBodyBytes``: 8 MiB, some fifty times the largest page Unsplash
        /// sends (30 photos).
        public static let defaultMaxBodyBytes = 8 * 1024 * 1024

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - baseURL: The server; Unsplash's API unless a proxy or a test server stands in.
        ///   - accessKey: The Unsplash access key, or `nil` for a proxy that adds it.
        ///   - endpoint: ``Endpoint/unsplash`` or ``Endpoint/proxy(orderBy:)``.
        ///   - deadline: How long a whole request may take; 30 seconds unless given.
        ///   - maxBodyBytes: The largest body accepted; ``defaultMaxBodyBytes`` unless given.
        public init(
            baseURL: URL = unsplashBaseURL,
            accessKey: String?,
            endpoint: Endpoint = .unsplash,
            deadline: Duration = .seconds(30),
            maxBodyBytes: Int = defaultMaxBodyBytes
        ) {
            self.baseURL = baseURL
            self.accessKey = accessKey
            self.endpoint = endpoint
            self.deadline = deadline
            self.maxBodyBytes = maxBodyBytes
        }
    }

    /// The two URL schemes for listing photos.
    public enum Endpoint: Sendable, Equatable {
        /// Unsplash's own: `GET /photos?page=1&per_page=10`.
        case unsplash
        /// An app owner's proxy: `GET /api/unsplash/list?page=1&perPage=10&orderBy=latest`.
        /// It answers with Unsplash's JSON array and headers.
        case proxy(orderBy: PhotoOrder)
    }

    /// The order the proxy lists photos in.
    public enum PhotoOrder: String, Sendable {
        /// Newest first.
        case latest
        /// Oldest first.
        case oldest
        /// Most liked first.
        case popular
    }
}
