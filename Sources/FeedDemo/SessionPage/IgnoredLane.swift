import FeedStreams

/// The ignored lane: each trigger that started nothing, as a cross with its reason
/// (``FeedDecision/triggerIgnored(_:)``), and each request a person asked for that the request
/// budget refused (``FeedDecision/requestRefused(_:_:)``). Crosses at the same instant fan out
/// over rows.
enum IgnoredLane {
    static let rowHeight = 14.0
    static let fontSize = 10.0

    static func lane(_ recording: SessionRecording, axis: TimeAxis) -> PageLane {
        let n = PageMarkup.number
        var rows = LaneRows(axis: axis, rowHeight: rowHeight, fontSize: fontSize, maxRows: 4)
        var svg = ""
        var count = 0
        for recorded in recording.states {
            for decision in recorded.state.decisions {
                let reason: String
                let label: String
                let detail: DisplayText
                switch decision {
                case .triggerIgnored(let because):
                    reason = Narrator.name(of: because)
                    label = because.rawValue
                    detail = "\(own: PageMarkup.clock(recorded.time)): ignored, \(own: Narrator.explain(because, in: recorded.state))"
                case .requestRefused(let asked, let error):
                    reason = Narrator.name(of: FeedDecision.IgnoredBecause.requestBudget)
                    label = "\(asked.rawValue) refused: budget"
                    detail = "\(own: PageMarkup.clock(recorded.time)): a \(own: asked.rawValue) refused: \(Narrator.short(error))"
                case .requestRefusedAgain(let asked):
                    reason = Narrator.name(of: FeedDecision.IgnoredBecause.requestBudget)
                    label = "\(asked.rawValue) refused again"
                    detail = "\(own: PageMarkup.clock(recorded.time)): a \(own: asked.rawValue) refused again: the answer on screen stands"
                default:
                    continue
                }
                count += 1
                let placed = rows.place(recorded.time, recorded.time, label: label, tail: 4, gap: 2)
                let (x, y) = (placed.x0, placed.middle)
                svg += """
                    <g class="ignored" data-ignored="\(reason)" data-t="\(PageMarkup.milliseconds(recorded.time))"><title>\(PageMarkup.text(detail))</title>\
                    <path class="cross" d="M\(n(x - 3.5)) \(n(y - 3.5))l7 7m0 -7l-7 7"/>\
                    <text \(placed.label.attributes(y: y + 3.5))>\(PageMarkup.text("\(own: label)"))</text></g>

                    """
            }
        }
        return PageLane(
            name: "ignored",
            title: "ignored",
            note: "✕ trigger, and why",
            height: rows.height(minimum: 36),
            marks: svg,
            summary: "Ignored: \(Narrator.count(count, "trigger")) that started nothing, each with its reason."
        )
    }
}
