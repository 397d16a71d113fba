import FeedStreams

/// The demand lane: how far the content's end is below the visible area, from each recorded
/// state's geometry, as a line against the prefetch distance; shaded where the feed's level
/// says it wants more (``FeedState/demand``): tinted near the end, hatched where the content
/// cannot fill the screen at all (a short page: prefill).
enum DemandLane {
    static let height = 64.0
    static let plotTop = 6.0
    static let plotHeight = 52.0

    static func lane(_ recording: SessionRecording, axis: TimeAxis) -> PageLane {
        let n = PageMarkup.number
        let prefetch = recording.states.first?.state.configuration.prefetchDistance ?? DemoSession.prefetchDistance
        let ceiling = max(prefetch * 2.5, 1)
        func y(_ distance: Double) -> Double {
            let clamped = distance.isFinite ? min(max(distance, 0), ceiling) : ceiling
            return plotTop + plotHeight * (1 - clamped / ceiling)
        }
        let end = axis.duration
        var svg = ""

        // The level, from each state until the next.
        var levels: [(start: Duration, end: Duration, demand: ContentDemand)] = []
        for (position, recorded) in recording.states.enumerated() {
            guard let demand = recorded.state.demand, demand.wantsMore else { continue }
            let until = position + 1 < recording.states.count ? recording.states[position + 1].time : end
            if let last = levels.last, last.demand == demand, last.end == recorded.time {
                levels[levels.count - 1].end = until
            } else {
                levels.append((recorded.time, until, demand))
            }
        }
        for level in levels where level.end > level.start {
            let x0 = axis.x(level.start)
            let width = max(axis.x(level.end) - x0, 1)
            let kind = level.demand == .unfilled ? "unfilled" : "near-end"
            let words = level.demand == .unfilled ? "can't fill the screen" : "wants more"
            svg += "<g class=\"wants \(kind)\" data-wants=\"\(kind)\"><title>\(PageMarkup.text("\(own: "\(PageMarkup.clock(level.start))–\(PageMarkup.clock(level.end)): \(words)")"))</title>"
            svg += "<rect x=\"\(n(x0))\" y=\"\(n(plotTop))\" width=\"\(n(width))\" height=\"\(n(plotHeight))\"/>"
            if width >= PageMarkup.width(of: words, fontSize: 9.5) + 4 {
                svg += "<text x=\"\(n(x0 + 2))\" y=\"\(n(plotTop + plotHeight - 3))\">\(PageMarkup.text("\(own: words)"))</text>"
            }
            svg += "</g>"
        }

        // The prefetch distance.
        svg += """
            <line class="prefetch" x1="\(n(axis.left))" x2="\(n(axis.right))" y1="\(n(y(prefetch)))" y2="\(n(y(prefetch)))"/>\
            <text class="prefetch-label" x="\(n(axis.right - 2))" y="\(n(y(prefetch) - 3))" text-anchor="end">\
            \(PageMarkup.text("\(own: "prefetch \(Narrator.points(prefetch)) pt")"))</text>
            """

        svg += """
            <text class="scale" x="\(n(axis.left - 4))" y="\(n(y(ceiling) + 7))" text-anchor="end">\(Narrator.points(ceiling))+</text>\
            <text class="scale" x="\(n(axis.left - 4))" y="\(n(y(0)))" text-anchor="end">0</text>
            """

        // The distance to the end, held from one state to the next.
        let points = PageMarkup.steps(recording.states.compactMap { recorded in
            recorded.state.geometry.map { (axis.x(recorded.time), y($0.distanceToEnd)) }
        }, holdingTo: axis.x(end))
        let path = PageMarkup.points(thin(points))
        svg += "<polyline class=\"distance\" points=\"\(path)\"/>\n"
        return PageLane(
            name: "demand",
            title: "demand",
            note: "end below the screen",
            height: height,
            marks: svg,
            summary: "Demand: the distance from the bottom of the screen to the end of the content, against the prefetch distance of \(Narrator.points(prefetch)) points; shaded where the feed wants more."
        )
    }

    /// The points, with at most the first, lowest, highest and last of each unit of width, in
    /// their order: a long session draws the same line with fewer points.
    private static func thin(_ points: [(Double, Double)]) -> [(Double, Double)] {
        var kept: [(Double, Double)] = []
        var column: Range<Int> = 0..<0
        func flush() {
            guard !column.isEmpty else { return }
            let low = column.min { points[$0].1 < points[$1].1 } ?? column.lowerBound
            let high = column.max { points[$0].1 < points[$1].1 } ?? column.lowerBound
            let chosen = Set([column.lowerBound, low, high, column.upperBound - 1]).sorted()
            kept += chosen.map { points[$0] }
        }
        for index in points.indices {
            if !column.isEmpty, points[index].0.rounded(.down) != points[column.lowerBound].0.rounded(.down) {
                flush()
                column = index..<index
            }
            column = column.lowerBound..<(index + 1)
        }
        flush()
        return kept
    }
}
