import Synchronization

// The operators only a maybe has: what to do when it is empty, and side effects that tell an empty
// completion from a success.

extension PrimitiveSequence where Trait == MaybeTrait {
    /// Succeeds with `default` when this maybe completes empty: a ``Single``.
    ///
    /// ```
    /// maybe:   --|
    ///          ifEmpty(default: x)
    /// output:  --(x|)
    /// ```
    /// ![ifEmpty(default: x), drawn from a run](maybeoperators-ifempty-default-x)
    ///
    /// - Parameter default: The value to succeed with when there is none.
    /// - Returns: A single of this maybe's value or `default`.
    public func ifEmpty(default: Element) -> Single<Element> {
        Single(unchecked: asObservable().ifEmpty(default: `default`))
    }

    /// Continues with `other` when this maybe completes empty: the cache, then the network.
    ///
    /// ```
    /// maybe:   --|         (network is cold)
    /// network:   -(x|)
    ///          ifEmpty(switchTo: network)
    /// output:  ---(x|)
    /// ```
    /// ![ifEmpty(switchTo: network), drawn from a run](maybeoperators-ifempty-switchto-network)
    ///
    /// - Parameter other: The single to subscribe to when this maybe is empty.
    /// - Returns: A single of this maybe's value or `other`'s.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(unchecked: asObservable().ifEmpty(switchTo: other))
    }

    /// Continues with another maybe when this one completes empty.
    ///
    /// ```
    /// maybe:     --|         (fallback is cold)
    /// fallback:    -|
    ///            ifEmpty(switchTo: fallback)
    /// output:    ---|
    /// ```
    /// ![ifEmpty(switchTo: fallback), drawn from a run](maybeoperators-ifempty-switchto-fallback)
    ///
    /// - Parameter other: The maybe to subscribe to when this one is empty.
    /// - Returns: A maybe of this maybe's value or `other`'s.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(unchecked: asObservable().ifEmpty(switchTo: other))
    }

    /// Runs side effects for the result and the lifetime of each subscription, with RxSwift
    /// 6's labels (`onNext` for the value); see
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``
    /// for the order and for what a throwing handler does.
    ///
    /// Each of the three results has its own handlers, as
    /// ``subscribe(onSuccess:onError:onCompleted:onDisposed:)`` reports them: `onNext` and
    /// `afterNext` for a value, `onError` and `afterError` for a failure, `onCompleted` and
    /// `afterCompleted` for an empty completion only. (RxSwift's `Maybe.do` runs `onCompleted`
    /// after a value too, when the subscriber has not ended the subscription at the value yet;
    /// RxJava's `doOnComplete` runs only for an empty maybe, as here.) `onDispose` runs once.
    ///
    /// ```
    /// maybe:   --(a|)
    ///          do(onNext: { log.append($0) })   (log: a)
    /// output:  --(a|)
    /// ```
    /// ![do(onNext: { log.append($0) }), drawn from a run](maybeoperators-do-onnext-log-append-0)
    ///
    /// - Parameters:
    ///   - onNext: Runs with the value before it is forwarded; may throw.
    ///   - afterNext: Runs with the value after it was forwarded; may throw.
    ///   - onError: Runs with the error before it is forwarded; may throw.
    ///   - afterError: Runs with the error after it was forwarded.
    ///   - onCompleted: Runs before an empty completion is forwarded; may throw.
    ///   - afterCompleted: Runs after an empty completion was forwarded.
    ///   - onSubscribe: Runs before the maybe is subscribed.
    ///   - onSubscribed: Runs after it has been subscribed.
    ///   - onDispose: Runs once when the subscription ends, for any reason.
    /// - Returns: A maybe with the same result.
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
    ) -> Maybe<Element> {
        let source = asObservable()
        return Maybe(unchecked: Observable { observer in
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
