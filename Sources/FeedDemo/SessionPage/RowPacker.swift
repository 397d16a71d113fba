/// Places labelled marks in rows so that no two overlap: each goes into the first row where it
/// fits. Things that happen at the same instant, or too close to be read apart, are fanned out
/// over rows instead of drawn on top of one another.
struct RowPacker {
    /// How many rows there may be; past them, a mark goes into the row that frees up first.
    let maxRows: Int
    /// The gap kept between two marks of a row.
    var gap = 4.0
    private var ends: [Double] = []

    init(maxRows: Int) {
        self.maxRows = max(maxRows, 1)
    }

    /// How many rows are used.
    var rows: Int {
        max(ends.count, 1)
    }

    /// The row for a mark that covers `start...end`.
    mutating func place(_ start: Double, _ end: Double) -> Int {
        if let row = ends.firstIndex(where: { $0 + gap <= start }) {
            ends[row] = end
            return row
        }
        if ends.count < maxRows {
            ends.append(end)
            return ends.count - 1
        }
        let row = ends.indices.min { ends[$0] < ends[$1] } ?? 0
        ends[row] = max(ends[row], end)
        return row
    }
}
