import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension UnsplashHTTPService {
    /// Returns the page size actually requested: `perPage` clamped to 1 through
    /// ``PhotoPage/maxPerPage`` (30).
    ///
    /// Asking for more than ``PhotoPage/maxPerPage`` would get a shorter page than asked for, and the
    /// "a full page came back" rule in ``PhotoPage`` would then wrongly see the last page.
    public static func clampedPerPage(_ perPage: Int) -> Int {
        min(max(perPage, 1), PhotoPage.maxPerPage)
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
    /// - Returns: The request. Its `timeoutInterval` is the configured deadline, which `URLSession`
    ///   applies as an idle timeout; the service enforces the deadline itself.
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
        // An idle timeout no longer than the deadline; the deadline itself is enforced by
        // `photos(page:perPage:)`.
        request.timeoutInterval = max(configuration.deadline / .seconds(1), 0.001)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("v1", forHTTPHeaderField: "Accept-Version")
        if let accessKey = configuration.accessKey {
            request.setValue("Client-ID \(accessKey)", forHTTPHeaderField: "Authorization")
        }
        return request
    }
}
