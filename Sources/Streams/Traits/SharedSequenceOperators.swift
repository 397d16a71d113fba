// Inside Streams, chapter 8, "Traits as thin wrappers": each operator of a driver or a signal is the
// observable operator, and the result is shared again by the same strategy, on the same scheduler.

extension SharedSequence {
    /// Transforms each value, on the sequence's scheduler.
    ///
    /// ```
    /// source:  -a-b-|
    ///          map { $0.uppercased() }
    /// output:  -A-B-|
    /// ```
    /// ![map { $0.uppercased() }, drawn from a run](sharedsequenceoperators-map-0-uppercased)
    ///
    /// - Parameter transform: Applied to each value.
    /// - Returns: A sequence of the same kind of the transformed values.
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(unshared: asObservable().map(transform), scheduler: scheduler)
    }

    /// Emits only the values that satisfy `isIncluded`, on the sequence's scheduler.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          filter { $0 != "b" }
    /// output:  -a---c-|
    /// ```
    /// ![filter { $0 != "b" }, drawn from a run](sharedsequenceoperators-filter-0-b)
    ///
    /// - Parameter isIncluded: Decides whether a value passes.
    /// - Returns: A sequence of the same kind of the values that passed.
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().filter(isIncluded), scheduler: scheduler)
    }

    /// Transforms each value and emits the results that are not `nil`, on the sequence's scheduler.
    ///
    /// ```
    /// source:  -a-1-b-2-|
    ///          compactMap { Int($0) }
    /// output:  ---1---2-|
    /// ```
    /// ![compactMap { Int($0) }, drawn from a run](sharedsequenceoperators-compactmap-int-0)
    ///
    /// - Parameter transform: Applied to each value; `nil` drops it.
    /// - Returns: A sequence of the same kind of the results that are not `nil`.
    public func compactMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result?) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(unshared: asObservable().compactMap(transform), scheduler: scheduler)
    }

    /// Emits `accumulator` applied to the previous result (at first `seed`) and each value, on
    /// the sequence's scheduler.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          scan("") { $0 + $1 }
    /// output:  -x-y-z-|     (x = a, y = ab, z = abc)
    /// ```
    /// ![scan("") { $0 + $1 }, drawn from a run](sharedsequenceoperators-scan-0-1)
    ///
    /// - Parameters:
    ///   - seed: The result before the first value.
    ///   - accumulator: Combines the previous result with a value.
    /// - Returns: A sequence of the same kind of the accumulated values.
    public func scan<Result: Sendable>(
        _ seed: Result,
        accumulator: @escaping @Sendable (Result, Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(unshared: asObservable().scan(seed, accumulator: accumulator), scheduler: scheduler)
    }

    /// Drops the first `count` values, and emits the rest on the sequence's scheduler.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          skip(2)
    /// output:  -----c-|
    /// ```
    /// ![skip(2), drawn from a run](sharedsequenceoperators-skip-2)
    ///
    /// - Parameter count: How many values to drop.
    /// - Returns: A sequence of the same kind of the values after the first `count`.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().skip(count), scheduler: scheduler)
    }

    /// Runs side effects for the events and the subscription of the shared source, on the
    /// sequence's scheduler, once however many subscribers drive or emit the result; see
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    ///
    /// ```
    /// source:  -a-b-|
    ///          do(onNext: { log.append($0) })   (log: a, b)
    /// output:  -a-b-|
    /// ```
    /// ![do(onNext: { log.append($0) }), drawn from a run](sharedsequenceoperators-do-onnext-log-append-0)
    ///
    /// - Parameters:
    ///   - onNext: Runs with each value before it is forwarded.
    ///   - afterNext: Runs with each value after it was forwarded.
    ///   - onCompleted: Runs before the completion is forwarded.
    ///   - afterCompleted: Runs after the completion was forwarded.
    ///   - onSubscribe: Runs before the source is subscribed.
    ///   - onSubscribed: Runs after the source has been subscribed.
    ///   - onDispose: Runs once when the subscription to the source ends, for any reason.
    /// - Returns: A sequence of the same kind with the same events as this one.
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

    /// Drops each value equal to the one emitted before it, on the sequence's scheduler: a screen
    /// redraws only when its state changed.
    ///
    /// ```
    /// source:  -a-a-b-b-b-a-|
    ///          distinctUntilChanged()
    /// output:  -a---b-----a-|
    /// ```
    /// ![distinctUntilChanged(), drawn from a run](sharedsequenceoperators-distinctuntilchanged)
    ///
    /// - Returns: A sequence of the same kind without consecutive duplicates.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> where Element: Equatable {
        SharedSequence(unshared: asObservable().distinctUntilChanged(), scheduler: scheduler)
    }

    /// Drops each value whose key equals the previous value's, on the sequence's scheduler.
    ///
    /// ```
    /// source:  -a-A-b-B-a-|
    ///          distinctUntilChanged { $0.lowercased() }
    /// output:  -a---b---a-|
    /// ```
    /// ![distinctUntilChanged { $0.lowercased() }, drawn from a run](sharedsequenceoperators-distinctuntilchanged-0)
    ///
    /// - Parameter keySelector: The key to compare values by.
    /// - Returns: A sequence of the same kind without consecutive values of equal keys.
    public func distinctUntilChanged<Key: Equatable & Sendable>(
        _ keySelector: @escaping @Sendable (Element) -> Key
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().distinctUntilChanged(keySelector), scheduler: scheduler)
    }

    /// Drops each value that `comparer` finds equal to the last one emitted, on the sequence's
    /// scheduler.
    ///
    /// ```
    /// source:  -1-2-3-5-|
    ///          distinctUntilChanged { abs($0 - $1) <= 1 }
    /// output:  -1---3-5-|
    /// ```
    /// ![distinctUntilChanged { abs($0 - $1) <= 1 }, drawn from a run](sharedsequenceoperators-distinctuntilchanged-abs)
    ///
    /// - Parameter comparer: Returns `true` when the two values count as equal.
    /// - Returns: A sequence of the same kind without consecutive values it finds equal.
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
