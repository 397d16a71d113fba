/// Time progression in marble diagrams: ` 10ms `, ` 1.5s `, ` 2m `, read and written at a
/// scheduler's resolution.
enum MarbleTime {
    private static let units: [(suffix: String, attoseconds: Int128)] = [
        ("ms", 1_000_000_000_000_000), ("s", 1_000_000_000_000_000_000), ("m", 60_000_000_000_000_000_000),
    ]

    /// The duration a word such as `10ms`, `1.5s` or `2m` stands for, in attoseconds, or `nil`
    /// when the word is not a time token.
    static func duration(of word: String) -> Int128? {
        guard let unit = units.first(where: { word.hasSuffix($0.suffix) }) else { return nil }
        let number = word.dropLast(unit.suffix.count)
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              parts.map(\.count).reduce(0, +) <= 18, let whole = Int128(String(parts[0]))
        else { return nil }
        var total = whole * unit.attoseconds
        if parts.count == 2, let fraction = Int128(String(parts[1])) {
            var scale: Int128 = 1
            for _ in parts[1] { scale *= 10 }
            total += fraction * unit.attoseconds / scale
        }
        return total
    }

    /// The whole number of ticks a time token stands for; a fraction of a tick is an error.
    static func ticks(
        _ attoseconds: Int128, resolution: Duration, diagram: String, column: Int, word: String
    ) throws(MarbleError) -> Int {
        let tick = resolution.attosecondCount
        guard attoseconds % tick == 0 else {
            throw MarbleError(diagram: diagram, column: column,
                              reason: "'\(word)' is not a whole number of ticks of \(resolution)")
        }
        return Int(attoseconds / tick)
    }

    /// `ticks` at `resolution` as a time token (`250ms`, `3s`, `2m`), or `nil` when no unit
    /// says it exactly.
    static func token(ticks: Int, resolution: Duration) -> String? {
        let total = Int128(ticks) * resolution.attosecondCount
        for unit in units.reversed() where total % unit.attoseconds == 0 {
            return "\(total / unit.attoseconds)\(unit.suffix)"
        }
        return nil
    }
}

extension Duration {
    /// The whole duration in attoseconds.
    var attosecondCount: Int128 {
        Int128(components.seconds) * 1_000_000_000_000_000_000 + Int128(components.attoseconds)
    }
}
