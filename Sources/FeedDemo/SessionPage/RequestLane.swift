import FeedStreams

/// The requests lane: each request as a span from its start to its answer, labelled with its
/// id, page and reason, its outcome told by colour, by the bar's shape and by a word (✓ page,
/// ✗ failed, ⊘ cancelled by a refresh, still in flight); a late answer dropped as stale is a
/// dotted line on to the moment it came.
enum RequestLane {
    static let rowHeight = 17.0
    static let fontSize = 10.5

    static func lane(_ spans: [RequestSpan], axis: TimeAxis) -> PageLane {
        let n = PageMarkup.number
        var rows = LaneRows(axis: axis, rowHeight: rowHeight, fontSize: fontSize, maxRows: 8)
        var marks = ""
        for span in spans {
            let words = "\(span.label) \(span.outcomeLabel.data)"
            let isHatched = if case .failed = span.outcome { true } else { false }
            let placed = rows.place(span.start, span.staleAnswer ?? span.end, label: words, tail: 4, minimumWidth: 2, insideBar: !isHatched)
            let (x0, y) = (placed.x0, placed.y)
            let x1 = max(axis.x(span.end), x0 + 2)
            let staleX = span.staleAnswer.map { max(axis.x($0), x1) }
            marks += """
                <g class="request \(span.outcome.name)" data-request="\(span.request.id)" data-page="\(span.request.page)" \
                data-t="\(PageMarkup.milliseconds(span.start))" data-outcome="\(span.outcome.name)" data-reason="\(Narrator.name(of: span.request.reason))"\
                \(span.staleAnswer == nil ? "" : " data-stale=\"1\"")><title>\(PageMarkup.text(span.description))</title>\
                <rect class="bar" x="\(n(x0))" y="\(n(y))" width="\(n(x1 - x0))" height="\(n(rowHeight - 4))" rx="2"/>\(endMark(span, x1, y))\(staleMark(staleX, from: x1, y))\
                <text \(placed.label.attributes(y: y + 10))>\(PageMarkup.text("\(own: span.label) "))<tspan class="outcome">\
                \(PageMarkup.text(span.outcomeLabel))</tspan></text></g>

                """
        }
        let failed = spans.filter { if case .failed = $0.outcome { true } else { false } }.count
        let cancelled = spans.filter { if case .cancelled = $0.outcome { true } else { false } }.count
        return PageLane(
            name: "requests",
            title: "requests",
            note: "#id page reason",
            height: rows.height(minimum: 40),
            marks: marks,
            summary: "Requests: \(Narrator.count(spans.count, "request")), \(failed) failed, \(cancelled) cancelled by a refresh, each drawn from its start to its answer."
        )
    }

    /// A dotted line from a span's end to where its late answer was dropped, ending in a cross.
    private static func staleMark(_ x: Double?, from end: Double, _ y: Double) -> String {
        guard let x else { return "" }
        let n = PageMarkup.number
        let middle = y + (rowHeight - 4) / 2
        return "<path class=\"stale\" d=\"M\(n(end)) \(n(middle))H\(n(x))m-3 -3l6 6m0 -6l-6 6\"/>"
    }

    /// The shape at a span's end: a dot for a page, a cross for a failure, a bar for a
    /// cancellation, an arrow for a request still in flight.
    private static func endMark(_ span: RequestSpan, _ x: Double, _ y: Double) -> String {
        let n = PageMarkup.number
        let middle = y + (rowHeight - 4) / 2
        switch span.outcome {
        case .page:
            return "<circle class=\"end\" cx=\"\(n(x))\" cy=\"\(n(middle))\" r=\"3\"/>"
        case .failed:
            return "<path class=\"end\" d=\"M\(n(x - 3)) \(n(middle - 3))l6 6m0 -6l-6 6\"/>"
        case .cancelled:
            return "<path class=\"end\" d=\"M\(n(x)) \(n(y - 1))v\(n(rowHeight - 2))\"/>"
        case .inFlight:
            return "<path class=\"end\" d=\"M\(n(x)) \(n(middle - 4))l5 4l-5 4z\"/>"
        }
    }
}
