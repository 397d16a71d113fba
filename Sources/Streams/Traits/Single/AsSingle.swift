extension ObservableType {
    /// Turns a sequence that should produce exactly one value into a ``Single``.
    ///
    /// The value is held until the source completes, then delivered with the completion. A
    /// source that completes without a value fails with ``SingleError/noElements``; a second
    /// value fails at once with ``SingleError/moreThanOneElement`` and ends the source
    /// subscription. Errors pass through.
    ///
    /// ```
    /// source:  -a--|
    ///          asSingle()
    /// output:  ----(a|)
    ///
    /// source:  -a-b-|
    ///          asSingle()
    /// output:  ---#          (# is SingleError.moreThanOneElement)
    ///
    /// source:  ---|
    ///          asSingle()
    /// output:  ---#          (# is SingleError.noElements)
    /// ```
    /// ![asSingle(), drawn from a run](assingle-assingle)
    ///
    /// ![asSingle(), drawn from a run](assingle-assingle_2)
    ///
    /// ![asSingle(), drawn from a run](assingle-assingle_3)
    ///
    /// - Returns: A single of the source's only value.
    public func asSingle() -> Single<Element> {
        // A maybe already holds the one value and fails on a second; only "empty" differs.
        asMaybe().ifEmpty(switchTo: Single.error(SingleError.noElements))
    }
}
