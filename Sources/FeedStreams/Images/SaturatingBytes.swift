extension Int {
    /// `self + other`, or `Int.max` / `Int.min` where the sum would overflow.
    ///
    /// The image rules add up decoded sizes, and a server may claim any size for a photo
    /// (``ImageRequest/decodedBytes`` is `Int.max` for one past counting): a sum that reaches
    /// the end of `Int` stays there, which no budget admits. `SplitMix64.pick(weighted:)` adds
    /// its caller's weights with it too.
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
