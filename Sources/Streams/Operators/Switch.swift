// Inside Streams, chapter 7, "Merge, read top to bottom": `switchLatest` and so `flatMapLatest`:
// many sources, one outbox, as in `merge`.

import Synchronization

extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the values of the most recent inner observable, dropping the previous one each
    /// time a new one arrives.
    ///
    /// When the outer observable emits a new inner observable, the previous inner subscription
    /// is disposed at that moment, before the new one is subscribed, so nothing from the
    /// previous inner can follow. The result completes once the outer observable has completed
    /// and the current inner one, if any, has completed too. An error from the outer
    /// observable or from the current inner one is forwarded at once.
    ///
    /// ```
    /// source:  -x-y------|         (x and y are cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          switchLatest()
    /// output:  --1-3--4--|
    /// ```
    /// ![switchLatest(), drawn from a run](switch-switchlatest)
    ///
    /// Inner observables may emit on other threads than the outer one: events are delivered
    /// serially, on the thread of the observable that emitted, or on the thread already
    /// delivering an earlier event.
    ///
    /// - Returns: An observable of the values of the latest inner observable.
    public func switchLatest() -> Observable<Element.Element> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(SwitchState<Element.Element>())
            let outer = SingleAssignmentDisposable()
            let current = SerialDisposable()

            /// Sends a terminal event decided under the lock, disposing everything first.
            @Sendable func finish(_ decision: (finished: Bool, first: Handoff<Event<Element.Element>>?)) {
                if decision.finished {
                    outer.dispose()
                    current.dispose()
                }
                state.deliver(decision.first, to: observer)
            }

            outer.setDisposable(source.subscribe(AnyObserver { event in
                switch event {
                case .next(let inner):
                    guard let id = state.withLock({ $0.begin() }) else { return }
                    let subscription = SingleAssignmentDisposable()
                    current.disposable = subscription
                    subscription.setDisposable(inner.asObservable().subscribe(AnyObserver { event in
                        switch event {
                        case .next:
                            state.deliver(state.withLock { $0.send(event, from: id) }, to: observer)
                        case .error:
                            subscription.dispose()
                            finish(state.withLock { $0.terminate(with: event, from: id) })
                        case .completed:
                            subscription.dispose()
                            finish(state.withLock { $0.innerCompleted(id) })
                        }
                    }))
                case .error(let error):
                    finish(state.withLock { $0.terminate(with: .error(error), from: nil) })
                case .completed:
                    let decision = state.withLock { $0.outerCompleted() }
                    outer.dispose()
                    finish(decision)
                }
            }))
            return Disposables.create {
                state.cancelDelivery()
                outer.dispose()
                current.dispose()
            }
        }
    }
}

/// The state of one `switchLatest` subscription. Each inner observable gets an id; only the
/// latest id may emit, so a late event from a replaced inner is dropped.
private struct SwitchState<Element: Sendable>: SerialDelivering {
    var outbox = SerialOutbox<Event<Element>>()
    private var latest: UInt64 = 0
    /// Whether the latest inner observable is still running.
    private var hasRunningInner = false
    private var isOuterDone = false

    /// Registers a new inner observable; returns its id, or `nil` once terminated.
    mutating func begin() -> UInt64? {
        guard !outbox.isClosed else { return nil }
        latest &+= 1
        hasRunningInner = true
        return latest
    }

    mutating func send(_ event: Event<Element>, from id: UInt64) -> Handoff<Event<Element>>? {
        id == latest ? outbox.send(event) : nil
    }

    /// Ends the sequence with `event` if it comes from the outer observable (`id == nil`) or
    /// the latest inner one, and the sequence is still open.
    mutating func terminate(with event: Event<Element>, from id: UInt64?) -> (finished: Bool, first: Handoff<Event<Element>>?) {
        guard id == nil || id == latest, !outbox.isClosed else { return (false, nil) }
        return (true, outbox.send(event))
    }

    mutating func innerCompleted(_ id: UInt64) -> (finished: Bool, first: Handoff<Event<Element>>?) {
        guard id == latest else { return (false, nil) }
        hasRunningInner = false
        return isOuterDone ? terminate(with: .completed, from: nil) : (false, nil)
    }

    mutating func outerCompleted() -> (finished: Bool, first: Handoff<Event<Element>>?) {
        isOuterDone = true
        return hasRunningInner ? (false, nil) : terminate(with: .completed, from: nil)
    }
}
