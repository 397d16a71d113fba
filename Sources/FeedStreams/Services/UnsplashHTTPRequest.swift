import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension UnsplashHTTPService {
    /// The largest page Unsplash serves; it quietly shortens longer pages to this size.
    public static let maxPerPage = 30

    /// Returns the page size actually requested: `perPage` clamped to `1...maxPerPage`.
    ///
    /// Asking for more than ``maxPerPage`` would get a shorter page than asked for, and the
    /// "a full page came back" rule in ``PhotoPage`` would then wrongly see the last page.
    public static func clampedPerPage(_ perPage: Int) -> Int {
        min(max(perPage, 1), maxPerPage)
    }

    /// Builds the request for one page of the feed. Pure: it only reads the configuration.
    ///
    /// With ``Endpoint/unsplash``: `GET <base>/photos?page=2&per_page=10`; with
    /// ``Endpoint/proxy(orderBy:)``: `GET <base>/api/unsplash/list?page=2&perPage=10&orderBy=latest`.
    /// Pages below 1 become 1 and `perPage` is clamped (see ``clampedPerPage(_:)``). The headers
    /// are `Accept: application/json`, `Accept-Version: v1` and, with an access key,
    /// `Authorization: Client-ID <key>`.
    ///
    /// - Parameters:
    ///   - page: The page number, counting from 1.
    ///   - perPage: The page size.
    /// - Returns: The request, with the configured timeout.
    public func makeRequest(page: Int, perPage: Int) -> URLRequest {
        let page = String(max(page, 1))
        let perPage = String(Self.clampedPerPage(perPage))
        let path: String
        let query: [URLQueryItem]
        switch configuration.endpoint {
        case .unsplash:
            path = "photos"
            query = [URLQueryItem(name: "page", value: page), URLQueryItem(name: "per_page", value: perPage)]
        case .proxy(let order):
            path = "api/unsplash/list"
            query = [
                URLQueryItem(name: "page", value: page),
                URLQueryItem(name: "perPage", value: perPage),
                URLQueryItem(name: "orderBy", value: order.rawValue),
            ]
        }
        let url = configuration.baseURL.appending(path: path).appending(queryItems: query)
        var request = URLRequest(url: url)
        // Set as a property: on Linux, `URLRequest(url:timeoutInterval:)` reports the value but
        // `URLSession` does not enforce it.
        request.timeoutInterval = configuration.timeout
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("v1", forHTTPHeaderField: "Accept-Version")
        if let accessKey = configuration.accessKey {
            request.setValue("Client-ID \(accessKey)", forHTTPHeaderField: "Authorization")
        }
        return request
    }
}
