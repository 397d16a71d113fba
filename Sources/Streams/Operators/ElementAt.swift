import Synchronization

extension ObservableType {
    /// Emits only the value at a zero-based position, then completes.
    ///
    /// The completion follows the value at the same tick, and the source is unsubscribed then.
    /// If the source completes before that position, the output fails with
    /// ``ElementAtError/argumentOutOfRange(index:count:)``; a source error is forwarded. Values
    /// are delivered on the thread the source emitted them on.
    ///
    /// ```
    /// source:  -a-b-c-d-|
    ///          element(at: 2)
    /// output:  -----(c|)
    /// ```
    /// ![element(at: 2), drawn from a run](elementat-element-at-2)
    ///
    /// - Parameter index: The position of the value to emit; zero or more.
    /// - Returns: An observable of the one value at `index`.
    public func element(at index: Int) -> Observable<Element> {
        precondition(index >= 0, "element(at:) needs an index of zero or more, got \(index)")
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(ElementAtState(remaining: index))
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next:
                    let isWanted = state.withLock { state -> Bool in
                        state.remaining -= 1
                        return state.remaining == -1
                    }
                    guard isWanted else { return }
                    upstream.dispose()
                    observer.on(event)
                    observer.on(.completed)
                case .error:
                    upstream.dispose()
                    observer.on(event)
                case .completed:
                    let count = state.withLock { index - $0.remaining }
                    upstream.dispose()
                    observer.on(.error(ElementAtError.argumentOutOfRange(index: index, count: count)))
                }
            }))
            return upstream
        }
    }
}

/// Why ``ObservableType/element(at:)`` failed.
public enum ElementAtError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The source completed after `count` values, before the value at `index`.
    case argumentOutOfRange(index: Int, count: Int)

    public var description: String {
        switch self {
        case .argumentOutOfRange(let index, let count):
            "element(at: \(index)): the source completed after \(count) value\(count == 1 ? "" : "s")"
        }
    }
}

/// How many values one ``ObservableType/element(at:)`` subscription drops before the one it emits.
private struct ElementAtState {
    var remaining: Int
}
