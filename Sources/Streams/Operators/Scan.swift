import Synchronization

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
    /// a new one, which avoids a copy for collections. The seed itself is never emitted. If
    /// `accumulator` throws, the error is sent downstream and the subscription ends.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          scan(into: "") { $0 += $1 }   (x = "a", y = "ab", z = "abc")
    /// output:  -x-y-z-|
    /// ```
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
            let state = Mutex(ScanState(result: seed))
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    var result = state.withLock { $0.result }
                    do {
                        try accumulator(&result, value)
                    } catch {
                        upstream.dispose()
                        observer.on(.error(error))
                        return
                    }
                    state.withLock { $0.result = result }
                    observer.on(.next(result))
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

/// The result accumulated so far by one ``ObservableType/scan(into:accumulator:)`` subscription.
///
/// Internal and `@usableFromInline` rather than private so that `scan` can be `@inlinable`,
/// and so specialised per element type in the caller's module.
@usableFromInline
struct ScanState<Result> {
    @usableFromInline
    var result: Result

    @inlinable
    init(result: Result) {
        self.result = result
    }
}
