extension FeedError {
    /// Whether asking again later may succeed: no connection, a timeout, a rate limit or the
    /// feed's own request budget, a server error, a dropped connection or an unreadable answer (a
    /// captive portal or a proxy's error page often sends one).
    ///
    /// The feed retries these by itself (see ``RetryPolicy``). A rejected access key, a request the
    /// server refuses, a cancellation or a broken input fail the same way every time, so the feed
    /// waits for the user instead.
    public var isTransient: Bool {
        switch self {
        case .offline, .timedOut, .rateLimited, .requestBudgetSpent, .serverError, .transport, .malformedResponse: true
        case .unauthorized, .clientError, .responseTooLarge, .cancelled, .inputFailed: false
        }
    }
}
