// The operators only a maybe has: what to do when it is empty.

extension PrimitiveSequence where Trait == MaybeTrait {
    /// Succeeds with `default` when this maybe completes empty, on its thread: a ``Single``.
    ///
    /// ```
    /// maybe:   --|
    ///          ifEmpty(default: x)
    /// output:  --(x|)
    /// ```
    /// ![ifEmpty(default: x), drawn from a run](maybeoperators-ifempty-default-x)
    ///
    /// - Parameter default: The value to succeed with when there is none.
    /// - Returns: A single of this maybe's value or `default`.
    public func ifEmpty(default: Element) -> Single<Element> {
        Single(unchecked: asObservable().ifEmpty(default: `default`))
    }

    /// Continues with `other`, delivered on its thread, when this maybe completes empty: the
    /// cache, then the network.
    ///
    /// ```
    /// maybe:   --|         (network is cold)
    /// network:   -(x|)
    ///          ifEmpty(switchTo: network)
    /// output:  ---(x|)
    /// ```
    /// ![ifEmpty(switchTo: network), drawn from a run](maybeoperators-ifempty-switchto-network)
    ///
    /// - Parameter other: The single to subscribe to when this maybe is empty.
    /// - Returns: A single of this maybe's value or `other`'s.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(unchecked: asObservable().ifEmpty(switchTo: other))
    }

    /// Continues with another maybe when this one completes empty.
    ///
    /// ```
    /// maybe:     --|         (fallback is cold)
    /// fallback:    -|
    ///            ifEmpty(switchTo: fallback)
    /// output:    ---|
    /// ```
    /// ![ifEmpty(switchTo: fallback), drawn from a run](maybeoperators-ifempty-switchto-fallback)
    ///
    /// - Parameter other: The maybe to subscribe to when this one is empty.
    /// - Returns: A maybe of this maybe's value or `other`'s.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(unchecked: asObservable().ifEmpty(switchTo: other))
    }
}
