// Inside Streams, chapter 8, "Traits as thin wrappers": the side effects, with RxSwift 6's labels.

import Synchronization

extension PrimitiveSequence where Trait == SingleTrait {
    /// Runs side effects for the result and the lifetime of each subscription, on the thread
    /// that delivers the result, as
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    ///
    /// A single's completion is part of its success, so there is no `onCompleted`. `subscribe(_:)`
    /// ends the subscription just before it hands over a result that comes later, so there
    /// `onDispose` runs first. Unlike RxSwift's, `afterSuccess` and `afterError` cannot throw.
    ///
    /// ```
    /// single:  --(a|)
    ///          do(onSuccess: { log.append($0) })   (log: a)
    /// output:  --(a|)
    /// ```
    /// ![do(onSuccess: { log.append($0) }), drawn from a run](primitivesequencedo-do-onsuccess-log-append-0)
    ///
    /// - Parameters:
    ///   - onSuccess: Runs with the value before it is delivered; may throw.
    ///   - afterSuccess: Runs with the value after it was delivered.
    ///   - onError: Runs with the error before it is delivered; may throw.
    ///   - afterError: Runs with the error after it was delivered.
    ///   - onSubscribe: Runs before this single is subscribed.
    ///   - onSubscribed: Runs after this single has been subscribed.
    ///   - onDispose: Runs once when the subscription ends, for any reason.
    /// - Returns: A single with the same result as this one.
    public func `do`(
        onSuccess: (@Sendable (Element) throws -> Void)? = nil,
        afterSuccess: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Single<Element> {
        Single(unchecked: asObservable().do(
            onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose
        ))
    }
}

extension PrimitiveSequence where Trait: CompletingTrait {
    /// Runs side effects for the outcome and the lifetime of each subscription of a maybe or a
    /// completable, on the thread that delivers the outcome, as
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``
    /// does, but `onCompleted` and `afterCompleted` run for an empty completion only (RxSwift's
    /// `Maybe.do` also runs them after a value).
    ///
    /// ```
    /// maybe:   --(a|)
    ///          do(onNext: { log.append($0) })   (log: a)
    /// output:  --(a|)
    /// ```
    /// ![do(onNext: { log.append($0) }), drawn from a run](primitivesequencedo-do-onnext-log-append-0)
    ///
    /// - Parameters:
    ///   - onNext: Runs with the value before it is forwarded; may throw.
    ///   - afterNext: Runs with the value after it was forwarded; may throw.
    ///   - onError: Runs with the error before it is forwarded; may throw.
    ///   - afterError: Runs with the error after it was forwarded.
    ///   - onCompleted: Runs before an empty completion is forwarded; may throw.
    ///   - afterCompleted: Runs after an empty completion was forwarded.
    ///   - onSubscribe: Runs before the sequence is subscribed.
    ///   - onSubscribed: Runs after it has been subscribed.
    ///   - onDispose: Runs once when the subscription ends, for any reason.
    /// - Returns: A sequence of the same trait with the same outcome.
    public func `do`(
        onNext: (@Sendable (Element) throws -> Void)? = nil,
        afterNext: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> PrimitiveSequence<Trait, Element> {
        let source = asObservable()
        return PrimitiveSequence(unchecked: Observable { observer in
            // Per subscription: after a value, the completion is the success's end, not an
            // empty maybe's.
            let succeeded = Atomic(false)
            let ifEmpty = { (handler: (@Sendable () throws -> Void)?) in
                handler.map { handler in { @Sendable in if !succeeded.load(ordering: .acquiring) { try handler() } } }
            }
            return source.do(
                onNext: { value in
                    succeeded.store(true, ordering: .releasing)
                    try onNext?(value)
                },
                afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: ifEmpty(onCompleted), afterCompleted: ifEmpty(afterCompleted),
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose
            ).subscribe(observer)
        })
    }
}
