/// A sequence that produces no values and only completes or fails: the shape of "save",
/// "delete" or "mark as read", where only the outcome matters.
///
/// Its element is `Never`, as in RxSwift 6: as an observable it is an `Observable<Never>`, so
/// the type itself says there are no values and the promise needs no check.
///
/// ```swift
/// func save(_ draft: Draft) -> Completable {
///     Completable.create { completable in
///         let task = service.save(draft) { error in
///             completable(error.map(CompletableEvent.error) ?? .completed)
///         }
///         return Disposables.create { task.cancel() }
///     }
/// }
///
/// save(draft)
///     .andThen(photos(page: 1))      // save, then reload
///     .subscribe(onSuccess: { show($0) }, onFailure: { showError($0) })
/// ```
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

/// What a ``Completable`` ends with: its completion or its error.
public enum CompletableEvent: Sendable {
    /// The completable failed.
    case error(any Error)
    /// The completable finished its work.
    case completed
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Creates a completable from a function that reports the outcome.
    ///
    /// `subscribe` runs once per subscriber. It starts the work and calls the function it is
    /// given with `.completed` or `.error(error)`; only the first call counts, even when
    /// several threads race. The disposable it returns is disposed when the outcome is
    /// reported (just before the completable delivers it) or when the subscriber disposes.
    ///
    /// - Parameter subscribe: Starts the work for one subscriber and returns its cancellation.
    /// - Returns: The completable.
    public static func create(
        _ subscribe: @escaping @Sendable (@escaping @Sendable (CompletableEvent) -> Void) -> any Disposable
    ) -> Completable {
        Completable(unchecked: .reportingOnce(subscribe) { outcome, observer in
            switch outcome {
            case .error(let error): observer.on(.error(error))
            case .completed: observer.on(.completed)
            }
        })
    }

    /// Subscribes a closure that receives the outcome: `.completed` or `.error(error)`, once,
    /// unless the subscription is disposed first.
    ///
    /// - Parameter observer: Called once with the outcome.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ observer: @escaping @Sendable (CompletableEvent) -> Void) -> any Disposable {
        asObservable().subscribeToOutcome { event in
            switch event {
            case .next(let never): switch never {}
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// Subscribes closures for completion and failure, with RxSwift 6's labels and order.
    ///
    /// `onDisposed` runs once when the subscription ends: after `onCompleted` or `onError`, or
    /// when the returned disposable is disposed first.
    ///
    /// - Parameters:
    ///   - onCompleted: Called when the completable completes.
    ///   - onError: Called with the error.
    ///   - onDisposed: Called once when the subscription ends.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        onCompleted: (@Sendable () -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        subscribeHandlingOutcome(subscribe, onDisposed: onDisposed) { outcome in
            switch outcome {
            case .error(let error): onError?(error)
            case .completed: onCompleted?()
            }
        }
    }

    /// Runs side effects for the outcome and the lifetime of each subscription; see
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``
    /// for the order and for what a throwing handler does.
    ///
    /// ```
    /// save:    --|
    ///          do(onCompleted: { log.append("saved") })
    /// output:  --|
    /// ```
    /// ![do(onCompleted: { log.append("saved") }), drawn from a run](completable-do-oncompleted-log-append-saved)
    ///
    /// - Parameters:
    ///   - onError: Runs with the error before it is forwarded; may throw.
    ///   - afterError: Runs with the error after it was forwarded.
    ///   - onCompleted: Runs before the completion is forwarded; may throw.
    ///   - afterCompleted: Runs after the completion was forwarded.
    ///   - onSubscribe: Runs before the completable is subscribed.
    ///   - onSubscribed: Runs after it has been subscribed.
    ///   - onDispose: Runs once when the subscription ends, for any reason.
    /// - Returns: A completable with the same outcome.
    public func `do`(
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Completable {
        Completable(unchecked: asObservable().do(
            onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose
        ))
    }
}

extension ObservableType where Element == Never {
    /// This sequence without values as a ``Completable``.
    ///
    /// As in RxSwift 6, only an `Observable<Never>` converts: call
    /// ``ObservableType/ignoreElements()`` first to drop the values of any other sequence.
    ///
    /// ```
    /// source:  -a-b-|
    ///          ignoreElements().asCompletable()
    /// output:  -----|
    /// ```
    /// ![ignoreElements().asCompletable(), drawn from a run](completable-ignoreelements-ascompletable)
    ///
    /// - Returns: The completable.
    public func asCompletable() -> Completable {
        Completable(unchecked: asObservable())
    }
}
