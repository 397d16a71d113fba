import FeedStreams

/// The lanes of a session on one shared time axis, as one SVG picture: the axis, the key
/// moments the text draws, each lane, and the playhead the page's script moves.
///
/// It reads with scripts off: every mark is drawn, every lane has a title, and each moment's
/// number links to its picture further down the page.
enum SessionLanes {
    /// The picture's width.
    static let width = 1240.0
    /// Where the time axis starts: the gutter for the lanes' titles.
    static let gutter = 118.0
    /// Room on the right of the time axis.
    static let margin = 18.0
    /// The axis's height at the top.
    static let axisHeight = 22.0
    /// A row of the band of the key moments.
    static let momentRow = 19.0
    /// The space between two lanes.
    static let spacing = 6.0

    /// The axis of a session of this length.
    static func axis(_ duration: Duration) -> TimeAxis {
        TimeAxis(duration: duration, left: gutter, width: width - gutter - margin)
    }

    /// The lanes, top to bottom.
    static func lanes(_ recording: SessionRecording, axis: TimeAxis) -> [PageLane] {
        let requests = RequestSpan.spans(in: recording)
        return [
            FingerLane.lane(recording, axis: axis),
            DemandLane.lane(recording, axis: axis),
            RequestLane.lane(requests, axis: axis),
            BackoffLane.lane(recording, axis: axis),
            IgnoredLane.lane(recording, axis: axis),
            PhotosLane.lane(recording, axis: axis),
            ImagesLane.lane(recording, axis: axis),
        ]
    }

    /// The whole picture.
    static func svg(_ recording: SessionRecording, axis: TimeAxis) -> String {
        let lanes = lanes(recording, axis: axis)
        let moments = momentMarks(recording, axis: axis, top: axisHeight)
        let top = axisHeight + moments.height
        let height = top + lanes.reduce(0) { $0 + $1.height + spacing } + 4
        let n = PageMarkup.number
        var svg = """
            <svg class="lanes" id="lanes" viewBox="0 0 \(n(width)) \(n(height))" width="\(n(width))" height="\(n(height))" \
            role="img" aria-labelledby="lanes-title lanes-desc" data-left="\(n(axis.left))" data-width="\(n(axis.width))" \
            data-duration="\(PageMarkup.milliseconds(axis.duration))">
            <title id="lanes-title">The session over time, one lane per part of the feed</title>
            <desc id="lanes-desc">\(PageMarkup.text("\(own: lanes.map(\.summary).joined(separator: " "))"))</desc>

            """
        svg += axisMarks(axis, top: top, bottom: height - 4)
        svg += moments.lines(height - 4)
        var y = top
        for lane in lanes {
            svg += """
                <g class="lane lane-\(lane.name)" data-lane="\(lane.name)" transform="translate(0 \(n(y)))">\
                <rect class="lane-bg" x="0" y="0" width="\(n(width))" height="\(n(lane.height))" rx="4"/>\
                <text class="lane-title" x="10" y="16">\(PageMarkup.text("\(own: lane.title)"))</text>\
                <text class="lane-note" x="10" y="30">\(PageMarkup.text("\(own: lane.note)"))</text>
                \(lane.marks)</g>

                """
            y += lane.height + spacing
        }
        // The playhead's triangle sits under the axis's labels, not on them.
        svg += """
            <g class="playhead" id="playhead-line"><line x1="\(n(axis.right))" x2="\(n(axis.right))" y1="\(n(axisHeight - 1))" \
            y2="\(n(height - 4))"/><path d="M\(n(axis.right - 5)) \(n(axisHeight - 7))h10l-5 6z"/></g>
            \(moments.badges)</svg>
            """
        return svg
    }

    /// The ticks and their labels along the top, and a faint line down through the lanes.
    private static func axisMarks(_ axis: TimeAxis, top: Double, bottom: Double) -> String {
        let n = PageMarkup.number
        var svg = "<g class=\"axis\">"
        for tick in axis.ticks {
            let x = axis.x(tick)
            svg += "<line class=\"grid\" x1=\"\(n(x))\" x2=\"\(n(x))\" y1=\"\(n(top))\" y2=\"\(n(bottom))\"/>"
            svg += "<text x=\"\(n(x))\" y=\"14\" text-anchor=\"middle\">\(PageMarkup.text("\(own: PageMarkup.time(tick))"))</text>"
        }
        svg += "<text class=\"axis-title\" x=\"10\" y=\"14\">time</text></g>\n"
        return svg
    }

    /// A numbered badge for each picture the text draws, with its title, linking to it, and a
    /// dashed line down through the lanes (drawn once the picture's height is known). The lines go
    /// under the lanes, the badges over the playhead, which would hide the number of the moment
    /// it stands on.
    private static func momentMarks(
        _ recording: SessionRecording, axis: TimeAxis, top: Double
    ) -> (lines: (_ bottom: Double) -> String, badges: String, height: Double) {
        let n = PageMarkup.number
        var packer = RowPacker(maxRows: 3)
        var placed: [(x: Double, y: Double, label: SpanLabel)] = []
        for moment in recording.moments {
            let x = axis.x(moment.time)
            let label = SpanLabel(
                start: x - 8, end: x + 8, width: PageMarkup.width(of: moment.title, fontSize: 10.5),
                limit: axis.right + margin, gap: 3, inside: false
            )
            let row = packer.place(label.extent.start, label.extent.end)
            placed.append((x, top + Double(row) * momentRow + 9, label))
        }
        let height = Double(packer.rows) * momentRow + 2
        let lines = { (bottom: Double) -> String in
            placed.map { "<line class=\"moment-line\" x1=\"\(n($0.x))\" x2=\"\(n($0.x))\" y1=\"\(n($0.y + 8))\" y2=\"\(n(bottom))\"/>" }
                .joined() + "\n"
        }
        var badges = "<g class=\"moments\"><text class=\"lane-note\" x=\"10\" y=\"\(n(top + 13))\">key moments:</text>"
        badges += "<text class=\"lane-note\" x=\"10\" y=\"\(n(top + 25))\">pictures below</text>"
        for (number, moment) in recording.moments.enumerated() {
            let (x, y, label) = placed[number]
            badges += """
                <a href="#moment-\(number + 1)" class="moment" data-moment="\(number + 1)">\
                <title>\(PageMarkup.text("\(own: "\(PageMarkup.clock(moment.time)): \(moment.title)")"))</title>\
                <circle cx="\(n(x))" cy="\(n(y))" r="8"/><text class="number" x="\(n(x))" y="\(n(y + 4))" text-anchor="middle">\(number + 1)</text>\
                <text class="moment-title" \(label.attributes(y: y + 4))>\(PageMarkup.text("\(own: moment.title)"))</text></a>
                """
        }
        return (lines, badges + "</g>\n", max(height, 2 * momentRow))
    }
}
