import Foundation
import StreamsTesting
import Testing

/// What threads did, step by step, in the order they did it: a run recorded by a ``Choreography``.
struct Interleaving: Equatable, Sendable {
    enum Kind: String, Sendable {
        /// Anything worth showing.
        case action
        /// The thread got a lock; it holds it until its next ``unlock`` step.
        case lock
        /// The thread released the lock it got.
        case unlock
        /// An observer runs, handling an event.
        case delivery
        /// What went wrong.
        case failure
    }

    struct Step: Equatable, Sendable {
        var lane: String
        var text: String
        var kind: Kind

        /// The step as one line of text, as a child process writes it (``init(lines:)`` reads it).
        var line: String { "\(lane)\t\(kind.rawValue)\t\(text)" }

        /// `thread 1: a receives next(1)`: what the tests compare (the kind follows from the text).
        var summary: String { "\(lane): \(text)" }
    }

    var steps: [Step]

    /// Reads the steps a child process wrote (``Step/line``), ignoring other lines.
    init(lines: String) {
        steps = lines.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            guard fields.count == 3, let kind = Kind(rawValue: fields[1]) else { return nil }
            return Step(lane: fields[0], text: fields[2], kind: kind)
        }
    }

    init(steps: [Step]) {
        self.steps = steps
    }

    /// The threads, by name (`thread 1` left of `thread 2`, whichever moved first).
    var lanes: [String] {
        Set(steps.map(\.lane)).sorted()
    }

    /// Each lane's texts, in order: what the tests compare.
    func texts(of lane: String) -> [String] {
        steps.filter { $0.lane == lane }.map(\.text)
    }
}

/// A picture of an interleaving: one column per thread, one row per step, time running down,
/// and the outcome under it. Deterministic: the same interleaving draws the same bytes.
struct InterleavingPicture {
    let title: String
    let interleaving: Interleaving
    /// What the run ended with, in words.
    let outcome: String
    /// Whether the outcome is the bug the picture shows (✗) or the behaviour kept (✓).
    let isFailure: Bool

    private struct Palette {
        let background, border, text, secondary, grid, box, delivery, deliveryText, lock, error, success: String

        static func of(_ appearance: MarbleAppearance) -> Palette {
            switch appearance {
            case .light:
                Palette(background: "#ffffff", border: "#d2d2d7", text: "#1d1d1f", secondary: "#6e6e73", grid: "#ededf0",
                        box: "#f5f5f7", delivery: "#a6e4ee", deliveryText: "#1d1d1f", lock: "#0071e3", error: "#c9001a", success: "#2e7d32")
            case .dark:
                Palette(background: "#1c1c1e", border: "#3a3a3c", text: "#f5f5f7", secondary: "#a1a1a6", grid: "#2c2c2e",
                        box: "#2c2c2e", delivery: "#7fd3e2", deliveryText: "#1d1d1f", lock: "#64b0ff", error: "#ff6961", success: "#7ed787")
            }
        }
    }

    private static let font = "ui-monospace, SFMono-Regular, Menlo, Consolas, DejaVu Sans Mono, Liberation Mono, monospace"
    private static let characterWidth = 7.3
    private static let axisWidth = 48.0
    private static let laneGap = 16.0
    private static let firstRow = 64.0
    private static let rowHeight = 32.0
    private static let boxHeight = 24.0

    func svg(_ appearance: MarbleAppearance) -> String {
        let palette = Palette.of(appearance)
        let lanes = interleaving.lanes
        let steps = interleaving.steps
        let laneWidth = max(180, Double(steps.map { label($0).count }.max() ?? 0) * Self.characterWidth + 28)
        func laneX(_ lane: String) -> Double {
            Self.axisWidth + Double(lanes.firstIndex(of: lane) ?? 0) * (laneWidth + Self.laneGap)
        }
        func rowY(_ row: Int) -> Double { Self.firstRow + Double(row) * Self.rowHeight }

        let legend = self.legend
        let mark = isFailure ? "✗" : "✓"
        // Wide enough for the lanes, and for the outcome and the legend under them (a monospaced
        // character is about 0.62 of the font size wide).
        let width = max(
            Self.axisWidth + Double(lanes.count) * (laneWidth + Self.laneGap),
            Self.axisWidth + Double("\(mark) \(outcome)".count) * 13 * 0.62 + 24,
            Self.axisWidth + Double(legend.count) * 11 * 0.62 + 24
        )
        let lastRow = rowY(steps.count - 1)
        let outcomeY = lastRow + Self.rowHeight + 8
        let height = outcomeY + (legend.isEmpty ? 24 : 44)
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width * 1.25))" height="\(n(height * 1.25))" \
            viewBox="0 0 \(n(width)) \(n(height))" role="img" font-family="\(Self.font)">
            <title>\(escaped(title))</title>
            <desc>\(escaped(description))</desc>
            <rect x="0.5" y="0.5" width="\(n(width - 1))" height="\(n(height - 1))" rx="10" fill="\(palette.background)" stroke="\(palette.border)"/>

            """
        // The time axis: one row per step, numbered, with a faint line across every lane.
        out += text("step", x: Self.axisWidth / 2, y: 30, size: 10, fill: palette.secondary, anchor: "middle")
        for row in steps.indices {
            let y = rowY(row)
            out += line(x1: Self.axisWidth - 6, y1: y, x2: width - 10, y2: y, stroke: palette.grid)
            out += text("\(row + 1)", x: Self.axisWidth / 2, y: y, size: 10, fill: palette.secondary, anchor: "middle")
        }
        // A lane per thread: its name, and a lifeline down to its last step.
        for lane in lanes {
            let x = laneX(lane)
            out += text(lane, x: x + laneWidth / 2, y: 30, size: 13, fill: palette.text, anchor: "middle", bold: true)
            let last = steps.lastIndex { $0.lane == lane } ?? 0
            out += line(x1: x + laneWidth / 2, y1: 42, x2: x + laneWidth / 2, y2: rowY(last), stroke: palette.border, width: 1.5)
        }
        // Where a thread holds a lock: a bar beside its steps, from `lock` to `unlock` (or the end).
        for (lane, first, last) in lockSpans {
            let x = laneX(lane) - 7
            out += "<rect x=\"\(n(x))\" y=\"\(n(rowY(first) - Self.boxHeight / 2))\" width=\"4\" "
                + "height=\"\(n(rowY(last) - rowY(first) + Self.boxHeight))\" rx=\"2\" fill=\"\(palette.lock)\"/>\n"
        }
        for (row, step) in steps.enumerated() {
            let x = laneX(step.lane) + 4
            let y = rowY(row) - Self.boxHeight / 2
            let boxWidth = laneWidth - 8
            switch step.kind {
            case .delivery:
                out += rect(x: x, y: y, width: boxWidth, radius: Self.boxHeight / 2, fill: palette.delivery, stroke: palette.delivery)
                out += text(label(step), x: x + 12, y: rowY(row), size: 12, fill: palette.deliveryText)
            case .failure:
                out += rect(x: x, y: y, width: boxWidth, radius: 4, fill: palette.background, stroke: palette.error, strokeWidth: 2)
                out += text(label(step), x: x + 10, y: rowY(row), size: 12, fill: palette.error, bold: true)
            case .action, .lock, .unlock:
                out += rect(x: x, y: y, width: boxWidth, radius: 4, fill: palette.box, stroke: palette.border)
                out += text(label(step), x: x + 10, y: rowY(row), size: 12, fill: palette.text)
            }
        }
        out += text("\(mark) \(outcome)", x: Self.axisWidth, y: outcomeY, size: 13,
                    fill: isFailure ? palette.error : palette.success, bold: true)
        if !legend.isEmpty {
            out += text(legend, x: Self.axisWidth, y: outcomeY + 20, size: 11, fill: palette.secondary)
        }
        return out + "</svg>\n"
    }

    /// The picture in words, for `<desc>`.
    var description: String {
        let lanes = interleaving.lanes
        var words = "\(lanes.count == 1 ? "One thread" : "\(lanes.count) threads") (\(lanes.joined(separator: ", "))), "
            + "one step at a time, top to bottom."
        for (row, step) in interleaving.steps.enumerated() {
            let held = lockSpans.contains { $0.lane == step.lane && row > $0.first && row <= $0.last }
            words += " Step \(row + 1), \(step.lane): \(label(step))\(held ? " (holding the lock)" : "")."
        }
        return words + " Outcome: \(outcome)."
    }

    /// The text of a step as drawn: a failure says so in text too, not only in colour.
    private func label(_ step: Interleaving.Step) -> String {
        step.kind == .failure ? "✗ \(step.text)" : step.text
    }

    private var legend: String {
        var items: [String] = []
        if !lockSpans.isEmpty { items.append("bar beside a lane: that thread holds the lock") }
        if interleaving.steps.contains(where: { $0.kind == .delivery }) { items.append("rounded box: an observer runs") }
        return items.joined(separator: " · ")
    }

    /// For each `lock` step, its lane and the rows from it to the lane's next `unlock` step, or
    /// to the last row when the lock is never released.
    private var lockSpans: [(lane: String, first: Int, last: Int)] {
        let steps = interleaving.steps
        return steps.indices.filter { steps[$0].kind == .lock }.map { first in
            let lane = steps[first].lane
            let last = steps.indices.first { $0 > first && steps[$0].lane == lane && steps[$0].kind == .unlock }
            return (lane, first, last ?? steps.count - 1)
        }
    }

    private func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private func text(
        _ text: String, x: Double, y: Double, size: Int, fill: String, anchor: String = "start", bold: Bool = false
    ) -> String {
        "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(size)\"\(bold ? " font-weight=\"600\"" : "") fill=\"\(fill)\" "
            + "text-anchor=\"\(anchor)\" dominant-baseline=\"central\">\(escaped(text))</text>\n"
    }

    private func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1) -> String {
        "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\"\(width == 1 ? "" : " stroke-width=\"\(n(width))\"")/>\n"
    }

    private func rect(
        x: Double, y: Double, width: Double, radius: Double, fill: String, stroke: String, strokeWidth: Double = 1
    ) -> String {
        "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(Self.boxHeight))\" rx=\"\(n(radius))\" "
            + "fill=\"\(fill)\" stroke=\"\(stroke)\"\(strokeWidth == 1 ? "" : " stroke-width=\"\(n(strokeWidth))\"")/>\n"
    }
}

/// Expects the committed pictures `name.svg` and `name~dark.svg` of the Inside Streams series to
/// be what `picture` draws today (`STREAMS_REDRAW_PICTURES=1 swift test --filter InterleavingTests`
/// redraws them).
func expectPicture(_ picture: InterleavingPicture, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Streams/Streams.docc/Resources/InsideStreams")
    expectPicture(named: name, in: directory,
                  redrawCommand: "STREAMS_REDRAW_PICTURES=1 swift test --filter InterleavingTests",
                  sourceLocation: sourceLocation, drawing: picture.svg)
}
