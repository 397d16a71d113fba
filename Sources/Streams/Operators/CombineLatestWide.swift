// `combineLatest` of five to eight sources, RxSwift's widest arities: each is one call to the one
// implementation in Combining.swift with `LatestValues`, the rule of `combineLatest`.

extension Observable {
    /// Combines the latest values of five observables each time any of them emits, once all have
    /// emitted.
    ///
    /// Behaves as ``combineLatest(_:_:resultSelector:)`` with five sources.
    ///
    /// ```
    /// first:   -a-----b-|
    /// second:  --1------|
    /// third:   ---x-----|
    /// fourth:  ----u----|
    /// fifth:   -----p---|
    ///          combineLatest { $0 + $1 + $2 + $3 + $4 }
    /// output:  -----A-B-|     (A = a1xup, B = b1xup)
    /// ```
    /// ![combineLatest { $0 + $1 + $2 + $3 + $4 }, drawn from a run](combinelatestwide-combinelatest-0-1-2-3-4)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    ///   - resultSelector: Combines the latest values; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func combineLatest<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element) throws -> Element
    ) -> Observable<Element> {
        combining(a, b, c, d, e, keeping: LatestValues.self, resultSelector: resultSelector)
    }

    /// Combines the latest values of five observables into a tuple each time any of them emits,
    /// once all have emitted.
    ///
    /// Behaves as ``Observable/combineLatest(_:_:_:_:_:resultSelector:)`` with a selector that
    /// makes a tuple.
    ///
    /// ```
    /// first:   -a-----b-|
    /// second:  --1------|
    /// third:   ---x-----|
    /// fourth:  ----u----|
    /// fifth:   -----p---|
    ///          combineLatest(first, …, fifth)
    /// output:  -----A-B-|     (A = (a, 1, x, u, p), B = (b, 1, x, u, p))
    /// ```
    /// ![combineLatest(first, …, fifth), drawn from a run](combinelatestwide-combinelatest-first-fifth)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    /// - Returns: An observable of tuples of the latest values.
    @inlinable
    public static func combineLatest<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element, D.Element, E.Element) {
        combineLatest(a, b, c, d, e) { ($0, $1, $2, $3, $4) }
    }

    /// Combines the latest values of six observables each time any of them emits, once all have
    /// emitted.
    ///
    /// Behaves as ``combineLatest(_:_:resultSelector:)`` with six sources.
    ///
    /// ```
    /// first:   -a------b-|
    /// second:  --1-------|
    /// third:   ---x------|
    /// fourth:  ----u-----|
    /// fifth:   -----p----|
    /// sixth:   ------m---|
    ///          combineLatest { $0 + $1 + $2 + $3 + $4 + $5 }
    /// output:  ------A-B-|     (A = a1xupm, B = b1xupm)
    /// ```
    /// ![combineLatest { $0 + $1 + $2 + $3 + $4 + $5 }, drawn from a run](combinelatestwide-combinelatest-0-1-2-3-4-5)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    ///   - f: The sixth source.
    ///   - resultSelector: Combines the latest values; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func combineLatest<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType, F: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element) throws -> Element
    ) -> Observable<Element> {
        combining(a, b, c, d, e, f, keeping: LatestValues.self, resultSelector: resultSelector)
    }

    /// Combines the latest values of six observables into a tuple each time any of them emits, once
    /// all have emitted.
    ///
    /// Behaves as ``Observable/combineLatest(_:_:_:_:_:_:resultSelector:)`` with a selector that
    /// makes a tuple.
    ///
    /// ```
    /// first:   -a------b-|
    /// second:  --1-------|
    /// third:   ---x------|
    /// fourth:  ----u-----|
    /// fifth:   -----p----|
    /// sixth:   ------m---|
    ///          combineLatest(first, …, sixth)
    /// output:  ------A-B-|     (A = (a, 1, x, u, p, m), B = (b, 1, x, u, p, m))
    /// ```
    /// ![combineLatest(first, …, sixth), drawn from a run](combinelatestwide-combinelatest-first-sixth)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    ///   - f: The sixth source.
    /// - Returns: An observable of tuples of the latest values.
    @inlinable
    public static func combineLatest<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType, F: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element) {
        combineLatest(a, b, c, d, e, f) { ($0, $1, $2, $3, $4, $5) }
    }

    /// Combines the latest values of seven observables each time any of them emits, once all have
    /// emitted.
    ///
    /// Behaves as ``combineLatest(_:_:resultSelector:)`` with seven sources.
    ///
    /// ```
    /// first:    -a-------b-|
    /// second:   --1--------|
    /// third:    ---x-------|
    /// fourth:   ----u------|
    /// fifth:    -----p-----|
    /// sixth:    ------m----|
    /// seventh:  -------q---|
    ///           combineLatest { $0 + $1 + $2 + $3 + $4 + $5 + $6 }
    /// output:   -------A-B-|     (A = a1xupmq, B = b1xupmq)
    /// ```
    /// ![combineLatest { $0 + $1 + $2 + $3 + $4 + $5 + $6 }, drawn from a run](combinelatestwide-combinelatest-0-1-2-3-4-5-6)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    ///   - f: The sixth source.
    ///   - g: The seventh source.
    ///   - resultSelector: Combines the latest values; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func combineLatest<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType, F: ObservableConvertibleType, G: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element) throws -> Element
    ) -> Observable<Element> {
        combining(a, b, c, d, e, f, g, keeping: LatestValues.self, resultSelector: resultSelector)
    }

    /// Combines the latest values of seven observables into a tuple each time any of them emits,
    /// once all have emitted.
    ///
    /// Behaves as ``Observable/combineLatest(_:_:_:_:_:_:_:resultSelector:)`` with a selector that
    /// makes a tuple.
    ///
    /// ```
    /// first:    -a-------b-|
    /// second:   --1--------|
    /// third:    ---x-------|
    /// fourth:   ----u------|
    /// fifth:    -----p-----|
    /// sixth:    ------m----|
    /// seventh:  -------q---|
    ///           combineLatest(first, …, seventh)
    /// output:   -------A-B-|     (A = (a, 1, x, u, p, m, q), B = (b, 1, x, u, p, m, q))
    /// ```
    /// ![combineLatest(first, …, seventh), drawn from a run](combinelatestwide-combinelatest-first-seventh)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - d: The fourth source.
    ///   - e: The fifth source.
    ///   - f: The sixth source.
    ///   - g: The seventh source.
    /// - Returns: An observable of tuples of the latest values.
    @inlinable
    public static func combineLatest<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType, F: ObservableConvertibleType, G: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element) {
        combineLatest(a, b, c, d, e, f, g) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// Combines the latest values of eight observables each time any of them emits, once all have
    /// emitted.
    ///
    /// Behaves as ``combineLatest(_:_:resultSelector:)`` with eight sources.
    ///
    /// ```
    /// first:    -a--------b-|
    /// second:   --1---------|
    /// third:    ---x--------|
    /// fourth:   ----u-------|
    /// fifth:    -----p------|
    /// sixth:    ------m-----|
    /// seventh:  -------q----|
    /// eighth:   --------r---|
    ///           combineLatest { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
    /// output:   --------A-B-|     (A = a1xupmqr, B = b1xupmqr)
    /// ```
    /// ![combineLatest { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }, drawn from a run](combinelatestwide-combinelatest-0-1-2-3-4-5-6-7)
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
    ///   - resultSelector: Combines the latest values; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func combineLatest<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType, F: ObservableConvertibleType, G: ObservableConvertibleType, H: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element, H.Element) throws -> Element
    ) -> Observable<Element> {
        combining(a, b, c, d, e, f, g, h, keeping: LatestValues.self, resultSelector: resultSelector)
    }

    /// Combines the latest values of eight observables into a tuple each time any of them emits,
    /// once all have emitted.
    ///
    /// Behaves as ``Observable/combineLatest(_:_:_:_:_:_:_:_:resultSelector:)`` with a selector that
    /// makes a tuple.
    ///
    /// ```
    /// first:    -a--------b-|
    /// second:   --1---------|
    /// third:    ---x--------|
    /// fourth:   ----u-------|
    /// fifth:    -----p------|
    /// sixth:    ------m-----|
    /// seventh:  -------q----|
    /// eighth:   --------r---|
    ///           combineLatest(first, …, eighth)
    /// output:   --------A-B-|     (A = (a, 1, x, u, p, m, q, r), B = (b, 1, x, u, p, m, q, r))
    /// ```
    /// ![combineLatest(first, …, eighth), drawn from a run](combinelatestwide-combinelatest-first-eighth)
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
    /// - Returns: An observable of tuples of the latest values.
    @inlinable
    public static func combineLatest<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType, D: ObservableConvertibleType, E: ObservableConvertibleType, F: ObservableConvertibleType, G: ObservableConvertibleType, H: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element, D.Element, E.Element, F.Element, G.Element, H.Element) {
        combineLatest(a, b, c, d, e, f, g, h) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }
}
