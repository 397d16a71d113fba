// Inside Streams, chapter 8, "Traits as thin wrappers": what only a single has, and its one check.

/// A sequence that produces exactly one value or an error: the shape of a network request.
///
/// `Single.create` ignores everything after the first result, and ``ObservableType/asSingle()``
/// turns a second value, or a completion without one, into a ``SingleError``. As an observable,
/// a success is a value followed at once by the completion (`--(a|)`), a failure an error (`--#`).
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
    /// What `Single.create` reports to and `subscribe(_:)` calls: RxSwift's name.
    public typealias SingleObserver = @Sendable (SingleEvent<Element>) -> Void
}

extension ObservableType {
    /// Turns a sequence that should produce exactly one value into a ``Single``: as
    /// ``ObservableType/asMaybe()``, but a source that completes empty fails with
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
