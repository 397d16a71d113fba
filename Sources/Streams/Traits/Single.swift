// Inside Streams, chapter 8, "Traits as thin wrappers": what only a single has: its event, its
// error, and the one place where its promise is enforced.

/// A sequence that produces exactly one value or an error: the shape of a network request.
///
/// A `Single` either succeeds once, with a value, or fails once, with an error; it never emits
/// two values and never completes empty. `Single.create`
/// ignores everything after the first result, and ``ObservableType/asSingle()`` turns a second
/// value, or a completion without one, into a ``SingleError``.
///
/// ```swift
/// func photos(page: Int) -> Single<[Photo]> {
///     Single.create { single in
///         let task = service.fetch(page: page) { result in single(result) }
///         return Disposables.create { task.cancel() }
///     }
/// }
///
/// photos(page: 1).subscribe(onSuccess: { show($0) }, onFailure: { showError($0) })
/// ```
///
/// As an observable, a success is a value followed at once by the completion, and a failure
/// is an error:
///
/// ```
/// success:  --(a|)
/// failure:  --#
/// ```
public typealias Single<Element: Sendable> = PrimitiveSequence<SingleTrait, Element>

/// What a ``Single`` ends with: its one value, or the error that replaced it.
public typealias SingleEvent<Element> = Result<Element, any Error>

/// Why ``ObservableType/asSingle()`` failed.
public enum SingleError: Error, Equatable, Sendable {
    /// The source completed without a value.
    case noElements
    /// The source emitted a second value.
    case moreThanOneElement
}

extension PrimitiveSequence where Trait == SingleTrait {
    /// Creates a single from a function that reports one result.
    ///
    /// `subscribe` runs once per subscriber. It starts the work and calls the function it is
    /// given with `.success(value)` or `.failure(error)`; only the first call counts, even when
    /// several threads race. The disposable it returns is disposed when the result is reported
    /// (just before the single delivers it) or when the subscriber disposes, so it can cancel
    /// the work.
    ///
    /// - Parameter subscribe: Starts the work for one subscriber and returns its cancellation.
    /// - Returns: The single.
    public static func create(
        _ subscribe: @escaping @Sendable (@escaping @Sendable (SingleEvent<Element>) -> Void) -> any Disposable
    ) -> Single<Element> {
        Single(unchecked: .reportingOnce(subscribe) { result, observer in
            switch result {
            case .success(let value):
                observer.on(.next(value))
                observer.on(.completed)
            case .failure(let error):
                observer.on(.error(error))
            }
        })
    }

    /// Subscribes a closure that receives the result.
    ///
    /// - Parameter observer: Called once, with `.success(value)` or `.failure(error)`, unless
    ///   the subscription is disposed first.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ observer: @escaping @Sendable (SingleEvent<Element>) -> Void) -> any Disposable {
        asObservable().subscribeToOutcome { event in
            switch event {
            case .next(let value):
                observer(.success(value))
            case .error(let error):
                observer(.failure(error))
            case .completed:
                // Unreachable for a well-formed single; reported rather than dropped.
                observer(.failure(SingleError.noElements))
            }
        }
    }

    /// Subscribes closures for success and failure.
    ///
    /// `onDisposed` runs once when the subscription ends: after `onSuccess` or `onFailure`, or
    /// when the returned disposable is disposed first.
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the value.
    ///   - onFailure: Called with the error.
    ///   - onDisposed: Called once when the subscription ends.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil,
        onFailure: (@Sendable (any Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        subscribeHandlingOutcome(subscribe, onDisposed: onDisposed) { result in
            switch result {
            case .success(let value): onSuccess?(value)
            case .failure(let error): onFailure?(error)
            }
        }
    }
}

extension ObservableType {
    /// Turns a sequence that should produce exactly one value into a ``Single``.
    ///
    /// The value is held until the source completes, then delivered with the completion. A
    /// source that completes without a value fails with ``SingleError/noElements``; a second
    /// value fails at once with ``SingleError/moreThanOneElement`` and ends the source
    /// subscription. Errors pass through.
    ///
    /// ```
    /// source:  -a--|
    ///          asSingle()
    /// output:  ----(a|)
    ///
    /// source:  -a-b-|
    ///          asSingle()
    /// output:  ---#          (# is SingleError.moreThanOneElement)
    ///
    /// source:  ---|
    ///          asSingle()
    /// output:  ---#          (# is SingleError.noElements)
    /// ```
    /// ![asSingle(), drawn from a run](single-assingle)
    ///
    /// ![asSingle(), drawn from a run](single-assingle_2)
    ///
    /// ![asSingle(), drawn from a run](single-assingle_3)
    ///
    /// - Returns: A single of the source's only value.
    public func asSingle() -> Single<Element> {
        // A maybe already holds the one value and fails on a second; only "empty" differs.
        asMaybe().ifEmpty(switchTo: Single.error(SingleError.noElements))
    }
}
