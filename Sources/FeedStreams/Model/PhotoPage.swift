import Foundation

/// One page of the photo feed, with what the response said about the pages after it.
public struct PhotoPage: Sendable, Equatable {
    /// The largest page Unsplash serves (`per_page` above it is quietly shortened to it). The
    /// HTTP service clamps its requests to it, the catalog refuses more, and a view model's
    /// page size must not exceed it.
    public static let maxPerPage = 30

    /// The photos, in feed order.
    public var photos: [Photo]
    /// The page number, counting from 1.
    public var page: Int
    /// Whether asking for the next page is worthwhile.
    public var hasNextPage: Bool
    /// How many photos the whole feed has, when the server said (`X-Total`).
    public var totalCount: Int?
    /// How many photos the server puts on a page, when it said (`X-Per-Page`).
    public var perPage: Int?

    /// Creates a page from known facts.
    public init(photos: [Photo], page: Int, hasNextPage: Bool, totalCount: Int? = nil, perPage: Int? = nil) {
        self.photos = photos
        self.page = page
        self.hasNextPage = hasNextPage
        self.totalCount = totalCount
        self.perPage = perPage
    }

    /// Creates a page from a response's photos and headers.
    ///
    /// ``hasNextPage`` is decided by the first rule that applies:
    /// 1. The `Link` header has paging links: a `rel="next"` link means another page; a
    ///    `rel="last"` link without a `next` means this is the last. Other relations (`first`,
    ///    `prev`, `alternate`, …) say nothing about what follows and are not paging here.
    /// 2. `X-Total` is given: another page exists while the pages so far hold fewer photos than
    ///    the total.
    /// 3. Otherwise, a page that came back full has a successor and a short page is the last.
    ///
    /// "Full" and the pages so far are measured with the server's page size, `X-Per-Page`, when
    /// it sent one, and with `perPage` otherwise. ``totalCount`` is `X-Total` and ``perPage``
    /// is `X-Per-Page`, each when it is a whole number (a negative one, or any other text, is
    /// ignored). Header names match case-insensitively.
    ///
    /// - Parameters:
    ///   - photos: The decoded photos.
    ///   - page: The page number that was asked for.
    ///   - perPage: The page size that was asked for.
    ///   - headers: The response's header fields.
    public init(photos: [Photo], page: Int, perPage: Int, headers: [String: String]) {
        let totalCount = Self.count(headers.value(forHTTPHeader: "X-Total"))
        let serverPerPage = Self.count(headers.value(forHTTPHeader: "X-Per-Page")).flatMap { $0 > 0 ? $0 : nil }
        let pageSize = serverPerPage ?? perPage
        let link = headers.value(forHTTPHeader: "Link").map(LinkHeader.init(parsing:))
        let hasNextPage: Bool
        if let link, link.link(relation: "next") != nil {
            hasNextPage = true
        } else if let link, link.link(relation: "last") != nil {
            hasNextPage = false
        } else if let totalCount {
            let (shown, overflow) = max(page, 1).multipliedReportingOverflow(by: max(pageSize, 1))
            hasNextPage = !overflow && shown < totalCount
        } else {
            hasNextPage = photos.count >= pageSize
        }
        self.init(photos: photos, page: page, hasNextPage: hasNextPage, totalCount: totalCount, perPage: serverPerPage)
    }

    /// A header's value as a count: digits, maybe with spaces around them.
    private static func count(_ text: String?) -> Int? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
              text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(text)
    }
}
