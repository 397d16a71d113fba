/// What a ``Completable`` ends with: its completion or its error.
public enum CompletableEvent: Sendable {
    /// The completable failed.
    case error(any Error)
    /// The completable finished its work.
    case completed
}

/// A sequence that produces no values and only completes or fails: the shape of "save",
/// "delete" or "mark as read", where only the outcome matters.
///
/// As an observable (``asObservable()``) it is an `Observable<Never>`: the type itself says
/// there are no values, so the promise needs no check.
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
///
/// ```
/// completed:  --|
/// failure:    --#
/// ```
///
/// Like ``Observable``, a `Completable` is a recipe: each subscription runs it again. Events
/// are delivered on the thread that produced them; use ``observe(on:)`` to move them.
public struct Completable: ObservableConvertibleType {
    private let source: Observable<Never>

    /// Wraps a sequence without values; any `Observable<Never>` keeps the promise.
    init(unchecked source: Observable<Never>) {
        self.source = source
    }

    /// This completable as an observable without values: its completion or its error.
    public func asObservable() -> Observable<Never> {
        source
    }
}

// MARK: - Creating

extension Completable {
    /// Creates a completable from a function that reports the outcome.
    ///
    /// `subscribe` runs once per subscriber. It starts the work and calls the function it is
    /// given with `.completed` or `.error(error)`; only the first call counts, even when
    /// several threads race. The disposable it returns is disposed when the outcome is
    /// reported (just before the completable delivers it) or when the subscriber disposes,
    /// whichever comes first, so it can cancel the work.
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

    /// A completable that completes at once.
    ///
    /// ```
    /// empty():  |
    /// ```
    /// ![empty(), drawn from a run](completable-empty)
    ///
    /// - Returns: The completable.
    public static func empty() -> Completable {
        Completable(unchecked: .empty())
    }

    /// A completable that fails at once with `error`.
    ///
    /// ```
    /// error(e):  #
    /// ```
    /// ![error(e), drawn from a run](completable-error-e)
    ///
    /// - Parameter error: The error.
    /// - Returns: The completable.
    public static func error(_ error: any Error) -> Completable {
        Completable(unchecked: .error(error))
    }

    /// A completable that never ends.
    ///
    /// ```
    /// never():  ----
    /// ```
    /// ![never(), drawn from a run](completable-never)
    ///
    /// - Returns: The completable.
    public static func never() -> Completable {
        Completable(unchecked: .never())
    }

    /// A completable that calls `factory` for each subscriber and subscribes to the
    /// completable it returns; if `factory` throws, the completable fails with that error.
    ///
    /// - Parameter factory: Builds the completable to subscribe to.
    /// - Returns: The deferred completable.
    public static func deferred(_ factory: @escaping @Sendable () throws -> Completable) -> Completable {
        Completable(unchecked: .deferred { try factory().asObservable() })
    }
}

// MARK: - Subscribing

extension Completable {
    /// Subscribes a closure that receives the outcome.
    ///
    /// - Parameter observer: Called once, with `.completed` or `.error(error)`, unless the
    ///   subscription is disposed first.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ observer: @escaping @Sendable (CompletableEvent) -> Void) -> any Disposable {
        source.subscribeToOutcome { event in
            switch event {
            case .next(let never):
                switch never {}
            case .error(let error):
                observer(.error(error))
            case .completed:
                observer(.completed)
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
}

// MARK: - From an observable

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
