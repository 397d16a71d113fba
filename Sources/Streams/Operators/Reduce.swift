import Synchronization

extension ObservableType {
    /// Combines every value with the result so far and emits only the final result, when the
    /// source completes.
    ///
    /// The first value is combined with `seed`; each later one with the previous result. The
    /// final result and the completion follow the source's completion at the same tick; an
    /// empty source emits `seed`. A source error is forwarded and nothing is emitted. If
    /// `accumulator` throws, the error is sent downstream and the subscription ends. The result
    /// is delivered on the thread the source completed on.
    ///
    /// ```
    /// source:  -1-2-3-|
    ///          reduce(0, accumulator: +)
    /// output:  -------(6|)
    /// ```
    /// ![reduce(0, accumulator: +), drawn from a run](reduce-reduce-0-accumulator)
    ///
    /// - Parameters:
    ///   - seed: The result before the first value.
    ///   - accumulator: Combines the result so far with the next value; may throw.
    /// - Returns: An observable of the one final result.
    public func reduce<Result: Sendable>(
        _ seed: Result,
        accumulator: @escaping @Sendable (Result, Element) throws -> Result
    ) -> Observable<Result> {
        reduce(into: seed) { result, value in
            result = try accumulator(result, value)
        }
    }

    /// Combines every value as ``reduce(_:accumulator:)`` does, then emits `mapResult` of the
    /// final result: RxSwift's `reduce(_:accumulator:mapResult:)`.
    ///
    /// If `mapResult` throws, the error is sent downstream in place of the result.
    ///
    /// ```
    /// source:  -1-2-3-|
    ///          reduce(0, accumulator: +, mapResult: { $0 * 10 })   (x = "60")
    /// output:  -------(x|)
    /// ```
    /// ![reduce(0, accumulator: +, mapResult: { $0 * 10 }), drawn from a run](reduce-reduce-0-accumulator-mapresult-0-10)
    ///
    /// - Parameters:
    ///   - seed: The result before the first value.
    ///   - accumulator: Combines the result so far with the next value; may throw.
    ///   - mapResult: Turns the final result into the value emitted; may throw.
    /// - Returns: An observable of the one mapped result.
    public func reduce<Accumulate: Sendable, Result: Sendable>(
        _ seed: Accumulate,
        accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate,
        mapResult: @escaping @Sendable (Accumulate) throws -> Result
    ) -> Observable<Result> {
        reduce(seed, accumulator: accumulator).map(mapResult)
    }

    /// Updates an accumulated value in place with every value and emits it when the source
    /// completes.
    ///
    /// Like ``reduce(_:accumulator:)``, but `accumulator` mutates the result instead of
    /// returning a new one, as ``scan(into:accumulator:)`` does: appending to an array
    /// accumulator costs the same however long the array is.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          reduce(into: "") { $0 += $1 }   (x = "abc")
    /// output:  -------(x|)
    /// ```
    /// ![reduce(into: "") { $0 += $1 }, drawn from a run](reduce-reduce-into-0-1)
    ///
    /// - Parameters:
    ///   - seed: The result before the first value.
    ///   - accumulator: Updates the result with the next value; may throw.
    /// - Returns: An observable of the one final result.
    public func reduce<Result: Sendable>(
        into seed: Result,
        accumulator: @escaping @Sendable (inout Result, Element) throws -> Void
    ) -> Observable<Result> {
        let source = asObservable()
        return Observable { observer in
            // The same state and loop as scan's: the result is moved out while the accumulator
            // runs, and a value the source sends from inside the accumulator waits for it.
            let state = Mutex(ScanState<Result, Element>(result: seed))
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    if let error = accumulate(value, in: state, with: accumulator, emit: { _ in }) {
                        upstream.dispose()
                        observer.on(.error(error))
                    }
                case .error(let error):
                    upstream.dispose()
                    observer.on(.error(error))
                case .completed:
                    let result = state.withLock { $0.result.take() }
                    upstream.dispose()
                    if let result { observer.on(.next(result)) }
                    observer.on(.completed)
                }
            }))
            return upstream
        }
    }

    /// Collects every value into an array, emitted as a single when the source completes.
    ///
    /// The array holds the values in the order they came; an empty source gives `[]`. A source
    /// error fails the single. The array is delivered on the thread the source completed on.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          toArray()
    /// output:  -------(A|)      (A = [a, b, c])
    /// ```
    /// ![toArray(), drawn from a run](reduce-toarray)
    ///
    /// - Returns: A single of all the source's values.
    public func toArray() -> Single<[Element]> {
        Single(unchecked: reduce(into: []) { $0.append($1) })
    }
}
