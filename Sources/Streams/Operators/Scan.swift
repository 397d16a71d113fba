import Synchronization

// Both forms of `scan` are `@inlinable`, with `ScanState`, so that the per-value path is
// specialised for the caller's types.
// Why this shape: Benchmarks/README.md, "Scan.swift: the accumulator in the caller".

extension ObservableType {
    /// Emits the running result of combining each value with the result so far.
    ///
    /// The first value is combined with `seed`; each later one with the previous result. The
    /// seed itself is never emitted, so an empty source emits only its completion. If
    /// `accumulator` throws, the error is sent downstream and the subscription ends.
    ///
    /// ```
    /// source:  -1-2-3-|
    ///          scan(0, accumulator: +)
    /// output:  -1-3-6-|
    /// ```
    /// ![scan(0, accumulator: +), drawn from a run](scan-scan-0-accumulator)
    ///
    /// - Parameters:
    ///   - seed: The result before the first value.
    ///   - accumulator: Combines the result so far with the next value; may throw.
    /// - Returns: An observable of the running results.
    @inlinable
    public func scan<Result: Sendable>(
        _ seed: Result,
        accumulator: @escaping @Sendable (Result, Element) throws -> Result
    ) -> Observable<Result> {
        scan(into: seed) { result, value in
            result = try accumulator(result, value)
        }
    }

    /// Emits the running result of updating an accumulated value in place with each value.
    ///
    /// Like ``scan(_:accumulator:)``, but `accumulator` mutates the result instead of returning
    /// a new one. The result is updated in place: appending a value to an array accumulator
    /// costs the same however long the array is, as long as no subscriber keeps the results. The seed itself is never emitted. If
    /// `accumulator` throws, the error is sent downstream and the subscription ends.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          scan(into: "") { $0 += $1 }   (x = "a", y = "ab", z = "abc")
    /// output:  -x-y-z-|
    /// ```
    /// ![scan(into: "") { $0 += $1 }, drawn from a run](scan-scan-into-0-1)
    ///
    /// - Parameters:
    ///   - seed: The result before the first value.
    ///   - accumulator: Updates the result with the next value; may throw.
    /// - Returns: An observable of the running results.
    @inlinable
    public func scan<Result: Sendable>(
        into seed: Result,
        accumulator: @escaping @Sendable (inout Result, Element) throws -> Void
    ) -> Observable<Result> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(ScanState<Result, Element>(result: seed))
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    if let error = accumulate(value, in: state, with: accumulator, emit: { observer.on(.next($0)) }) {
                        upstream.dispose()
                        observer.on(.error(error))
                    }
                case .error(let error):
                    upstream.dispose()
                    observer.on(.error(error))
                case .completed:
                    upstream.dispose()
                    observer.on(.completed)
                }
            }))
            return upstream
        }
    }
}

/// Accumulates `value` into the result in `state`, then every value the source sent from inside
/// the accumulator (queued meanwhile), and hands each new result to `emit`; the error
/// `accumulator` threw, if it did. The one loop of `scan(into:)` and `reduce(into:)`.
///
/// The result is moved out of the state, so the accumulator mutates the only copy in place (an
/// array appended to is not copied), outside the lock.
@inlinable
func accumulate<Result: Sendable, Value: Sendable>(
    _ value: Value,
    in state: borrowing Mutex<ScanState<Result, Value>>,
    with accumulator: (inout Result, Value) throws -> Void,
    emit: (Result) -> Void
) -> (any Error)? {
    var next: Value? = value
    while let value = next {
        guard var result = state.withLock({ $0.take(orQueue: value) }) else { return nil }
        do {
            try accumulator(&result, value)
        } catch {
            return error
        }
        next = state.withLock { $0.put(result) }
        emit(result)
    }
    return nil
}

/// The state of one ``ObservableType/scan(into:accumulator:)`` subscription.
///
/// Internal and `@usableFromInline` rather than private so that `scan` can be `@inlinable`
/// (see the top of this file); the re-entrant path stays out of line.
@usableFromInline
struct ScanState<Result, Value> {
    /// The running result; `nil` while the accumulator has it.
    @usableFromInline var result: Result?
    /// Whether `pending` holds values.
    @usableFromInline var hasPending = false
    /// Values that arrived while the accumulator ran: a source that delivers again from inside
    /// the accumulator breaks the serial-delivery contract, and its values are accumulated after
    /// the current one instead of being lost.
    private var pending = Queue<Value>()

    @inlinable
    init(result: Result) {
        self.result = result
    }

    /// Hands out the result for accumulating `value`, or queues `value` when the result is out.
    @inlinable
    mutating func take(orQueue value: Value) -> Result? {
        guard let result = result.take() else {
            park(value)
            return nil
        }
        return result
    }

    /// Puts the new result back; returns a value queued meanwhile, to accumulate next.
    @inlinable
    mutating func put(_ newResult: Result) -> Value? {
        result = newResult
        return hasPending ? unpark() : nil
    }

    @usableFromInline
    mutating func park(_ value: Value) {
        pending.append(value)
        hasPending = true
    }

    @usableFromInline
    mutating func unpark() -> Value? {
        defer { hasPending = !pending.isEmpty }
        return pending.popFirst()
    }
}
