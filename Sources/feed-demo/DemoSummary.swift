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
    /// Geometry events the simulated scroll view emitted (one per frame while moving).
    var geometryEvents = 0
    /// Times the reached-bottom operator fired.
    var bottomTriggers = 0
    /// Whether the last page arrived.
    var reachedLastPage = false
    /// The session's length on its own clock (virtual unless `--realtime`).
    var sessionTime: Duration = .zero
    /// How long the run took on the wall clock (set it to zero before comparing summaries).
    var wallTime: Duration = .zero

    /// The summary table's rows: label and value.
    var rows: [(String, String)] {
        [
            ("geometry events", "\(geometryEvents)  → \(bottomTriggers) reachedBottom triggers"),
            ("requests", "\(requests)\(cancelledRequests > 0 ? "  (\(cancelledRequests) cancelled)" : "")"),
            ("pages loaded", "\(pagesLoaded)\(reachedLastPage ? "  (through the last page)" : "")"),
            ("photos shown", "\(photosShown)"),
            ("duplicates dropped", "\(duplicatesDropped)"),
            ("errors / retries", "\(failures) / \(retries)"),
            ("triggers ignored while loading", "\(triggersIgnoredWhileLoading)"),
            ("stale responses dropped", "\(staleResponsesDropped)"
                + (cancelledRequests > 0 ? "  (superseded requests were cancelled before they answered)" : "")),
            ("session time", Self.seconds(sessionTime)),
            ("wall time", Self.seconds(wallTime)),
        ]
    }

    /// The summary's JSON keys.
    var jsonFields: [(String, JSONValue)] {
        [
            ("geometry_events", .int(geometryEvents)), ("bottom_triggers", .int(bottomTriggers)),
            ("requests", .int(requests)), ("pages_loaded", .int(pagesLoaded)), ("photos_shown", .int(photosShown)),
            ("duplicates_dropped", .int(duplicatesDropped)), ("failures", .int(failures)), ("retries", .int(retries)),
            ("triggers_ignored_while_loading", .int(triggersIgnoredWhileLoading)),
            ("stale_responses_dropped", .int(staleResponsesDropped)), ("cancelled_requests", .int(cancelledRequests)),
            ("reached_last_page", .bool(reachedLastPage)), ("wall_ms", .int(Self.milliseconds(wallTime))),
        ]
    }

    /// The session's length in whole milliseconds.
    var sessionMilliseconds: Int {
        Self.milliseconds(sessionTime)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// `12.345s`.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = milliseconds(duration)
        return "\(milliseconds / 1000).\(String(milliseconds % 1000).leftPadded(to: 3, with: "0"))s"
    }
}
