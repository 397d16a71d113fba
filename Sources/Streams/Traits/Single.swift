import Synchronization

/// What a ``Single`` ends with: its one value, or the error that replaced it.
public typealias SingleEvent<Element> = Result<Element, any Error>

/// A sequence that produces exactly one value or an error: the shape of a network request.
///
/// A `Single` either succeeds once, with a value, or fails once, with an error; it never emits
/// two values and never completes empty. That promise is kept by construction: ``create(_:)``
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
/// photos(page: 1).subscribe(
///     onSuccess: { show($0) },
///     onFailure: { showError($0) }
/// )
/// ```
///
/// As an observable (``asObservable()``), a success is a value followed at once by the
/// completion, and a failure is an error:
///
/// ```
/// success:  --(a|)
/// failure:  --#
/// ```
///
/// Like ``Observable``, a `Single` is a recipe: each subscription runs it again. Events are
/// delivered on the thread that produced the result; use ``observe(on:)`` to move them.
public struct Single<Element: Sendable>: ObservableConvertibleType {
    private let source: Observable<Element>

    /// Wraps an observable already known to emit one value and complete, or to fail.
    init(unchecked source: Observable<Element>) {
        self.source = source
    }

    /// This single as an observable: its value followed by the completion, or its error.
    public func asObservable() -> Observable<Element> {
        source
    }
}

/// Why ``ObservableType/asSingle()`` failed.
public enum SingleError: Error, Equatable, Sendable {
    /// The source completed without a value.
    case noElements
    /// The source emitted a second value.
    case moreThanOneElement
}

// MARK: - Creating

extension Single {
    /// Creates a single from a function that reports one result.
    ///
    /// `subscribe` runs once per subscriber. It starts the work and calls the function it is
    /// given with `.success(value)` or `.failure(error)`; only the first call counts, even
    /// when several threads race. The disposable it returns is disposed when the single has
    /// delivered its result or when the subscriber disposes, whichever comes first, so it can
    /// cancel the work.
    ///
    /// - Parameter subscribe: Starts the work for one subscriber and returns its cancellation.
    /// - Returns: The single.
    public static func create(
        _ subscribe: @escaping @Sendable (@escaping @Sendable (SingleEvent<Element>) -> Void) -> any Disposable
    ) -> Single<Element> {
        Single(unchecked: Observable { observer in
            let resolved = Atomic(false)
            let lifetime = SingleAssignmentDisposable()
            lifetime.setDisposable(subscribe { result in
                guard !lifetime.isDisposed, !resolved.exchange(true, ordering: .acquiringAndReleasing) else {
                    return
                }
                lifetime.dispose()
                switch result {
                case .success(let value):
                    observer.on(.next(value))
                    observer.on(.completed)
                case .failure(let error):
                    observer.on(.error(error))
                }
            })
            return lifetime
        })
    }

    /// A single that succeeds at once with `element`.
    ///
    /// ```
    /// just(a):  (a|)
    /// ```
    ///
    /// - Parameter element: The value.
    /// - Returns: The single.
    public static func just(_ element: Element) -> Single<Element> {
        Single(unchecked: .just(element))
    }

    /// A single that fails at once with `error`.
    ///
    /// ```
    /// error(e):  #
    /// ```
    ///
    /// - Parameter error: The error.
    /// - Returns: The single.
    public static func error(_ error: any Error) -> Single<Element> {
        Single(unchecked: .error(error))
    }

    /// A single that calls `factory` for each subscriber and subscribes to the single it
    /// returns; if `factory` throws, the single fails with that error.
    ///
    /// - Parameter factory: Builds the single to subscribe to.
    /// - Returns: The deferred single.
    public static func deferred(_ factory: @escaping @Sendable () throws -> Single<Element>) -> Single<Element> {
        Single(unchecked: .deferred { try factory().asObservable() })
    }
}

// MARK: - Subscribing

extension Single {
    /// Subscribes a closure that receives the result.
    ///
    /// - Parameter observer: Called once, with `.success(value)` or `.failure(error)`, unless
    ///   the subscription is disposed first.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ observer: @escaping @Sendable (SingleEvent<Element>) -> Void) -> any Disposable {
        let upstream = SingleAssignmentDisposable()
        upstream.setDisposable(source.subscribe(AnyObserver { event in
            guard !upstream.isDisposed else { return }
            upstream.dispose()
            switch event {
            case .next(let value):
                observer(.success(value))
            case .error(let error):
                observer(.failure(error))
            case .completed:
                // Unreachable for a well-formed single; reported rather than dropped.
                observer(.failure(SingleError.noElements))
            }
        }))
        return upstream
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
        let subscription = SingleAssignmentDisposable()
        let whole: any Disposable = if let onDisposed {
            Disposables.create(subscription, Disposables.create(with: onDisposed))
        } else {
            subscription
        }
        subscription.setDisposable(subscribe { result in
            switch result {
            case .success(let value): onSuccess?(value)
            case .failure(let error): onFailure?(error)
            }
            whole.dispose()
        })
        return whole
    }
}

// MARK: - Operators

extension Single {
    /// Transforms the value; a throwing `transform` turns the success into a failure.
    ///
    /// ```
    /// single:  --(a|)
    ///          map { $0.uppercased() }
    /// output:  --(A|)
    /// ```
    ///
    /// - Parameter transform: Applied to the value; may throw.
    /// - Returns: A single of the transformed value.
    public func map<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result
    ) -> Single<Result> {
        Single<Result>(unchecked: source.map(transform))
    }

    /// Chains a second single that depends on the value of this one: fetch a page, then the
    /// details of its first photo.
    ///
    /// A failure of either single, or a throwing `selector`, fails the result. Disposing
    /// cancels whichever single is running.
    ///
    /// - Parameter selector: Builds the next single from the value; may throw.
    /// - Returns: A single of the second single's value.
    public func flatMap<Result: Sendable>(
        _ selector: @escaping @Sendable (Element) throws -> Single<Result>
    ) -> Single<Result> {
        Single<Result>(unchecked: source.flatMap { try selector($0).asObservable() })
    }

    /// Replaces a failure with the single that `handler` returns for the error.
    ///
    /// If `handler` throws, the result fails with that error.
    ///
    /// - Parameter handler: Builds the replacement from the error; may throw.
    /// - Returns: A single that succeeds with this single's value or the replacement's.
    public func `catch`(_ handler: @escaping @Sendable (any Error) throws -> Single<Element>) -> Single<Element> {
        Single(unchecked: source.catch { try handler($0).asObservable() })
    }

    /// Replaces a failure with a success carrying `element`.
    ///
    /// ```
    /// single:  --#
    ///          catchAndReturn(x)
    /// output:  --(x|)
    /// ```
    ///
    /// - Parameter element: The value to succeed with instead of failing.
    /// - Returns: A single that never fails.
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        self.catch { _ in .just(element) }
    }

    /// Subscribes again after a failure, up to `maxAttemptCount` subscriptions in all.
    ///
    /// `retry(3)` tries at most three times and then fails with the last error. Each attempt
    /// runs the single's recipe again: a new request. The next attempt starts as soon as the
    /// previous one failed, without a pause; a single that fails during `subscribe` is
    /// resubscribed in a loop, not recursively. A count below 1 still makes one attempt, since a
    /// single cannot end without a result.
    ///
    /// ```
    /// single:         -#
    ///                 retry(3)
    /// output:         ---#
    /// subscriptions:  ^!
    ///                 -^!
    ///                 --^!
    /// ```
    ///
    /// - Parameter maxAttemptCount: The most subscriptions to make, the first one included.
    /// - Returns: A single that fails only once every attempt has failed.
    public func retry(_ maxAttemptCount: Int) -> Single<Element> {
        Single(unchecked: source.retry(max(maxAttemptCount, 1)))
    }

    /// Delivers the result on `scheduler`; see ``ObservableType/observe(on:)``.
    ///
    /// - Parameter scheduler: The scheduler that delivers the result.
    /// - Returns: The same single, delivered on `scheduler`.
    public func observe(on scheduler: any Scheduler) -> Single<Element> {
        Single(unchecked: source.observe(on: scheduler))
    }

    /// Delivers a success `dueTime` later; a failure is delivered at once. See
    /// ``ObservableType/delay(_:scheduler:)``.
    ///
    /// ```
    /// single:  -(a|)
    ///          delay(.seconds(2))
    /// output:  ---(a|)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How much later a success is delivered.
    ///   - scheduler: The scheduler that delivers it.
    /// - Returns: The delayed single.
    public func delay(_ dueTime: Duration, scheduler: any Scheduler) -> Single<Element> {
        Single(unchecked: source.delay(dueTime, scheduler: scheduler))
    }
}

// MARK: - From an observable

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
    ///
    /// - Returns: A single of the source's only value.
    public func asSingle() -> Single<Element> {
        let source = asObservable()
        return Single(unchecked: Observable { observer in
            let value = Mutex<Element?>(nil)
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let element):
                    // A first element replaced by a second is released after the lock.
                    let replaced = value.withLock { stored in
                        defer { stored = element }
                        return stored
                    }
                    guard replaced != nil else { return }
                    upstream.dispose()
                    observer.on(.error(SingleError.moreThanOneElement))
                case .error(let error):
                    upstream.dispose()
                    observer.on(.error(error))
                case .completed:
                    upstream.dispose()
                    if let element = value.withLock({ $0 }) {
                        observer.on(.next(element))
                        observer.on(.completed)
                    } else {
                        observer.on(.error(SingleError.noElements))
                    }
                }
            }))
            return upstream
        })
    }
}
