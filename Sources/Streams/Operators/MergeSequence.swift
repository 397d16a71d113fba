extension Observable {
    /// Emits the values of several sequences as they arrive, as
    /// ``merge(_:)-([Observable<Element>])`` does, for any collection of sequences that convert
    /// to observables: requests made in parallel, each a ``Single``.
    ///
    /// ```
    /// first:   --(a|)
    /// second:  -(b|)
    ///          merge(requests)
    /// output:  -b(a|)
    /// ```
    ///
    /// The sources are read once, when `merge` is called, and each subscription subscribes to
    /// all of them, in order. Sources may emit on different threads: their events are delivered
    /// serially, on the thread of the source that emitted, or on the thread already delivering.
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: An observable of the values of all sources.
    public static func merge<Sources: Sequence>(_ sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableConvertibleType, Sources.Element.Element == Element {
        Observable<Sources.Element>.from(Array(sources)).merge()
    }
}
