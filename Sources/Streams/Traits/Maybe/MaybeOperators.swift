import Synchronization

extension Maybe {
    /// Transforms the value, if there is one; a throwing `transform` turns the success into a
    /// failure. An empty maybe stays empty.
    ///
    /// ```
    /// maybe:   --(a|)
    ///          map { $0.uppercased() }
    /// output:  --(A|)
    /// ```
    /// ![map { $0.uppercased() }, drawn from a run](maybeoperators-map-0-uppercased)
    ///
    /// - Parameter transform: Applied to the value; may throw.
    /// - Returns: A maybe of the transformed value.
    public func map<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result
    ) -> Maybe<Result> {
        Maybe<Result>(unchecked: asObservable().map(transform))
    }

    /// Transforms the value and keeps the result unless it is `nil`; a `nil` result completes
    /// the maybe empty, and a throwing `transform` turns the success into a failure. An empty
    /// maybe stays empty.
    ///
    /// ```
    /// maybe:   --(7|)
    ///          compactMap { Int($0) }
    /// output:  --(7|)
    ///
    /// maybe:   --(x|)
    ///          compactMap { Int($0) }
    /// output:  --|
    /// ```
    /// ![compactMap { Int($0) }, drawn from a run](maybeoperators-compactmap-int-0)
    /// ![compactMap { Int($0) }, drawn from a run](maybeoperators-compactmap-int-0_2)
    ///
    /// - Parameter transform: Applied to the value; returns `nil` to drop it; may throw.
    /// - Returns: A maybe of the transformed value, if there is one.
    public func compactMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result?
    ) -> Maybe<Result> {
        Maybe<Result>(unchecked: asObservable().compactMap(transform))
    }

    /// Keeps the value only if it satisfies `isIncluded`; otherwise the maybe completes empty.
    ///
    /// ```
    /// maybe:   --(b|)
    ///          filter { $0 != "b" }
    /// output:  --|
    /// ```
    /// ![filter { $0 != "b" }, drawn from a run](maybeoperators-filter-0-b)
    ///
    /// - Parameter isIncluded: Decides whether the value is kept; may throw.
    /// - Returns: A maybe of the value, if it passed.
    public func filter(_ isIncluded: @escaping @Sendable (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(unchecked: asObservable().filter(isIncluded))
    }

    /// Chains a second maybe that depends on the value of this one: the cached user, then
    /// their cached avatar.
    ///
    /// An empty maybe completes empty without calling `selector`. A failure of either maybe,
    /// or a throwing `selector`, fails the result. Disposing cancels whichever maybe is running.
    ///
    /// ```
    /// maybe:   -(a|)       (x is cold)
    /// x:        --(y|)
    ///          flatMap { _ in x }
    /// output:  ---(y|)
    /// ```
    /// ![flatMap { _ in x }, drawn from a run](maybeoperators-flatmap-in-x)
    ///
    /// - Parameter selector: Builds the next maybe from the value; may throw.
    /// - Returns: A maybe of the second maybe's value.
    public func flatMap<Result: Sendable>(
        _ selector: @escaping @Sendable (Element) throws -> Maybe<Result>
    ) -> Maybe<Result> {
        Maybe<Result>(unchecked: asObservable().flatMap { try selector($0).asObservable() })
    }

    /// Replaces a failure with the maybe that `handler` returns for the error.
    ///
    /// If `handler` throws, the result fails with that error.
    ///
    /// ```
    /// maybe:     --#       (fallback is cold)
    /// fallback:    -|
    ///            catch { _ in fallback }
    /// output:    ---|
    /// ```
    /// ![catch { _ in fallback }, drawn from a run](maybeoperators-catch-in-fallback)
    ///
    /// - Parameter handler: Builds the replacement from the error; may throw.
    /// - Returns: A maybe that ends as this maybe or as the replacement.
    public func `catch`(_ handler: @escaping @Sendable (any Error) throws -> Maybe<Element>) -> Maybe<Element> {
        Maybe(unchecked: asObservable().catch { try handler($0).asObservable() })
    }

    /// Replaces a failure with a success carrying `element`.
    ///
    /// ```
    /// maybe:   --#
    ///          catchAndReturn(x)
    /// output:  --(x|)
    /// ```
    /// ![catchAndReturn(x), drawn from a run](maybeoperators-catchandreturn-x)
    ///
    /// - Parameter element: The value to succeed with instead of failing.
    /// - Returns: A maybe that never fails.
    public func catchAndReturn(_ element: Element) -> Maybe<Element> {
        self.catch { _ in .just(element) }
    }

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
    /// - Parameter other: The maybe to subscribe to when this one is empty.
    /// - Returns: A maybe of this maybe's value or `other`'s.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(unchecked: asObservable().ifEmpty(switchTo: other))
    }

    /// Subscribes again after a failure, up to `maxAttemptCount` subscriptions in all; see
    /// ``ObservableType/retry(_:)``.
    ///
    /// ```
    /// maybe:          -#
    ///                 retry(3)
    /// output:         ---#
    /// subscriptions:  ^!
    ///                 -^!
    ///                 --^!
    /// ```
    /// ![retry(3), drawn from a run](maybeoperators-retry-3)
    ///
    /// - Parameter maxAttemptCount: The most subscriptions to make, the first one included;
    ///   zero or more.
    /// - Returns: A maybe that fails only once every attempt has failed.
    public func retry(_ maxAttemptCount: Int) -> Maybe<Element> {
        Maybe(unchecked: asObservable().retry(maxAttemptCount))
    }

    /// Delivers the result on `scheduler`; see ``ObservableType/observe(on:)``.
    ///
    /// - Parameter scheduler: The scheduler that delivers the result.
    /// - Returns: The same maybe, delivered on `scheduler`.
    public func observe(on scheduler: any Scheduler) -> Maybe<Element> {
        Maybe(unchecked: asObservable().observe(on: scheduler))
    }

    /// Runs side effects for the result and the lifetime of each subscription, with RxSwift
    /// 6's labels (`onNext` for the value); see
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``
    /// for the order and for what a throwing handler does.
    ///
    /// A maybe ends with one of three results, and each has its own handlers, as
    /// ``subscribe(onSuccess:onError:onCompleted:onDisposed:)`` reports them: `onNext` and
    /// `afterNext` for a value, `onError` and `afterError` for a failure, `onCompleted` and
    /// `afterCompleted` for an empty completion. So `onCompleted` never runs after a value,
    /// whether the value came during `subscribe` or later, and whoever subscribes. (RxSwift's
    /// `Maybe.do` runs `onCompleted` after a value too, when the subscriber has not ended the
    /// subscription at the value yet; RxJava's `doOnComplete` runs only for an empty maybe, as
    /// here.) `onDispose` runs once per subscription, for any reason.
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

    /// Forgets the value: a ``Completable`` that completes when this maybe succeeds or
    /// completes, and fails when it fails.
    ///
    /// ```
    /// maybe:   --(a|)
    ///          asCompletable()
    /// output:  --|
    /// ```
    /// ![asCompletable(), drawn from a run](maybeoperators-ascompletable)
    ///
    /// - Returns: The completable.
    public func asCompletable() -> Completable {
        asObservable().ignoreElements().asCompletable()
    }
}

extension Single {
    /// Keeps the value only if it satisfies `isIncluded`: a ``Maybe``, empty when the value
    /// did not pass. As in RxSwift, filtering a single gives a maybe.
    ///
    /// ```
    /// single:  --(b|)
    ///          filter { $0 != "b" }
    /// output:  --|
    /// ```
    /// ![filter { $0 != "b" }, drawn from a run](maybeoperators-filter-0-b_2)
    ///
    /// - Parameter isIncluded: Decides whether the value is kept; may throw.
    /// - Returns: A maybe of the value, if it passed.
    public func filter(_ isIncluded: @escaping @Sendable (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(unchecked: asObservable().filter(isIncluded))
    }

    /// Chains a maybe that depends on the value of this single: fetch the user, then their
    /// cached avatar, if any.
    ///
    /// A failure of either, or a throwing `selector`, fails the result; disposing cancels
    /// whichever one is running.
    ///
    /// ```
    /// single:  -(a|)       (x is cold)
    /// x:        --|
    ///          flatMapMaybe { _ in x }
    /// output:  ---|
    /// ```
    /// ![flatMapMaybe { _ in x }, drawn from a run](maybeoperators-flatmapmaybe-in-x)
    ///
    /// - Parameter selector: Builds the maybe from the value; may throw.
    /// - Returns: A maybe of the second maybe's value.
    public func flatMapMaybe<Result: Sendable>(
        _ selector: @escaping @Sendable (Element) throws -> Maybe<Result>
    ) -> Maybe<Result> {
        Maybe<Result>(unchecked: asObservable().flatMap { try selector($0).asObservable() })
    }

    /// This single as a ``Maybe``: the same success or failure.
    ///
    /// - Returns: The maybe.
    public func asMaybe() -> Maybe<Element> {
        Maybe(unchecked: asObservable())
    }

    /// Forgets the value: a ``Completable`` that completes when this single succeeds and fails
    /// when it fails. Use it for a request whose answer does not matter, such as "mark as read".
    ///
    /// ```
    /// single:  --(a|)
    ///          asCompletable()
    /// output:  --|
    /// ```
    /// ![asCompletable(), drawn from a run](maybeoperators-ascompletable_2)
    ///
    /// - Returns: The completable.
    public func asCompletable() -> Completable {
        asObservable().ignoreElements().asCompletable()
    }
}
