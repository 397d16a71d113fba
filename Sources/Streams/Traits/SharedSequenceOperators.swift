// Inside Streams, chapter 8, "Traits as thin wrappers": each is the observable operator, shared again.

extension SharedSequence {
    /// Transforms each value, on the sequence's scheduler, as an observable's
    /// ``ObservableType/map(_:)`` does.
    ///
    /// ![map { $0 * 10 }, drawn from a run](map-map-0-10)
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(unshared: asObservable().map(transform), scheduler: scheduler)
    }

    /// Emits only the values that satisfy `isIncluded`, on the sequence's scheduler, as an
    /// observable's ``ObservableType/filter(_:)`` does.
    ///
    /// ![filter { $0.isMultiple(of: 2) }, drawn from a run](filter-filter-0-ismultiple-of-2)
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().filter(isIncluded), scheduler: scheduler)
    }

    /// Transforms each value and emits the results that are not `nil`, on the sequence's scheduler,
    /// as an observable's ``ObservableType/compactMap(_:)`` does.
    ///
    /// ![compactMap { Int($0) }, drawn from a run](map-compactmap-int-0)
    public func compactMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result?) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(unshared: asObservable().compactMap(transform), scheduler: scheduler)
    }

    /// Emits `accumulator` applied to the previous result (at first `seed`) and each value, on the
    /// sequence's scheduler, as an observable's ``ObservableType/scan(_:accumulator:)`` does.
    ///
    /// ![scan(0, accumulator: +), drawn from a run](scan-scan-0-accumulator)
    public func scan<Result: Sendable>(
        _ seed: Result,
        accumulator: @escaping @Sendable (Result, Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(unshared: asObservable().scan(seed, accumulator: accumulator), scheduler: scheduler)
    }

    /// Drops the first `count` values, and emits the rest on the sequence's scheduler, as an
    /// observable's ``ObservableType/skip(_:)`` does.
    ///
    /// ![skip(2), drawn from a run](skip-skip-2)
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().skip(count), scheduler: scheduler)
    }

    /// Runs side effects for the events and the subscription of the shared source, on the
    /// sequence's scheduler, once however many subscribers drive or emit the result, as an
    /// observable's
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``
    /// does.
    ///
    /// ![do(onNext: { log.append($0) }), drawn from a run](do-do-onnext-log-append-0)
    public func `do`(
        onNext: (@Sendable (Element) -> Void)? = nil,
        afterNext: (@Sendable (Element) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        afterCompleted: (@Sendable () -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().do(
            onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose
        ), scheduler: scheduler)
    }

    /// Drops each value equal to the one emitted before it, on the sequence's scheduler, as an
    /// observable's ``ObservableType/distinctUntilChanged()`` does: a screen redraws only when its
    /// state changed.
    ///
    /// ![distinctUntilChanged(), drawn from a run](distinctuntilchanged-distinctuntilchanged)
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> where Element: Equatable {
        SharedSequence(unshared: asObservable().distinctUntilChanged(), scheduler: scheduler)
    }

    /// Drops each value whose key equals the previous value's, on the sequence's scheduler, as an
    /// observable's ``ObservableType/distinctUntilChanged(_:)-((Element)->Key)`` does.
    ///
    /// ![distinctUntilChanged { $0.lowercased() }, drawn from a run](distinctuntilchanged-distinctuntilchanged-0)
    public func distinctUntilChanged<Key: Equatable & Sendable>(
        _ keySelector: @escaping @Sendable (Element) -> Key
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().distinctUntilChanged(keySelector), scheduler: scheduler)
    }

    /// Drops each value that `comparer` finds equal to the last one emitted, on the sequence's
    /// scheduler, as an observable's
    /// ``ObservableType/distinctUntilChanged(_:)-((Element,Element)->Bool)`` does.
    ///
    /// ![distinctUntilChanged { abs($0 - $1) <= 1 }, drawn from a run](distinctuntilchanged-distinctuntilchanged-abs-0)
    public func distinctUntilChanged(_ comparer: @escaping @Sendable (Element, Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().distinctUntilChanged(comparer), scheduler: scheduler)
    }

    /// Emits `element` first, then the sequence's values: the state before anything happened.
    /// `element` comes when the sequence is first subscribed, on its scheduler like every other
    /// value (in a later turn of the main queue, not during `drive`).
    ///
    /// ```
    /// source:  --a-b-|
    ///          startWith(x)
    /// output:  x-a-b-|
    /// ```
    /// ![startWith(x), drawn from a run](sharedsequenceoperators-startwith-x)
    ///
    /// - Parameter element: The first value.
    /// - Returns: A sequence of the same kind that starts with `element`.
    public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().startWith(element).subscribe(on: scheduler), scheduler: scheduler)
    }
}
