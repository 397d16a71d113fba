/// What the feed did, counted from what its rules decided (``FeedState/decisions``): a fold
/// over the feed's states, for whoever shows or checks the counts (feed-demo's summary, tests,
/// an app's analytics). The state keeps only the counts it needs: ``FeedState/requestsStarted``,
/// which numbers requests, and ``FeedState/duplicatesDropped``, which an output shows.
///
/// ```swift
/// let counts = viewModel.output.state.asObservable()
///     .scan(into: FeedCounts()) { counts, state in counts.add(state.decisions) }
/// ```
///
/// Fold every state from the first: a subscriber that comes late gets the current state
/// replayed, not the decisions before it.
public struct FeedCounts: Sendable, Equatable {
    /// Requests started, by reason.
    public var requests: [PageRequest.Reason: Int] = [:]
    /// Pages that arrived and were used.
    public var pagesLoaded = 0
    /// Requests that failed.
    public var failures = 0
    /// Photos dropped because their id was already on screen.
    public var duplicatesDropped = 0
    /// Triggers that started nothing, by reason (a refusal for the request budget counts as one).
    public var triggersIgnored: [FeedDecision.IgnoredBecause: Int] = [:]
    /// Requests cancelled because a refresh superseded them.
    public var cancelled = 0
    /// Responses dropped because their request was no longer in flight.
    public var staleResponsesDropped = 0

    /// All requests started.
    public var totalRequests: Int {
        requests.values.reduce(0, +)
    }

    /// The counts of every decision of these states, in order.
    public init(_ states: some Sequence<FeedState> = []) {
        for state in states { add(state.decisions) }
    }

    /// Counts one state's decisions.
    public mutating func add(_ decisions: [FeedDecision]) {
        for decision in decisions {
            switch decision {
            case .requestStarted(let request): requests[request.reason, default: 0] += 1
            case .requestCancelled: cancelled += 1
            case .triggerIgnored(let reason): triggersIgnored[reason, default: 0] += 1
            case .requestRefused, .requestRefusedAgain: triggersIgnored[.requestBudget, default: 0] += 1
            case .pageArrived(_, _, _, let duplicates):
                pagesLoaded += 1
                duplicatesDropped += duplicates
            case .staleResponseDropped: staleResponsesDropped += 1
            case .requestFailed: failures += 1
            case .retryScheduled, .retriesExhausted, .photoSelected, .inputFailed: break
            }
        }
    }
}
