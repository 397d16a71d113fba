// What only a maybe has: its event, and the check that makes one.

/// A sequence that produces at most one value: it succeeds with a value, completes empty, or
/// fails. The shape of a cache lookup, or of "the photo with this id, if there is one".
///
/// `Maybe.create` ignores everything after the first result, and ``ObservableType/asMaybe()``
/// turns a second value into ``SingleError/moreThanOneElement``, as RxSwift does.
///
/// ```swift
/// func cachedPhoto(id: String) -> Maybe<Photo> {
///     Maybe.create { maybe in
///         if let photo = cache[id] { maybe(.success(photo)) } else { maybe(.completed) }
///         return Disposables.create()
///     }
/// }
/// cachedPhoto(id: "p1").subscribe(onSuccess: { show($0) }, onError: { showError($0) }, onCompleted: { showPlaceholder() })
/// ```
public typealias Maybe<Element: Sendable> = PrimitiveSequence<MaybeTrait, Element>

/// What a ``Maybe`` ends with: its one value, an error, or an empty completion.
public enum MaybeEvent<Element: Sendable>: Sendable {
    /// The maybe produced its one value; as an observable, the value followed by the completion.
    case success(Element)
    /// The maybe failed.
    case error(any Error)
    /// The maybe completed without a value.
    case completed
}

extension MaybeEvent: TraitEvent {
    init(outcome: Result<Element?, any Error>) {
        switch outcome {
        case .success(let value?): self = .success(value)
        case .success(.none): self = .completed
        case .failure(let error): self = .error(error)
        }
    }

    var outcome: Result<Element?, any Error> {
        switch self {
        case .success(let value): .success(value)
        case .error(let error): .failure(error)
        case .completed: .success(nil)
        }
    }
}

extension PrimitiveSequence where Trait == MaybeTrait {
    /// What `Maybe.create` reports to and `subscribe(_:)` calls: RxSwift's name.
    public typealias MaybeObserver = @Sendable (MaybeEvent<Element>) -> Void
}

extension ObservableType {
    /// Turns a sequence that should produce at most one value into a ``Maybe``, delivered on the
    /// source's thread: the value comes with the completion, and a second one fails the maybe at
    /// once with ``SingleError/moreThanOneElement``, ending the source subscription.
    ///
    /// ```
    /// source:  -a--|
    ///          asMaybe()
    /// output:  ----(a|)
    ///
    /// source:  ---|
    ///          asMaybe()
    /// output:  ---|
    ///
    /// source:  -a-b-|
    ///          asMaybe()
    /// output:  ---#          (# is SingleError.moreThanOneElement)
    /// ```
    /// ![asMaybe(), drawn from a run](maybe-asmaybe)
    ///
    /// ![asMaybe(), drawn from a run](maybe-asmaybe_2)
    ///
    /// ![asMaybe(), drawn from a run](maybe-asmaybe_3)
    ///
    /// - Returns: A maybe of the source's value, if it has one.
    public func asMaybe() -> Maybe<Element> {
        // `reduce` holds the value until the completion; a second one fails it at once.
        let held = reduce(into: nil as Element?) { held, element in
            guard held == nil else { throw SingleError.moreThanOneElement }
            held = element
        }
        return Maybe(unchecked: held.compactMap { $0 })
    }
}
