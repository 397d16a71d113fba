extension Maybe {
    /// Waits for both maybes and combines their values; completes empty as soon as either
    /// completes empty.
    ///
    /// Both maybes are subscribed at once, in order, so their work runs in parallel: the cached
    /// user and their cached avatar. The result succeeds when the later of the two succeeds,
    /// with `resultSelector` of both values. It completes empty as soon as one of them does,
    /// since there is then nothing to pair, and fails as soon as either fails or
    /// `resultSelector` throws; the other maybe is then disposed.
    ///
    /// ```
    /// first:   ---(a|)
    /// second:  -(1|)
    ///          zip { $0 + $1 }
    /// output:  ---(A|)      (A = a1)
    ///
    /// first:   ---(a|)
    /// second:  -|
    ///          zip { $0 + $1 }
    /// output:  -|
    /// ```
    /// ![zip { $0 + $1 }, drawn from a run](maybezip-zip-0-1)
    /// ![zip { $0 + $1 }, drawn from a run](maybezip-zip-0-1_2)
    ///
    /// `resultSelector` runs, and the result is delivered, on the thread of the maybe that
    /// ended it.
    ///
    /// - Parameters:
    ///   - a: The first maybe.
    ///   - b: The second maybe.
    ///   - resultSelector: Combines the two values; may throw.
    /// - Returns: A maybe of the combination.
    public static func zip<A: Sendable, B: Sendable>(
        _ a: Maybe<A>,
        _ b: Maybe<B>,
        resultSelector: @escaping @Sendable (A, B) throws -> Element
    ) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(a, b, resultSelector: resultSelector))
    }

    /// Waits for three maybes and combines their values; completes empty as soon as one of
    /// them does.
    ///
    /// Behaves as ``zip(_:_:resultSelector:)`` with a third maybe.
    ///
    /// ```
    /// first:   ---(a|)
    /// second:  -(1|)
    /// third:   --(x|)
    ///          zip { $0 + $1 + $2 }
    /// output:  ---(A|)      (A = a1x)
    /// ```
    /// ![zip { $0 + $1 + $2 }, drawn from a run](maybezip-zip-0-1-2)
    ///
    /// - Parameters:
    ///   - a: The first maybe.
    ///   - b: The second maybe.
    ///   - c: The third maybe.
    ///   - resultSelector: Combines the three values; may throw.
    /// - Returns: A maybe of the combination.
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ a: Maybe<A>,
        _ b: Maybe<B>,
        _ c: Maybe<C>,
        resultSelector: @escaping @Sendable (A, B, C) throws -> Element
    ) -> Maybe<Element> {
        Maybe(unchecked: Observable.zip(a, b, c, resultSelector: resultSelector))
    }

    /// Waits for both maybes and pairs their values; completes empty as soon as either does.
    ///
    /// Behaves as ``zip(_:_:resultSelector:)`` with a selector that makes a tuple.
    ///
    /// ```
    /// first:   ---(a|)
    /// second:  -(1|)
    ///          zip
    /// output:  ---(A|)      (A = (a, 1))
    /// ```
    /// ![zip, drawn from a run](maybezip-zip)
    ///
    /// - Parameters:
    ///   - a: The first maybe.
    ///   - b: The second maybe.
    /// - Returns: A maybe of both values.
    public static func zip<A: Sendable, B: Sendable>(
        _ a: Maybe<A>,
        _ b: Maybe<B>
    ) -> Maybe<Element> where Element == (A, B) {
        zip(a, b) { ($0, $1) }
    }

    /// Waits for three maybes and gathers their values in a tuple; completes empty as soon as
    /// one of them does.
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
    /// ![zip, drawn from a run](maybezip-zip_2)
    ///
    /// - Parameters:
    ///   - a: The first maybe.
    ///   - b: The second maybe.
    ///   - c: The third maybe.
    /// - Returns: A maybe of the three values.
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ a: Maybe<A>,
        _ b: Maybe<B>,
        _ c: Maybe<C>
    ) -> Maybe<Element> where Element == (A, B, C) {
        zip(a, b, c) { ($0, $1, $2) }
    }

    /// Waits for every maybe of a list and gathers their values, in the order of `sources`;
    /// completes empty as soon as one of them does.
    ///
    /// All the maybes are subscribed at once. The result fails as soon as one of them fails,
    /// and the others are disposed. An empty list succeeds at once with an empty array, as
    /// ``Single/zip(_:)`` does: there is no maybe to wait for.
    ///
    /// ```
    /// first:   ---(a|)
    /// second:  -(1|)
    ///          zip([first, second])
    /// output:  ---(A|)      (A = [a, 1])
    /// ```
    /// ![zip([first, second]), drawn from a run](maybezip-zip-first-second)
    ///
    /// The result is delivered on the thread of the maybe that ended it.
    ///
    /// - Parameter sources: The maybes to wait for.
    /// - Returns: A maybe of their values, one per maybe, in order.
    public static func zip(_ sources: [Maybe<Element>]) -> Maybe<[Element]> {
        guard !sources.isEmpty else { return .just([]) }
        return Maybe<[Element]>(unchecked: Observable.zip(sources.map { $0.asObservable() }))
    }
}
