// `zip` of singles or of maybes, over a parameter pack and a collection; a completable's is a merge.

extension PrimitiveSequence where Trait: ValueTrait {
    /// Waits for every sequence, all subscribed at once so their work runs in parallel, and
    /// combines their values: `Single.zip(a, b) { … }`, and so on for any number of sequences.
    /// The outcome is delivered on the thread of the sequence that ends last, or that fails.
    ///
    /// As in RxSwift, this is ``Observable/zip(_:_:resultSelector:)``: it fails as soon as one
    /// fails or `resultSelector` throws, and a maybe completes empty once all have ended and one
    /// was empty.
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
    ///   - first: The first sequence.
    ///   - others: The others, of the same trait.
    ///   - resultSelector: Combines the values, in the order of the sequences; may throw.
    /// - Returns: A sequence of the combination, of the same trait.
    public static func zip<First: Sendable, each Other: Sendable>(
        _ first: PrimitiveSequence<Trait, First>, _ others: repeat PrimitiveSequence<Trait, each Other>,
        resultSelector: @escaping @Sendable (First, repeat each Other) throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: .combining(first, repeat each others, keeping: QueuedValues.self, resultSelector: resultSelector))
    }

    /// ``zip(_:_:resultSelector:)`` with the values gathered in a tuple: `Single.zip(a, b)`.
    ///
    /// - Parameters:
    ///   - first: The first sequence.
    ///   - others: The others, of the same trait.
    /// - Returns: A sequence of the values, of the same trait.
    public static func zip<First: Sendable, each Other: Sendable>(
        _ first: PrimitiveSequence<Trait, First>, _ others: repeat PrimitiveSequence<Trait, each Other>
    ) -> PrimitiveSequence<Trait, Element> where Element == (First, repeat each Other) {
        PrimitiveSequence(unchecked: .combiningInTuples(first, repeat each others, keeping: QueuedValues.self))
    }

    /// Waits for every sequence of a collection, read once when `zip` is called, and gathers
    /// their values in order; an empty collection succeeds at once with `[]`, as in RxSwift.
    /// Ends, and is delivered, as ``zip(_:_:resultSelector:)``; see
    /// ``Observable/zip(_:)-([Observable<Element>])``.
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

    /// ``zip(_:)-(Sources)`` followed by `map`: for an empty collection, `resultSelector` gets
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
