// Inside Streams, chapter 8, "Traits as thin wrappers": combined with its own kind, which cannot fail.

extension SharedSequence {
    /// Maps each value to a sequence of the same kind and emits the values of the latest one,
    /// unsubscribing the previous one, as an observable's ``ObservableType/flatMapLatest(_:)``
    /// does: a search screen's results for the query typed last. Values come on the inner
    /// sequences' scheduler, the completion on this one's.
    ///
    /// ![flatMapLatest, drawn from a run](flatmap-flatmaplatest)
    public func flatMapLatest<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> SharedSequence<SharingStrategy, Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(unshared: asObservable().flatMapLatest(transform), scheduler: scheduler)
    }

    /// Maps a value to a sequence of the same kind only when no inner sequence is running, and
    /// emits its values, as an observable's ``ObservableType/flatMapFirst(_:)`` does: a "load more"
    /// that does not start a second load. Delivered as
    /// ``flatMapLatest(_:)->SharedSequence<SharingStrategy,Result>`` is.
    ///
    /// ![flatMapFirst, drawn from a run](flatmap-flatmapfirst)
    public func flatMapFirst<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> SharedSequence<SharingStrategy, Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(unshared: asObservable().flatMapFirst(transform), scheduler: scheduler)
    }

    /// Maps each value to a sequence of the same kind and emits the values of all of them as they
    /// arrive, as an observable's ``ObservableType/flatMap(_:)`` does; delivered as
    /// ``flatMapLatest(_:)->SharedSequence<SharingStrategy,Result>`` is.
    ///
    /// ![flatMap, drawn from a run](flatmap-flatmap)
    public func flatMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> SharedSequence<SharingStrategy, Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(unshared: asObservable().flatMap(transform), scheduler: scheduler)
    }

    /// Emits the latest value of `second`, a driver or a signal, each time this sequence emits, on
    /// this one's thread, as an observable's ``ObservableType/withLatestFrom(_:)`` does: a "submit"
    /// tap that reads the form.
    ///
    /// ![withLatestFrom(second), drawn from a run](withlatestfrom-withlatestfrom-second)
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second) -> SharedSequence<SharingStrategy, Second.Element> {
        SharedSequence<SharingStrategy, Second.Element>(unshared: asObservable().withLatestFrom(second), scheduler: scheduler)
    }

    /// Combines each value of this sequence with the latest value of `second`: as
    /// ``withLatestFrom(_:)``, with the two values combined by `resultSelector`.
    ///
    /// ![withLatestFrom(second) { $0 + $1 }, drawn from a run](withlatestfrom-withlatestfrom-second-0-1)
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result: Sendable>(
        _ second: Second, resultSelector: @escaping @Sendable (Element, Second.Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        let combined = asObservable().withLatestFrom(second, resultSelector: resultSelector)
        return SharedSequence<SharingStrategy, Result>(unshared: combined, scheduler: scheduler)
    }

    /// Emits the values of all `sources` as they arrive, each on the thread of the sequence that
    /// emitted it, and completes when all have, as an observable's
    /// ``Observable/merge(_:)-([Observable<Element>])`` does: every way a screen can ask for a
    /// refresh, as one signal. The result times its own operators on the first source's scheduler.
    ///
    /// ![merge, drawn from a run](merge-merge)
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<SharingStrategy, Element> {
        merge(sources)
    }

    /// The variadic `merge(_:)` of an array; an empty one completes at once, on the main queue.
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
    /// ![flatMapLatest, drawn from a run](flatmap-flatmaplatest)
    public func flatMapLatest<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Driver<Result>) -> Driver<Result> {
        Driver<Result>(unshared: asObservable().flatMapLatest(transform), scheduler: scheduler)
    }
}
