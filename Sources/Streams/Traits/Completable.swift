// What only a completable has: its event, and the conversion.

/// A sequence that produces no values and only completes or fails: the shape of "save",
/// "delete" or "mark as read", where only the outcome matters.
///
/// Its element is `Never`, as in RxSwift 6: the type itself says there are no values.
///
/// ```swift
/// func save(_ draft: Draft) -> Completable {
///     Completable.create { completable in
///         let task = service.save(draft) { error in completable(error.map(CompletableEvent.error) ?? .completed) }
///         return Disposables.create { task.cancel() }
///     }
/// }
/// save(draft).andThen(photos(page: 1)).subscribe(onSuccess: { show($0) }, onFailure: { showError($0) })
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
    /// What `Completable.create` reports to and `subscribe(_:)` calls: RxSwift's name.
    public typealias CompletableObserver = @Sendable (CompletableEvent) -> Void
}

extension ObservableType where Element == Never {
    /// This sequence without values as a ``Completable``, delivered where it is. As in RxSwift 6,
    /// only an `Observable<Never>` converts: ``ObservableType/ignoreElements()`` drops the values
    /// of any other sequence.
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
