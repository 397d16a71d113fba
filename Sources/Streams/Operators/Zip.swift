// The forms and the rules are `@inlinable`/`@usableFromInline`, as the implementation in
// Combining.swift is (see there). Why: Benchmarks/README.md, "W10: combineLatest and zip".

extension Observable {
    /// Combines the values of two or more observables by position: the first of each, then the
    /// second of each, and so on. `Observable.zip(a, b) { … }`, and so on for any number of
    /// sources, written once over a parameter pack (RxSwift writes out two to eight).
    ///
    /// A value waits in a queue until every other source has a value at the same position;
    /// then `resultSelector` combines one value of each. The result completes when every source
    /// has completed, as in RxSwift; values still waiting then, which no source can pair any
    /// more, are dropped. So if one source completes and another never does, the result never
    /// completes, and the other source's values wait for a partner that cannot come. The
    /// result fails as soon as a source fails or `resultSelector` throws, dropping the values
    /// still waiting. A source that completes is unsubscribed at that moment.
    ///
    /// ```
    /// first:   -a---b-c---|
    /// second:  ---1----2-3-|
    ///          zip { $0 + $1 }
    /// output:  ---A----B-C-|     (A = a1, B = b2, C = c3)
    ///
    /// first:   -a|
    /// second:  ---1-2-3-
    ///          zip { $0 + $1 }
    /// output:  ---A-----         (A = a1)
    /// ```
    /// ![zip { $0 + $1 }, drawn from a run](zip-zip-0-1)
    ///
    /// ![zip { $0 + $1 }, drawn from a run](zip-zip-0-1_2)
    ///
    /// In the second diagram, `second`'s 2 and 3 wait for values of `first`, which has completed,
    /// so the result never completes.
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
    /// Sources may emit on different threads: `resultSelector` and the observer are called
    /// serially, on the thread of the source whose value completed a combination, or on the
    /// thread already delivering an earlier one. The completion comes on the thread of the
    /// source that completed last.
    ///
    /// - Parameters:
    ///   - first: The first source.
    ///   - others: The other sources, of any element types.
    ///   - resultSelector: Combines one value of each source, in the order of the sources; may
    ///     throw.
    /// - Returns: An observable of the combinations.
    @inlinable
    public static func zip<First: ObservableConvertibleType, each Other: ObservableConvertibleType>(
        _ first: First, _ others: repeat each Other,
        resultSelector: @escaping @Sendable (First.Element, repeat (each Other).Element) throws -> Element
    ) -> Observable<Element> {
        combining(first, repeat each others, keeping: QueuedValues.self, resultSelector: resultSelector)
    }

    /// Combines the values of any number of observables into arrays, by position.
    ///
    /// Each array holds one value of each source, in the order of `sources`. Errors and
    /// delivery are as in ``zip(_:_:resultSelector:)``, and so is completion, with one more
    /// end, RxSwift's for a collection of sources: a value that cannot be paired while every
    /// other source has completed ends the result at once, since one of those has no value
    /// left for it. An empty list completes at once.
    ///
    /// ```
    /// first:   -a---b-c---|
    /// second:  ---1----2-3-|
    ///          zip([first, second])
    /// output:  ---A----B-C-|      (A = [a, 1], B = [b, 2], C = [c, 3])
    ///
    /// first:   -a|
    /// second:  ---1-2---|
    ///          zip([first, second])
    /// output:  ---A-|             (A = [a, 1])
    /// ```
    /// ![zip([first, second]), drawn from a run](zip-zip-first-second)
    ///
    /// ![zip([first, second]), drawn from a run](zip-zip-first-second_2)
    ///
    /// In the second diagram, `second`'s 2 finds `first` completed with no value waiting, and
    /// ends the result.
    ///
    /// - Parameter sources: The observables to combine.
    /// - Returns: An observable of arrays of values at the same position.
    @inlinable
    public static func zip(_ sources: [Observable<Element>]) -> Observable<[Element]> {
        guard !sources.isEmpty else { return .empty() }
        return Observable<[Element]>.combining(sources, keeping: QueuedCollectionValues.self) { $0 }
    }

    /// Combines the values of any collection of observables into arrays, by position: RxSwift's
    /// `Observable.zip(collection)`.
    ///
    /// Behaves, and is delivered, as ``zip(_:)-([Observable<Element>])``, whose diagrams show
    /// it; the collection is read once, when `zip` is called.
    ///
    /// - Parameter sources: The sequences to combine, of one element type.
    /// - Returns: An observable of arrays of values at the same position.
    @inlinable
    public static func zip<Sources: Collection>(_ sources: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableConvertibleType, Sources.Element.Element == Element {
        zip(sources.map { $0.asObservable() })
    }

    /// Combines the values of any number of observables by position: RxSwift's
    /// `Observable.zip(collection) { values in … }`.
    ///
    /// `resultSelector` receives one value of each source, in the order of `sources`.
    /// Completion and errors behave as in ``zip(_:)-([Observable<Element>])``. An empty
    /// collection completes at once.
    ///
    /// ```
    /// first:   -a---b-c---|
    /// second:  ---1----2-3-|
    ///          zip([first, second]) { $0.joined() }
    /// output:  ---A----B-C-|      (A = a1, B = b2, C = c3)
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

    /// Gathers the values of two or more observables in tuples, by position:
    /// ``zip(_:_:resultSelector:)`` with a selector that makes a tuple.
    ///
    /// ```
    /// first:   -a---b-c---|
    /// second:  ---1----2-3-|
    ///          zip
    /// output:  ---A----B-C-|     (A = (a, 1), B = (b, 2), C = (c, 3))
    /// ```
    /// ![zip, drawn from a run](zip-zip)
    ///
    /// - Parameters:
    ///   - first: The first source.
    ///   - others: The other sources, of any element types.
    /// - Returns: An observable of tuples of values at the same position.
    @inlinable
    public static func zip<First: ObservableConvertibleType, each Other: ObservableConvertibleType>(
        _ first: First, _ others: repeat each Other
    ) -> Observable<Element> where Element == (First.Element, repeat (each Other).Element) {
        combiningInTuples(first, repeat each others, keeping: QueuedValues.self)
    }
}

/// `zip`'s rule: a queue of values per source. A combination takes the first value of each, once
/// every source has one waiting; the result completes when every source has completed, as in
/// RxSwift, even with values left waiting that can never be paired.
@usableFromInline
struct QueuedValues<Value: Sendable>: CombiningRule {
    @usableFromInline var queues: [Queue<Value>]
    @usableFromInline var isDone: [Bool]
    /// How many sources have completed.
    @usableFromInline var doneCount = 0

    @inlinable
    init(sources count: Int) {
        queues = Array(repeating: Queue(), count: count)
        isDone = Array(repeating: false, count: count)
    }

    /// Queues a value; once every source has one waiting, takes the first of each as a
    /// combination.
    @inlinable
    mutating func receive(_ value: Value, from index: Int) -> Received<Value> {
        queues[index].append(value)
        guard queues.allSatisfy({ !$0.isEmpty }) else { return Received() }
        return Received(combination: queues.indices.compactMap { queues[$0].popFirst() })
    }

    /// Marks a source done; the result completes when every source is done.
    @inlinable
    mutating func complete(_ index: Int) -> Bool {
        guard !isDone[index] else { return false }
        isDone[index] = true
        doneCount += 1
        return doneCount == isDone.count
    }
}

/// `zip`'s rule for a collection of sources, as RxSwift's: ``QueuedValues``, and one more way to
/// end. A value that makes no combination while every other source has completed is the last:
/// one of those has no value left for it, and never will.
@usableFromInline
struct QueuedCollectionValues<Value: Sendable>: CombiningRule {
    @usableFromInline var queued: QueuedValues<Value>

    @inlinable
    init(sources count: Int) {
        queued = QueuedValues(sources: count)
    }

    @inlinable
    mutating func receive(_ value: Value, from index: Int) -> Received<Value> {
        var received = queued.receive(value, from: index)
        received.isLast = received.combination == nil && !queued.isDone[index]
            && queued.doneCount == queued.isDone.count - 1
        return received
    }

    @inlinable
    mutating func complete(_ index: Int) -> Bool {
        queued.complete(index)
    }
}
