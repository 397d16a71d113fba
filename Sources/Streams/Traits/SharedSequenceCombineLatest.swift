// Inside Streams, chapter 8, "Traits as thin wrappers": drivers (or signals) combined are the
// observable operator over them, shared again, written once over a parameter pack for every arity.

extension SharedSequence {
    /// Combines the latest values of drivers (or of signals) each time one of them emits, once
    /// all have emitted: a form's "can submit" from its fields. `Driver.combineLatest(a, b) { … }`,
    /// and so on for any number of sequences; see ``Observable/combineLatest(_:_:resultSelector:)``.
    /// Each value comes on the thread of the sequence that emitted it (on one screen, the main
    /// thread); the result times its own operators on the first one's scheduler.
    ///
    /// ```
    /// first:   -a---b----c--|
    /// second:  ---1----2-----|
    ///          combineLatest { $0 + $1 }
    /// output:  ---A-B--C-D---|      (A = a1, B = b1, C = b2, D = c2)
    /// ```
    /// ![combineLatest { $0 + $1 }, drawn from a run](sharedsequencecombinelatest-combinelatest-0-1)
    ///
    /// ```
    /// first:   -a-----b---|
    /// second:  --1------2-|
    /// third:   ---x-y------|
    ///          combineLatest { $0 + $1 + $2 }
    /// output:  ---A-B-C-D--|        (A = a1x, B = a1y, C = b1y, D = b2y)
    /// ```
    /// ![combineLatest { $0 + $1 + $2 }, drawn from a run](sharedsequencecombinelatest-combinelatest-0-1-2)
    ///
    /// ```
    /// first:   -a------b----|
    /// second:  --1----------|
    /// third:   ---x---------|
    /// fourth:  ----p----q---|
    ///          combineLatest { $0 + $1 + $2 + $3 }
    /// output:  ----A---BC---|       (A = a1xp, B = b1xp, C = b1xq)
    /// ```
    /// ![combineLatest { $0 + $1 + $2 + $3 }, drawn from a run](sharedsequencecombinelatest-combinelatest-0-1-2_2)
    ///
    /// - Parameters:
    ///   - first: The first sequence.
    ///   - others: The others, of the same kind.
    ///   - resultSelector: Combines the latest values, in the order of the sequences.
    /// - Returns: A sequence of the same kind of the combinations.
    public static func combineLatest<First: Sendable, each Other: Sendable>(
        _ first: SharedSequence<SharingStrategy, First>, _ others: repeat SharedSequence<SharingStrategy, each Other>,
        resultSelector: @escaping @Sendable (First, repeat each Other) -> Element
    ) -> SharedSequence<SharingStrategy, Element> {
        let combined = Observable.combining(first, repeat each others, keeping: LatestValues.self, resultSelector: resultSelector)
        return SharedSequence(unshared: combined, scheduler: first.scheduler)
    }

    /// ``combineLatest(_:_:resultSelector:)`` with the latest values gathered in a tuple.
    ///
    /// - Parameters:
    ///   - first: The first sequence.
    ///   - others: The others, of the same kind.
    /// - Returns: A sequence of the same kind of tuples of the latest values.
    public static func combineLatest<First: Sendable, each Other: Sendable>(
        _ first: SharedSequence<SharingStrategy, First>, _ others: repeat SharedSequence<SharingStrategy, each Other>
    ) -> SharedSequence<SharingStrategy, Element> where Element == (First, repeat each Other) {
        combineLatest(first, repeat each others, resultSelector: tuple)
    }

    /// Combines the values of drivers (or of signals) by index: the first of each, then the
    /// second of each; see ``Observable/zip(_:_:resultSelector:)``. Delivered as
    /// ``combineLatest(_:_:resultSelector:)`` is.
    ///
    /// ```
    /// first:   -a--b---c-|
    /// second:  ---1-2----|
    ///          zip { $0 + $1 }
    /// output:  ---A-B----|     (A = a1, B = b2)
    /// ```
    /// ![zip { $0 + $1 }, drawn from a run](sharedsequencecombinelatest-zip-0-1)
    ///
    /// - Parameters:
    ///   - first: The first sequence.
    ///   - others: The others, of the same kind.
    ///   - resultSelector: Combines the values at one index.
    /// - Returns: A sequence of the same kind of the combinations.
    public static func zip<First: Sendable, each Other: Sendable>(
        _ first: SharedSequence<SharingStrategy, First>, _ others: repeat SharedSequence<SharingStrategy, each Other>,
        resultSelector: @escaping @Sendable (First, repeat each Other) -> Element
    ) -> SharedSequence<SharingStrategy, Element> {
        let zipped = Observable.combining(first, repeat each others, keeping: QueuedValues.self, resultSelector: resultSelector)
        return SharedSequence(unshared: zipped, scheduler: first.scheduler)
    }

    /// ``zip(_:_:resultSelector:)`` with the values at each index gathered in a tuple.
    ///
    /// - Parameters:
    ///   - first: The first sequence.
    ///   - others: The others, of the same kind.
    /// - Returns: A sequence of the same kind of tuples of the values at each index.
    public static func zip<First: Sendable, each Other: Sendable>(
        _ first: SharedSequence<SharingStrategy, First>, _ others: repeat SharedSequence<SharingStrategy, each Other>
    ) -> SharedSequence<SharingStrategy, Element> where Element == (First, repeat each Other) {
        zip(first, repeat each others, resultSelector: tuple)
    }
}
