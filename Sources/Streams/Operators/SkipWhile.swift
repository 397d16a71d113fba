import Synchronization

extension ObservableType {
    /// Drops values while `predicate` holds, then emits every value from the first that fails it.
    ///
    /// Once a value fails `predicate`, it and every later value are emitted and `predicate` is
    /// not called again. Terminal events pass through at once. If `predicate` throws, the
    /// error is sent downstream and the subscription ends. Values are delivered on the thread
    /// the source emitted them on.
    ///
    /// ```
    /// source:  -1-2-3-1-|
    ///          skip(while: { $0 < 3 })
    /// output:  -----3-1-|
    /// ```
    /// ![skip(while: { $0 < 3 }), drawn from a run](skipwhile-skip-while-0-3)
    ///
    /// - Parameter predicate: Decides whether to keep dropping; may throw.
    /// - Returns: An observable of the values from the first one that fails `predicate` on.
    public func skip(while predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(SkipWhileState())
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    if state.withLock({ $0.isSkipping }) {
                        do {
                            guard try !predicate(value) else { return }
                        } catch {
                            upstream.dispose()
                            observer.on(.error(error))
                            return
                        }
                        state.withLock { $0.isSkipping = false }
                    }
                    observer.on(event)
                case .error, .completed:
                    upstream.dispose()
                    observer.on(event)
                }
            }))
            return upstream
        }
    }

    /// Drops the source's values until `other` emits a value, then emits the source's values.
    ///
    /// `other` is subscribed first, then the source. When `other` emits its first value, it is
    /// unsubscribed and the source's later values pass. An error from `other` is forwarded and
    /// ends the output; if it fails during `subscribe`, the source is never subscribed. If
    /// `other` completes without a value, it is unsubscribed and no value ever passes.
    ///
    /// The source's error passes at once. Its completion passes only once `other` has emitted:
    /// a source that completes before that ends the subscription (both are unsubscribed) and
    /// the output never terminates, as in RxSwift, where nothing of the source was let through.
    ///
    /// Events of the source and of `other` may arrive on different threads; they are delivered
    /// serially, each on the thread it arrived on, or on the thread already delivering.
    ///
    /// ```
    /// source:  -a-b-c-d-|
    /// other:   ----x---
    ///          skip(until: other)
    /// output:  -----c-d-|
    /// ```
    /// ![skip(until: other), drawn from a run](skipwhile-skip-until-other)
    ///
    /// - Parameter other: The observable whose first value lets the source's values through.
    /// - Returns: An observable of the source's values after `other` emits.
    public func skip<Other: ObservableConvertibleType>(until other: Other) -> Observable<Element> {
        skip(until: other.asObservable(), forwardsEarlyCompletion: false)
    }

    /// ``skip(until:)``, and, when `forwardsEarlyCompletion`, a source that completes before
    /// `other` has emitted completes the output: what ``skip(_:scheduler:)`` does, whose `other`
    /// is a timer.
    func skip<Other: Sendable>(until other: Observable<Other>, forwardsEarlyCompletion: Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(SkipUntilState<Element>())
            let sourceSubscription = SingleAssignmentDisposable()
            let otherSubscription = SingleAssignmentDisposable()

            @Sendable func stop(with terminal: Event<Element>) {
                let (accepted, first) = state.withLock { state -> (Bool, Handoff<Event<Element>>?) in
                    guard !state.outbox.isClosed else { return (false, nil) }
                    if case .completed = terminal, !state.isOpen, !forwardsEarlyCompletion {
                        // Ends without a word: the outbox closes with nothing queued, since no
                        // value passes before `other` has emitted.
                        state.outbox.isClosed = true
                        return (true, nil)
                    }
                    return (true, state.outbox.send(terminal))
                }
                guard accepted else { return }
                otherSubscription.dispose()
                sourceSubscription.dispose()
                state.deliver(first, to: observer)
            }

            otherSubscription.setDisposable(other.subscribe(AnyObserver { event in
                guard !otherSubscription.isDisposed else { return }
                switch event {
                case .next:
                    state.withLock { $0.isOpen = true }
                    otherSubscription.dispose()
                case .error(let error):
                    stop(with: .error(error))
                case .completed:
                    otherSubscription.dispose()
                }
            }))
            guard !state.withLock({ $0.outbox.isClosed }) else { return otherSubscription }

            sourceSubscription.setDisposable(source.subscribe(AnyObserver { event in
                guard !sourceSubscription.isDisposed else { return }
                switch event {
                case .next:
                    let first = state.withLock { $0.isOpen ? $0.outbox.send(event) : nil }
                    state.deliver(first, to: observer)
                case .error, .completed:
                    stop(with: event)
                }
            }))
            return Disposables.create {
                state.cancelDelivery()
                otherSubscription.dispose()
                sourceSubscription.dispose()
            }
        }
    }
}

/// Whether one ``ObservableType/skip(while:)`` subscription still drops values.
private struct SkipWhileState {
    var isSkipping = true
}

/// The state of one ``ObservableType/skip(until:)`` subscription: whether `other` has emitted,
/// and one outbox for the source's values and the terminal events, which `other` may decide on
/// another thread while a value is being delivered.
private struct SkipUntilState<Element: Sendable>: SerialDelivering {
    var outbox = SerialOutbox<Event<Element>>()
    var isOpen = false
}
