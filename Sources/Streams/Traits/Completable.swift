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

extension CompletableEvent: TraitEvent {
    typealias Element = Never

    init(outcome: Result<Never?, any Error>) {
        if case .failure(let error) = outcome { self = .error(error) } else { self = .completed }
    }

    var outcome: Result<Never?, any Error> {
        if case .error(let error) = self { .failure(error) } else { .success(nil) }
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Creates a completable from a function that reports the outcome.
    ///
    /// As a single's `create`, reporting `.completed` or
    /// `.error(error)`.
    ///
    /// - Parameter subscribe: Starts the work for one subscriber and returns its cancellation.
    /// - Returns: The completable.
    public static func create(
        _ subscribe: @escaping @Sendable (@escaping @Sendable (CompletableEvent) -> Void) -> any Disposable
    ) -> Completable {
        reportingOutcome(of: subscribe)
    }

    /// Subscribes a closure that receives the outcome: `.completed` or `.error(error)`, once,
    /// unless the subscription is disposed first.
    ///
    /// - Parameter observer: Called once with the outcome.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ observer: @escaping @Sendable (CompletableEvent) -> Void) -> any Disposable {
        reportOutcome(to: observer)
    }

    /// Subscribes closures for completion and failure, with RxSwift 6's labels and order;
    /// `onDisposed` runs once when the subscription ends.
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
