// Inside Streams, chapter 8, "Traits as thin wrappers": a signal's operators are a driver's, shared
// without replay. Each is the observable operator, so every result delivers where the signal does.

extension Signal {
    /// Transforms each value; the result is a signal on the same scheduler.
    ///
    /// ```
    /// signal:  -a-b-|
    ///          map { $0.uppercased() }
    /// output:  -A-B-|
    /// ```
    /// ![map { $0.uppercased() }, drawn from a run](signaloperators-map-0-uppercased)
    ///
    /// - Parameter transform: Applied to each value.
    /// - Returns: A signal of the transformed values.
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) -> Signal<Result> {
        Signal<Result>(unshared: asObservable().map(transform), scheduler: scheduler)
    }

    /// Emits only the values that satisfy `isIncluded`.
    ///
    /// ```
    /// signal:  -a-b-c-|
    ///          filter { $0 != "b" }
    /// output:  -a---c-|
    /// ```
    /// ![filter { $0 != "b" }, drawn from a run](signaloperators-filter-0-b)
    ///
    /// - Parameter isIncluded: Decides whether a value passes.
    /// - Returns: A signal of the values that passed.
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Signal<Element> {
        Signal(unshared: asObservable().filter(isIncluded), scheduler: scheduler)
    }

    /// Transforms each value and emits the results that are not `nil`.
    ///
    /// ```
    /// signal:  -a-1-b-2-|
    ///          compactMap { Int($0) }
    /// output:  ---1---2-|
    /// ```
    /// ![compactMap { Int($0) }, drawn from a run](signaloperators-compactmap-int-0)
    ///
    /// - Parameter transform: Applied to each value; `nil` drops it.
    /// - Returns: A signal of the results that are not `nil`.
    public func compactMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result?) -> Signal<Result> {
        Signal<Result>(unshared: asObservable().compactMap(transform), scheduler: scheduler)
    }

    /// Emits each accumulated value: `accumulator` applied to the previous result (starting
    /// with `seed`) and each value.
    ///
    /// ```
    /// signal:  -a-b-c-|
    ///          scan("") { $0 + $1 }
    /// output:  -x-y-z-|     (x = a, y = ab, z = abc)
    /// ```
    /// ![scan("") { $0 + $1 }, drawn from a run](signaloperators-scan-0-1)
    ///
    /// - Parameters:
    ///   - seed: The result before the first value.
    ///   - accumulator: Combines the previous result with a value.
    /// - Returns: A signal of the accumulated values.
    public func scan<Result: Sendable>(
        _ seed: Result,
        accumulator: @escaping @Sendable (Result, Element) -> Result
    ) -> Signal<Result> {
        Signal<Result>(unshared: asObservable().scan(seed, accumulator: accumulator), scheduler: scheduler)
    }

    /// Drops the first `count` values.
    ///
    /// ```
    /// signal:  -a-b-c-|
    ///          skip(2)
    /// output:  -----c-|
    /// ```
    /// ![skip(2), drawn from a run](signaloperators-skip-2)
    ///
    /// - Parameter count: How many values to drop.
    /// - Returns: A signal of the values after the first `count`.
    public func skip(_ count: Int) -> Signal<Element> {
        Signal(unshared: asObservable().skip(count), scheduler: scheduler)
    }

    /// Runs side effects for the events of the one shared subscription, passing them through
    /// unchanged; as ``Driver/do(onNext:afterNext:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    ///
    /// ```
    /// signal:  -a-b-|
    ///          do(onNext: { log.append($0) })   (log: a, b)
    /// output:  -a-b-|
    /// ```
    /// ![do(onNext: { log.append($0) }), drawn from a run](signaloperators-do-onnext-log-append-0)
    ///
    /// - Parameters:
    ///   - onNext: Runs with each value before it is forwarded.
    ///   - afterNext: Runs with each value after it was forwarded.
    ///   - onCompleted: Runs before the completion is forwarded.
    ///   - afterCompleted: Runs after the completion was forwarded.
    ///   - onSubscribe: Runs before the source is subscribed.
    ///   - onSubscribed: Runs after the source has been subscribed.
    ///   - onDispose: Runs once when the subscription to the source ends, for any reason.
    /// - Returns: A signal with the same events as this one.
    public func `do`(
        onNext: (@Sendable (Element) -> Void)? = nil,
        afterNext: (@Sendable (Element) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        afterCompleted: (@Sendable () -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Signal<Element> {
        Signal(unshared: asObservable().do(
            onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose
        ), scheduler: scheduler)
    }

    /// Maps each value to a signal and emits the values of the latest one; as
    /// ``Driver/flatMapLatest(_:)``, on the thread of the signal that emitted.
    ///
    /// ```
    /// signal:  -a-b------|         (a → x, b → y; x and y are cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMapLatest
    /// output:  --1-3--4--|
    /// ```
    /// ![flatMapLatest, drawn from a run](signaloperators-flatmaplatest)
    ///
    /// - Parameter transform: Makes the inner signal for a value.
    /// - Returns: A signal of the values of the latest inner signal.
    public func flatMapLatest<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Signal<Result>
    ) -> Signal<Result> {
        Signal<Result>(unshared: asObservable().flatMapLatest(transform), scheduler: scheduler)
    }

    /// Maps each event to a driver and drives the values of the latest one: a tap that loads
    /// state a screen then shows, `signIn.flatMapLatest { api.signIn().asDriver(…) }`.
    ///
    /// The result is a ``Driver``, as RxCocoa's is when the inner sequences are drivers: it
    /// replays the latest value of the latest inner driver to a late subscriber. The values are
    /// delivered on the inner drivers' scheduler, the completion on this signal's.
    ///
    /// ```
    /// signal:  -a-b------|         (driver(for: a) is x, driver(for: b) is y; both cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMapLatest { driver(for: $0) }
    /// output:  --1-3--4--|
    /// ```
    /// ![flatMapLatest { driver(for: $0) }, drawn from a run](signaloperators-flatmaplatest-driver-for-0)
    ///
    /// - Parameter transform: Makes the inner driver for a value.
    /// - Returns: A driver of the values of the latest inner driver.
    public func flatMapLatest<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Driver<Result>
    ) -> Driver<Result> {
        Driver<Result>(unshared: asObservable().flatMapLatest(transform), scheduler: scheduler)
    }

    /// Maps a value to a signal only when no inner signal is running; as
    /// ``Driver/flatMapFirst(_:)``: a tap while a save runs starts no second save.
    ///
    /// ```
    /// signal:  -a-b------|         (a → x, b → y; x and y are cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMapFirst
    /// output:  --1---2---|
    /// ```
    /// ![flatMapFirst, drawn from a run](signaloperators-flatmapfirst)
    ///
    /// - Parameter transform: Makes the inner signal for a value.
    /// - Returns: A signal of the values of the inner signals that ran.
    public func flatMapFirst<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Signal<Result>
    ) -> Signal<Result> {
        Signal<Result>(unshared: asObservable().flatMapFirst(transform), scheduler: scheduler)
    }

    /// Emits the latest value of `second`, a ``Driver`` or a ``Signal``, each time this signal
    /// emits: a "submit" tap that reads the form; as ``Driver/withLatestFrom(_:)``.
    ///
    /// ```
    /// signal:  -a--b----c-d-|
    /// second:  --1---2-3-|
    ///          withLatestFrom(second)
    /// output:  ----1----3-3-|
    /// ```
    /// ![withLatestFrom(second), drawn from a run](signaloperators-withlatestfrom-second)
    ///
    /// - Parameter second: The driver or signal whose latest value is read.
    /// - Returns: A signal of `second`'s latest value at each value of this signal.
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second) -> Signal<Second.Element> {
        Signal<Second.Element>(unshared: asObservable().withLatestFrom(second), scheduler: scheduler)
    }

    /// Combines each value of this signal with the latest value of `second`; as
    /// ``Driver/withLatestFrom(_:resultSelector:)``.
    ///
    /// ```
    /// signal:  -a--b----c-d-|
    /// second:  --1---2-3-|
    ///          withLatestFrom(second) { $0 + $1 }
    /// output:  ----B----C-D-|     (B = b1, C = c3, D = d3)
    /// ```
    /// ![withLatestFrom(second) { $0 + $1 }, drawn from a run](signaloperators-withlatestfrom-second-0-1)
    ///
    /// - Parameters:
    ///   - second: The driver or signal whose latest value is read.
    ///   - resultSelector: Combines a value of this signal with `second`'s latest.
    /// - Returns: A signal of the combinations.
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result: Sendable>(
        _ second: Second,
        resultSelector: @escaping @Sendable (Element, Second.Element) -> Result
    ) -> Signal<Result> {
        Signal<Result>(unshared: asObservable().withLatestFrom(second, resultSelector: resultSelector), scheduler: scheduler)
    }

    /// Emits the values of all `sources` as they arrive: every way a screen can ask for a
    /// refresh, as one signal; as ``Driver/merge(_:)-(Driver<Element>...)``.
    ///
    /// ```
    /// first:   -a---b-|
    /// second:  ---1----2|
    ///          Signal.merge(first, second)
    /// output:  -a-1-b--2|
    /// ```
    /// ![Signal.merge(first, second), drawn from a run](signaloperators-signal-merge-first-second)
    ///
    /// - Parameter sources: The signals to merge.
    /// - Returns: A signal of the values of every source.
    public static func merge(_ sources: Signal<Element>...) -> Signal<Element> {
        merge(sources)
    }

    /// Emits the values of all `sources` as they arrive; as ``merge(_:)-(Signal<Element>...)``
    /// with an array. An empty array completes at once, on the main queue's scheduler.
    ///
    /// - Parameter sources: The signals to merge.
    /// - Returns: A signal of the values of every source.
    public static func merge(_ sources: [Signal<Element>]) -> Signal<Element> {
        guard let first = sources.first else { return .empty() }
        return Signal(unshared: Observable.merge(sources), scheduler: first.scheduler)
    }
}

extension Signal where Element: Equatable {
    /// Drops each value that equals the value emitted before it.
    ///
    /// ```
    /// signal:  -a-a-b-b-b-a-|
    ///          distinctUntilChanged()
    /// output:  -a---b-----a-|
    /// ```
    /// ![distinctUntilChanged(), drawn from a run](signaloperators-distinctuntilchanged)
    ///
    /// - Returns: A signal without consecutive duplicates.
    public func distinctUntilChanged() -> Signal<Element> {
        Signal(unshared: asObservable().distinctUntilChanged(), scheduler: scheduler)
    }
}
