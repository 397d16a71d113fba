import Foundation

// The seeded generator of the fuzz tests of FeedStreamsTests and FeedDemoTests: everything derives
// from one 64-bit seed, so a failing case is replayed with `FUZZ_SEED=<seed> swift test --filter
// <the test>`.

/// SplitMix64: small, fast, and the same on every platform.
public struct FuzzRandom {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// `true` with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < p
    }

    public mutating func pick<T>(_ items: [T]) -> T {
        items[int(0...(items.count - 1))]
    }
}

/// Which seeds a fuzz test runs: `FUZZ_SEED` replays one; otherwise `count` seeds derived from
/// a fixed base (or from `FUZZ_BASE`), `FUZZ_CASES` overriding the count.
public enum FuzzSeeds {
    /// The seeds of one shard of `shards` (tests run shards in parallel); a replayed seed runs
    /// in shard 0 only.
    public static func seeds(count: Int, salt: UInt64, shard: Int, of shards: Int, followsCases: Bool = true) -> [UInt64] {
        let all = seeds(count: count, salt: salt, followsCases: followsCases)
        if ProcessInfo.processInfo.environment["FUZZ_SEED"] != nil { return shard == 0 ? all : [] }
        return all.enumerated().filter { $0.offset % shards == shard }.map(\.element)
    }

    /// - Parameter followsCases: Whether `FUZZ_CASES` sets the count; a test whose every case is
    ///   a whole session (seconds under ThreadSanitizer) keeps its own count.
    public static func seeds(count: Int, salt: UInt64, followsCases: Bool = true) -> [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["FUZZ_SEED"], let seed = parse(text) {
            return [seed]
        }
        let total = followsCases ? environment["FUZZ_CASES"].flatMap { Int($0) } ?? count : count
        var random = FuzzRandom(seed: environment["FUZZ_BASE"].flatMap(parse) ?? (0xF0ED_5EED ^ salt))
        return (0..<total).map { _ in random.next() }
    }

    private static func parse(_ text: String) -> UInt64? {
        text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    /// How to replay `seed` of the tests `filter` names.
    public static func replay(_ seed: UInt64, filter: String) -> String {
        "replay: FUZZ_SEED=0x\(String(seed, radix: 16)) swift test --filter \(filter)"
    }
}
