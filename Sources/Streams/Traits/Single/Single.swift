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
/// A `Single` fits wherever an operator takes another sequence, with no `asObservable()`:
/// inside `flatMap`, `flatMapLatest`, `flatMapFirst` and `concatMap`, in `merge()`,
/// `concat(_:)`, `withLatestFrom`, `zip` and `combineLatest`, since it is an
/// ``ObservableConvertibleType``:
///
/// ```swift
/// let pages = pageRequests.flatMapLatest { page in photos(page: page) }   // Observable<[Photo]>
/// ```
///
/// Its own operators keep the promise of one result: ``map(_:)``, ``flatMap(_:)``,
/// ``do(onSuccess:afterSuccess:onError:afterError:onSubscribe:onSubscribed:onDispose:)``,
/// ``zip(_:_:resultSelector:)``, ``catch(_:)``, ``retry(_:)``, ``retry(when:)``,
/// ``timeout(_:scheduler:)``, ``delay(_:scheduler:)`` and ``observe(on:)``; ``value`` awaits
/// the result in async code.
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
    /// when several threads race. The disposable it returns is disposed when the result is
    /// reported (just before the single delivers it) or when the subscriber disposes, whichever
    /// comes first, so it can cancel the work.
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

    /// A single that succeeds at once with `element`.
    ///
    /// ```
    /// just(a):  (a|)
    /// ```
    /// ![just(a), drawn from a run](single-just-a)
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
    /// ![error(e), drawn from a run](single-error-e)
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
        source.subscribeToOutcome { event in
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
