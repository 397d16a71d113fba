import Synchronization

extension ObservableType {
    /// Emits the first `count` values, then completes.
    ///
    /// The completion follows the last value at the same tick, and the source is unsubscribed
    /// then. `take(0)` completes at once, without subscribing to the source. If the source
    /// ends sooner, its terminal event is forwarded.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          take(2)
    /// output:  -a-(b|)
    /// ```
    /// ![take(2), drawn from a run](take-take-2)
    ///
    /// - Parameter count: How many values to emit; zero or more.
    /// - Returns: An observable of at most `count` values.
    public func take(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "take(_:) needs a count of zero or more, got \(count)")
        guard count > 0 else { return .empty() }
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(TakeState(remaining: count))
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    let isLast = state.withLock { state -> Bool? in
                        guard state.remaining > 0 else { return nil }
                        state.remaining -= 1
                        return state.remaining == 0
                    }
                    guard let isLast else { return }
                    observer.on(.next(value))
                    if isLast {
                        upstream.dispose()
                        observer.on(.completed)
                    }
                case .error, .completed:
                    upstream.dispose()
                    observer.on(event)
                }
            }))
            return upstream
        }
    }

    /// Emits values while `predicate` holds, then completes at the first value that fails it.
    ///
    /// With ``TakeBehavior/exclusive`` (the default) the failing value is not emitted; with
    /// ``TakeBehavior/inclusive`` it is, just before the completion. The source is unsubscribed
    /// at its tick. If `predicate` throws, the error is sent downstream and the subscription ends.
    ///
    /// ```
    /// source:  -1-2-3-4-|
    ///          take(while: { $0 < 3 })
    /// output:  -1-2-|
    /// ```
    /// ![take(while: { $0 < 3 }), drawn from a run](take-take-while-0-3)
    ///
    /// ```
    /// source:  -1-2-3-4-|
    ///          take(while: { $0 < 3 }, behavior: .inclusive)
    /// output:  -1-2-(3|)
    /// ```
    /// ![take(while: { $0 < 3 }, behavior: .inclusive), drawn from a run](take-take-while-0-3-behavior-inclusive)
    ///
    /// - Parameters:
    ///   - predicate: Decides whether to keep going; may throw.
    ///   - behavior: Whether the value that fails `predicate` is emitted too.
    /// - Returns: An observable of the leading values that satisfy `predicate`.
    public func take(
        while predicate: @escaping @Sendable (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    do {
                        if try predicate(value) {
                            observer.on(.next(value))
                        } else {
                            upstream.dispose()
                            if behavior == .inclusive { observer.on(.next(value)) }
                            observer.on(.completed)
                        }
                    } catch {
                        upstream.dispose()
                        observer.on(.error(error))
                    }
                case .error, .completed:
                    upstream.dispose()
                    observer.on(event)
                }
            }))
            return upstream
        }
    }

    /// Emits values until one satisfies `predicate`, then completes: ``take(while:behavior:)``
    /// with the condition turned round, as RxSwift's `take(until:behavior:)`.
    ///
    /// ```
    /// source:  -1-2-3-4-|
    ///          take(until: { $0 == 3 }, behavior: .inclusive)
    /// output:  -1-2-(3|)
    /// ```
    /// ![take(until: { $0 == 3 }, behavior: .inclusive), drawn from a run](take-take-until-0-3-behavior-inclusive)
    ///
    /// - Parameters:
    ///   - predicate: Decides whether to stop; may throw.
    ///   - behavior: Whether the value that satisfies `predicate` is emitted too; not by default.
    /// - Returns: An observable of the leading values that do not satisfy `predicate`.
    public func take(
        until predicate: @escaping @Sendable (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        take(while: { try !predicate($0) }, behavior: behavior)
    }

    /// Emits values until `other` emits a value, then completes.
    ///
    /// `other` is subscribed first, then the source. When `other` emits its first value,
    /// the output completes and both are unsubscribed; if `other` has already emitted during
    /// `subscribe`, the source is never subscribed. An error from `other` is forwarded. If
    /// `other` completes without a value, it is unsubscribed and the source goes on as if it
    /// were not there.
    ///
    /// Events of the source and of `other` may arrive on different threads; they are
    /// delivered serially, each on the thread it arrived on. If `other` emits while a value is
    /// being delivered (from another thread, or from inside the subscriber itself), the
    /// completion is delivered right after that value, by the thread delivering it.
    ///
    /// ```
    /// source:  -a-b-c-d-|
    /// other:   ----x---
    ///          take(until: other)
    /// output:  -a-b|
    /// ```
    /// ![take(until: other), drawn from a run](take-take-until-other)
    ///
    /// - Parameter other: The observable whose first value ends the output.
    /// - Returns: An observable of the source's values until `other` emits.
    public func take<Other: ObservableConvertibleType>(until other: Other) -> Observable<Element> {
        let source = asObservable()
        let other = other.asObservable()
        return Observable { observer in
            let state = Mutex(TakeUntilState<Element>())
            let sourceSubscription = SingleAssignmentDisposable()
            let otherSubscription = SingleAssignmentDisposable()

            @Sendable func stop(with terminal: Event<Element>) {
                let (accepted, first) = state.withLock { state -> (Bool, Handoff<Event<Element>>?) in
                    guard !state.outbox.isClosed else { return (false, nil) }
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
                    stop(with: .completed)
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
                    state.send(event, to: observer)
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

/// How many values one ``ObservableType/take(_:)`` subscription may still emit.
private struct TakeState {
    var remaining: Int
}

/// The state of one ``ObservableType/take(until:)`` subscription: the source's values and the
/// terminal event, which the other observable may decide on another thread while a value is
/// being delivered, go out through one outbox.
private struct TakeUntilState<Element: Sendable>: SerialDelivering {
    var outbox = SerialOutbox<Event<Element>>()
}

/// Whether ``ObservableType/take(while:behavior:)`` and ``ObservableType/take(until:behavior:)``
/// also emit the value that ends them: RxSwift's `TakeBehavior`.
public enum TakeBehavior: Sendable {
    /// The value that ends the output is emitted, then the completion.
    case inclusive
    /// The value that ends the output is not emitted.
    case exclusive
}
