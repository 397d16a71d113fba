import FeedStreams

/// The time axis every lane of the session page shares: from the session's start to its end,
/// left to right, in seconds (or minutes, for a long session).
struct TimeAxis: Sendable {
    /// How long the session lasted (at least a millisecond, so that every time has a place).
    let duration: Duration
    /// Where time zero is.
    let left: Double
    /// How wide the whole session is drawn.
    let width: Double

    init(duration: Duration, left: Double, width: Double) {
        self.duration = max(duration, .milliseconds(1))
        self.left = left
        self.width = width
    }

    /// Where `time` is drawn; times outside the session are drawn at its ends.
    func x(_ time: Duration) -> Double {
        let fraction = Double(PageMarkup.milliseconds(time)) / Double(PageMarkup.milliseconds(duration))
        return left + width * min(max(fraction, 0), 1)
    }

    /// The right end.
    var right: Double {
        left + width
    }

    /// The labelled ticks: the shortest round step whose labels are at least 56 units apart.
    var ticks: [Duration] {
        let steps: [Int64] = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000,
                              300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000]
        let total = Int64(PageMarkup.milliseconds(duration))
        let step = steps.first { Double($0) / Double(total) * width >= 56 } ?? max(total / 4, 1)
        return stride(from: Int64(0), through: total, by: Int(step)).map { .milliseconds($0) }
    }
}
