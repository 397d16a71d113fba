import FeedStreams

/// Decides when a session is over: once the script has finished and the request in flight at
/// that moment, if any, has ended (a service ends each request within its deadline). A fold over
/// the log; once over, it stays over.
///
/// It never waits for a back-off, a rate-limit reset, the request budget, or for requests the
/// feed starts after the script: a server that keeps answering "more follows" with nothing new
/// would keep the session going forever. The summary says what was pending
/// (``DemoSummary/pending``).
struct SessionEnd: Sendable, Equatable {
    private var scriptFinished = false
    private var inFlight: PageRequest?
    /// The request in flight when the script finished: the one the session waits for.
    private var awaited: PageRequest?

    /// Whether the session is over after the entries taken so far.
    var isOver: Bool {
        guard scriptFinished else { return false }
        guard let awaited else { return true }
        return inFlight?.id != awaited.id
    }

    /// Whether a log's session is over.
    static func isOver(_ log: SessionLog) -> Bool {
        var end = SessionEnd()
        for entry in log.entries { end.take(entry) }
        return end.isOver
    }

    /// Takes the next entry of the log.
    mutating func take(_ entry: LogEntry) {
        switch entry.event {
        case .feed(let state):
            inFlight = state.inFlight
        case .scriptFinished:
            scriptFinished = true
            awaited = inFlight
        default:
            break
        }
    }
}
