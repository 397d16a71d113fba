import Synchronization

extension ObservableType {
    /// Emits the latest value of `second` each time this observable emits.
    ///
    /// Values of this observable that arrive before `second` has emitted anything are
    /// dropped. Values of `second` alone emit nothing: they only replace the latest value. The
    /// result completes when this observable completes; when `second` completes, it is
    /// unsubscribed and its last value stays in use. An error from either fails the result at
    /// once.
    ///
    /// ```
    /// source:  -a--b----c-d-|
    /// second:  --1---2-3-|
    ///          withLatestFrom(second)
    /// output:  ----1----3-3-|
    /// ```
    /// ![withLatestFrom(second), drawn from a run](withlatestfrom-withlatestfrom-second)
    ///
    /// `second` is subscribed first, so a value it emits during its subscription is already
    /// there for the first value of this observable. Use it to read state when an event
    /// happens: a "retry" tap that needs the current query. Events are delivered serially,
    /// on the thread of the observable that emitted, or on the thread already delivering an
    /// earlier event.
    ///
    /// - Parameter second: The observable whose latest value is sampled.
    /// - Returns: An observable of `second`'s latest value at each value of this observable.
    public func withLatestFrom<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Second.Element> {
        withLatestFrom(second) { $1 }
    }

    /// Combines each value of this observable with the latest value of `second`.
    ///
    /// Behaves as ``withLatestFrom(_:)``, emitting `resultSelector(value, latest)`. If
    /// `resultSelector` throws, the error is sent downstream and both subscriptions end.
    ///
    /// ```
    /// source:  -a--b----c-d-|
    /// second:  --1---2-3-|
    ///          withLatestFrom(second) { $0 + $1 }
    /// output:  ----A----B-C-|       (A = b1, B = c3, C = d3)
    /// ```
    /// ![withLatestFrom(second) { $0 + $1 }, drawn from a run](withlatestfrom-withlatestfrom-second-0-1)
    ///
    /// - Parameters:
    ///   - second: The observable whose latest value is sampled.
    ///   - resultSelector: Combines a value with `second`'s latest value; may throw.
    /// - Returns: An observable of the combinations.
    public func withLatestFrom<Second: ObservableConvertibleType, Result: Sendable>(
        _ second: Second,
        resultSelector: @escaping @Sendable (Element, Second.Element) throws -> Result
    ) -> Observable<Result> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(WithLatestFromState<Element, Second.Element>())
            let first = SingleAssignmentDisposable()
            let other = SingleAssignmentDisposable()

            // Pairs go through the outbox; the selector runs as each is delivered, outside the
            // lock. A selector that throws ends the sequence with its error.
            let selecting = AnyObserver<(Element, Second.Element)> { event in
                let selected = event.map(resultSelector)
                if case .next = event, case .error = selected {
                    state.cancelDelivery()
                    first.dispose()
                    other.dispose()
                }
                observer.on(selected)
            }

            @Sendable func finish(with event: Event<(Element, Second.Element)>) {
                let decision = state.withLock { $0.terminate(with: event) }
                guard decision.finished else { return }
                first.dispose()
                other.dispose()
                state.deliver(decision.first, to: selecting)
            }

            other.setDisposable(second.asObservable().subscribe(AnyObserver { event in
                switch event {
                case .next(let latest):
                    // The value it replaces is released after the lock.
                    let replaced = state.withLock { state in
                        defer { state.latest = latest }
                        return state.latest
                    }
                    _ = replaced
                case .error(let error):
                    finish(with: .error(error))
                case .completed:
                    other.dispose()
                }
            }))
            first.setDisposable(source.subscribe(AnyObserver { event in
                switch event {
                case .next(let value):
                    state.deliver(state.withLock { $0.pair(value) }, to: selecting)
                case .error(let error):
                    finish(with: .error(error))
                case .completed:
                    finish(with: .completed)
                }
            }))
            return Disposables.create {
                state.cancelDelivery()
                first.dispose()
                other.dispose()
            }
        }
    }
}

/// The state of one `withLatestFrom` subscription: the latest value of the second observable.
private struct WithLatestFromState<Element: Sendable, Latest: Sendable>: SerialDelivering {
    var outbox = SerialOutbox<Event<(Element, Latest)>>()
    var latest: Latest?

    /// Sends `value` paired with the latest value, or drops it while there is none.
    mutating func pair(_ value: Element) -> Handoff<Event<(Element, Latest)>>? {
        guard let latest else { return nil }
        return outbox.send(.next((value, latest)))
    }

    /// Ends the sequence with `event` unless it has already ended.
    mutating func terminate(with event: Event<(Element, Latest)>) -> (finished: Bool, first: Handoff<Event<(Element, Latest)>>?) {
        guard !outbox.isClosed else { return (false, nil) }
        return (true, outbox.send(event))
    }
}
