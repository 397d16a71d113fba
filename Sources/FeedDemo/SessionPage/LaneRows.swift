/// The rows of one lane: places each mark at its times on the axis, its label where a
/// ``SpanLabel`` puts it, in the first row where both fit (``RowPacker``), so that marks at the
/// same instant fan out instead of covering one another.
struct LaneRows {
    /// A mark, placed.
    struct Placed {
        /// Where the mark starts and ends.
        var x0: Double
        var x1: Double
        /// The top of its row.
        var y: Double
        /// The middle of its bar.
        var middle: Double
        var label: SpanLabel
    }

    let axis: TimeAxis
    let rowHeight: Double
    let fontSize: Double
    private var packer: RowPacker

    init(axis: TimeAxis, rowHeight: Double, fontSize: Double, maxRows: Int) {
        self.axis = axis
        self.rowHeight = rowHeight
        self.fontSize = fontSize
        packer = RowPacker(maxRows: maxRows)
    }

    /// Places a bar from `start` to `end` (at least `minimumWidth` wide), with `label`; `tail` is
    /// how far its end mark reaches past its end. A mark without duration is a tick `tail` wide
    /// on either side, and its label goes beside it, as it does for a hatched bar
    /// (`insideBar: false`), on which text would not read.
    mutating func place(
        _ start: Duration, _ end: Duration, label: String, tail: Double = 0, minimumWidth: Double = 0, gap: Double = 5,
        insideBar: Bool = true
    ) -> Placed {
        let x0 = axis.x(start)
        let x1 = max(axis.x(end), x0 + minimumWidth)
        let isTick = start == end && minimumWidth == 0
        let placed = SpanLabel(
            start: isTick ? x0 - tail : x0, end: x1 + tail, width: PageMarkup.width(of: label, fontSize: fontSize),
            limit: axis.right + SessionLanes.margin, gap: gap, inside: insideBar && !isTick
        )
        let y = 6 + Double(packer.place(placed.extent.start, placed.extent.end)) * rowHeight
        return Placed(x0: x0, x1: x1, y: y, middle: y + (rowHeight - 4) / 2, label: placed)
    }

    /// The lane's height for the rows used, and at least `minimum`.
    func height(minimum: Double) -> Double {
        max(Double(packer.rows) * rowHeight + 10, minimum)
    }
}
