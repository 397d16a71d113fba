// Inside Streams, chapter 8, "Traits as thin wrappers": what only a single has: its event, its
// error, and the one place where its promise is enforced.

/// A sequence that produces exactly one value or an error: the shape of a network request.
///
/// It never emits two values and never completes empty: `Single.create` ignores everything
/// after the first result, and ``ObservableType/asSingle()`` turns a second value, or a
/// completion without one, into a ``SingleError``.
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

/// Why a sequence that should hold exactly one value did not: the error of
/// ``ObservableType/asSingle()`` and of ``ObservableType/single()`` (RxSwift's
/// `RxError.noElements` and `RxError.moreThanOneElement`).
public enum SingleError: Error, Equatable, Sendable {
    /// The source completed without a value.
    case noElements
    /// The source emitted a second value.
    case moreThanOneElement
}

extension Result: TraitEvent where Failure == any Error {
    typealias Element = Success

    /// A single's result; a completion without a value, unreachable for a well-formed single, is
    /// reported as ``SingleError/noElements`` rather than dropped.
    init(outcome: Result<Success?, any Error>) {
        self = outcome.flatMap { value -> Result<Success, any Error> in
            guard let value else { return .failure(SingleError.noElements) }
            return .success(value)
        }
    }

    var outcome: Result<Success?, any Error> { map(Optional.some) }
}

extension PrimitiveSequence where Trait == SingleTrait {
    /// Creates a single from a function that reports one result.
    ///
    /// `subscribe` runs once per subscriber. It starts the work and reports `.success(value)` or
    /// `.failure(error)`; only the first report counts, even when threads race. The disposable
    /// it returns is disposed when the result is reported (just before the single delivers it)
    /// or when the subscriber disposes, so it can cancel the work.
    ///
    /// - Parameter subscribe: Starts the work for one subscriber and returns its cancellation.
    /// - Returns: The single.
    public static func create(
        _ subscribe: @escaping @Sendable (@escaping @Sendable (SingleEvent<Element>) -> Void) -> any Disposable
    ) -> Single<Element> {
        reportingOutcome(of: subscribe)
    }

    /// Subscribes a closure that receives the result.
    ///
    /// - Parameter observer: Called once, with `.success(value)` or `.failure(error)`, unless
    ///   the subscription is disposed first.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(_ observer: @escaping @Sendable (SingleEvent<Element>) -> Void) -> any Disposable {
        reportOutcome(to: observer)
    }

    /// Subscribes closures for success and failure; `onDisposed` runs once when the
    /// subscription ends: after the other closure, or when it is disposed first.
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
    /// As ``ObservableType/asMaybe()``, but a source that completes without a value fails with
    /// ``SingleError/noElements``.
    ///
    /// ```
    /// source:  ---|
    ///          asSingle()
    /// output:  ---#          (# is SingleError.noElements)
    /// ```
    /// ![asSingle(), drawn from a run](single-assingle)
    ///
    /// - Returns: A single of the source's only value.
    public func asSingle() -> Single<Element> {
        // A maybe already holds the one value and fails on a second; only "empty" differs.
        asMaybe().ifEmpty(switchTo: Single.error(SingleError.noElements))
    }
}
