/// Where the label of a mark goes on its lane: inside a bar when it fits there; else just after
/// the bar's end (or the mark); else, at the right edge of the picture, just before its start.
/// A label never covers its own end mark, and never runs out of the picture.
struct SpanLabel {
    /// The text's x.
    var x: Double
    /// `start` or `end`: how the text is anchored at ``x``.
    var anchor: String
    /// What the mark and its label cover together, for a ``RowPacker``.
    var extent: (start: Double, end: Double)

    /// - Parameters:
    ///   - start: The mark's left edge.
    ///   - end: The mark's right edge (its end mark included).
    ///   - width: The label's width.
    ///   - limit: The picture's right edge.
    ///   - gap: The space between the mark and a label outside it.
    ///   - inside: Whether the label may go inside the mark (a bar, not a tick).
    init(start: Double, end: Double, width: Double, limit: Double, gap: Double = 5, inside: Bool = true) {
        if inside, end - start >= width + 8 {
            (x, anchor, extent) = (start + 4, "start", (start, end))
        } else if end + gap + width <= limit {
            (x, anchor, extent) = (end + gap, "start", (start, end + gap + width))
        } else {
            (x, anchor, extent) = (start - gap, "end", (start - gap - width, end))
        }
    }

    /// The text's position attributes: `x="…" y="…"` and, for a label before its mark, the anchor.
    func attributes(y: Double) -> String {
        let n = PageMarkup.number
        return "x=\"\(n(x))\" y=\"\(n(y))\"" + (anchor == "end" ? " text-anchor=\"end\"" : "")
    }
}
