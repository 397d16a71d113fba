/// What a session did, in numbers: the last lines of the demo, and what tests check.
struct DemoSummary: Sendable, Equatable {
    /// Requests the view model started (first page, refreshes, next pages, retries).
    var requests = 0
    /// Pages that arrived and were shown.
    var pagesLoaded = 0
    /// Photos on screen at the end.
    var photosShown = 0
    /// Photos dropped because their id was already on screen.
    var duplicatesDropped = 0
    /// Requests that failed.
    var failures = 0
    /// Requests for a page whose previous request had failed.
    var retries = 0
    /// Reached-bottom triggers ignored because a request was in flight.
    var triggersIgnoredWhileLoading = 0
    /// Responses dropped because a refresh had superseded their request.
    var staleResponsesDropped = 0
    /// Requests disposed before their answer arrived.
    var cancelledRequests = 0
    /// Whether the last page arrived.
    var reachedLastPage = false
    /// The session's length on its own clock (virtual unless `--realtime`).
    var sessionTime: Duration = .zero
    /// How long the run took on the wall clock; not compared by `==`.
    var wallTime: Duration = .zero

    static func == (lhs: DemoSummary, rhs: DemoSummary) -> Bool {
        var left = lhs
        left.wallTime = rhs.wallTime
        return left.fieldsEqual(rhs)
    }

    private func fieldsEqual(_ other: DemoSummary) -> Bool {
        (requests, pagesLoaded, photosShown, duplicatesDropped, failures, retries)
            == (other.requests, other.pagesLoaded, other.photosShown, other.duplicatesDropped, other.failures, other.retries)
            && (triggersIgnoredWhileLoading, staleResponsesDropped, cancelledRequests, reachedLastPage, sessionTime)
            == (other.triggersIgnoredWhileLoading, other.staleResponsesDropped, other.cancelledRequests,
                other.reachedLastPage, other.sessionTime)
    }

    /// The session's length in whole milliseconds.
    var virtualMilliseconds: Int {
        Self.milliseconds(sessionTime)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// The summary table's rows: label and value.
    var rows: [(String, String)] {
        [
            ("requests", "\(requests)  (\(cancelledRequests) cancelled)"),
            ("pages loaded", "\(pagesLoaded)\(reachedLastPage ? "  (the last page arrived)" : "")"),
            ("photos shown", "\(photosShown)"),
            ("duplicates dropped", "\(duplicatesDropped)"),
            ("errors / retries", "\(failures) / \(retries)"),
            ("triggers ignored while loading", "\(triggersIgnoredWhileLoading)"),
            ("stale responses dropped", "\(staleResponsesDropped)"),
            ("session time", TimelinePrinter.clock(sessionTime).trimmingPrefix(while: { $0 == " " })),
            ("wall time", TimelinePrinter.clock(wallTime).trimmingPrefix(while: { $0 == " " })),
        ]
    }

    /// The summary's JSON keys.
    var jsonFields: [(String, JSONValue)] {
        [
            ("requests", .int(requests)), ("pages_loaded", .int(pagesLoaded)), ("photos_shown", .int(photosShown)),
            ("duplicates_dropped", .int(duplicatesDropped)), ("failures", .int(failures)), ("retries", .int(retries)),
            ("triggers_ignored_while_loading", .int(triggersIgnoredWhileLoading)),
            ("stale_responses_dropped", .int(staleResponsesDropped)), ("cancelled_requests", .int(cancelledRequests)),
            ("reached_last_page", .bool(reachedLastPage)), ("wall_ms", .int(Self.milliseconds(wallTime))),
        ]
    }
}

private extension String {
    func trimmingPrefix(while predicate: (Character) -> Bool) -> String {
        String(drop(while: predicate))
    }
}
