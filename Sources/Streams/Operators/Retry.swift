import Synchronization

extension ObservableType {
    /// Resubscribes to this sequence each time it fails, for as long as it takes.
    ///
    /// The failed subscription is disposed and the new one made at the tick of the error.
    /// Values of every attempt are forwarded, so a source that fails part-way repeats its
    /// first values. Completion ends the output. A source that fails every time never ends:
    /// prefer ``retry(_:)`` with a limit.
    ///
    /// A source that fails during `subscribe` is resubscribed in a loop, not recursively, so
    /// many synchronous failures in a row do not grow the stack.
    ///
    /// ```
    /// source:  -a#     (cold: each attempt starts over)
    ///          retry()
    /// output:  -a-a-a-a-a-a-a-a
    /// ```
    /// ![retry(), drawn from a run](retry-retry)
    ///
    /// - Returns: An observable that replaces errors of this one with a new attempt.
    public func retry() -> Observable<Element> {
        retry(attempts: nil)
    }

    /// Subscribes to this sequence up to `maxAttemptCount` times in all, until one attempt
    /// does not fail.
    ///
    /// `retry(3)` subscribes, and on an error resubscribes at the same tick, at most three
    /// subscriptions in all; the error of the third attempt is forwarded. Values of every
    /// attempt are forwarded. As in RxSwift, `retry(0)` makes no attempt and completes at once,
    /// and `retry(1)` behaves like the source itself.
    ///
    /// A source that fails during `subscribe` is resubscribed in a loop, not recursively.
    ///
    /// ```
    /// source:  -a#     (cold: each attempt starts over)
    ///          retry(3)
    /// output:  -a-a-a#
    /// ```
    /// ![retry(3), drawn from a run](retry-retry-3)
    ///
    /// - Parameter maxAttemptCount: How many subscriptions to make at most; zero or more.
    /// - Returns: An observable that retries this one on error.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        precondition(maxAttemptCount >= 0, "retry(_:) needs a count of zero or more, got \(maxAttemptCount)")
        return retry(attempts: maxAttemptCount)
    }

    private func retry(attempts limit: Int?) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            guard limit != 0 else {
                observer.on(.completed)
                return Disposables.create()
            }
            let state = Mutex(RetryState())
            let current = SerialDisposable()

            // Subscribes, and subscribes again for as long as an attempt fails before the loop
            // checks `resubscribeRequested`; an attempt failing later calls it afresh.
            @Sendable func subscribeUntilSettled() {
                repeat {
                    let attempt = SingleAssignmentDisposable()
                    current.disposable = attempt
                    guard !attempt.isDisposed else { return }
                    state.withLock { $0.attemptsMade += 1 }
                    attempt.setDisposable(source.subscribe(AnyObserver { event in
                        guard !attempt.isDisposed else { return }
                        switch event {
                        case .next:
                            observer.on(event)
                        case .error(let error):
                            attempt.dispose()
                            let action = state.withLock { state -> RetryAction in
                                if let limit, state.attemptsMade >= limit { return .fail }
                                guard !state.isSubscribing else {
                                    state.resubscribeRequested = true
                                    return .leaveToLoop
                                }
                                state.isSubscribing = true
                                return .resubscribe
                            }
                            switch action {
                            case .fail: observer.on(.error(error))
                            case .resubscribe: subscribeUntilSettled()
                            case .leaveToLoop: break
                            }
                        case .completed:
                            attempt.dispose()
                            observer.on(.completed)
                        }
                    }))
                } while state.withLock({ state in
                    guard state.resubscribeRequested else {
                        state.isSubscribing = false
                        return false
                    }
                    state.resubscribeRequested = false
                    return true
                })
            }

            state.withLock { $0.isSubscribing = true }
            subscribeUntilSettled()
            return current
        }
    }
}

/// One ``ObservableType/retry(_:)`` subscription: how many attempts it has made, and whether
/// the subscribe loop is running, in which case a failed attempt asks it to go round again
/// instead of subscribing recursively.
private struct RetryState {
    var attemptsMade = 0
    var isSubscribing = false
    var resubscribeRequested = false
}

private enum RetryAction {
    case fail
    case resubscribe
    case leaveToLoop
}
