// What only a maybe has: its event, its `create` and `subscribe`, and the check that makes one.

import Synchronization

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
    /// Turns a sequence that should produce at most one value into a ``Maybe``.
    ///
    /// The value is held until the source completes, then delivered with the completion, on
    /// the source's thread; a source that completes empty completes the maybe empty. A second
    /// value fails at once with ``SingleError/moreThanOneElement`` and ends the source
    /// subscription. Errors pass through.
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
        let source = asObservable()
        return Maybe(unchecked: Observable { observer in
            let held = Mutex<Element?>(nil)
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let element):
                    // The value a second one replaces is moved out and released after the lock.
                    let earlier = held.withLock { stored in
                        let earlier = stored
                        stored = element
                        return earlier
                    }
                    guard earlier != nil else { return }
                    upstream.dispose()
                    observer.on(.error(SingleError.moreThanOneElement))
                case .error(let error):
                    upstream.dispose()
                    observer.on(.error(error))
                case .completed:
                    upstream.dispose()
                    let element = held.withLock { $0.take() }
                    if let element { observer.on(.next(element)) }
                    observer.on(.completed)
                }
            }))
            return upstream
        })
    }
}
