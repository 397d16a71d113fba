// The overloads and `QueuedValues` are `@inlinable`/`@usableFromInline`, as the implementation in
// Combining.swift is (see there). Why: Benchmarks/README.md, "W10: combineLatest and zip".

extension Observable {
    /// Combines the values of two observables in pairs, by position: the first of each, then
    /// the second of each, and so on.
    ///
    /// A value waits in a queue until every other source has a value at the same position;
    /// then `resultSelector` combines one value of each. The result completes as soon as no
    /// further combination can be made: when a source has completed and every value it sent
    /// has been used. It fails as soon as a source fails or `resultSelector` throws; the
    /// values still waiting are dropped. A source that completes is unsubscribed at that moment.
    ///
    /// ```
    /// first:   -a---b-c---|
    /// second:  ---1----2-3-|
    ///          zip { $0 + $1 }
    /// output:  ---A----B-C|      (A = a1, B = b2, C = c3)
    /// ```
    /// ![zip { $0 + $1 }, drawn from a run](zip-zip-0-1)
    ///
    /// Sources may emit on different threads: `resultSelector` and the observer are called
    /// serially, on the thread of the source whose value completed a combination, or on the
    /// thread already delivering an earlier one.
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - resultSelector: Combines one value of each source; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType>(
        _ a: A, _ b: B,
        resultSelector: @escaping @Sendable (A.Element, B.Element) throws -> Element
    ) -> Observable<Element> {
        combining(a, b, keeping: QueuedValues.self, resultSelector: resultSelector)
    }

    /// Combines the values of three observables in threes, by position.
    ///
    /// Behaves as ``zip(_:_:resultSelector:)`` with a third source.
    ///
    /// ```
    /// first:   -a-b-c-|
    /// second:  --1---2--|
    /// third:   ---x-y-z-|
    ///          zip { $0 + $1 + $2 }
    /// output:  ---A--B--|        (A = a1x, B = b2y)
    /// ```
    /// ![zip { $0 + $1 + $2 }, drawn from a run](zip-zip-0-1-2)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - resultSelector: Combines one value of each source; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element) throws -> Element
    ) -> Observable<Element> {
        combining(a, b, c, keeping: QueuedValues.self, resultSelector: resultSelector)
    }

    /// Combines the values of any number of observables into arrays, by position.
    ///
    /// Each array holds one value of each source, in the order of `sources`. Completion and
    /// errors behave as in ``zip(_:_:resultSelector:)``. An empty list completes at once.
    ///
    /// ```
    /// first:   -a---b-c---|
    /// second:  ---1----2-3-|
    ///          zip([first, second])
    /// output:  ---A----B-C|      (A = [a, 1], B = [b, 2], C = [c, 3])
    /// ```
    /// ![zip([first, second]), drawn from a run](zip-zip-first-second)
    ///
    /// - Parameter sources: The observables to combine.
    /// - Returns: An observable of arrays of values at the same position.
    @inlinable
    public static func zip(_ sources: [Observable<Element>]) -> Observable<[Element]> {
        guard !sources.isEmpty else { return .empty() }
        return Observable<[Element]>.combining(sources, keeping: QueuedValues.self) { $0 }
    }

    /// Combines the values of any number of observables by position: RxSwift's
    /// `Observable.zip(collection) { values in … }`.
    ///
    /// `resultSelector` receives one value of each source, in the order of `sources`.
    /// Completion and errors behave as in ``zip(_:_:resultSelector:)``. An empty collection
    /// completes at once.
    ///
    /// ```
    /// first:   -a---b-c---|
    /// second:  ---1----2-3-|
    ///          zip([first, second]) { $0.joined() }
    /// output:  ---A----B-C|      (A = a1, B = b2, C = c3)
    /// ```
    /// ![zip([first, second]) { $0.joined() }, drawn from a run](zip-zip-first-second-0-joined)
    ///
    /// `resultSelector` runs on the thread delivering the combination, serially; if it throws,
    /// the output fails with its error.
    ///
    /// - Parameters:
    ///   - sources: The observables to combine.
    ///   - resultSelector: Combines the values, in the order of `sources`; may throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func zip<Sources: Collection>(
        _ sources: Sources,
        resultSelector: @escaping @Sendable ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableConvertibleType {
        Observable<Sources.Element.Element>.zip(sources.map { $0.asObservable() }).map(resultSelector)
    }

    /// Pairs the values of two observables by position.
    ///
    /// Behaves as ``Observable/zip(_:_:resultSelector:)`` with a selector that makes a tuple.
    ///
    /// ```
    /// first:   -a---b-c---|
    /// second:  ---1----2-3-|
    ///          zip
    /// output:  ---A----B-C|      (A = (a, 1), B = (b, 2), C = (c, 3))
    /// ```
    /// ![zip, drawn from a run](zip-zip)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    /// - Returns: An observable of tuples of values at the same position.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType>(
        _ a: A, _ b: B
    ) -> Observable<Element> where Element == (A.Element, B.Element) {
        zip(a, b) { ($0, $1) }
    }

    /// Combines the values of three observables into tuples, by position.
    ///
    /// Behaves as ``Observable/zip(_:_:_:resultSelector:)`` with a selector that makes a tuple.
    ///
    /// ```
    /// first:   -a-b-c-|
    /// second:  --1---2--|
    /// third:   ---x-y-z-|
    ///          zip
    /// output:  ---A--B--|        (A = (a, 1, x), B = (b, 2, y))
    /// ```
    /// ![zip, drawn from a run](zip-zip_2)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    /// - Returns: An observable of tuples of values at the same position.
    @inlinable
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType>(
        _ a: A, _ b: B, _ c: C
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element) {
        zip(a, b, c) { ($0, $1, $2) }
    }
}

/// `zip`'s rule: a queue of values per source. A combination takes the first value of each, once
/// every source has one waiting.
@usableFromInline
struct QueuedValues<Value: Sendable>: CombiningRule {
    @usableFromInline var queues: [Queue<Value>]
    @usableFromInline var isDone: [Bool]

    @inlinable
    init(sources count: Int) {
        queues = Array(repeating: Queue(), count: count)
        isDone = Array(repeating: false, count: count)
    }

    /// Queues a value; once every source has one waiting, takes the first of each as a
    /// combination. That is the last one when it used up the last value of a completed source.
    @inlinable
    mutating func receive(_ value: Value, from index: Int) -> Received<Value> {
        queues[index].append(value)
        guard queues.allSatisfy({ !$0.isEmpty }) else { return Received() }
        let combination = queues.indices.compactMap { queues[$0].popFirst() }
        return Received(combination: combination, isLast: isExhausted)
    }

    /// Marks a source done; the result completes if none of its values is waiting.
    @inlinable
    mutating func complete(_ index: Int) -> Bool {
        isDone[index] = true
        return isExhausted
    }

    /// Whether no further combination can be made: a completed source has no value waiting.
    @inlinable
    var isExhausted: Bool {
        queues.indices.contains { isDone[$0] && queues[$0].isEmpty }
    }
}
