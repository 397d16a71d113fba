/// A small, fast, seeded pseudo-random number generator: Steele, Lea and Flood's SplitMix64.
///
/// The same seed always yields the same numbers, on every platform and Swift version, which is
/// what the embedded ``PhotoCatalog`` and the failure plans of ``CatalogPhotoService`` need:
/// a demo run or a test can be replayed exactly. It is not suitable for cryptography.
///
/// The helpers (``int(in:)``, ``double()``, ``chance(_:)``, ``pick(_:)``) are written here
/// rather than taken from the standard library's `random(in:using:)`, whose algorithm is an
/// implementation detail that may change between releases.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let side = random.int(in: 1...6)
/// let colour = random.pick(["#d9c0c0", "#0c2640"])
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    /// The generator's whole state; it advances by a fixed odd constant on every draw.
    public private(set) var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    ///
    /// - Parameter seed: Any value, zero included.
    public init(seed: UInt64) {
        state = seed
    }

    /// Returns the next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// Returns an integer in `range`, every value about equally likely.
    ///
    /// The value is the high half of a 128-bit product (Lemire's method without the rejection
    /// step); its bias is below 2⁻⁶⁰ for the small ranges a catalog uses.
    ///
    /// - Parameter range: The allowed values; must not be empty.
    /// - Returns: A value in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        guard span != 0 else { return Int(bitPattern: UInt(next())) }
        let offset = next().multipliedFullWidth(by: span).high
        return range.lowerBound &+ Int(bitPattern: UInt(offset))
    }

    /// Returns a number in `0..<1` with 53 random bits.
    public mutating func double() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// Returns `true` with probability `probability`.
    ///
    /// - Parameter probability: From 0 (never) to 1 (always).
    public mutating func chance(_ probability: Double) -> Bool {
        double() < probability
    }

    /// Returns one element of a non-empty array, each equally likely.
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(in: 0...(elements.count - 1))]
    }

    /// Returns one element of a non-empty array, each as likely as its weight.
    ///
    /// - Parameter weighted: Elements with their weights. A weight below 0 counts as 0; with
    ///   every weight 0, the first element is picked. Weights that add up past `Int.max` count
    ///   until the sum reaches it.
    public mutating func pick<Element>(weighted: [(Element, Int)]) -> Element {
        let total = weighted.reduce(0) { $0.addingSaturated(max($1.1, 0)) }
        guard total > 0 else { return weighted[0].0 }
        var roll = int(in: 0...(total - 1))
        for (element, weight) in weighted {
            if roll < weight { return element }
            roll -= max(weight, 0)
        }
        return weighted[weighted.count - 1].0
    }

    /// A number for a text that is the same on every run and platform (Swift's `Hasher` is
    /// seeded per process): FNV-1a over its UTF-8 bytes. For seeding, not for hash tables.
    ///
    /// - Parameter text: Any text, such as an image's address.
    /// - Returns: 64 bits that depend on every byte.
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
