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
        /// How many seconds a request may wait for data before it fails with
        /// ``FeedError/timedOut``.
        public var timeout: TimeInterval

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - baseURL: The server; Unsplash's API unless a proxy or a test server stands in.
        ///   - accessKey: The Unsplash access key, or `nil` for a proxy that adds it.
        ///   - endpoint: ``Endpoint/unsplash`` or ``Endpoint/proxy(orderBy:)``.
        ///   - timeout: Seconds to wait for data; 30 unless given.
        public init(
            baseURL: URL = unsplashBaseURL,
            accessKey: String?,
            endpoint: Endpoint = .unsplash,
            timeout: TimeInterval = 30
        ) {
            self.baseURL = baseURL
            self.accessKey = accessKey
            self.endpoint = endpoint
            self.timeout = timeout
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
