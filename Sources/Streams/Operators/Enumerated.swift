import Synchronization

extension ObservableType {
    /// Pairs each value with its zero-based position in the sequence.
    ///
    /// Each subscription counts from zero. Terminal events pass through at once. Values are
    /// delivered on the thread the source emitted them on.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          enumerated()
    /// output:  -A-B-C-|      (A = 0a, B = 1b, C = 2c)
    /// ```
    /// ![enumerated(), drawn from a run](enumerated-enumerated)
    ///
    /// - Returns: An observable of `(index, element)` pairs.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(EnumeratedState())
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    let index = state.withLock { state -> Int in
                        defer { state.next += 1 }
                        return state.next
                    }
                    observer.on(.next((index, value)))
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

/// The position one ``ObservableType/enumerated()`` subscription gives its next value.
private struct EnumeratedState {
    var next = 0
}
