import Streams

extension MarbleDiagram {
    /// The picture as an SVG document in one appearance; the same diagram always gives the same
    /// bytes.
    public func svg(_ appearance: MarbleAppearance = .light) -> String {
        var svg = MarbleSVG(layout: MarbleLayout(self), palette: .of(appearance))
        return svg.document(title: title, description: summary)
    }
}

extension MarbleDiagram {
    /// Two diagrams side by side in one SVG document, on one scale: a failure's expected and
    /// actual timelines.
    static func sideBySide(_ left: MarbleDiagram, _ right: MarbleDiagram, title: String, appearance: MarbleAppearance) -> String {
        let first = MarbleLayout(left)
        let second = MarbleLayout(right, matching: first)
        let layouts = [MarbleLayout(left, matching: second), second]
        let gap = 16.0
        let width = layouts[0].width + gap + layouts[1].width
        let height = max(layouts[0].height, layouts[1].height)
        let n = { (value: Double) in String(Int(value.rounded(.up))) }
        var lines = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(width))" height="\#(n(height))" viewBox="0 0 \#(n(width)) \#(n(height))" role="img" font-family="\#(MarbleSVG.font)">"#,
            "<title>\(MarbleSVG.escape(title))</title>",
            "<desc>\(MarbleSVG.escape("Left, expected: \(left.summary) Right, actual: \(right.summary)"))</desc>",
        ]
        var x = 0.0
        for layout in layouts {
            var svg = MarbleSVG(layout: layout, palette: .of(appearance))
            lines += svg.body(x: x, width: layout.width, height: height)
            x += layout.width + gap
        }
        return (lines + ["</svg>"]).joined(separator: "\n") + "\n"
    }
}

/// Draws a ``MarbleLayout`` as SVG text: elements in a fixed order, numbers to one decimal,
/// system fonts, no scripts and nothing from outside the file.
struct MarbleSVG {
    let layout: MarbleLayout
    let palette: MarblePalette
    private var out: [String] = []

    init(layout: MarbleLayout, palette: MarblePalette) {
        self.layout = layout
        self.palette = palette
    }

    /// Pictures are shown a little larger than drawn, so that their 12-point text reads like
    /// the page's text beside them.
    static let scale = 1.25
    static let font = "ui-monospace, SFMono-Regular, Menlo, Consolas, DejaVu Sans Mono, Liberation Mono, monospace"

    mutating func document(title: String, description: String) -> String {
        let (width, height) = (layout.width, layout.height)
        out = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(width * Self.scale))" height="\#(n(height * Self.scale))" viewBox="0 0 \#(n(width)) \#(n(height))" role="img" font-family="\#(Self.font)">"#,
            "<title>\(escape(title))</title>",
            "<desc>\(escape(description))</desc>",
        ]
        body(x: 0, width: width, height: height)
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    /// Everything inside the root element, for a picture of its own or a panel of a larger one.
    @discardableResult
    mutating func body(x: Double, width: Double, height: Double) -> [String] {
        let start = out.count
        element("rect", ["x": n(x + 0.5), "y": "0.5", "width": n(width - 1), "height": n(height - 1), "rx": "10",
                         "fill": palette.background, "stroke": palette.border])
        if x != 0 { out.append(#"<g transform="translate(\#(n(x)) 0)">"#) }
        grid()
        for row in layout.rows { bands(row) }
        for row in layout.rows { connector(row) }
        operation()
        for row in layout.rows { lane(row) }
        axis()
        key()
        for line in layout.legend {
            text(line.text, x: layout.timelineLeft, y: line.y, size: 12, fill: palette.text)
        }
        if x != 0 { out.append("</g>") }
        return Array(out[start...])
    }

    // MARK: Parts

    private mutating func grid() {
        guard let top = layout.rows.first.map({ $0.y - 20 }) ?? layout.operationY.map({ $0 - 14 }) else { return }
        for tick in layout.axisStart...layout.axisEnd where tick % layout.labelEvery == 0 {
            let x = layout.x(tick)
            element("line", ["x1": n(x), "y1": n(top), "x2": n(x), "y2": n(layout.axisY), "stroke": palette.grid])
        }
    }

    private mutating func bands(_ row: MarbleLayout.Row) {
        for subscription in row.lane.subscriptions {
            let left = layout.x(subscription.subscribe) - MarbleLayout.radius - 3
            // A band ends after the events of its last tick, a fanned-out group included.
            let lastGroup = row.groups.last { $0.first?.mark.tick == subscription.unsubscribe }?.last
            let groupRight = lastGroup.map { $0.x + $0.width / 2 + 6 } ?? 0
            let right = subscription.unsubscribe == .max
                ? row.x1 : max(layout.x(subscription.unsubscribe) + MarbleLayout.radius + 3, groupRight, left + 8)
            let half = 15.0
            let points = [(left, row.y(at: left) - half), (right, row.y(at: right) - half),
                          (right, row.y(at: right) + half), (left, row.y(at: left) + half)]
            element("polygon", [
                "points": points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " "), "fill": palette.band,
                "fill-opacity": palette.bandOpacity, "stroke": palette.bandEdge,
                "stroke-opacity": "0.5", "stroke-linejoin": "round",
            ])
        }
    }

    private mutating func connector(_ row: MarbleLayout.Row) {
        guard let parent = row.parent else { return }
        let from = layout.rows[parent.row]
        element("line", [
            "x1": n(parent.x), "y1": n(from.y(at: parent.x)), "x2": n(parent.x), "y2": n(row.y(at: parent.x)),
            "stroke": palette.secondary, "stroke-width": "1.2", "stroke-dasharray": "2 3",
        ])
    }

    private mutating func operation() {
        guard let y = layout.operationY, let operation = layout.diagram.operation else { return }
        let left = layout.timelineLeft
        let right = max(layout.x(layout.axisEnd) + layout.tickWidth / 2,
                        left + Double(operation.count) * MarbleLayout.charWidth + 28)
        element("rect", ["x": n(left), "y": n(y - 13), "width": n(right - left), "height": "26", "rx": "6",
                         "fill": palette.operationFill, "stroke": palette.border])
        text(operation, x: (left + right) / 2, y: y, size: 12, fill: palette.text, anchor: "middle")
    }

    private mutating func lane(_ row: MarbleLayout.Row) {
        let lane = row.lane
        let solidEnd = lane.isGhost ? row.x0 : (row.cut ?? row.x1)
        let stroke = lane.isGhost ? palette.ghost : palette.text
        if solidEnd > row.x0 {
            segment(row, from: row.x0, to: solidEnd, stroke: palette.text, dashed: false)
        }
        if solidEnd < row.x1 {
            segment(row, from: solidEnd, to: row.x1, stroke: palette.ghost, dashed: true)
        }
        if row.endsWithArrow {
            let y = row.y(at: row.x1)
            element("polygon", ["points": "\(n(row.x1 + 1)),\(n(y)) \(n(row.x1 - 7)),\(n(y - 4.5)) \(n(row.x1 - 7)),\(n(y + 4.5))",
                                "fill": stroke])
        }
        if let cut = row.cut {
            let y = row.y(at: cut)
            for offset in [-3.0, 2.0] {
                element("line", ["x1": n(cut + offset - 2), "y1": n(y + 7), "x2": n(cut + offset + 2), "y2": n(y - 7),
                                 "stroke": palette.text, "stroke-width": "1.5"])
            }
        }
        label(row)
        for group in row.groups {
            if group.count > 1, let first = group.first, let last = group.last {
                let left = first.x - first.width / 2 - 5, right = last.x + last.width / 2 + 5
                let y = row.y(at: (left + right) / 2)
                element("rect", ["x": n(left), "y": n(y - 16), "width": n(right - left), "height": "32", "rx": "16",
                                 "fill": "none", "stroke": palette.secondary, "stroke-width": "1"])
            }
            for placed in group { mark(placed, y: row.y(at: placed.x)) }
        }
    }

    private mutating func segment(_ row: MarbleLayout.Row, from x0: Double, to x1: Double, stroke: String, dashed: Bool) {
        let (y0, y1) = (n(row.y(at: x0)), n(row.y(at: x1)))
        if dashed {
            element("line", ["x1": n(x0), "y1": y0, "x2": n(x1), "y2": y1, "stroke": stroke, "stroke-width": "1.5",
                             "stroke-dasharray": "4 3"])
        } else {
            element("line", ["x1": n(x0), "y1": y0, "x2": n(x1), "y2": y1, "stroke": stroke, "stroke-width": "1.5"])
        }
    }

    /// The lane's name at the left; an inner lane's name sits just before its start when there
    /// is room, so it reads as part of the lane, and its note (`never subscribed`) after its end.
    private mutating func label(_ row: MarbleLayout.Row) {
        let labelWidth = Double(row.lane.label.count) * MarbleLayout.labelCharWidth
        let beside = row.fall > 0 && row.x0 - 8 - labelWidth > layout.labelRight - labelWidth
        let x = beside ? row.x0 - 8 : layout.labelRight
        let fill = row.lane.isGhost ? palette.ghost : palette.text
        text(row.lane.label, x: x, y: beside ? row.y(at: row.x0) : row.y, size: 13, fill: fill, anchor: "end")
        if let note = row.lane.note {
            let end = max(row.x1, row.groups.last?.last.map { $0.x + $0.width / 2 } ?? row.x1) + 10
            text(note, x: end, y: row.y(at: row.x1), size: 10, fill: palette.secondary)
        }
    }

    private mutating func mark(_ placed: MarbleLayout.PlacedMark, y: Double) {
        let ghost = placed.mark.isGhost
        let x = placed.x
        if placed.mark.differs {
            element("rect", ["x": n(x - placed.width / 2 - 5), "y": n(y - 17), "width": n(placed.width + 10), "height": "34",
                             "rx": "17", "fill": "none", "stroke": palette.error, "stroke-width": "2", "stroke-dasharray": "4 2"])
        }
        switch placed.mark.event {
        case .value(let value):
            let colour = MarblePalette.colourIndex(of: value)
            if ghost {
                element("rect", ["x": n(x - placed.width / 2), "y": n(y - 12), "width": n(placed.width), "height": "24",
                                 "rx": "12", "fill": palette.background, "stroke": palette.ghost, "stroke-width": "1.5",
                                 "stroke-dasharray": "3 2"])
            } else {
                element("rect", ["x": n(x - placed.width / 2), "y": n(y - 12), "width": n(placed.width), "height": "24",
                                 "rx": "12", "fill": palette.fills[colour], "stroke": palette.strokes[colour],
                                 "stroke-width": "1.5"])
            }
            text(placed.text, x: x, y: y, size: 12, fill: ghost ? palette.ghost : palette.marbleText, anchor: "middle", bold: !ghost)
        case .completed:
            if ghost {
                element("line", ["x1": n(x), "y1": n(y - 12), "x2": n(x), "y2": n(y + 12), "stroke": palette.ghost,
                                 "stroke-width": "2.5", "stroke-dasharray": "3 2"])
            } else {
                element("line", ["x1": n(x), "y1": n(y - 12), "x2": n(x), "y2": n(y + 12), "stroke": palette.text,
                                 "stroke-width": "3", "stroke-linecap": "round"])
            }
        case .error:
            let stroke = ghost ? palette.ghost : palette.error
            for (dx, dy) in [(7.0, 7.0), (7.0, -7.0)] {
                element("line", ["x1": n(x - dx), "y1": n(y - dy), "x2": n(x + dx), "y2": n(y + dy), "stroke": stroke,
                                 "stroke-width": ghost ? "2" : "3", "stroke-linecap": "round"])
            }
        }
    }

    private mutating func axis() {
        let y = layout.axisY
        let left = layout.x(layout.axisStart) - layout.tickWidth / 2
        element("line", ["x1": n(left), "y1": n(y), "x2": n(layout.x(layout.axisEnd)), "y2": n(y), "stroke": palette.secondary])
        for tick in layout.axisStart...layout.axisEnd where layout.tickWidth >= 6 || tick % layout.labelEvery == 0 {
            let x = layout.x(tick)
            element("line", ["x1": n(x), "y1": n(y - 3), "x2": n(x), "y2": n(y + 3), "stroke": palette.secondary])
            if tick % layout.labelEvery == 0 {
                text(layout.axisLabel(tick), x: x, y: y + 14, size: 10, fill: palette.secondary, anchor: "middle")
            }
        }
        let caption = if case .time = layout.diagram.axis { "time" } else { "ticks" }
        text(caption, x: layout.labelRight, y: y + 14, size: 10, fill: palette.secondary, anchor: "end")
    }

    /// A row of small samples that name what the picture uses: bands, ghosts, same-tick groups.
    private mutating func key() {
        var x = layout.timelineLeft
        let y = layout.keyY
        if MarbleLayout.hasBands(layout.rows) {
            element("rect", ["x": n(x), "y": n(y - 6), "width": "18", "height": "12", "rx": "3", "fill": palette.band,
                             "fill-opacity": palette.bandOpacity, "stroke": palette.bandEdge,
                             "stroke-opacity": "0.5"])
            x = keyText("subscribed", after: x + 18)
        }
        if MarbleLayout.hasGhosts(layout.rows) {
            element("circle", ["cx": n(x + 7), "cy": n(y), "r": "6.5", "fill": "none", "stroke": palette.ghost,
                               "stroke-width": "1.5", "stroke-dasharray": "3 2"])
            x = keyText("not delivered", after: x + 14)
        }
        if MarbleLayout.hasGroups(layout.rows) {
            element("rect", ["x": n(x), "y": n(y - 7), "width": "22", "height": "14", "rx": "7", "fill": "none",
                             "stroke": palette.secondary])
            x = keyText("same tick", after: x + 22)
        }
        if MarbleLayout.hasDifferences(layout.rows) {
            element("circle", ["cx": n(x + 8), "cy": n(y), "r": "7", "fill": "none", "stroke": palette.error, "stroke-width": "2",
                               "stroke-dasharray": "4 2"])
            x = keyText("differs", after: x + 16)
        }
    }

    private mutating func keyText(_ words: String, after x: Double) -> Double {
        text(words, x: x + 6, y: layout.keyY, size: 10, fill: palette.secondary)
        return x + 6 + Double(words.count) * MarbleLayout.noteCharWidth + 18
    }

    // MARK: Writing

    private mutating func text(
        _ content: String, x: Double, y: Double, size: Int, fill: String, anchor: String = "start", bold: Bool = false
    ) {
        out.append(#"<text x="\#(n(x))" y="\#(n(y))" font-size="\#(size)"\#(bold ? #" font-weight="600""# : "") fill="\#(fill)" text-anchor="\#(anchor)" dominant-baseline="central">\#(escape(content))</text>"#)
    }

    private mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>) {
        out.append("<\(name) " + attributes.map { #"\#($0.key)="\#(escape($0.value))""# }.joined(separator: " ") + "/>")
    }

    /// A number to one decimal, without a trailing `.0`: the same text on every platform.
    private func n(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    private func escape(_ text: String) -> String { Self.escape(text) }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
