import FeedStreams

/// The back-off lane: each wait after a failure, from the failure to the retry, labelled with
/// the retry it leads to and its length (``FeedDecision/retryScheduled(page:failures:after:)``),
/// and each time the footer offered "tap to retry" after the retries ran out
/// (``FeedDecision/retriesExhausted(page:failures:)``), until a request took the page again.
///
/// The spans are the times the recorded states' ``FeedState/footer`` said so; a wait is a bar
/// with a clock's hatching, "tap to retry" an outlined bar.
enum BackoffLane {
    static let rowHeight = 16.0
    static let fontSize = 10.0

    private struct Span {
        var kind: String
        var label: DisplayText
        var start: Duration
        var end: Duration
    }

    static func lane(_ recording: SessionRecording, axis: TimeAxis) -> PageLane {
        let spans = spans(recording, end: axis.duration)
        let n = PageMarkup.number
        var rows = LaneRows(axis: axis, rowHeight: rowHeight, fontSize: fontSize, maxRows: 4)
        var svg = ""
        for span in spans {
            let placed = rows.place(span.start, span.end, label: span.label.data, minimumWidth: 2, insideBar: span.kind != "wait")
            let (x0, x1, y) = (placed.x0, placed.x1, placed.y)
            let words: DisplayText = "\(own: "\(PageMarkup.clock(span.start)) → \(PageMarkup.clock(span.end)): ")\(span.label)"
            svg += """
                <g class="backoff \(span.kind)" data-backoff="\(span.kind)" data-t="\(PageMarkup.milliseconds(span.start))"><title>\(PageMarkup.text(words))</title>\
                <rect class="bar" x="\(n(x0))" y="\(n(y))" width="\(n(x1 - x0))" height="\(n(rowHeight - 4))" rx="2"/>\
                <text \(placed.label.attributes(y: y + 9.5))>\(PageMarkup.text(span.label))</text></g>

                """
        }
        let waits = spans.filter { $0.kind == "wait" }.count
        return PageLane(
            name: "backoff",
            title: "back-off",
            note: "wait, then retry; or tap",
            height: rows.height(minimum: 40),
            marks: svg,
            summary: "Back-off: \(Narrator.count(waits, "wait")) before a retry, and \(Narrator.count(spans.count - waits, "time")) the footer offered tap to retry."
        )
    }

    /// The waits and the "tap to retry" times, from the footer of each recorded state; one still
    /// open at the last state lasts until `end`, the session's.
    private static func spans(_ recording: SessionRecording, end: Duration) -> [Span] {
        var spans: [Span] = []
        var open: Int?
        for recorded in recording.states {
            let state = recorded.state
            let kind: String? = switch state.footer {
            case .retrying: "wait"
            case .tapToRetry: "tap"
            case .hidden, .loading, .endOfFeed: nil
            }
            if let index = open, spans[index].kind != kind || startsAnother(state) {
                spans[index].end = recorded.time
                open = nil
            }
            guard open == nil, let kind else { continue }
            open = spans.count
            spans.append(Span(kind: kind, label: label(of: state, kind: kind), start: recorded.time, end: recorded.time))
        }
        if let index = open { spans[index].end = max(end, spans[index].start) }
        return spans
    }

    /// Whether this state's decisions begin a new wait (a failure during a wait).
    private static func startsAnother(_ state: FeedState) -> Bool {
        state.decisions.contains { if case .retryScheduled = $0 { true } else { false } }
    }

    /// `page 6: retry 1 of 3 in 928ms`, `page 7: tap to retry`.
    private static func label(of state: FeedState, kind: String) -> DisplayText {
        for decision in state.decisions {
            switch decision {
            case .retryScheduled(let page, let failures, let delay):
                return "page \(page): retry \(failures) of \(state.configuration.retry.maxAttempts) in \(own: Narrator.duration(delay))"
            case .retriesExhausted(let page, _):
                return "page \(page): tap to retry"
            default:
                continue
            }
        }
        guard let backoff = state.backoff else { return kind == "wait" ? "back-off" : "tap to retry" }
        return kind == "wait" ? "page \(backoff.page): back-off" : "page \(backoff.page): tap to retry"
    }
}
