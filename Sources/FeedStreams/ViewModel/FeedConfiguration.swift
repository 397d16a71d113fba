/// The feed's rules that an app may tune: page size, how far ahead to load, how to retry, and
/// how hard the feed may ever ask.
///
/// ``FeedViewModel/init(input:dependencies:)`` checks the configuration before it derives
/// anything, and refuses a value that would make the feed misbehave (a page of zero photos
/// counts every empty page as full and asks forever) with a ``FeedConfigurationError`` that names
/// the field, its value and what it must be.
public struct FeedConfiguration: Sendable, Equatable {
    /// Photos per page, from 1 to ``maxPerPage``.
    public var perPage: Int
    /// How far below the visible area the content must reach before the feed stops loading, in
    /// points; 0 or more.
    ///
    /// The next page is wanted while the end of the content is less than this far below the
    /// bottom of the viewport (see ``ScrollGeometry/demand(prefetchDistance:)``). The default,
    /// 800 points, is about one phone screen: the next page is usually in before the user gets
    /// there.
    public var prefetchDistance: Double
    /// How a failed page is retried.
    public var retry: RetryPolicy
    /// The most requests the feed starts in any 60 seconds, whatever happens; 1 or more.
    ///
    /// A hard bound, so that no bug, input storm or misbehaving server can make the feed hammer
    /// the API. A request that would exceed it waits until the oldest of the last minute's
    /// requests is a minute old. A refresh, or a tap on the footer's retry, is refused instead,
    /// with ``FeedError/requestBudgetSpent(retryAfter:)`` saying when to ask again.
    public var maxRequestsPerMinute: Int
    /// The content offset past which the scroll-to-top button shows.
    public var scrollToTopThreshold: Double

    /// The largest page Unsplash serves.
    public static let maxPerPage = 30

    /// Creates a configuration; every default suits a phone-sized feed on Unsplash.
    public init(
        perPage: Int = 10,
        prefetchDistance: Double = 800,
        retry: RetryPolicy = RetryPolicy(),
        maxRequestsPerMinute: Int = 60,
        scrollToTopThreshold: Double = 1_500
    ) {
        self.perPage = perPage
        self.prefetchDistance = prefetchDistance
        self.retry = retry
        self.maxRequestsPerMinute = maxRequestsPerMinute
        self.scrollToTopThreshold = scrollToTopThreshold
    }

    /// Checks every field, the first problem first.
    ///
    /// - Throws: ``FeedConfigurationError`` naming the first field out of range.
    public func validate() throws(FeedConfigurationError) {
        func refuse(_ field: String, _ value: String, _ expected: String) -> FeedConfigurationError {
            FeedConfigurationError(field: field, value: value, expected: expected)
        }
        guard (1...Self.maxPerPage).contains(perPage) else {
            throw refuse("perPage", "\(perPage)", "from 1 to \(Self.maxPerPage) (Unsplash's largest page)")
        }
        guard prefetchDistance >= 0, prefetchDistance.isFinite else {
            throw refuse("prefetchDistance", "\(prefetchDistance)", "0 points or more")
        }
        guard maxRequestsPerMinute >= 1 else {
            throw refuse("maxRequestsPerMinute", "\(maxRequestsPerMinute)", "1 or more")
        }
        guard scrollToTopThreshold.isFinite else {
            throw refuse("scrollToTopThreshold", "\(scrollToTopThreshold)", "a finite offset")
        }
        try retry.validate()
    }
}

/// A ``FeedConfiguration`` value the feed refuses to run with.
public struct FeedConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The field, such as `perPage` or `retry.initialDelay`.
    public let field: String
    /// The value given, as text.
    public let value: String
    /// What the field must be.
    public let expected: String

    /// Creates the error for a field.
    public init(field: String, value: String, expected: String) {
        self.field = field
        self.value = value
        self.expected = expected
    }

    /// `perPage is 0; it must be from 1 to 30 (Unsplash's largest page)`.
    public var description: String {
        "\(field) is \(value); it must be \(expected)"
    }
}
