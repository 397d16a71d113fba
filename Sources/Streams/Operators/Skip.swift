import Synchronization

extension ObservableType {
    /// Drops the first `count` values and emits the rest.
    ///
    /// Terminal events pass through at once, even while values are still being dropped.
    /// `skip(0)` emits every value.
    ///
    /// ```
    /// source:  -a-b-c-d-|
    ///          skip(2)
    /// output:  -----c-d-|
    /// ```
    /// ![skip(2), drawn from a run](skip-skip-2)
    ///
    /// - Parameter count: How many values to drop; zero or more.
    /// - Returns: An observable of the values after the first `count`.
    public func skip(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "skip(_:) needs a count of zero or more, got \(count)")
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(SkipState(remaining: count))
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next:
                    let isSkipped = state.withLock { state -> Bool in
                        guard state.remaining > 0 else { return false }
                        state.remaining -= 1
                        return true
                    }
                    if !isSkipped { observer.on(event) }
                case .error, .completed:
                    upstream.dispose()
                    observer.on(event)
                }
            }))
            return upstream
        }
    }
}

/// How many values one ``ObservableType/skip(_:)`` subscription still has to drop.
private struct SkipState {
    var remaining: Int
}
