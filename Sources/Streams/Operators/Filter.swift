// Inside Streams, chapter 2, "Map and disposal": `map`'s skeleton with an `if` where the transform
// is.

// `filter` is `@inlinable` for the reason given at the top of Map.swift.

extension ObservableType {
    /// Emits only the values that satisfy a predicate.
    ///
    /// If `isIncluded` throws, the error is sent downstream and the subscription ends.
    ///
    /// ```
    /// source:  -1-2-3-4-|
    ///          filter { $0.isMultiple(of: 2) }
    /// output:  ---2---4-|
    /// ```
    /// ![filter { $0.isMultiple(of: 2) }, drawn from a run](filter-filter-0-ismultiple-of-2)
    ///
    /// - Parameter isIncluded: Decides whether a value passes; may throw.
    /// - Returns: An observable of the values that passed.
    @inlinable
    public func filter(
        _ isIncluded: @escaping @Sendable (Element) throws -> Bool
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    do {
                        if try isIncluded(value) { observer.on(.next(value)) }
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
