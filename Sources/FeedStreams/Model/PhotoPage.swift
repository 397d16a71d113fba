import Foundation

/// One page of the photo feed, with what the response said about the pages after it.
public struct PhotoPage: Sendable, Equatable {
    /// The photos, in feed order.
    public var photos: [Photo]
    /// The page number, counting from 1.
    public var page: Int
    /// Whether asking for the next page is worthwhile.
    public var hasNextPage: Bool
    /// How many photos the whole feed has, when the server said (`X-Total`).
    public var totalCount: Int?

    /// Creates a page from known facts.
    public init(photos: [Photo], page: Int, hasNextPage: Bool, totalCount: Int? = nil) {
        self.photos = photos
        self.page = page
        self.hasNextPage = hasNextPage
        self.totalCount = totalCount
    }

    /// Creates a page from a response's photos and headers.
    ///
    /// ``hasNextPage`` comes from the `Link` header when it has any link: a page is not the
    /// last while the header links to a `rel="next"`. Without a usable `Link` header, a page
    /// that came back full (`photos.count >= perPage`) is assumed to have a successor; a short
    /// page is the last. ``totalCount`` is `X-Total` when it is a number. Header names match
    /// case-insensitively.
    ///
    /// - Parameters:
    ///   - photos: The decoded photos.
    ///   - page: The page number that was asked for.
    ///   - perPage: The page size that was asked for.
    ///   - headers: The response's header fields.
    public init(photos: [Photo], page: Int, perPage: Int, headers: [String: String]) {
        let linkHeader = headers.value(forHTTPHeader: "Link").map(LinkHeader.init(parsing:))
        let hasNextPage: Bool
        if let linkHeader, !linkHeader.links.isEmpty {
            hasNextPage = linkHeader.link(relation: "next") != nil
        } else {
            hasNextPage = photos.count >= perPage
        }
        let totalText = headers.value(forHTTPHeader: "X-Total")?.trimmingCharacters(in: .whitespaces)
        self.init(photos: photos, page: page, hasNextPage: hasNextPage, totalCount: totalText.flatMap { Int($0) })
    }
}
