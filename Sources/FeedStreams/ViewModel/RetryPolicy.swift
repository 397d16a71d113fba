import Streams

/// How the feed retries a page that failed: exponential back-off with seeded jitter, a bounded
/// number of times, then it waits for the user.
///
/// After failure `n` of the same page (n = 1, 2, …) the feed waits
///
///     min(initialDelay · multiplierⁿ⁻¹, maxDelay) · (1 − jitter · u)
///
/// where `u` in `0..<1` comes from ``seed``, the page and `n`, so a test on virtual time sees the
/// same delays on every run, while two feeds with different seeds do not retry in lock-step.
/// The computation is `Streams`' `RetryBackoff`, the back-off of the `retry` operator
/// (``backoff(forPage:)``), so a request outside the feed retries the same way. When the server
/// named a time to wait (``FeedError/retryAfter``, as `Retry-After` does), the feed waits at
/// least that long.
///
/// Only an error that may go away is retried by itself (``FeedError/isTransient``): a rejected
/// access key is not. After ``maxAttempts`` automatic retries have failed too, the feed stops
/// retrying and waits for
/// a gesture: the footer's "tap to retry" (``FeedViewModel/Input/retry``), or scrolling away from
/// the end and back.
public struct RetryPolicy: Sendable, Equatable {
    /// How many times a failed page is retried by itself; 0 turns automatic retries off.
    public var maxAttempts: Int
    /// The wait after the first failure; more than zero.
    public var initialDelay: Duration
    /// How much longer each next wait is; 1 or more.
    public var multiplier: Double
    /// The longest wait, before jitter; at least ``initialDelay``.
    public var maxDelay: Duration
    /// The largest fraction jitter takes off a wait, from 0 (none) to 1.
    public var jitter: Double
    /// Seeds the jitter.
    public var seed: UInt64

    /// Creates a policy: by default 3 retries after 1 s, 2 s and 4 s, each up to 20 % shorter.
    public init(
        maxAttempts: Int = 3,
        initialDelay: Duration = .seconds(1),
        multiplier: Double = 2,
        maxDelay: Duration = .seconds(30),
        jitter: Double = 0.2,
        seed: UInt64 = 0
    ) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.seed = seed
    }

    /// The wait before retrying `page` after its `failure`-th failure in a row: the wait of
    /// ``backoff(forPage:)``, or the server's, if that is longer.
    ///
    /// - Parameters:
    ///   - failure: How many times in a row the page has failed, from 1 (a count below 1 counts
    ///     as 1).
    ///   - page: The page, so that pages do not share their jitter.
    ///   - serverAsked: The wait the server named, if it named one.
    /// - Returns: The wait, never shorter than `serverAsked`.
    public func delay(afterFailure failure: Int, page: Int, serverAsked: Duration? = nil) -> Duration {
        Swift.max(backoff(forPage: page).delay(afterFailure: Swift.max(failure, 1)), serverAsked ?? .zero)
    }

    /// This policy as the back-off of the `retry(_:scheduler:)` operator, with jitter of its own
    /// for `page`: `service.page(3).retry(policy.backoff(forPage: 3), scheduler: scheduler)`
    /// retries as the feed retries page 3.
    ///
    /// The back-off counts subscriptions, so its `maxAttempts` is this policy's automatic
    /// retries plus the first attempt. A policy that ``FeedConfiguration/validate()`` refuses
    /// is first brought into range, each field to its nearest valid value (NaN as the default),
    /// as the feed never runs with one.
    ///
    /// - Parameter page: The page, or any number that keeps one retried request's jitter apart
    ///   from another's.
    /// - Returns: The back-off.
    public func backoff(forPage page: Int) -> RetryBackoff {
        let initial = Swift.max(initialDelay, .nanoseconds(1))
        return .exponential(
            initial: initial,
            multiplier: multiplier.isNaN ? 2 : Swift.min(Swift.max(multiplier, 1), .greatestFiniteMagnitude),
            max: Swift.max(maxDelay, initial),
            jitter: jitter.isNaN ? 0 : Swift.min(Swift.max(jitter, 0), 1),
            seed: seed ^ (UInt64(truncatingIfNeeded: page) &* 0x9E37_79B9),
            maxAttempts: Swift.max(maxAttempts, 0) == .max ? .max : Swift.max(maxAttempts, 0) + 1
        )
    }

    func validate() throws(FeedConfigurationError) {
        func refuse(_ field: String, _ value: String, _ expected: String) -> FeedConfigurationError {
            FeedConfigurationError(field: "retry.\(field)", value: value, expected: expected)
        }
        guard maxAttempts >= 0 else { throw refuse("maxAttempts", "\(maxAttempts)", "0 or more") }
        guard initialDelay > .zero else { throw refuse("initialDelay", "\(initialDelay)", "more than zero") }
        guard multiplier >= 1, multiplier.isFinite else { throw refuse("multiplier", "\(multiplier)", "1 or more") }
        guard maxDelay >= initialDelay else {
            throw refuse("maxDelay", "\(maxDelay)", "at least initialDelay (\(initialDelay))")
        }
        guard (0...1).contains(jitter) else { throw refuse("jitter", "\(jitter)", "from 0 to 1") }
    }
}
