// Inside Streams, chapter 2, "Map and disposal": `map`, the operator to read first: the shape every
// operator repeats, with one line of its own work.

// `map` and `compactMap` are `@inlinable`, as is `filter`, so that the per-value closure is
// specialised for the caller's types.
// Why this shape: Benchmarks/README.md, "Map.swift and Filter.swift: the closure in the caller".

extension ObservableType {
    /// Transforms each value with a function.
    ///
    /// If `transform` throws, the error is sent downstream and the subscription ends.
    ///
    /// ```
    /// source:  -1-2-3-|
    ///          map { $0 * 10 }   (output values: x = 10, y = 20, z = 30)
    /// output:  -x-y-z-|
    /// ```
    /// ![map { $0 * 10 }, drawn from a run](map-map-0-10)
    ///
    /// - Parameter transform: Applied to each value; may throw.
    /// - Returns: An observable of the transformed values.
    @inlinable
    public func map<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result
    ) -> Observable<Result> {
        let source = asObservable()
        return Observable { observer in
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    do {
                        observer.on(.next(try transform(value)))
                    } catch {
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

extension ObservableType {
    /// Transforms each value with a function and drops the `nil` results.
    ///
    /// If `transform` throws, the error is sent downstream and the subscription ends.
    ///
    /// ```
    /// source:  -1-x-3-|
    ///          compactMap { Int($0) }   (source values are strings)
    /// output:  -1---3-|
    /// ```
    /// ![compactMap { Int($0) }, drawn from a run](map-compactmap-int-0)
    ///
    /// - Parameter transform: Applied to each value; returns `nil` to drop it; may throw.
    /// - Returns: An observable of the non-`nil` transformed values.
    @inlinable
    public func compactMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result?
    ) -> Observable<Result> {
        let source = asObservable()
        return Observable { observer in
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    do {
                        if let result = try transform(value) { observer.on(.next(result)) }
                    } catch {
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
