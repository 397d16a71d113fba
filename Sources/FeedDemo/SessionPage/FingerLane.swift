import FeedStreams

/// The finger lane: each gesture as a span from its start to the start of the next step (the
/// script moves on when a gesture's motion ends), and each tap as a diamond.
///
/// A drag is a plain bar, a fling a bar ending in an arrowhead, an animated scroll a striped
/// bar, a pull a dashed bar with a dot where it was let go; a missed tap is a hollow diamond.
enum FingerLane {
    static let rowHeight = 15.0
    static let fontSize = 10.0

    /// A gesture or a tap, as drawn.
    private struct Mark {
        var kind: String
        var label: String
        var start: Duration
        var end: Duration
        /// Reports on the way: a fling stopping, a pull let go.
        var reports: [(Duration, String)] = []
        var detail: DisplayText
    }

    static func lane(_ recording: SessionRecording, axis: TimeAxis) -> PageLane {
        let marks = gestures(recording.actions, end: axis.duration)
        let n = PageMarkup.number
        var rows = LaneRows(axis: axis, rowHeight: rowHeight, fontSize: fontSize, maxRows: 6)
        var svg = ""
        for mark in marks {
            let isTap = mark.kind == "tap" || mark.kind == "missed"
            let placed = rows.place(
                mark.start, mark.end, label: mark.label, tail: isTap ? 5 : mark.kind == "fling" ? 6 : 0, minimumWidth: isTap ? 0 : 2, gap: 3
            )
            let (x0, x1, y, middle) = (placed.x0, placed.x1, placed.y, placed.middle)
            svg += "<g class=\"gesture \(mark.kind)\" data-gesture=\"\(mark.kind)\" data-t=\"\(PageMarkup.milliseconds(mark.start))\"><title>\(PageMarkup.text(mark.detail))</title>"
            if isTap {
                svg += "<path class=\"tap-mark\" d=\"M\(n(x0)) \(n(middle - 5))l5 5l-5 5l-5 -5z\"/>"
            } else {
                svg += "<rect class=\"bar\" x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(rowHeight - 4))\" rx=\"2\"/>"
                if mark.kind == "fling" {
                    svg += "<path class=\"head\" d=\"M\(n(x1)) \(n(y - 1))l6 \(n((rowHeight - 2) / 2))l-6 \(n((rowHeight - 2) / 2))z\"/>"
                }
            }
            for (time, words) in mark.reports {
                svg += "<circle class=\"report\" cx=\"\(n(axis.x(time)))\" cy=\"\(n(middle))\" r=\"2.5\"><title>\(PageMarkup.text("\(own: words)"))</title></circle>"
            }
            svg += "<text \(placed.label.attributes(y: y + 9))>\(PageMarkup.text("\(own: mark.label)"))</text></g>\n"
        }
        let count = marks.count
        return PageLane(
            name: "finger",
            title: "finger",
            note: "drag fling scroll pull ◆ tap",
            height: rows.height(minimum: 40),
            marks: svg,
            summary: "Finger: \(Narrator.count(count, "gesture")) and taps, each from its start to the next step."
        )
    }

    /// The gestures and taps of the recorded actions, each ending where the next step starts.
    private static func gestures(_ actions: [SessionRecording.Action], end: Duration) -> [Mark] {
        var marks: [Mark] = []
        var open: Int?
        for recorded in actions {
            let time = recorded.time
            let action = recorded.action
            if startsStep(action), let index = open {
                marks[index].end = time
                open = nil
            }
            let narrated = Narrator(origin: .zero).line(for: action, at: time).text
            if let (kind, label) = gesture(action) {
                open = marks.count
                marks.append(Mark(kind: kind, label: label, start: time, end: time, detail: narrated))
                continue
            }
            switch action {
            case .settled, .hitEnd, .hitTop, .refresh:
                if let index = open { marks[index].reports.append((time, narrated.data)) }
            case .tap(let index):
                marks.append(Mark(kind: "tap", label: "tap \(index)", start: time, end: time, detail: narrated))
            case .tapRetry:
                marks.append(Mark(kind: "tap", label: "tap retry", start: time, end: time, detail: narrated))
            case .missedTap, .missedPhoto:
                marks.append(Mark(kind: "missed", label: "missed", start: time, end: time, detail: narrated))
            case .wait, .memoryWarning, .finished, .drag, .fling, .scrollToBottom, .scrollToTop, .pull:
                break
            }
        }
        if let index = open { marks[index].end = max(end, marks[index].start) }
        return marks
    }

    /// The kind and label of an action that starts a gesture with a duration.
    private static func gesture(_ action: ScrollAction) -> (kind: String, label: String)? {
        switch action {
        case .drag: ("drag", "drag")
        case .fling: ("fling", "fling")
        case .scrollToBottom: ("scroll", "↓ bottom")
        case .scrollToTop: ("scroll", "↑ top")
        case .pull: ("pull", "pull ↻")
        default: nil
        }
    }

    /// Whether the action starts a step of the script (and so ends the gesture before it).
    private static func startsStep(_ action: ScrollAction) -> Bool {
        switch action {
        case .settled, .hitEnd, .hitTop, .refresh: false
        default: true
        }
    }
}
