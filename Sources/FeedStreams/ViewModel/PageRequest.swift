/// One request for a page of photos, as the feed decided to make it: the one identity a request
/// has from the decision to its response, in the state, the timeline and the logs.
///
/// Every request gets a new ``id``, so a retry of the same page is a different request, and a
/// response can be matched to the request that is still wanted: a response whose request is no
/// longer ``FeedState/inFlight`` (cancelled by a refresh) is dropped.
public struct PageRequest: Sendable, Hashable, CustomStringConvertible {
    /// Why the feed asked for the page.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The screen appeared with nothing loaded.
        case firstLoad = "first load"
        /// Pull to refresh: page 1 again, replacing the list.
        case refresh
        /// The content does not fill the screen and the prefetch distance, wherever it is
        /// scrolled (a short page).
        case prefill
        /// The user scrolled to within the prefetch distance of the end.
        case scroll
        /// The back-off after a failure ended and the page is still wanted.
        case retry
        /// The user asked again after the automatic retries ran out: the footer's retry, a
        /// reached-bottom event, or scrolling away from the end and back.
        case gesture
    }

    /// A number unique within one feed, increasing with each request.
    public let id: Int
    /// The page number, from 1.
    public let page: Int
    /// Why the page is requested.
    public let reason: Reason
    /// When the feed started the request, on its scheduler's clock.
    public let startedAt: Duration

    /// Creates a request.
    public init(id: Int, page: Int, reason: Reason, startedAt: Duration = .zero) {
        self.id = id
        self.page = page
        self.reason = reason
        self.startedAt = startedAt
    }

    /// Whether the response replaces the list (page 1) rather than being appended to it.
    public var replacesList: Bool {
        page == 1
    }

    /// Whether the pull-to-refresh control spins for it (otherwise the footer spinner does).
    public var isRefresh: Bool {
        reason == .refresh
    }

    /// `#3 page 2 (scroll)`.
    public var description: String {
        "#\(id) page \(page) (\(reason.rawValue))"
    }
}
