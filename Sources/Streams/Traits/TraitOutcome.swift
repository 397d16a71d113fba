// Inside Streams, chapter 8, "Traits as thin wrappers": the first reported outcome wins, by one
// atomic exchange, and the work is disposed before it is delivered.

import Synchronization

// What Single, Maybe, Completable and first() share: a trait ends with one outcome, reported once.

extension Observable {
    /// The observable of a trait made from a user's `subscribe` function, which reports an
    /// outcome: only the first report counts, even when threads race, and the work's
    /// disposable is disposed as soon as that outcome is reported (just before it is delivered)
    /// or the subscriber disposes.
    ///
    /// - Parameters:
    ///   - subscribe: Starts the work for one subscriber and returns its cancellation.
    ///   - deliver: Sends an outcome to the observer as events.
    static func reportingOnce<Outcome: Sendable>(
        _ subscribe: @escaping @Sendable (@escaping @Sendable (Outcome) -> Void) -> any Disposable,
        deliver: @escaping @Sendable (Outcome, AnyObserver<Element>) -> Void
    ) -> Observable<Element> {
        Observable { observer in
            let reported = Atomic(false)
            let lifetime = SingleAssignmentDisposable()
            lifetime.setDisposable(subscribe { outcome in
                guard !lifetime.isDisposed, !reported.exchange(true, ordering: .acquiringAndReleasing) else {
                    return
                }
                lifetime.dispose()
                deliver(outcome, observer)
            })
            return lifetime
        }
    }

    /// Subscribes `handle` to the first event only, the outcome of a sequence that has at most
    /// one value: the subscription ends before `handle` runs, so the completion that follows a
    /// value, or an event sent from inside `handle`, is not seen.
    func subscribeToOutcome(_ handle: @escaping @Sendable (Event<Element>) -> Void) -> any Disposable {
        let upstream = SingleAssignmentDisposable()
        upstream.setDisposable(subscribe(AnyObserver { event in
            guard !upstream.isDisposed else { return }
            upstream.dispose()
            handle(event)
        }))
        return upstream
    }
}

/// Subscribes `handle` through a trait's `subscribe(_:)`, and ends the subscription once the
/// outcome is handled; `onDisposed` runs once when it ends, for whatever reason.
func subscribeHandlingOutcome<Outcome>(
    _ subscribe: (@escaping @Sendable (Outcome) -> Void) -> any Disposable,
    onDisposed: (@Sendable () -> Void)?,
    handle: @escaping @Sendable (Outcome) -> Void
) -> any Disposable {
    let subscription = SingleAssignmentDisposable()
    let whole: any Disposable = if let onDisposed {
        Disposables.create(subscription, Disposables.create(with: onDisposed))
    } else {
        subscription
    }
    subscription.setDisposable(subscribe { outcome in
        handle(outcome)
        whole.dispose()
    })
    return whole
}
