import MallocCounter

/// The results as aligned text tables: timings with ratios and targets, then allocations.
func renderTables(_ results: [Result], options: Options) -> String {
    var lines: [String] = []
    var header = "Streams benchmarks: median ns per unit over \(options.repetitions) repetitions "
        + "(\(options.warmups) warm-up runs), scale \(options.scale)"
    let capped = results.map(\.workload).filter { $0.maxRepetitions != nil || $0.maxWarmups != nil }
    if !capped.isEmpty {
        header += "; " + capped.map { workload in
            "\(workload.id): \(min(options.repetitions, workload.maxRepetitions ?? .max)) repetitions, "
                + "\(min(options.warmups, workload.maxWarmups ?? .max)) warm-up runs"
        }.joined(separator: ", ")
    }
    lines.append(header)
    lines.append("")
    var rows = [["workload", "unit", "Streams", "OpenCombine", "closures", "closures+Mutex", "S/OC", "S/floor", "targets"]]
    for result in results {
        let workload = result.workload
        func cell(_ peer: Peer) -> String { result.median[peer].map { format($0, 1) } ?? "–" }
        let floorRatio = result.ratio(workload.floor).map { "\(format($0, 2)) (\(workload.floor == .closures ? "naive" : "Mutex"))" } ?? "–"
        let hasTargets = workload.maxVersusOpenCombine != nil || workload.maxVersusFloor != nil
            || workload.maxAllocations != nil
        let verdict = !hasTargets ? "–" : result.misses.isEmpty ? "met" : "MISSED"
        rows.append([
            "\(workload.id) \(workload.title)", "ns/\(workload.unit)",
            cell(.streams), cell(.opencombine), cell(.closures), cell(.closuresMutex),
            result.ratio(.opencombine).map { format($0, 2) } ?? "–", floorRatio, verdict,
        ])
    }
    lines += table(rows, rightAligned: 2...7)
    let misses = results.flatMap { result in result.misses.map { "  \(result.workload.id): \($0)" } }
    lines.append("")
    lines.append(misses.isEmpty ? "All targets met." : "Targets missed:\n" + misses.joined(separator: "\n"))
    lines.append("Targets: Streams/(closures+Mutex) ≤ 1.25 on W1, W3, W5a and ≤ 1.05 on W5b; W2 Streams/OpenCombine "
        + "≤ 0.30 and ≤ 3 allocations per subscription; W4 Streams/(naive closures) ≤ 3; W7, W8 and W9 flat.")

    for growth in GrowthSummary.all(results) {
        let unit = growth.pairs[0].small.workload.unit
        lines.append("")
        lines.append("\(growth.id), cost per \(unit) at the larger size over that at the smaller (flat: ≤ \(format(GrowthSummary.flatLimit, 2))):")
        for pair in growth.pairs {
            let verdict = pair.isFlat ? "flat" : "NOT flat"
            let sizes = "\(pair.large.workload.sizeLabel ?? "\(pair.large.workload.units) values") over "
                + (pair.small.workload.sizeLabel ?? "\(pair.small.workload.units) values")
            var line = "  \(pair.title), \(sizes): \(pair.growth.map { format($0, 2) } ?? "–") (\(verdict))"
            if let instructions = pair.instructionGrowth { line += "; instructions \(format(instructions, 2))" }
            lines.append(line)
        }
    }

    let counted = results.filter { !$0.instructions.isEmpty }
    if !counted.isEmpty {
        lines.append("")
        lines.append("Instructions per unit (callgrind, one repetition after one warm-up run, per workload and peer):")
        var rows = [["workload", "unit", "Streams", "OpenCombine", "closures", "closures+Mutex", "S/OC", "S/floor"]]
        for result in counted {
            func cell(_ peer: Peer) -> String { result.instructions[peer].map { format($0, 1) } ?? "–" }
            func ratio(_ peer: Peer) -> String {
                guard let streams = result.instructions[.streams], let other = result.instructions[peer], other > 0 else { return "–" }
                return format(streams / other, 2)
            }
            rows.append([
                result.workload.id, "Ir/\(result.workload.unit)",
                cell(.streams), cell(.opencombine), cell(.closures), cell(.closuresMutex),
                ratio(.opencombine), ratio(result.workload.floor),
            ])
        }
        lines += table(rows, rightAligned: 2...7)
    }

    if let feed = FeedSummary(results) {
        lines.append("")
        lines.append("W6, the feed end to end (Streams only):")
        var feedRows = [["workload", "pages", "ns/page", "allocs/page", "bytes/photo held"]]
        for result in [feed.short, feed.long].compactMap({ $0 }) {
            feedRows.append([
                result.workload.id, String(result.workload.units),
                result.streams.map { format($0, 0) } ?? "–",
                result.allocations[.streams].map { format($0, 1) } ?? "–",
                result.bytesPerHeld[.streams].map { format($0, 0) } ?? "–",
            ])
        }
        lines += table(feedRows, rightAligned: 1...4)
        if let growth = feed.growth {
            lines.append("Cost per page at \(feed.longPages!) pages / at \(feed.shortPages!): \(format(growth, 2)) "
                + (growth <= FeedSummary.flatLimit ? "(flat)" : "(NOT flat: the cost per page grows with the list)"))
        } else if feed.long == nil {
            lines.append("W6b (\(feed.longPagesPlanned) pages) runs only when named: --only W6a,W6b.")
        }
    }

    let allocated = results.filter { !$0.allocations.isEmpty }
    if !allocated.isEmpty {
        lines.append("")
        lines.append("Allocations per unit (one counted run each; W6: during its timed runs):")
        var allocationRows = [["workload", "unit", "Streams", "OpenCombine", "closures", "closures+Mutex"]]
        for result in allocated {
            func cell(_ peer: Peer) -> String { result.allocations[peer].map { format($0, 2) } ?? "–" }
            allocationRows.append([
                result.workload.id, "allocs/\(result.workload.unit)",
                cell(.streams), cell(.opencombine), cell(.closures), cell(.closuresMutex),
            ])
        }
        lines += table(allocationRows, rightAligned: 2...5)
    } else if options.allocations && malloc_counter_is_active() == 0 {
        lines.append("")
        lines.append("Allocations not counted: malloc interposition is not active in this build.")
    }
    return lines.joined(separator: "\n")
}

/// Rows padded to aligned columns, with a rule under the header.
func table(_ rows: [[String]], rightAligned: ClosedRange<Int>) -> [String] {
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    func render(_ row: [String]) -> String {
        row.indices.map { column in
            let padding = String(repeating: " ", count: widths[column] - row[column].count)
            return rightAligned.contains(column) ? padding + row[column] : row[column] + padding
        }.joined(separator: "  ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return [render(rows[0]), rule] + rows.dropFirst().map(render)
}

/// The results as one JSON document:
/// `{"workloads": {"W1": {"streams": ns, "opencombine": ns, "closures": ns, "closures_mutex": ns}, …}, …}`.
/// A peer a workload has no implementation for is `null`.
func renderJSON(_ results: [Result], options: Options) -> String {
    func number(_ value: Double?) -> String { value.map { format($0, 3) } ?? "null" }
    func object(_ members: [(String, String)], indent: String) -> String {
        guard !members.isEmpty else { return "{}" }
        let inner = indent + "  "
        return "{\n" + members.map { "\(inner)\"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n\(indent)}"
    }
    let workloads = results.map { result in
        (result.workload.id, object(Peer.allCases.map { ($0.rawValue, number(result.median[$0])) }, indent: "    "))
    }
    let units = results.map { ($0.workload.id, "\"ns/\($0.workload.unit)\"") }
    let ratios = results.map { result in
        (result.workload.id, object([
            ("streams_over_opencombine", number(result.ratio(.opencombine))),
            ("streams_over_floor", number(result.ratio(result.workload.floor))),
            ("floor", "\"\(result.workload.floor.rawValue)\""),
            ("targets_met", result.misses.isEmpty ? "true" : "false"),
        ], indent: "    "))
    }
    let allocations = results.filter { !$0.allocations.isEmpty }.map { result in
        (result.workload.id, object(
            [("unit", "\"allocations/\(result.workload.unit)\"")]
                + Peer.allCases.map { ($0.rawValue, number(result.allocations[$0])) },
            indent: "    "))
    }
    let feedMembers = FeedSummary(results).map { [("W6", $0.json(indent: "  "))] } ?? []
    let instructions = results.filter { !$0.instructions.isEmpty }.map { result in
        (result.workload.id, object(
            [("unit", "\"instructions/\(result.workload.unit)\"")]
                + Peer.allCases.map { ($0.rawValue, number(result.instructions[$0])) },
            indent: "    "))
    }
    let growthMembers = GrowthSummary.all(results).map { summary in
        (summary.id, object(summary.pairs.map { pair in
            ("\(pair.small.workload.id)_\(pair.large.workload.id)", object([
                ("what", "\"\(pair.title)\""),
                ("unit", "\"\(pair.small.workload.unit)\""),
                ("values_small", String(pair.small.workload.units)),
                ("values_large", String(pair.large.workload.units)),
                ("growth", number(pair.growth)),
                ("instruction_growth", number(pair.instructionGrowth)),
                ("flat", pair.isFlat ? "true" : "false"),
            ], indent: "    "))
        }, indent: "  "))
    }
    return object([
        ("scale", format(options.scale, 4)),
        ("repetitions", String(options.repetitions)),
        ("workloads", object(workloads, indent: "  ")),
        ("units", object(units, indent: "  ")),
        ("ratios", object(ratios, indent: "  ")),
        ("allocations", object(allocations, indent: "  ")),
        ("instructions", object(instructions, indent: "  ")),
    ] + feedMembers + growthMembers, indent: "")
}

/// W6's two lengths side by side: W6a (1,000 pages at scale 1) and W6b (10,000), either of which
/// may not have run.
struct FeedSummary {
    /// The growth of the cost per page from W6a to W6b still called flat.
    static let flatLimit = 1.25

    let short: Result?
    let long: Result?

    /// `nil` when neither W6a nor W6b ran.
    init?(_ results: [Result]) {
        short = results.first { $0.workload.id == "W6a" }
        long = results.first { $0.workload.id == "W6b" }
        if short == nil && long == nil { return nil }
    }

    var shortPages: Int? { short?.workload.units }
    var longPages: Int? { long?.workload.units }
    /// The W6b length at the scale of this run, for the note saying it did not run.
    var longPagesPlanned: Int { (shortPages ?? 1_000) * 10 }

    /// `{"pages_1k": …, "streams_ns_per_page_1k": …, "bytes_per_photo_1k": …, …_10k, "growth_10k_over_1k": …, "flat": …}`;
    /// `null` for what did not run.
    func json(indent: String) -> String {
        func number(_ value: Double?) -> String {
            guard let value else { return "null" }
            return format(value, 3)
        }
        func count(_ value: Int?) -> String {
            guard let value else { return "null" }
            return String(value)
        }
        var flat = "null"
        if let growth { flat = growth <= Self.flatLimit ? "true" : "false" }
        let members: [(String, String)] = [
            ("pages_1k", count(shortPages)),
            ("pages_10k", count(longPages)),
            ("streams_ns_per_page_1k", number(short?.streams)),
            ("streams_ns_per_page_10k", number(long?.streams)),
            ("allocations_per_page_1k", number(short?.allocations[.streams])),
            ("allocations_per_page_10k", number(long?.allocations[.streams])),
            ("bytes_per_photo_1k", number(short?.bytesPerHeld[.streams])),
            ("bytes_per_photo_10k", number(long?.bytesPerHeld[.streams])),
            ("growth_10k_over_1k", number(growth)),
            ("flat", flat),
        ]
        let inner = indent + "  "
        return "{\n" + members.map { "\(inner)\"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n\(indent)}"
    }

    /// ns per page at the longer length over ns per page at the shorter one.
    var growth: Double? {
        guard let short = short?.streams, let long = long?.streams, short > 0 else { return nil }
        return long / short
    }
}
