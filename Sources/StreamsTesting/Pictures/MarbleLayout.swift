import Streams

/// Where each part of a ``MarbleDiagram`` goes: a tick width that keeps fanned-out groups
/// apart, a row per lane (slanted for inner observables), the operation, the axis and the
/// legend. Pure geometry; ``MarbleSVG`` draws it.
struct MarbleLayout {
    static let padding = 14.0
    static let radius = 12.0
    /// Advance of one character of a 12 px, 13 px and 10 px monospaced system font.
    static let charWidth = 7.25
    static let labelCharWidth = 7.85
    static let noteCharWidth = 6.05

    /// A mark placed at its centre, with the text drawn inside it (a value's text or key).
    struct PlacedMark {
        let mark: MarbleMark
        let x: Double
        let width: Double
        let text: String
    }

    /// One lane's row: its line, which may slant, and its marks fanned out by tick.
    struct Row {
        let lane: MarbleLane
        let y: Double
        let x0: Double
        let x1: Double
        /// How far the line falls from `x0` to `x1`: 0 for a straight lane.
        let fall: Double
        /// Where a disposal cut the lane off before its script ended.
        let cut: Double?
        let endsWithArrow: Bool
        let groups: [[PlacedMark]]
        /// The lane an inner lane branched from, and where on it.
        var parent: (row: Int, x: Double)?

        /// The height of the line at `x`.
        func y(at x: Double) -> Double {
            guard fall > 0, x1 > x0 else { return y }
            return y - fall / 2 + fall * min(max((x - x0) / (x1 - x0), 0), 1)
        }
    }

    let diagram: MarbleDiagram
    let tickWidth: Double
    let labelRight: Double
    let timelineLeft: Double
    /// The first and the last tick on the axis.
    let axisStart: Int
    let axisEnd: Int
    let rows: [Row]
    let operationY: Double?
    let axisY: Double
    let keyY: Double
    let legend: [(y: Double, text: String)]
    let width: Double
    let height: Double
    /// The text drawn in each value's marble: the value, or its key when it is too long.
    let shown: [String: String]

    /// The text under a tick of the axis: its number, or its time (`250ms`).
    func axisLabel(_ tick: Int) -> String {
        guard case .time(let duration) = diagram.axis, tick > 0 else { return "\(tick)" }
        return MarbleTime.token(ticks: tick, resolution: duration) ?? "\(tick)"
    }

    /// Every how many ticks the axis is labelled (and the grid drawn), so labels never touch.
    var labelEvery: Int {
        let widest = Double((axisStart...axisEnd).map { axisLabel($0).count }.max() ?? 1) * Self.noteCharWidth + 8
        return [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000].first { Double($0) * tickWidth >= widest } ?? 10000
    }

    func x(_ tick: Int) -> Double {
        timelineLeft + (Double(tick - axisStart) + 0.5) * tickWidth
    }

    /// What the key row under the axis explains: only what the picture uses.
    static func hasBands(_ rows: [Row]) -> Bool { rows.contains { !$0.lane.subscriptions.isEmpty } }
    static func hasGhosts(_ rows: [Row]) -> Bool { rows.contains { $0.lane.isGhost || $0.lane.marks.contains(where: \.isGhost) } }
    static func hasGroups(_ rows: [Row]) -> Bool { rows.contains { $0.groups.contains { $0.count > 1 } } }
    static func hasDifferences(_ rows: [Row]) -> Bool { rows.contains { $0.lane.marks.contains(where: \.differs) } }

    /// Lays out `diagram`; with `matching`, on an axis at least as long and ticks at least as
    /// wide as that layout's, so that two panels side by side share one scale.
    init(_ diagram: MarbleDiagram, matching other: MarbleLayout? = nil) {
        self.diagram = diagram
        let lanes = diagram.lanes
        let shown = Self.shownTexts(diagram)
        self.shown = shown
        let widths = { (mark: MarbleMark, shown: [String: String]) -> Double in
            switch mark.event {
            case .value(let text): max(2 * Self.radius, Double(shown[text, default: text].count) * Self.charWidth + 12)
            case .completed: 12
            case .error: 16
            }
        }
        // Marks of one tick sit side by side, the first on its tick; offsets from that tick.
        let fans: [[(tick: Int, marks: [(MarbleMark, offset: Double, width: Double)])]] = lanes.map { lane in
            var groups: [(tick: Int, marks: [(MarbleMark, offset: Double, width: Double)])] = []
            for mark in lane.marks {
                let width = widths(mark, shown)
                if let last = groups.last, last.tick == mark.tick, let previous = last.marks.last {
                    groups[groups.count - 1].marks.append((mark, previous.offset + previous.width / 2 + 3 + width / 2, width))
                } else {
                    groups.append((mark.tick, [(mark, 0, width)]))
                }
            }
            return groups
        }
        // The axis spans the diagram's ticks; one that starts late (RxTest's 200, 210, 300)
        // starts a little before its first event instead of at 0.
        var firstTick = Int.max
        var lastTick = 0
        for lane in lanes {
            let ends = lane.subscriptions.map(\.unsubscribe).filter { $0 != .max }
            firstTick = min(firstTick, lane.kind == .hot ? .max : lane.start, lane.marks.first?.tick ?? .max,
                            lane.subscriptions.first?.subscribe ?? .max)
            lastTick = max(lastTick, lane.start, lane.marks.last?.tick ?? 0, ends.max() ?? 0)
        }
        var axisStart = firstTick >= 20 && firstTick != .max ? firstTick / 10 * 10 - 10 : 0
        if let other { axisStart = min(axisStart, other.axisStart) }
        self.axisStart = axisStart
        // At least four ticks, so that a diagram of one instant (`(abc|)`) still reads as time.
        let axisEnd = max(lastTick + 1, axisStart + 4, other?.axisEnd ?? 0)
        self.axisEnd = axisEnd

        // 34 points a tick, less for a long axis, more where a fanned-out group needs the room.
        var needed = max(min(34, max(2, 720 / Double(axisEnd - axisStart + 1))), other?.tickWidth ?? 0)
        for groups in fans {
            for (first, second) in zip(groups, groups.dropFirst()) where second.tick > first.tick {
                let right = first.marks.last.map { $0.offset + $0.width / 2 } ?? 0
                let left = second.marks[0].width / 2
                needed = max(needed, (right + left + 6) / Double(second.tick - first.tick))
            }
        }
        let tick = min((needed * 10).rounded(.up) / 10, 100)
        self.tickWidth = tick

        let labelWidth = max(lanes.map { Double($0.label.count + 1) * Self.labelCharWidth }.max() ?? 0, 40)
        labelRight = Self.padding + labelWidth
        let left = labelRight + 10
        timelineLeft = left
        let x = { (ticks: Int) in left + (Double(ticks - axisStart) + 0.5) * tick }

        // Rows, top to bottom; the operation sits above the first output.
        let firstOutput = lanes.firstIndex { $0.kind == .output }
        let outputStart = lanes.filter { $0.kind == .output }.map(\.start).min() ?? 0
        var y = Self.padding
        var operationY: Double?
        var rows: [Row] = []
        for (index, lane) in lanes.enumerated() {
            if index == firstOutput, diagram.operation != nil {
                operationY = y + 18
                y += 38
            }
            let slanted = lane.kind == .cold && lane.start > outputStart
            let height = slanted ? 42.0 : 46.0
            let groups = fans[index].map { group in
                group.marks.map { mark, offset, width in
                    PlacedMark(mark: mark, x: x(group.tick) + offset, width: width, text: Self.text(of: mark, shown))
                }
            }
            let x0 = x(max(lane.start, axisStart)) - tick / 2
            let unsubscribed = lane.subscriptions.last.map(\.unsubscribe).flatMap { $0 == .max ? nil : $0 }
            let lastRight = groups.last?.last.map { $0.x + $0.width / 2 } ?? x0
            let x1: Double
            var cut: Double?
            var arrow = false
            if let last = lane.marks.last, last.isTerminal, let placed = groups.last?.last {
                x1 = placed.x
                if lane.kind == .cold, let unsubscribed, last.isGhost, !lane.isGhost { cut = x(unsubscribed) }
            } else if let unsubscribed, lane.kind != .hot, !lane.isGhost {
                x1 = max(x(unsubscribed) + 8, lastRight + 6)
                cut = x(unsubscribed)
            } else {
                x1 = max(x(axisEnd), lastRight + 10)
                arrow = true
            }
            let fall = slanted ? min(14, max(6, (x1 - x0) * 0.08)) : 0
            rows.append(Row(lane: lane, y: y + height / 2, x0: x0, x1: x1, fall: fall, cut: cut, endsWithArrow: arrow,
                            groups: groups))
            y += height
        }
        if firstOutput == nil, diagram.operation != nil {
            operationY = y + 18
            y += 38
        }
        let placed = rows
        for index in placed.indices where placed[index].fall > 0 {
            let branch = x(placed[index].lane.start)
            rows[index].parent = Self.parent(of: index, in: placed).map { ($0, branch) }
        }
        self.rows = rows
        self.operationY = operationY

        axisY = y + 8
        y += 34
        let hasKey = Self.hasBands(rows) || Self.hasGhosts(rows) || Self.hasGroups(rows) || Self.hasDifferences(rows)
        keyY = y + 6
        if hasKey { y += 22 }
        var legend: [(y: Double, text: String)] = []
        for line in Self.legend(diagram, shown) {
            legend.append((y + 8, line))
            y += 18
        }
        self.legend = legend
        height = (y + Self.padding - 4).rounded(.up)

        var timelineRight = x(axisEnd) + tick / 2
        for row in rows {
            let end = max(row.x1, row.groups.last?.last.map { $0.x + $0.width / 2 } ?? row.x1)
            timelineRight = max(timelineRight, end + (row.lane.note.map { 10 + Double($0.count) * Self.noteCharWidth } ?? 0))
        }
        let operationWidth = Double(diagram.operation?.count ?? 0) * Self.charWidth + 28
        let legendWidth = legend.map { Double($0.text.count) * Self.charWidth }.max() ?? 0
        let keyWidth = hasKey ? 360.0 : 0
        width = (max(timelineRight, timelineLeft + max(operationWidth, legendWidth, keyWidth)) + Self.padding).rounded(.up)
    }

    /// The lane an inner lane branched from: the first lane if it was subscribed at that
    /// tick, otherwise the nearest other lane that was, above before below. Another
    /// subscription of the same source counts only if it ended at that tick (`retry`'s attempt
    /// that failed); a second subscriber's run of a cold source branches from nothing.
    private static func parent(of index: Int, in rows: [Row]) -> Int? {
        let lane = rows[index].lane
        let tick = lane.start
        let alive = { (candidate: Int) -> Bool in
            let other = rows[candidate].lane
            let sibling = lane.source != nil && other.source == lane.source
            return candidate != index && !other.isGhost && other.kind != .output
                && other.subscriptions.contains { $0.subscribe <= tick && tick <= $0.unsubscribe && (!sibling || $0.unsubscribe == tick) }
        }
        if alive(0) { return 0 }
        if let above = (0..<index).reversed().first(where: alive) { return above }
        return (index..<rows.count).first(where: alive)
    }

    private static func text(of mark: MarbleMark, _ shown: [String: String]) -> String {
        if case .value(let text) = mark.event { return shown[text, default: text] }
        return ""
    }

    /// Values of up to four characters are drawn as they are; longer ones by their key.
    private static func shownTexts(_ diagram: MarbleDiagram) -> [String: String] {
        var shown: [String: String] = [:]
        var values: [String] = []
        for lane in diagram.lanes {
            for mark in lane.marks {
                if case .value(let text) = mark.event, !values.contains(text) { values.append(text) }
            }
        }
        var taken = Set(values.filter { $0.count <= 4 } + diagram.keys.values.map(String.init))
        for value in values {
            if value.count <= 4 {
                shown[value] = value
            } else if let key = diagram.keys[value] {
                shown[value] = String(key)
            } else if let free = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init).first(where: { !taken.contains($0) }) {
                shown[value] = free
                taken.insert(free)
            } else {
                shown[value] = "…"
            }
        }
        return shown
    }

    /// `A = (a, 1)` for each value drawn by its key, then the text of each error other than
    /// the plain test error.
    private static func legend(_ diagram: MarbleDiagram, _ shown: [String: String]) -> [String] {
        var lines: [String] = []
        var errors: [String] = []
        for lane in diagram.lanes {
            for mark in lane.marks {
                switch mark.event {
                case .value(let text):
                    let line = "\(shown[text, default: text]) = \(text)"
                    if shown[text] != text, !lines.contains(line) { lines.append(line) }
                case .error(let text):
                    if text != "error", !errors.contains(text) { errors.append(text) }
                case .completed:
                    break
                }
            }
        }
        return lines + errors.map { "✕ = \($0)" }
    }
}
