extension ObservableType {
    /// Runs side effects for the events and the lifetime of each subscription, passing the
    /// events through unchanged.
    ///
    /// Use it for logging, analytics or a loading indicator, not to transform values. The
    /// handlers run on the thread that delivers the event, in this order:
    ///
    /// - `onSubscribe` before the source is subscribed, `onSubscribed` after `subscribe` has
    ///   returned;
    /// - `onNext`, `onError` or `onCompleted` before the event is forwarded, `afterNext`,
    ///   `afterError` or `afterCompleted` after it;
    /// - on a terminal event: the `on…` handler, then the source is unsubscribed, then the
    ///   event is forwarded, then the `after…` handler runs, then `onDispose` (unless the
    ///   subscriber disposes the subscription while it receives that event, as the `subscribe`
    ///   forms of ``Single``, ``Maybe`` and ``Completable`` do: then `onDispose` runs at that
    ///   moment, before the `after…` handler);
    /// - `onDispose` once per subscription, when it ends for any reason: after a terminal
    ///   event, or when it is disposed (after the source is unsubscribed). If the sequence
    ///   ends during `subscribe`, `onDispose` runs after `onSubscribed`.
    ///
    /// If `onNext` throws, the value is not forwarded and the sequence fails with the thrown
    /// error; if `afterNext` throws, the value has been forwarded and the sequence then fails.
    /// If `onError` or `onCompleted` throws, the sequence fails with the thrown error instead
    /// of the original event, and the matching `after…` handler is skipped. An error thrown by
    /// `afterError` or `afterCompleted` is dropped: the sequence has already ended.
    ///
    /// ```
    /// source:  -a-b-|
    ///          do(onNext: { log.append($0) })   (log: a, b)
    /// output:  -a-b-|
    /// ```
    /// ![do(onNext: { log.append($0) }), drawn from a run](do-do-onnext-log-append-0)
    ///
    /// - Parameters:
    ///   - onNext: Runs with each value before it is forwarded; may throw.
    ///   - afterNext: Runs with each value after it was forwarded; may throw.
    ///   - onError: Runs with the error before it is forwarded; may throw.
    ///   - afterError: Runs with the error after it was forwarded.
    ///   - onCompleted: Runs before the completion is forwarded; may throw.
    ///   - afterCompleted: Runs after the completion was forwarded.
    ///   - onSubscribe: Runs before the source is subscribed.
    ///   - onSubscribed: Runs after the source has been subscribed.
    ///   - onDispose: Runs once when the subscription ends, for any reason.
    /// - Returns: An observable with the same events as this one.
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
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            onSubscribe?()
            let upstream = SingleAssignmentDisposable()
            // Disposed when the subscription ends; holds `upstream` and `onDispose` once set.
            let lifetime = SingleAssignmentDisposable()

            @Sendable func fail(with error: any Error) {
                guard !upstream.isDisposed else { return }
                upstream.dispose()
                observer.on(.error(error))
                lifetime.dispose()
            }

            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    do {
                        try onNext?(value)
                    } catch {
                        return fail(with: error)
                    }
                    observer.on(.next(value))
                    do {
                        try afterNext?(value)
                    } catch {
                        fail(with: error)
                    }
                case .error(let error):
                    do {
                        try onError?(error)
                    } catch {
                        return fail(with: error)
                    }
                    upstream.dispose()
                    observer.on(.error(error))
                    try? afterError?(error)
                    lifetime.dispose()
                case .completed:
                    do {
                        try onCompleted?()
                    } catch {
                        return fail(with: error)
                    }
                    upstream.dispose()
                    observer.on(.completed)
                    try? afterCompleted?()
                    lifetime.dispose()
                }
            }))
            onSubscribed?()
            lifetime.setDisposable(Disposables.create {
                upstream.dispose()
                onDispose?()
            })
            return lifetime
        }
    }
}
