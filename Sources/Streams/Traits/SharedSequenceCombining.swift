// Inside Streams, chapter 8, "Traits as thin wrappers": a driver or a signal combined with others of
// its kind, which deliver on their scheduler and never fail, is the observable operator, shared again.

extension SharedSequence {
    /// Maps each value to a sequence of the same kind and emits the values of the latest one,
    /// unsubscribing the previous one: a search screen's results for the query typed last.
    /// Values come on the inner sequences' scheduler, the completion on this one's.
    ///
    /// ```
    /// source:  -a-b------|         (a → x, b → y; x and y are cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMapLatest
    /// output:  --1-3--4--|
    /// ```
    /// ![flatMapLatest, drawn from a run](sharedsequencecombining-flatmaplatest)
    ///
    /// - Parameter transform: Makes the inner sequence for a value.
    /// - Returns: A sequence of the same kind of the values of the latest inner sequence.
    public func flatMapLatest<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> SharedSequence<SharingStrategy, Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(unshared: asObservable().flatMapLatest(transform), scheduler: scheduler)
    }

    /// Maps a value to a sequence of the same kind only when no inner sequence is running, and
    /// emits its values: a "load more" that does not start a second load. Delivered as
    /// ``flatMapLatest(_:)->SharedSequence<SharingStrategy,Result>`` is.
    ///
    /// ```
    /// source:  -a-b------|         (a → x, b → y; x and y are cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMapFirst
    /// output:  --1---2---|
    /// ```
    /// ![flatMapFirst, drawn from a run](sharedsequencecombining-flatmapfirst)
    ///
    /// - Parameter transform: Makes the inner sequence for a value.
    /// - Returns: A sequence of the same kind of the values of the inner sequences that ran.
    public func flatMapFirst<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> SharedSequence<SharingStrategy, Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(unshared: asObservable().flatMapFirst(transform), scheduler: scheduler)
    }

    /// Maps each value to a sequence of the same kind and emits the values of all of them as
    /// they arrive; delivered as ``flatMapLatest(_:)->SharedSequence<SharingStrategy,Result>`` is.
    ///
    /// ```
    /// source:  -a-b------|         (a → x, b → y; x and y are cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMap
    /// output:  --1-3-24--|
    /// ```
    /// ![flatMap, drawn from a run](sharedsequencecombining-flatmap)
    ///
    /// - Parameter transform: Makes the inner sequence for a value.
    /// - Returns: A sequence of the same kind of the values of every inner sequence.
    public func flatMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> SharedSequence<SharingStrategy, Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(unshared: asObservable().flatMap(transform), scheduler: scheduler)
    }

    /// Emits the latest value of `second`, a driver or a signal, each time this sequence emits,
    /// on this one's thread: a "submit" tap that reads the form; see
    /// ``ObservableType/withLatestFrom(_:)``.
    ///
    /// ```
    /// source:  -a--b----c-d-|
    /// second:  --1---2-3-|
    ///          withLatestFrom(second)
    /// output:  ----1----3-3-|
    /// ```
    /// ![withLatestFrom(second), drawn from a run](sharedsequencecombining-withlatestfrom-second)
    ///
    /// - Parameter second: The driver or signal whose latest value is read.
    /// - Returns: A sequence of the same kind of `second`'s latest value at each value of this one.
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second) -> SharedSequence<SharingStrategy, Second.Element> {
        SharedSequence<SharingStrategy, Second.Element>(unshared: asObservable().withLatestFrom(second), scheduler: scheduler)
    }

    /// Combines each value of this sequence with the latest value of `second`: as
    /// ``withLatestFrom(_:)``, with the two values combined by `resultSelector`.
    ///
    /// ```
    /// source:  -a--b----c-d-|
    /// second:  --1---2-3-|
    ///          withLatestFrom(second) { $0 + $1 }
    /// output:  ----B----C-D-|     (B = b1, C = c3, D = d3)
    /// ```
    /// ![withLatestFrom(second) { $0 + $1 }, drawn from a run](sharedsequencecombining-withlatestfrom-second-0)
    ///
    /// - Parameters:
    ///   - second: The driver or signal whose latest value is read.
    ///   - resultSelector: Combines a value of this sequence with `second`'s latest.
    /// - Returns: A sequence of the same kind of the combinations.
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result: Sendable>(
        _ second: Second, resultSelector: @escaping @Sendable (Element, Second.Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        let combined = asObservable().withLatestFrom(second, resultSelector: resultSelector)
        return SharedSequence<SharingStrategy, Result>(unshared: combined, scheduler: scheduler)
    }

    /// Emits the values of all `sources` as they arrive, each on the thread of the sequence that
    /// emitted it, and completes when all have: every way a screen can ask for a refresh, as one
    /// signal. The result times its own operators on the first source's scheduler.
    ///
    /// ```
    /// first:   -a---b-|
    /// second:  ---1----2|
    ///          merge(first, second)
    /// output:  -a-1-b--2|
    /// ```
    /// ![merge(first, second), drawn from a run](sharedsequencecombining-merge-first-second)
    ///
    /// - Parameter sources: The drivers, or the signals, to merge.
    /// - Returns: A sequence of the same kind of the values of every source.
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<SharingStrategy, Element> {
        merge(sources)
    }

    /// The variadic `merge(_:)` of an array; an empty one completes at once, on the main queue.
    ///
    /// - Parameter sources: The drivers, or the signals, to merge.
    /// - Returns: A sequence of the same kind of the values of every source.
    public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<SharingStrategy, Element> {
        guard let first = sources.first else { return .empty() }
        return SharedSequence(unshared: Observable.merge(sources), scheduler: first.scheduler)
    }
}

extension SharedSequence where SharingStrategy == SignalSharingStrategy {
    /// A signal's own: maps each event to a driver and drives the values of the latest one, a tap
    /// that loads state a screen then shows. As in RxCocoa, the result is a ``Driver``, replaying
    /// the latest value of the latest inner driver; delivered as the other `flatMapLatest` is.
    ///
    /// ```
    /// signal:  -a-b------|         (driver(for: a) is x, driver(for: b) is y; both cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMapLatest { driver(for: $0) }
    /// output:  --1-3--4--|
    /// ```
    /// ![flatMapLatest { driver(for: $0) }, drawn from a run](sharedsequencecombining-flatmaplatest-driver-for)
    ///
    /// - Parameter transform: Makes the inner driver for a value.
    /// - Returns: A driver of the values of the latest inner driver.
    public func flatMapLatest<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Driver<Result>) -> Driver<Result> {
        Driver<Result>(unshared: asObservable().flatMapLatest(transform), scheduler: scheduler)
    }
}
