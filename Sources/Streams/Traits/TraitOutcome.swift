// Inside Streams, chapter 8, "Traits as thin wrappers": the first reported outcome wins.

import Synchronization

/// What a trait's `create` is told and its `subscribe(_:)` reports (``SingleEvent``,
/// ``MaybeEvent``, ``CompletableEvent``), in the one form every trait ends with: a value, an
/// empty completion (`nil`), or an error.
protocol TraitEvent: SendableMetatype {
    associatedtype Element
    init(outcome: Result<Element?, any Error>)
    var outcome: Result<Element?, any Error> { get }
}

extension PrimitiveSequence {
    /// What every trait's `create` builds: only the first report of `subscribe` counts, even when
    /// threads race, delivered as a value followed at once by the completion, the completion
    /// alone, or the error. The work is disposed as soon as that report comes (just before it is
    /// delivered) or the subscriber disposes.
    static func reportingOutcome<Report: TraitEvent & Sendable>(
        of subscribe: @escaping @Sendable (@escaping @Sendable (Report) -> Void) -> any Disposable
    ) -> PrimitiveSequence<Trait, Element> where Report.Element == Element {
        PrimitiveSequence(unchecked: Observable { observer in
            let reported = Atomic(false)
            let lifetime = SingleAssignmentDisposable()
            lifetime.setDisposable(subscribe { report in
                guard !lifetime.isDisposed, !reported.exchange(true, ordering: .acquiringAndReleasing) else {
                    return
                }
                lifetime.dispose()
                switch report.outcome {
                case .success(let value?):
                    observer.on(.next(value))
                    observer.on(.completed)
                case .success(.none):
                    observer.on(.completed)
                case .failure(let error):
                    observer.on(.error(error))
                }
            })
            return lifetime
        })
    }

    /// What every trait's `subscribe(_:)` does: `observer` receives the first event, as the
    /// trait reports it; the completion that follows a value is not reported again.
    func reportOutcome<Report: TraitEvent>(to observer: @escaping @Sendable (Report) -> Void) -> any Disposable
    where Report.Element == Element {
        asObservable().subscribeToOutcome { event in
            switch event {
            case .next(let value): observer(Report(outcome: .success(value)))
            case .error(let error): observer(Report(outcome: .failure(error)))
            case .completed: observer(Report(outcome: .success(nil)))
            }
        }
    }

    /// What every trait's `subscribe(on…:)` does: the outcome, read as `Report` reports it, goes
    /// to `onValue`, `onError` or `onEmpty`; then the subscription ends, and `onDisposed` runs
    /// once when it ends, for whatever reason.
    func subscribeHandlingOutcome<Report: TraitEvent>(
        as report: Report.Type,
        onValue: (@Sendable (Element) -> Void)?,
        onError: (@Sendable (any Error) -> Void)?,
        onEmpty: (@Sendable () -> Void)?,
        onDisposed: (@Sendable () -> Void)?
    ) -> any Disposable where Report.Element == Element {
        let subscription = SingleAssignmentDisposable()
        let whole: any Disposable = if let onDisposed {
            Disposables.create(subscription, Disposables.create(with: onDisposed))
        } else {
            subscription
        }
        subscription.setDisposable(reportOutcome { (report: Report) in
            switch report.outcome {
            case .success(let value?): onValue?(value)
            case .success(.none): onEmpty?()
            case .failure(let error): onError?(error)
            }
            whole.dispose()
        })
        return whole
    }
}

extension Observable {
    /// Subscribes `handle` to the first event only, the outcome of a sequence that has at most
    /// one value: the subscription ends before `handle` runs, so the completion that follows a
    /// value, or an event sent from inside `handle`, is not seen. `first()` is made of it too.
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
