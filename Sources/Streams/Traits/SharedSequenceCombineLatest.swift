// Inside Streams, chapter 8, "Traits as thin wrappers": the observable operator, over a parameter pack.

extension SharedSequence {
    /// Combines the latest values of drivers (or of signals) each time one of them emits, once all
    /// have emitted: a form's "can submit" from its fields. `Driver.combineLatest(a, b) { … }`, and
    /// so on for any number of sequences; see ``Observable/combineLatest(_:_:resultSelector:)``.
    /// Each value comes on the thread of the sequence that emitted it (on one screen, the main
    /// thread); the result times its own operators on the first one's scheduler.
    ///
    /// ![combineLatest { $0 + $1 }, drawn from a run](combinelatest-combinelatest-0-1)
    ///
    /// ![combineLatest { $0 + $1 + $2 }, drawn from a run](combinelatest-combinelatest-0-1-2)
    public static func combineLatest<First: Sendable, each Other: Sendable>(
        _ first: SharedSequence<SharingStrategy, First>, _ others: repeat SharedSequence<SharingStrategy, each Other>,
        resultSelector: @escaping @Sendable (First, repeat each Other) -> Element
    ) -> SharedSequence<SharingStrategy, Element> {
        let combined = Observable.combining(first, repeat each others, keeping: LatestValues.self, resultSelector: resultSelector)
        return SharedSequence(unshared: combined, scheduler: first.scheduler)
    }

    /// ``combineLatest(_:_:resultSelector:)`` with the latest values gathered in a tuple.
    public static func combineLatest<First: Sendable, each Other: Sendable>(
        _ first: SharedSequence<SharingStrategy, First>, _ others: repeat SharedSequence<SharingStrategy, each Other>
    ) -> SharedSequence<SharingStrategy, Element> where Element == (First, repeat each Other) {
        let combined = Observable.combiningInTuples(first, repeat each others, keeping: LatestValues.self)
        return SharedSequence(unshared: combined, scheduler: first.scheduler)
    }

    /// Combines the values of drivers (or of signals) by index: the first of each, then the second
    /// of each; see ``Observable/zip(_:_:resultSelector:)``. Delivered as
    /// ``combineLatest(_:_:resultSelector:)`` is.
    ///
    /// ![zip { $0 + $1 }, drawn from a run](zip-zip-0-1)
    public static func zip<First: Sendable, each Other: Sendable>(
        _ first: SharedSequence<SharingStrategy, First>, _ others: repeat SharedSequence<SharingStrategy, each Other>,
        resultSelector: @escaping @Sendable (First, repeat each Other) -> Element
    ) -> SharedSequence<SharingStrategy, Element> {
        let zipped = Observable.combining(first, repeat each others, keeping: QueuedValues.self, resultSelector: resultSelector)
        return SharedSequence(unshared: zipped, scheduler: first.scheduler)
    }

    /// ``zip(_:_:resultSelector:)`` with the values at each index gathered in a tuple.
    public static func zip<First: Sendable, each Other: Sendable>(
        _ first: SharedSequence<SharingStrategy, First>, _ others: repeat SharedSequence<SharingStrategy, each Other>
    ) -> SharedSequence<SharingStrategy, Element> where Element == (First, repeat each Other) {
        let zipped = Observable.combiningInTuples(first, repeat each others, keeping: QueuedValues.self)
        return SharedSequence(unshared: zipped, scheduler: first.scheduler)
    }
}
