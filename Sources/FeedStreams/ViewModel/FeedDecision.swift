/// What ``FeedState/reduce(_:_:at:)`` decided, and why: the feed's own account of itself.
///
/// Each state carries the decisions of the event that made it (``FeedState/decisions``), in the
/// order they were taken. A screen, a log or the demo's timeline reads them instead of working
/// out from two states what must have happened.
public enum FeedDecision: Sendable, Equatable {
    /// A request started, for the reason it carries.
    case requestStarted(PageRequest)
    /// A request in flight was cancelled because a refresh superseded it.
    case requestCancelled(PageRequest)
    /// The next page was wanted, or an edge asked for it, but no request could start.
    case triggerIgnored(IgnoredBecause)
    /// A person asked for a request (a pull to refresh, or the footer's retry), and the request
    /// budget refused it: nothing was sent. The reason is the request's that would have started;
    /// the error, ``FeedError/requestBudgetSpent(retryAfter:)``, says when asking may work again
    /// and is shown once. A refused refresh ends the refresh state: ``FeedViewModel/Output/isRefreshing``
    /// emits `false` again, so a refresh control that started spinning on the pull stops.
    case requestRefused(PageRequest.Reason, FeedError)
    /// A person asked again within ``FeedState/refusalRepeatWindow`` of a refusal that still
    /// holds (the same wait): the answer already shown stands, so nothing is reported again and
    /// nothing is sent. A refresh refused this way still ends the refresh state. This is what
    /// ends an app that refreshes on every error: its re-entrant pull is refused without a new
    /// error to answer.
    case requestRefusedAgain(PageRequest.Reason)
    /// A page arrived and was applied: how the list changed (`nil`: every photo was already
    /// there) and how many photos were dropped as duplicates.
    case pageArrived(PageRequest, PhotoPage, change: FeedChange?, duplicatesDropped: Int)
    /// A response arrived for a request that is no longer in flight, and was dropped.
    case staleResponseDropped(PageRequest)
    /// A request failed; the error is shown once.
    case requestFailed(PageRequest, FeedError)
    /// The page will be retried after a back-off, unless a gesture asks sooner.
    case retryScheduled(page: Int, failures: Int, after: Duration)
    /// The automatic retries ran out: the feed waits for a gesture.
    case retriesExhausted(page: Int, failures: Int)
    /// The user tapped a photo.
    case photoSelected(index: Int, Photo)
    /// An input failed and was treated as ended; the error is shown once.
    case inputFailed(FeedError)

    /// Why no request started.
    public enum IgnoredBecause: String, Sendable, Hashable, CaseIterable {
        /// A request is already in flight: the trigger is ignored, never queued.
        case loading
        /// The screen has not appeared (``FeedEvent/load``): nothing loads by itself before it.
        case notAppeared = "not appeared"
        /// The last page has arrived.
        case lastPage = "last page"
        /// A back-off after a failure is running.
        case backoff
        /// The automatic retries ran out; only a gesture asks again.
        case retriesExhausted = "retries exhausted"
        /// The feed started as many requests in the last minute as it ever may. (A refresh or a
        /// tap on retry that the budget refuses is a ``FeedDecision/requestRefused(_:_:)``, with
        /// the wait, or a ``FeedDecision/requestRefusedAgain(_:)``; both are counted here too.)
        case requestBudget = "request budget"
    }
}
