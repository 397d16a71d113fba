import Synchronization

extension ObservableType {
    /// Emits the last `count` values of the source when it completes, then completes.
    ///
    /// The operator keeps the latest `count` values, dropping the oldest as new ones arrive, and
    /// emits them in order at the tick of the source's completion, followed by the completion.
    /// Nothing is emitted before the source completes, so use it on sequences that end. An error
    /// is forwarded at once and the kept values are dropped. `takeLast(0)`, and a negative count
    /// (which RxSwift rejects by stopping the program), keep nothing: the output only completes,
    /// when the source does. The source is unsubscribed when it terminates.
    ///
    /// ```
    /// source:  -a-b-c-d-|
    ///          takeLast(2)
    /// output:  ---------(cd|)
    /// ```
    /// ![takeLast(2), drawn from a run](takelast-takelast-2)
    ///
    /// ```
    /// source:  -a-b-c-#
    ///          takeLast(2)
    /// output:  -------#
    /// ```
    /// ![takeLast(2), drawn from a run](takelast-takelast-2_2)
    ///
    /// Events are delivered on the thread the source completed or failed on. A subscriber that
    /// disposes while the kept values are being delivered receives none of the rest.
    ///
    /// - Parameter count: How many of the last values to emit.
    /// - Returns: An observable of at most `count` values, all at the source's completion.
    public func takeLast(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        let limit = max(count, 0)
        return Observable { observer in
            let state = Mutex(TakeLastState<Element>())
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                let first: Handoff<Event<Element>>?
                switch event {
                case .next(let value):
                    // `dropped`, the value that fell out of the last `count`, is released after
                    // the lock.
                    let dropped = state.withLock { $0.keep(value, limit: limit) }
                    _ = dropped
                    return
                case .error(let error):
                    let (event, dropped) = state.withLock { $0.fail(error) }
                    _ = dropped
                    first = event
                case .completed:
                    first = state.withLock { $0.complete() }
                }
                upstream.dispose()
                state.deliver(first, to: observer)
            }))
            return Disposables.create {
                state.cancelDelivery()
                upstream.dispose()
            }
        }
    }
}

/// The state of one ``ObservableType/takeLast(_:)`` subscription: the last values, and the
/// outbox through which they are delivered at the completion, so that a subscriber that
/// disposes part-way through stops the rest.
private struct TakeLastState<Element: Sendable>: SerialDelivering {
    /// The latest values, oldest first; at most the count asked for.
    var last = Queue<Element>()
    var outbox = SerialOutbox<Event<Element>>()

    /// Keeps `value` among the last `limit` values; returns the value that falls out, if any.
    mutating func keep(_ value: Element, limit: Int) -> Element? {
        last.append(value)
        return last.count > limit ? last.popFirst() : nil
    }

    /// Hands the kept values, then the completion, to the outbox.
    mutating func complete() -> Handoff<Event<Element>>? {
        let values = sequence(state: last.removeAll()) { $0.popFirst() }
        return outbox.send(contentsOf: values.map(Event.next) + [.completed])
    }

    /// Sends the error and hands back the kept values, for the caller to release after the lock.
    mutating func fail(_ error: any Error) -> (first: Handoff<Event<Element>>?, dropped: Queue<Element>) {
        (outbox.send(.error(error)), last.removeAll())
    }
}
