// `zip` of singles or of maybes: the observable `zip`, with the trait kept, for every arity RxSwift
// has (each a one-line call to the observable form) and over a collection. (Completables zip in
// CompletableOperators.swift: with no values to pair, their zip is a merge.)

extension PrimitiveSequence where Trait: ValueTrait {
    /// Waits for both sequences, subscribed at once so their work runs in parallel, and
    /// combines their values.
    ///
    /// The result succeeds when the later of the two succeeds. It fails as soon as either fails
    /// or `resultSelector` throws, and the other one is then disposed. As in RxSwift, whose
    /// trait `zip` is the observable one, a maybe completes empty when both have ended and one
    /// of them was empty: if the other never ends, neither does the result.
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
    /// ![zip { $0 + $1 }, drawn from a run](primitivesequencezip-zip-0-1)
    ///
    /// ![zip { $0 + $1 }, drawn from a run](primitivesequencezip-zip-0-1_2)
    ///
    /// The outcome is delivered on the thread of the sequence that ends last, or of the one
    /// that fails; `resultSelector` runs there too.
    ///
    /// - Parameters:
    ///   - a: The first sequence.
    ///   - b: The second, of the same trait.
    ///   - resultSelector: Combines the two values; may throw.
    /// - Returns: A sequence of the combination, of the same trait.
    public static func zip<A: Sendable, B: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>,
        resultSelector: @escaping @Sendable (A, B) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: Observable.zip(a, b, resultSelector: resultSelector))
    }

    /// Waits for three sequences and combines their values; see ``zip(_:_:resultSelector:)``.
    ///
    /// ```
    /// first:   ---(a|)
    /// second:  -(1|)
    /// third:   --(x|)
    ///          zip { $0 + $1 + $2 }
    /// output:  ---(A|)      (A = a1x)
    /// ```
    /// ![zip { $0 + $1 + $2 }, drawn from a run](primitivesequencezip-zip-0-1-2)
    ///
    /// - Parameters:
    ///   - a: The first sequence.
    ///   - b: The second, of the same trait.
    ///   - c: The third, of the same trait.
    ///   - resultSelector: Combines the three values; may throw.
    /// - Returns: A sequence of the combination, of the same trait.
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>, _ c: PrimitiveSequence<Trait, C>,
        resultSelector: @escaping @Sendable (A, B, C) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: Observable.zip(a, b, c, resultSelector: resultSelector))
    }

    /// Waits for both sequences and pairs their values: ``zip(_:_:resultSelector:)`` with a
    /// selector that makes a tuple.
    ///
    /// - Parameters:
    ///   - a: The first sequence.
    ///   - b: The second, of the same trait.
    /// - Returns: A sequence of both values, of the same trait.
    public static func zip<A: Sendable, B: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>
    ) -> PrimitiveSequence<Trait, Element> where Element == (A, B) {
        zip(a, b) { ($0, $1) }
    }

    /// Waits for three sequences and gathers their values in a tuple:
    /// ``zip(_:_:_:resultSelector:)`` with a selector that makes a tuple.
    ///
    /// - Parameters:
    ///   - a: The first sequence.
    ///   - b: The second, of the same trait.
    ///   - c: The third, of the same trait.
    /// - Returns: A sequence of the three values, of the same trait.
    public static func zip<A: Sendable, B: Sendable, C: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>, _ c: PrimitiveSequence<Trait, C>
    ) -> PrimitiveSequence<Trait, Element> where Element == (A, B, C) {
        zip(a, b, c) { ($0, $1, $2) }
    }

    /// Waits for every sequence of a collection and gathers their values, in order; an empty
    /// collection succeeds at once with an empty array, as in RxSwift.
    ///
    /// Ends, and is delivered, as ``zip(_:_:resultSelector:)``, and as
    /// ``Observable/zip(_:)-([Observable<Element>])`` for maybes: once every other maybe has
    /// ended, one that is empty ends the result empty at the next value. The collection is read
    /// once, when `zip` is called.
    ///
    /// ```
    /// first:   ---(a|)
    /// second:  -(1|)
    ///          zip([first, second])
    /// output:  ---(A|)      (A = [a, 1])
    /// ```
    /// ![zip([first, second]), drawn from a run](primitivesequencezip-zip-first-second)
    ///
    /// - Parameter sources: The sequences to wait for, subscribed at once.
    /// - Returns: A sequence of their values, one per source, of the same trait.
    public static func zip<Sources: Collection>(_ sources: Sources) -> PrimitiveSequence<Trait, [Element]>
    where Sources.Element == PrimitiveSequence<Trait, Element> {
        guard !sources.isEmpty else { return .just([]) }
        return PrimitiveSequence<Trait, [Element]>(unchecked: Observable.zip(sources.map { $0.asObservable() }))
    }

    /// Waits for every sequence of a collection and combines their values, in order:
    /// ``zip(_:)-(Sources)`` followed by `map`. For an empty collection, `resultSelector` gets
    /// `[]` when the result is subscribed, as in RxSwift.
    ///
    /// - Parameters:
    ///   - sources: The sequences to wait for, subscribed at once.
    ///   - resultSelector: Combines the values, in the order of `sources`; may throw.
    /// - Returns: A sequence of the combination, of the same trait.
    public static func zip<Sources: Collection, Value: Sendable>(
        _ sources: Sources, resultSelector: @escaping @Sendable ([Value]) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> where Sources.Element == PrimitiveSequence<Trait, Value> {
        PrimitiveSequence<Trait, Value>.zip(sources).map(resultSelector)
    }
}

// RxSwift's widest arities, four to eight sequences: each the observable `zip` of as many
// sources, with the trait kept, and delivered as ``zip(_:_:resultSelector:)`` is.
extension PrimitiveSequence where Trait: ValueTrait {
    /// Waits for four sequences and combines their values; see ``zip(_:_:resultSelector:)``,
    /// whose diagrams show it, and ``Observable/zip(_:_:_:_:resultSelector:)``.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>, _ c: PrimitiveSequence<Trait, C>,
        _ d: PrimitiveSequence<Trait, D>,
        resultSelector: @escaping @Sendable (A, B, C, D) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: Observable.zip(a, b, c, d, resultSelector: resultSelector))
    }

    /// Waits for five sequences and combines their values; see ``zip(_:_:resultSelector:)``.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>, _ c: PrimitiveSequence<Trait, C>,
        _ d: PrimitiveSequence<Trait, D>, _ e: PrimitiveSequence<Trait, E>,
        resultSelector: @escaping @Sendable (A, B, C, D, E) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: Observable.zip(a, b, c, d, e, resultSelector: resultSelector))
    }

    /// Waits for six sequences and combines their values; see ``zip(_:_:resultSelector:)``.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>, _ c: PrimitiveSequence<Trait, C>,
        _ d: PrimitiveSequence<Trait, D>, _ e: PrimitiveSequence<Trait, E>, _ f: PrimitiveSequence<Trait, F>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: Observable.zip(a, b, c, d, e, f, resultSelector: resultSelector))
    }

    /// Waits for seven sequences and combines their values; see ``zip(_:_:resultSelector:)``.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>, _ c: PrimitiveSequence<Trait, C>,
        _ d: PrimitiveSequence<Trait, D>, _ e: PrimitiveSequence<Trait, E>, _ f: PrimitiveSequence<Trait, F>,
        _ g: PrimitiveSequence<Trait, G>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F, G) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: Observable.zip(a, b, c, d, e, f, g, resultSelector: resultSelector))
    }

    /// Waits for eight sequences and combines their values; see ``zip(_:_:resultSelector:)``.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>, _ c: PrimitiveSequence<Trait, C>,
        _ d: PrimitiveSequence<Trait, D>, _ e: PrimitiveSequence<Trait, E>, _ f: PrimitiveSequence<Trait, F>,
        _ g: PrimitiveSequence<Trait, G>, _ h: PrimitiveSequence<Trait, H>,
        resultSelector: @escaping @Sendable (A, B, C, D, E, F, G, H) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: Observable.zip(a, b, c, d, e, f, g, h, resultSelector: resultSelector))
    }

    /// Waits for four sequences and gathers their values in a tuple; see ``zip(_:_:)``.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>, _ c: PrimitiveSequence<Trait, C>,
        _ d: PrimitiveSequence<Trait, D>
    ) -> PrimitiveSequence<Trait, Element> where Element == (A, B, C, D) {
        PrimitiveSequence(unchecked: Observable.zip(a, b, c, d))
    }

    /// Waits for five sequences and gathers their values in a tuple; see ``zip(_:_:)``.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>, _ c: PrimitiveSequence<Trait, C>,
        _ d: PrimitiveSequence<Trait, D>, _ e: PrimitiveSequence<Trait, E>
    ) -> PrimitiveSequence<Trait, Element> where Element == (A, B, C, D, E) {
        PrimitiveSequence(unchecked: Observable.zip(a, b, c, d, e))
    }

    /// Waits for six sequences and gathers their values in a tuple; see ``zip(_:_:)``.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>, _ c: PrimitiveSequence<Trait, C>,
        _ d: PrimitiveSequence<Trait, D>, _ e: PrimitiveSequence<Trait, E>, _ f: PrimitiveSequence<Trait, F>
    ) -> PrimitiveSequence<Trait, Element> where Element == (A, B, C, D, E, F) {
        PrimitiveSequence(unchecked: Observable.zip(a, b, c, d, e, f))
    }

    /// Waits for seven sequences and gathers their values in a tuple; see ``zip(_:_:)``.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>, _ c: PrimitiveSequence<Trait, C>,
        _ d: PrimitiveSequence<Trait, D>, _ e: PrimitiveSequence<Trait, E>, _ f: PrimitiveSequence<Trait, F>,
        _ g: PrimitiveSequence<Trait, G>
    ) -> PrimitiveSequence<Trait, Element> where Element == (A, B, C, D, E, F, G) {
        PrimitiveSequence(unchecked: Observable.zip(a, b, c, d, e, f, g))
    }

    /// Waits for eight sequences and gathers their values in a tuple; see ``zip(_:_:)``.
    public static func zip<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable>(
        _ a: PrimitiveSequence<Trait, A>, _ b: PrimitiveSequence<Trait, B>, _ c: PrimitiveSequence<Trait, C>,
        _ d: PrimitiveSequence<Trait, D>, _ e: PrimitiveSequence<Trait, E>, _ f: PrimitiveSequence<Trait, F>,
        _ g: PrimitiveSequence<Trait, G>, _ h: PrimitiveSequence<Trait, H>
    ) -> PrimitiveSequence<Trait, Element> where Element == (A, B, C, D, E, F, G, H) {
        PrimitiveSequence(unchecked: Observable.zip(a, b, c, d, e, f, g, h))
    }
}
