// `zip` of singles or of maybes: the observable `zip`, with the trait kept. (Completables zip
// in CompletableOperators.swift: with no values to pair, their zip is a merge.)

extension PrimitiveSequence where Trait: ValueTrait {
    /// Waits for both sequences, subscribed at once so their work runs in parallel, and
    /// combines their values.
    ///
    /// The result succeeds when the later of the two succeeds. It fails as soon as either fails
    /// or `resultSelector` throws, and a maybe completes empty as soon as either completes
    /// empty; the other one is then disposed.
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

    /// Waits for every sequence of a list and gathers their values, in order; an empty list
    /// succeeds at once with an empty array, as in RxSwift.
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
    public static func zip(_ sources: [PrimitiveSequence<Trait, Element>]) -> PrimitiveSequence<Trait, [Element]> {
        guard !sources.isEmpty else { return .just([]) }
        return PrimitiveSequence<Trait, [Element]>(unchecked: Observable.zip(sources.map { $0.asObservable() }))
    }
}
