import MallocCounter

/// The results as aligned text tables: timings with ratios and targets, then allocations.
func renderTables(_ results: [Result], options: Options) -> String {
    var lines: [String] = []
    lines.append("Streams benchmarks: median ns per unit over \(options.repetitions) repetitions "
        + "(\(options.warmups) warm-up runs), scale \(options.scale)")
    lines.append("")
    var rows = [["workload", "unit", "Streams", "OpenCombine", "closures", "closures+Mutex", "S/OC", "S/floor", "targets"]]
    for result in results {
        let workload = result.workload
        func cell(_ peer: Peer) -> String { result.median[peer].map { format($0, 1) } ?? "–" }
        let floorRatio = result.ratio(workload.floor).map { "\(format($0, 2)) (\(workload.floor == .closures ? "naive" : "Mutex"))" } ?? "–"
        let hasTargets = workload.maxVersusOpenCombine != nil || workload.maxVersusFloor != nil
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
    lines.append("Targets: Streams/OpenCombine ≤ 0.33 on W1–W5a; Streams/(closures+Mutex) ≤ 2 on W1, W3, W5a and ≤ 1.2 on W5b.")

    let counted = results.filter { !$0.allocations.isEmpty }
    if !counted.isEmpty {
        lines.append("")
        lines.append("Allocations per unit (one counted run each):")
        var allocationRows = [["workload", "unit", "Streams", "OpenCombine", "closures", "closures+Mutex"]]
        for result in counted {
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
    return object([
        ("scale", format(options.scale, 4)),
        ("repetitions", String(options.repetitions)),
        ("workloads", object(workloads, indent: "  ")),
        ("units", object(units, indent: "  ")),
        ("ratios", object(ratios, indent: "  ")),
        ("allocations", object(allocations, indent: "  ")),
    ], indent: "")
}
