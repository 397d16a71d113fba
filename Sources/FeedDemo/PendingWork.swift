import FeedStreams

/// What the feed was still going to do when the session ended, which the session did not wait
/// for: the summary's `pending` lines.
///
/// A session ends once its script is over and the request in flight then has ended; it waits
/// for no timer. `page 2 would be retried in 59 min (rate limited, resets in 1 h)` says what a
/// longer session would have seen.
enum PendingWork: Sendable, Equatable {
    /// A request the feed started after the script; it was cancelled when the session ended.
    case request(PageRequest)
    /// A back-off: the page would be retried after this wait.
    case retry(page: Int, after: Duration, error: FeedError)
    /// The automatic retries ran out: the page waits for a tap on retry.
    case tapToRetry(page: Int, error: FeedError)
    /// The request budget: the wanted page would start after this wait.
    case budget(page: Int, after: Duration)

    /// What `feed` was going to do, at `now` on the session's clock, in this order: the request
    /// in flight, the back-off or the wait for a gesture, the request budget.
    static func list(in feed: FeedState, at now: Duration) -> [PendingWork] {
        var pending: [PendingWork] = []
        if let request = feed.inFlight {
            pending.append(.request(request))
        }
        if let backoff = feed.backoff {
            switch backoff.phase {
            case .waiting(let until):
                pending.append(.retry(page: backoff.page, after: max(until - now, .zero), error: backoff.error))
            case .exhausted, .rearmed:
                pending.append(.tapToRetry(page: backoff.page, error: backoff.error))
            case .ready:
                break
            }
        }
        if let resumesAt = feed.budgetResumesAt {
            pending.append(.budget(page: feed.nextPage, after: max(resumesAt - now, .zero)))
        }
        return pending
    }

    /// `page 2 would be retried in 59 min (rate limited, resets in 1 h)`.
    var text: DisplayText {
        switch self {
        case .request(let request):
            "\(request) had started after the script; not waited for"
        case .retry(let page, let after, let error):
            "page \(page) would be retried in \(own: Narrator.duration(after)) (\(Narrator.short(error)))"
        case .tapToRetry(let page, let error):
            "page \(page) waits for a tap on retry (\(Narrator.short(error)))"
        case .budget(let page, let after):
            "page \(page) would start when the request budget allows, in \(own: Narrator.duration(after))"
        }
    }

    /// The JSON object: what, which page, in how many milliseconds, after which error.
    var json: JSONValue {
        switch self {
        case .request(let request):
            .object([("what", .string("request")), ("id", .int(request.id)), ("page", .int(request.page)),
                     ("reason", .string(Narrator.name(of: request.reason)))])
        case .retry(let page, let after, let error):
            .object([("what", .string("retry")), ("page", .int(page)), ("in_ms", .int(DemoSummary.milliseconds(after))),
                     ("error", .string(Narrator.short(error).data))])
        case .tapToRetry(let page, let error):
            .object([("what", .string("tap_to_retry")), ("page", .int(page)), ("error", .string(Narrator.short(error).data))])
        case .budget(let page, let after):
            .object([("what", .string("request_budget")), ("page", .int(page)), ("in_ms", .int(DemoSummary.milliseconds(after)))])
        }
    }
}
