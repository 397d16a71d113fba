import FeedStreams

/// What the feed did, counted from what its rules decided (``FeedState/decisions``): a fold
/// over the feed's states, computed where the counts are shown (the summary, the page's status).
struct FeedCounts: Sendable, Equatable {
    /// Requests started, by reason.
    var requests: [PageRequest.Reason: Int] = [:]
    /// Pages that arrived and were used.
    var pagesLoaded = 0
    /// Requests that failed.
    var failures = 0
    /// Photos dropped because their id was already on screen.
    var duplicatesDropped = 0
    /// Triggers that started nothing, by reason (a refusal for the request budget counts as one).
    var triggersIgnored: [FeedDecision.IgnoredBecause: Int] = [:]
    /// Requests cancelled because a refresh superseded them.
    var cancelled = 0
    /// Responses dropped because their request was no longer in flight.
    var staleResponsesDropped = 0

    /// All requests started.
    var totalRequests: Int {
        requests.values.reduce(0, +)
    }

    /// The counts of every decision of these states, in order.
    init(_ states: some Sequence<FeedState> = []) {
        for state in states { add(state.decisions) }
    }

    /// Counts one state's decisions.
    mutating func add(_ decisions: [FeedDecision]) {
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
