// `zip` of four to eight sources, RxSwift's widest arities: each is one call to the one
// implementation in Combining.swift with `QueuedValues`, the rule of `zip`.

extension Observable {
    /// Combines the values of four observables by position: the first of each, then the second of
    /// each, and so on.
    ///
    /// Behaves as ``zip(_:_:resultSelector:)`` with four sources.
    ///
    /// ```
    /// first:   -a---b|
    /// second:  --1---|
    /// third:   ---x--|
    /// fourth:  ----u-|
    ///          zip { $0 + $1 + $2 + $3 }
    /// output:  ----A-|     (A = a1xu)
    /// ```
    /// ![zip { $0 + $1 + $2 + $3 }, drawn from a run](zipwide-zip-0-1-2-3)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - resultSelector: Combines one value of each source; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element) throws -> Element
    ) -> Observable<Element> {
        combining(a, b, c, d, keeping: QueuedValues.self, resultSelector: resultSelector)
    }

    /// Combines the values of four observables into tuples, by position: the first of each, then
    /// the second of each, and so on.
    ///
    /// Behaves as ``Observable/zip(_:_:_:_:resultSelector:)`` with a selector that
    /// makes a tuple.
    ///
    /// ```
    /// first:   -a---b|
    /// second:  --1---|
    /// third:   ---x--|
    /// fourth:  ----u-|
    ///          zip(first, …, fourth)
    /// output:  ----A-|     (A = (a, 1, x, u))
    /// ```
    /// ![zip(first, …, fourth), drawn from a run](zipwide-zip-first-fourth)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    /// - Returns: An observable of tuples of the values.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element, D.Element) {
        zip(a, b, c, d) { ($0, $1, $2, $3) }
    }

    /// Combines the values of five observables by position: the first of each, then the second of
    /// each, and so on.
    ///
    /// Behaves as ``zip(_:_:resultSelector:)`` with five sources.
    ///
    /// ```
    /// first:   -a----b|
    /// second:  --1----|
    /// third:   ---x---|
    /// fourth:  ----u--|
    /// fifth:   -----p-|
    ///          zip { $0 + $1 + $2 + $3 + $4 }
    /// output:  -----A-|     (A = a1xup)
    /// ```
    /// ![zip { $0 + $1 + $2 + $3 + $4 }, drawn from a run](zipwide-zip-0-1-2-3-4)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    ///   - resultSelector: Combines one value of each source; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element) throws -> Element
    ) -> Observable<Element> {
        combining(a, b, c, d, e, keeping: QueuedValues.self, resultSelector: resultSelector)
    }

    /// Combines the values of five observables into tuples, by position: the first of each, then
    /// the second of each, and so on.
    ///
    /// Behaves as ``Observable/zip(_:_:_:_:_:resultSelector:)`` with a selector that
    /// makes a tuple.
    ///
    /// ```
    /// first:   -a----b|
    /// second:  --1----|
    /// third:   ---x---|
    /// fourth:  ----u--|
    /// fifth:   -----p-|
    ///          zip(first, …, fifth)
    /// output:  -----A-|     (A = (a, 1, x, u, p))
    /// ```
    /// ![zip(first, …, fifth), drawn from a run](zipwide-zip-first-fifth)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    /// - Returns: An observable of tuples of the values.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element, D.Element, E.Element) {
        zip(a, b, c, d, e) { ($0, $1, $2, $3, $4) }
    }

    /// Combines the values of six observables by position: the first of each, then the second of
    /// each, and so on.
    ///
    /// Behaves as ``zip(_:_:resultSelector:)`` with six sources.
    ///
    /// ```
    /// first:   -a-----b|
    /// second:  --1-----|
    /// third:   ---x----|
    /// fourth:  ----u---|
    /// fifth:   -----p--|
    /// sixth:   ------m-|
    ///          zip { $0 + $1 + $2 + $3 + $4 + $5 }
    /// output:  ------A-|     (A = a1xupm)
    /// ```
    /// ![zip { $0 + $1 + $2 + $3 + $4 + $5 }, drawn from a run](zipwide-zip-0-1-2-3-4-5)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    ///   - f: The sixth source.
    ///   - resultSelector: Combines one value of each source; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType, F: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element) throws -> Element
    ) -> Observable<Element> {
        combining(a, b, c, d, e, f, keeping: QueuedValues.self, resultSelector: resultSelector)
    }

    /// Combines the values of six observables into tuples, by position: the first of each, then the
    /// second of each, and so on.
    ///
    /// Behaves as ``Observable/zip(_:_:_:_:_:_:resultSelector:)`` with a selector that
    /// makes a tuple.
    ///
    /// ```
    /// first:   -a-----b|
    /// second:  --1-----|
    /// third:   ---x----|
    /// fourth:  ----u---|
    /// fifth:   -----p--|
    /// sixth:   ------m-|
    ///          zip(first, …, sixth)
    /// output:  ------A-|     (A = (a, 1, x, u, p, m))
    /// ```
    /// ![zip(first, …, sixth), drawn from a run](zipwide-zip-first-sixth)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    ///   - f: The sixth source.
    /// - Returns: An observable of tuples of the values.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType, F: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element) {
        zip(a, b, c, d, e, f) { ($0, $1, $2, $3, $4, $5) }
    }

    /// Combines the values of seven observables by position: the first of each, then the second of
    /// each, and so on.
    ///
    /// Behaves as ``zip(_:_:resultSelector:)`` with seven sources.
    ///
    /// ```
    /// first:    -a------b|
    /// second:   --1------|
    /// third:    ---x-----|
    /// fourth:   ----u----|
    /// fifth:    -----p---|
    /// sixth:    ------m--|
    /// seventh:  -------q-|
    ///           zip { $0 + $1 + $2 + $3 + $4 + $5 + $6 }
    /// output:   -------A-|     (A = a1xupmq)
    /// ```
    /// ![zip { $0 + $1 + $2 + $3 + $4 + $5 + $6 }, drawn from a run](zipwide-zip-0-1-2-3-4-5-6)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    ///   - f: The sixth source.
    ///   - g: The seventh source.
    ///   - resultSelector: Combines one value of each source; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType, F: ObservableConvertibleType, G: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element) throws -> Element
    ) -> Observable<Element> {
        combining(a, b, c, d, e, f, g, keeping: QueuedValues.self, resultSelector: resultSelector)
    }

    /// Combines the values of seven observables into tuples, by position: the first of each, then
    /// the second of each, and so on.
    ///
    /// Behaves as ``Observable/zip(_:_:_:_:_:_:_:resultSelector:)`` with a selector that
    /// makes a tuple.
    ///
    /// ```
    /// first:    -a------b|
    /// second:   --1------|
    /// third:    ---x-----|
    /// fourth:   ----u----|
    /// fifth:    -----p---|
    /// sixth:    ------m--|
    /// seventh:  -------q-|
    ///           zip(first, …, seventh)
    /// output:   -------A-|     (A = (a, 1, x, u, p, m, q))
    /// ```
    /// ![zip(first, …, seventh), drawn from a run](zipwide-zip-first-seventh)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    ///   - f: The sixth source.
    ///   - g: The seventh source.
    /// - Returns: An observable of tuples of the values.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType, F: ObservableConvertibleType, G: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element) {
        zip(a, b, c, d, e, f, g) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// Combines the values of eight observables by position: the first of each, then the second of
    /// each, and so on.
    ///
    /// Behaves as ``zip(_:_:resultSelector:)`` with eight sources.
    ///
    /// ```
    /// first:    -a-------b|
    /// second:   --1-------|
    /// third:    ---x------|
    /// fourth:   ----u-----|
    /// fifth:    -----p----|
    /// sixth:    ------m---|
    /// seventh:  -------q--|
    /// eighth:   --------r-|
    ///           zip { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
    /// output:   --------A-|     (A = a1xupmqr)
    /// ```
    /// ![zip { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }, drawn from a run](zipwide-zip-0-1-2-3-4-5-6-7)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    ///   - f: The sixth source.
    ///   - g: The seventh source.
    ///   - h: The eighth source.
    ///   - resultSelector: Combines one value of each source; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType, F: ObservableConvertibleType, G: ObservableConvertibleType, H: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element, H.Element) throws -> Element
    ) -> Observable<Element> {
        combining(a, b, c, d, e, f, g, h, keeping: QueuedValues.self, resultSelector: resultSelector)
    }

    /// Combines the values of eight observables into tuples, by position: the first of each, then
    /// the second of each, and so on.
    ///
    /// Behaves as ``Observable/zip(_:_:_:_:_:_:_:_:resultSelector:)`` with a selector that
    /// makes a tuple.
    ///
    /// ```
    /// first:    -a-------b|
    /// second:   --1-------|
    /// third:    ---x------|
    /// fourth:   ----u-----|
    /// fifth:    -----p----|
    /// sixth:    ------m---|
    /// seventh:  -------q--|
    /// eighth:   --------r-|
    ///           zip(first, …, eighth)
    /// output:   --------A-|     (A = (a, 1, x, u, p, m, q, r))
    /// ```
    /// ![zip(first, …, eighth), drawn from a run](zipwide-zip-first-eighth)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    ///   - f: The sixth source.
    ///   - g: The seventh source.
    ///   - h: The eighth source.
    /// - Returns: An observable of tuples of the values.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType, F: ObservableConvertibleType, G: ObservableConvertibleType, H: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element, H.Element) {
        zip(a, b, c, d, e, f, g, h) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }
}
