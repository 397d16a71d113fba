extension Single {
    /// Waits for both singles and combines their values.
    ///
    /// Both singles are subscribed at once, in order, so their work runs in parallel: two
    /// requests a screen needs together. The result succeeds when the later of the two
    /// succeeds, with `resultSelector` of both values; it fails as soon as either fails, or
    /// when `resultSelector` throws, and the other single is then disposed.
    ///
    /// ```
    /// first:   ---(a|)
    /// second:  -(1|)
    ///          zip { $0 + $1 }
    /// output:  ---(A|)      (A = a1)
    ///
    /// first:   ---(a|)
    /// second:  -#
    ///          zip { $0 + $1 }
    /// output:  -#
    /// ```
    /// ![zip { $0 + $1 }, drawn from a run](singlezip-zip-0-1)
    ///
    /// ![zip { $0 + $1 }, drawn from a run](singlezip-zip-0-1_2)
    ///
    /// `resultSelector` runs, and the result is delivered, on the thread of the single that
    /// succeeded last, or of the one that failed.
    ///
    /// - Parameters:
    ///   - a: The first single.
    ///   - b: The second single.
    ///   - resultSelector: Combines the two values; may throw.
    /// - Returns: A single of the combination.
    public static func zip<A: Sendable, B: Sendable>(
        _ a: Single<A>,
        _ b: Single<B>,
        resultSelector: @escaping @Sendable (A, B) throws -> Element
    ) -> Single<Element> {
        Single(unchecked: Observable.zip(a, b, resultSelector: resultSelector))
    }

    /// Waits for three singles and combines their values.
    ///
    /// Behaves as ``zip(_:_:resultSelector:)`` with a third single.
    ///
    /// ```
    /// first:   ---(a|)
    /// second:  -(1|)
    /// third:   --(x|)
    ///          zip { $0 + $1 + $2 }
    /// output:  ---(A|)      (A = a1x)
    /// ```
    /// ![zip { $0 + $1 + $2 }, drawn from a run](singlezip-zip-0-1-2)
    ///
    /// - Parameters:
    ///   - a: The first single.
    ///   - b: The second single.
    ///   - c: The third single.
    ///   - resultSelector: Combines the three values; may throw.
    /// - Returns: A single of the combination.
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ a: Single<A>,
        _ b: Single<B>,
        _ c: Single<C>,
        resultSelector: @escaping @Sendable (A, B, C) throws -> Element
    ) -> Single<Element> {
        Single(unchecked: Observable.zip(a, b, c, resultSelector: resultSelector))
    }

    /// Waits for both singles and pairs their values.
    ///
    /// Behaves as ``zip(_:_:resultSelector:)`` with a selector that makes a tuple.
    ///
    /// ```
    /// first:   ---(a|)
    /// second:  -(1|)
    ///          zip
    /// output:  ---(A|)      (A = (a, 1))
    /// ```
    /// ![zip, drawn from a run](singlezip-zip)
    ///
    /// - Parameters:
    ///   - a: The first single.
    ///   - b: The second single.
    /// - Returns: A single of both values.
    public static func zip<A: Sendable, B: Sendable>(
        _ a: Single<A>,
        _ b: Single<B>
    ) -> Single<Element> where Element == (A, B) {
        zip(a, b) { ($0, $1) }
    }

    /// Waits for three singles and gathers their values in a tuple.
    ///
    /// Behaves as ``zip(_:_:_:resultSelector:)`` with a selector that makes a tuple.
    ///
    /// ```
    /// first:   ---(a|)
    /// second:  -(1|)
    /// third:   --(x|)
    ///          zip
    /// output:  ---(A|)      (A = (a, 1, x))
    /// ```
    /// ![zip, drawn from a run](singlezip-zip_2)
    ///
    /// - Parameters:
    ///   - a: The first single.
    ///   - b: The second single.
    ///   - c: The third single.
    /// - Returns: A single of the three values.
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ a: Single<A>,
        _ b: Single<B>,
        _ c: Single<C>
    ) -> Single<Element> where Element == (A, B, C) {
        zip(a, b, c) { ($0, $1, $2) }
    }

    /// Waits for every single of a list and gathers their values, in the order of `sources`.
    ///
    /// All the singles are subscribed at once. The result fails as soon as one of them fails,
    /// and the others are disposed. An empty list succeeds at once with an empty array, as in
    /// RxSwift: there is nothing to wait for, and a single cannot complete without a value.
    ///
    /// ```
    /// first:   ---(a|)
    /// second:  -(1|)
    ///          zip([first, second])
    /// output:  ---(A|)      (A = [a, 1])
    /// ```
    /// ![zip([first, second]), drawn from a run](singlezip-zip-first-second)
    ///
    /// The result is delivered on the thread of the single that succeeded last, or of the one
    /// that failed.
    ///
    /// - Parameter sources: The singles to wait for.
    /// - Returns: A single of their values, one per single, in order.
    public static func zip(_ sources: [Single<Element>]) -> Single<[Element]> {
        guard !sources.isEmpty else { return .just([]) }
        return Single<[Element]>(unchecked: Observable.zip(sources.map { $0.asObservable() }))
    }
}
