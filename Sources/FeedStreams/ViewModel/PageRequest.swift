/// One request for a page of photos, as the feed decided to make it.
///
/// Every request gets a new ``id``, so a retry of the same page is a different request, and a
/// response can be matched to the request that is still wanted: a response whose request is no
/// longer ``FeedState/inFlight`` (cancelled by a refresh) is dropped.
public struct PageRequest: Sendable, Hashable, CustomStringConvertible {
    /// Why the page is requested.
    public enum Kind: Sendable, Hashable {
        /// The first load of an empty feed (the footer spinner shows).
        case firstPage
        /// Pull to refresh: page 1, replacing the list when it arrives.
        case refresh
        /// The user reached the bottom: the next page, appended.
        case nextPage
    }

    /// A number unique within one feed, increasing with each request.
    public let id: Int
    /// The page number, from 1.
    public let page: Int
    /// Why the page is requested.
    public let kind: Kind

    /// Creates a request.
    public init(id: Int, page: Int, kind: Kind) {
        self.id = id
        self.page = page
        self.kind = kind
    }

    /// Whether the response replaces the list rather than being appended to it.
    public var replacesList: Bool {
        kind != .nextPage
    }

    /// `#3 page 2 (next page)`.
    public var description: String {
        let reason = switch kind {
        case .firstPage: "first page"
        case .refresh: "refresh"
        case .nextPage: "next page"
        }
        return "#\(id) page \(page) (\(reason))"
    }
}
