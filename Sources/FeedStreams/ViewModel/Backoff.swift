/// The failures of the page the feed wants next, and what the feed does about them.
public struct Backoff: Sendable, Equatable {
    /// Where the retry stands.
    public enum Phase: Sendable, Equatable {
        /// Waiting until this time on the feed's clock; then the page is retried if it is still
        /// wanted.
        case waiting(until: Duration)
        /// The wait is over: the next time the page is wanted, it is retried.
        case ready
        /// The automatic retries ran out: only a gesture asks again.
        case exhausted
        /// The user scrolled away from the end after the retries ran out: coming back asks again.
        case rearmed
    }

    /// The page that failed.
    public let page: Int
    /// How many times in a row it failed.
    public let failures: Int
    /// The last error.
    public let error: FeedError
    /// Where the retry stands.
    public internal(set) var phase: Phase

    /// When the wait ends, while waiting.
    public var resumesAt: Duration? {
        if case .waiting(let until) = phase { until } else { nil }
    }
}
