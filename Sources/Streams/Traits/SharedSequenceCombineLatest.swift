// Inside Streams, chapter 8, "Traits as thin wrappers": drivers (or signals) combined are the
// observable operator over them, shared again. Every input already delivers on its scheduler and
// never fails, so the result does too, with no `observe(on:)` of its own.

extension SharedSequence {
    /// Combines the latest values of two drivers (or two signals) each time either emits, once
    /// both have emitted: a form's "can submit" from its fields.
    ///
    /// Each value is delivered on the thread of the sequence that emitted it. The drivers of
    /// one screen share the main queue, so that is the main thread; the result times its own
    /// operators (``debounce(_:)``) on the first one's scheduler. See
    /// ``Observable/combineLatest(_:_:resultSelector:)``.
    ///
    /// ```
    /// first:   -a---b----c--|
    /// second:  ---1----2-----|
    ///          combineLatest { $0 + $1 }
    /// output:  ---A-B--C-D---|      (A = a1, B = b1, C = b2, D = c2)
    /// ```
    /// ![combineLatest { $0 + $1 }, drawn from a run](sharedsequencecombinelatest-combinelatest-0-1)
    ///
    /// - Parameters:
    ///   - a: The first sequence.
    ///   - b: The second, of the same kind.
    ///   - resultSelector: Combines the latest values.
    /// - Returns: A sequence of the same kind of the combinations.
    public static func combineLatest<A: Sendable, B: Sendable>(
        _ a: SharedSequence<SharingStrategy, A>,
        _ b: SharedSequence<SharingStrategy, B>,
        resultSelector: @escaping @Sendable (A, B) -> Element
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: Observable.combineLatest(a, b, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Combines the latest values of three sequences of one kind each time any of them emits, once all have
    /// emitted; as ``combineLatest(_:_:resultSelector:)`` with a third.
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
    /// - Parameters:
    ///   - a: The first sequence.
    ///   - b: The second, of the same kind.
    ///   - c: The third.
    ///   - resultSelector: Combines the latest values.
    /// - Returns: A sequence of the same kind of the combinations.
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable>(
        _ a: SharedSequence<SharingStrategy, A>,
        _ b: SharedSequence<SharingStrategy, B>,
        _ c: SharedSequence<SharingStrategy, C>,
        resultSelector: @escaping @Sendable (A, B, C) -> Element
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: Observable.combineLatest(a, b, c, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Combines the latest values of four sequences of one kind each time any of them emits, once all have
    /// emitted: a form's "can submit" from three fields and "is submitting"; as
    /// ``combineLatest(_:_:resultSelector:)`` with four.
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
    ///   - a: The first sequence.
    ///   - b: The second, of the same kind.
    ///   - c: The third.
    ///   - d: The fourth.
    ///   - resultSelector: Combines the latest values.
    /// - Returns: A sequence of the same kind of the combinations.
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: SharedSequence<SharingStrategy, A>,
        _ b: SharedSequence<SharingStrategy, B>,
        _ c: SharedSequence<SharingStrategy, C>,
        _ d: SharedSequence<SharingStrategy, D>,
        resultSelector: @escaping @Sendable (A, B, C, D) -> Element
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: Observable.combineLatest(a, b, c, d, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Pairs the latest values of two drivers (or signals) each time either emits, once both
    /// have emitted: ``combineLatest(_:_:resultSelector:)`` with a selector that makes a tuple.
    ///
    /// - Parameters:
    ///   - a: The first sequence.
    ///   - b: The second, of the same kind.
    /// - Returns: A sequence of the same kind of tuples of the latest values.
    public static func combineLatest<A: Sendable, B: Sendable>(
        _ a: SharedSequence<SharingStrategy, A>,
        _ b: SharedSequence<SharingStrategy, B>
    ) -> SharedSequence<SharingStrategy, Element> where Element == (A, B) {
        combineLatest(a, b) { ($0, $1) }
    }

    /// Pairs the values of two drivers (or signals) by index: the first of each, then the
    /// second of each.
    ///
    /// Delivered as ``combineLatest(_:_:resultSelector:)`` is. See
    /// ``Observable/zip(_:_:resultSelector:)``.
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
    ///   - a: The first sequence.
    ///   - b: The second, of the same kind.
    ///   - resultSelector: Combines the values at one index.
    /// - Returns: A sequence of the same kind of the combinations.
    public static func zip<A: Sendable, B: Sendable>(
        _ a: SharedSequence<SharingStrategy, A>,
        _ b: SharedSequence<SharingStrategy, B>,
        resultSelector: @escaping @Sendable (A, B) -> Element
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: Observable.zip(a, b, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Pairs the values of two drivers (or signals) by index, as tuples:
    /// ``zip(_:_:resultSelector:)`` with a selector that makes a tuple.
    ///
    /// - Parameters:
    ///   - a: The first sequence.
    ///   - b: The second, of the same kind.
    /// - Returns: A sequence of the same kind of tuples of the values at each index.
    public static func zip<A: Sendable, B: Sendable>(
        _ a: SharedSequence<SharingStrategy, A>,
        _ b: SharedSequence<SharingStrategy, B>
    ) -> SharedSequence<SharingStrategy, Element> where Element == (A, B) {
        zip(a, b) { ($0, $1) }
    }
}
