import Streams

// W7: work that must cost the same per value however much has accumulated. Each workload runs at
// two sizes a hundred times apart, Streams only, and the report divides the cost per value at the
// larger size by that at the smaller one: 1.0 is flat, 100 is quadratic.

/// W7a/W7b: `scan(into:)` appending every value to an array that it emits each time.
func scanIntoAppend(id: String, values: Int) -> Workload {
    Workload(
        id: id, title: "scan(into:) appending, \(values) values", unit: "value", units: values,
        floor: .closures, maxVersusOpenCombine: nil, maxVersusFloor: nil, reportsAllocations: false,
        runs: [
            .streams: { meter in
                let subject = Subject<Int>()
                let sink = Counter()
                // The subscriber reads the array and lets it go, so the accumulator can append in place.
                let subscription = subject
                    .scan(into: [Int]()) { $0.append($1) }
                    .subscribe(onNext: { sink.add($0.count) })
                meter.measure {
                    for value in 0..<values { subject.onNext(value) }
                }
                subscription.dispose()
                return sink.value
            },
        ]
    )
}

/// W7c/W7d: a subject whose subscriber, on the first value, sends all the others into it: they
/// wait in the subject's queue while that first delivery runs, then are delivered in order.
func subjectBacklog(id: String, values: Int) -> Workload {
    Workload(
        id: id, title: "Subject backlog of \(values) values", unit: "value", units: values,
        floor: .closures, maxVersusOpenCombine: nil, maxVersusFloor: nil, reportsAllocations: false,
        runs: [
            .streams: { meter in
                let subject = Subject<Int>()
                let sink = Counter()
                let subscription = subject.subscribe(onNext: { value in
                    sink.add(value)
                    if value == 0 {
                        for next in 1..<values { subject.onNext(next) }
                    }
                })
                meter.measure {
                    subject.onNext(0)
                }
                subscription.dispose()
                return sink.value
            },
        ]
    )
}

/// Pairs of one workload at two sizes, side by side: the cost per unit at the larger size over
/// that at the smaller. W7 (accumulating values), W8 (the image rule per frame) and W9
/// (cleaning untrusted text per scalar) are each a group of such pairs.
struct GrowthSummary {
    /// The growth still called flat.
    static let flatLimit = 1.25

    /// The groups: an id (W7, W8, W9), and its pairs as title, smaller workload, larger workload.
    static let groups: [(id: String, pairs: [(title: String, small: String, large: String)])] = [
        ("W7", [("scan(into:) appending", "W7a", "W7b"), ("Subject backlog", "W7c", "W7d")]),
        ("W8", [("the image rule per frame", "W8a", "W8b")]),
        ("W9", [
            (CleaningCall.terminalCapped.title, "W9a", "W9b"), (CleaningCall.terminalUncapped.title, "W9c", "W9d"),
            (CleaningCall.htmlCapped.title, "W9e", "W9f"), (CleaningCall.htmlUncapped.title, "W9g", "W9h"),
            (CleaningCall.json.title, "W9i", "W9j"),
        ]),
    ]

    struct Pair {
        let title: String
        let small: Result
        let large: Result

        var growth: Double? {
            guard let small = small.streams, let large = large.streams, small > 0 else { return nil }
            return large / small
        }

        var isFlat: Bool { growth.map { $0 <= GrowthSummary.flatLimit } ?? false }

        /// The instructions per unit at the larger size over those at the smaller (with
        /// `--instructions`).
        var instructionGrowth: Double? {
            guard let small = small.instructions[.streams], let large = large.instructions[.streams], small > 0 else { return nil }
            return large / small
        }
    }

    let id: String
    let pairs: [Pair]

    /// `nil` when no pair of the group ran both of its sizes.
    init?(_ id: String, _ results: [Result]) {
        guard let group = Self.groups.first(where: { $0.id == id }) else { return nil }
        func result(_ id: String) -> Result? { results.first { $0.workload.id == id } }
        var pairs: [Pair] = []
        for (title, small, large) in group.pairs {
            if let small = result(small), let large = result(large) {
                pairs.append(Pair(title: title, small: small, large: large))
            }
        }
        guard !pairs.isEmpty else { return nil }
        self.id = id
        self.pairs = pairs
    }

    /// Every group that ran.
    static func all(_ results: [Result]) -> [GrowthSummary] {
        groups.compactMap { GrowthSummary($0.id, results) }
    }
}
