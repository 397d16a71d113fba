// The forms and `LatestValues` are `@inlinable`/`@usableFromInline`, as the implementation in
// Combining.swift is (see there). Why: Benchmarks/README.md, "W10: combineLatest and zip".

extension Observable {
    /// Combines the latest values of two or more observables each time one of them emits, once
    /// all have emitted: `Observable.combineLatest(a, b) { … }`, and so on for any number of
    /// sources, written once over a parameter pack (RxSwift writes out two to eight).
    ///
    /// Nothing is emitted until every source has produced a value; from then on, each value
    /// from any source produces `resultSelector` of the latest value of each. The result
    /// completes when every source has completed, or earlier, when a value arrives while every
    /// other source has completed without ever emitting (no combination can ever be made). It
    /// fails as soon as a source fails or `resultSelector` throws. A source that completes is
    /// unsubscribed at that moment; its last value stays in use.
    ///
    /// ```
    /// first:   -a---b----c--|
    /// second:  ---1----2-----|
    ///          combineLatest { $0 + $1 }
    /// output:  ---A-B--C-D---|      (A = a1, B = b1, C = b2, D = c2)
    /// ```
    /// ![combineLatest { $0 + $1 }, drawn from a run](combinelatest-combinelatest-0-1)
    ///
    /// ```
    /// first:   -a-----b---|
    /// second:  --1------2-|
    /// third:   ---x-y------|
    ///          combineLatest { $0 + $1 + $2 }
    /// output:  ---A-B-C-D--|        (A = a1x, B = a1y, C = b1y, D = b2y)
    /// ```
    /// ![combineLatest { $0 + $1 + $2 }, drawn from a run](combinelatest-combinelatest-0-1-2)
    ///
    /// Sources may emit on different threads: `resultSelector` and the observer are called
    /// serially, on the thread of the source that emitted, or on the thread already
    /// delivering an earlier combination.
    ///
    /// - Parameters:
    ///   - first: The first source.
    ///   - others: The other sources, of any element types.
    ///   - resultSelector: Combines the latest values, in the order of the sources; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func combineLatest<First: ObservableConvertibleType, each Other: ObservableConvertibleType>(
        _ first: First, _ others: repeat each Other,
        resultSelector: @escaping @Sendable (First.Element, repeat (each Other).Element) throws -> Element
    ) -> Observable<Element> {
        combining(first, repeat each others, keeping: LatestValues.self, resultSelector: resultSelector)
    }

    /// Combines the latest values of any number of observables into an array each time one of
    /// them emits, once all have emitted.
    ///
    /// The array holds the latest value of each source, in the order of `sources`. Completion
    /// and errors behave as in ``combineLatest(_:_:resultSelector:)``. An empty list emits one
    /// empty array and completes.
    ///
    /// ```
    /// first:   -a---b----c--|
    /// second:  ---1----2-----|
    ///          combineLatest([first, second])
    /// output:  ---A-B--C-D---|      (A = [a, 1], B = [b, 1], C = [b, 2], D = [c, 2])
    /// ```
    /// ![combineLatest([first, second]), drawn from a run](combinelatest-combinelatest-first-second)
    ///
    /// - Parameter sources: The observables to combine.
    /// - Returns: An observable of arrays of the latest values.
    @inlinable
    public static func combineLatest(_ sources: [Observable<Element>]) -> Observable<[Element]> {
        guard !sources.isEmpty else { return .just([]) }
        return Observable<[Element]>.combining(sources, keeping: LatestValues.self) { $0 }
    }

    /// Combines the latest values of any number of observables each time one of them emits,
    /// once all have emitted: RxSwift's `Observable.combineLatest(collection) { values in … }`.
    ///
    /// `resultSelector` receives the latest value of each source, in the order of `sources`.
    /// Completion and errors behave as in ``combineLatest(_:_:resultSelector:)``. An empty
    /// collection emits `resultSelector([])` and completes.
    ///
    /// ```
    /// first:   -a---b----c--|
    /// second:  ---1----2-----|
    ///          combineLatest([first, second]) { $0.joined() }
    /// output:  ---A-B--C-D---|      (A = a1, B = b1, C = b2, D = c2)
    /// ```
    /// ![combineLatest([first, second]) { $0.joined() }, drawn from a run](combinelatest-combinelatest-first-second-0)
    ///
    /// `resultSelector` runs on the thread delivering the combination, serially; if it throws,
    /// the output fails with its error.
    ///
    /// - Parameters:
    ///   - sources: The observables to combine.
    ///   - resultSelector: Combines the values, in the order of `sources`; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func combineLatest<Sources: Collection>(
        _ sources: Sources,
        resultSelector: @escaping @Sendable ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableConvertibleType {
        Observable<Sources.Element.Element>.combineLatest(sources.map { $0.asObservable() }).map(resultSelector)
    }

    /// Gathers the latest values of two or more observables in a tuple each time one of them
    /// emits, once all have emitted: ``combineLatest(_:_:resultSelector:)`` with a selector that
    /// makes a tuple, so `Observable.combineLatest(query, filter)` is an
    /// `Observable<(String, Filter)>`.
    ///
    /// ```
    /// first:   -a---b----c--|
    /// second:  ---1----2-----|
    ///          combineLatest
    /// output:  ---A-B--C-D---|      (A = (a, 1), B = (b, 1), C = (b, 2), D = (c, 2))
    /// ```
    /// ![combineLatest, drawn from a run](combinelatest-combinelatest)
    ///
    /// - Parameters:
    ///   - first: The first source.
    ///   - others: The other sources, of any element types.
    /// - Returns: An observable of tuples of the latest values.
    @inlinable
    public static func combineLatest<First: ObservableConvertibleType, each Other: ObservableConvertibleType>(
        _ first: First, _ others: repeat each Other
    ) -> Observable<Element> where Element == (First.Element, repeat (each Other).Element) {
        combiningInTuples(first, repeat each others, keeping: LatestValues.self)
    }
}

/// `combineLatest`'s rule: the latest value of each source. Every value makes a combination once
/// each source has a value.
@usableFromInline
struct LatestValues<Value: Sendable>: CombiningRule {
    @usableFromInline var latest: [Value?]
    /// How many sources have a value.
    @usableFromInline var valueCount = 0
    @usableFromInline var isDone: [Bool]

    @inlinable
    init(sources count: Int) {
        latest = Array(repeating: nil, count: count)
        isDone = Array(repeating: false, count: count)
    }

    /// Replaces the source's latest value; makes a combination once every source has a value.
    /// Until then, a value arriving while all the other sources have completed is the last: some
    /// of them completed without a value, so no combination can ever be made.
    @inlinable
    mutating func receive(_ value: Value, from index: Int) -> Received<Value> {
        let replaced = latest[index].take()
        if replaced == nil { valueCount += 1 }
        latest[index] = value
        guard valueCount == latest.count else {
            let othersDone = isDone.indices.allSatisfy { $0 == index || isDone[$0] }
            return Received(isLast: othersDone, replaced: replaced)
        }
        return Received(combination: latest.compactMap { $0 }, replaced: replaced)
    }

    /// Marks a source done; the result completes when every source is done.
    @inlinable
    mutating func complete(_ index: Int) -> Bool {
        guard !isDone[index] else { return false }
        isDone[index] = true
        return !isDone.contains(false)
    }
}
