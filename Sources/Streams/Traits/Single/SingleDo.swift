extension Single {
    /// Runs side effects for the result and the lifetime of each subscription, passing the
    /// result through unchanged; see
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    ///
    /// Use it for logging, analytics or a loading indicator. The handlers run in this order:
    /// `onSubscribe` before this single is subscribed and `onSubscribed` after; `onSuccess` or
    /// `onError` before the result is delivered, `afterSuccess` or `afterError` after it.
    /// `onDispose` runs once, when the subscription ends for any reason: when it is disposed
    /// before the result, or as the result arrives. ``subscribe(_:)`` ends the subscription
    /// just before it hands over a result that comes after `subscribe` has returned (a
    /// request, a hot source), so there `onDispose` runs before the subscriber sees the result.
    /// A result delivered during `subscribe` (`Single.just`) reaches the subscriber first,
    /// since a subscription can end only once `subscribe` has returned it; `onDispose` then
    /// runs after `onSubscribed`. An operator that takes the single as an observable, such as
    /// `flatMapLatest`, ends it after the completion that follows the value.
    ///
    /// There is no `onCompleted`, as in RxSwift: a single's completion is part of its success.
    /// (``Maybe/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``
    /// has one, for an empty maybe only.)
    ///
    /// If `onSuccess` throws, the value is not delivered and the single fails with the thrown
    /// error; if `onError` throws, the single fails with the thrown error instead. Unlike
    /// RxSwift, `afterSuccess` and `afterError` cannot throw: they run once the result has been
    /// delivered, when a single has no way left to report an error.
    ///
    /// ```
    /// single:  --(a|)
    ///          do(onSuccess: { log.append($0) })   (log: a)
    /// output:  --(a|)
    /// ```
    /// ![do(onSuccess: { log.append($0) }), drawn from a run](singledo-do-onsuccess-log-append-0)
    ///
    /// The result's handlers run on the thread that produced the result; `onSubscribe` and
    /// `onSubscribed` on the subscribing thread, `onDispose` on the thread that ends the
    /// subscription.
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
