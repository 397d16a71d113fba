// MARK: - andThen

extension Completable {
    /// Runs `second` once this completable has completed: save, then reload.
    ///
    /// `second` is subscribed at the tick this completable completes; its result is the
    /// result. If this completable fails, `second` is never subscribed and the error is the
    /// result. Disposing cancels whichever one is running. Events are delivered on the thread
    /// of the sequence that produced them.
    ///
    /// ```
    /// save:    --|          (reload is cold)
    /// reload:    -(p|)
    ///          andThen(reload)
    /// output:  ---(p|)
    ///
    /// save:    --#
    ///          andThen(reload)
    /// output:  --#
    /// ```
    /// ![andThen(reload), drawn from a run](completableoperators-andthen-reload)
    ///
    /// ![andThen(reload), drawn from a run](completableoperators-andthen-reload_2)
    ///
    /// - Parameter second: The single to run after this completable.
    /// - Returns: A single of `second`'s value.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(unchecked: then(second))
    }

    /// Runs the maybe `second` once this completable has completed; see
    /// ``andThen(_:)-(Single<Element>)``.
    ///
    /// - Parameter second: The maybe to run after this completable.
    /// - Returns: A maybe of `second`'s value.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(unchecked: then(second))
    }

    /// Runs the completable `second` once this one has completed: two steps one after the
    /// other, such as "upload, then delete the draft".
    ///
    /// ```
    /// upload:  --|          (delete is cold)
    /// delete:    ---|
    ///          andThen(delete)
    /// output:  -----|
    /// ```
    /// ![andThen(delete), drawn from a run](completableoperators-andthen-delete)
    ///
    /// - Parameter second: The completable to run after this one.
    /// - Returns: A completable that completes when both have.
    public func andThen(_ second: Completable) -> Completable {
        Completable(unchecked: then(second))
    }

    /// Runs the observable `second` once this completable has completed, and forwards its
    /// values.
    ///
    /// ```
    /// sync:     --|         (updates is cold)
    /// updates:    -a-b|
    ///           andThen(updates)
    /// output:   ---a-b|
    /// ```
    /// ![andThen(updates), drawn from a run](completableoperators-andthen-updates)
    ///
    /// - Parameter second: The observable to run after this completable.
    /// - Returns: An observable of `second`'s events.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        then(second)
    }

    /// This completable's end, then `second`: a `map` gives the completable `second`'s element
    /// type, and `concat` does the rest. A `Never` has no value, so the `map` never calls its
    /// closure, whose body is empty for that reason.
    private func then<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Second.Element> {
        asObservable().map { _ -> Second.Element in }.concat(second)
    }
}

// MARK: - Errors and threads

extension Completable {
    /// Replaces a failure with the completable that `handler` returns for the error.
    ///
    /// If `handler` throws, the result fails with that error.
    ///
    /// ```
    /// save:      --#        (fallback is cold)
    /// fallback:    -|
    ///            catch { _ in fallback }
    /// output:    ---|
    /// ```
    /// ![catch { _ in fallback }, drawn from a run](completableoperators-catch-in-fallback)
    ///
    /// - Parameter handler: Builds the replacement from the error; may throw.
    /// - Returns: A completable that ends as this one or as the replacement.
    public func `catch`(_ handler: @escaping @Sendable (any Error) throws -> Completable) -> Completable {
        Completable(unchecked: asObservable().catch { try handler($0).asObservable() })
    }

    /// Subscribes again after a failure, up to `maxAttemptCount` subscriptions in all; see
    /// ``ObservableType/retry(_:)``.
    ///
    /// ```
    /// save:           -#
    ///                 retry(3)
    /// output:         ---#
    /// subscriptions:  ^!
    ///                 -^!
    ///                 --^!
    /// ```
    /// ![retry(3), drawn from a run](completableoperators-retry-3)
    ///
    /// - Parameter maxAttemptCount: The most subscriptions to make, the first one included;
    ///   zero or more.
    /// - Returns: A completable that fails only once every attempt has failed.
    public func retry(_ maxAttemptCount: Int) -> Completable {
        Completable(unchecked: asObservable().retry(maxAttemptCount))
    }

    /// Delivers the outcome on `scheduler`; see ``ObservableType/observe(on:)``.
    ///
    /// - Parameter scheduler: The scheduler that delivers the outcome.
    /// - Returns: The same completable, delivered on `scheduler`.
    public func observe(on scheduler: any Scheduler) -> Completable {
        Completable(unchecked: asObservable().observe(on: scheduler))
    }

    /// Runs side effects for the outcome and the lifetime of each subscription; see
    /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``
    /// for the order and for what a throwing handler does.
    ///
    /// ```
    /// save:    --|
    ///          do(onCompleted: { log.append("saved") })
    /// output:  --|
    /// ```
    /// ![do(onCompleted: { log.append("saved") }), drawn from a run](completableoperators-do-oncompleted-log-append)
    ///
    /// - Parameters:
    ///   - onError: Runs with the error before it is forwarded; may throw.
    ///   - afterError: Runs with the error after it was forwarded.
    ///   - onCompleted: Runs before the completion is forwarded; may throw.
    ///   - afterCompleted: Runs after the completion was forwarded.
    ///   - onSubscribe: Runs before the completable is subscribed.
    ///   - onSubscribed: Runs after it has been subscribed.
    ///   - onDispose: Runs once when the subscription ends, for any reason.
    /// - Returns: A completable with the same outcome.
    public func `do`(
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Completable {
        Completable(unchecked: asObservable().do(
            onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose
        ))
    }
}

// MARK: - Several completables

extension Completable {
    /// Runs every completable at once and completes when all have; fails as soon as one fails,
    /// disposing the others. For completables, RxSwift's `zip` is a merge: there are no values
    /// to pair.
    ///
    /// ```
    /// first:   --|
    /// second:  ----|
    ///          Completable.zip(first, second)
    /// output:  ----|
    /// ```
    /// ![Completable.zip(first, second), drawn from a run](completableoperators-completable-zip-first)
    ///
    /// - Parameter sources: The completables to run together.
    /// - Returns: A completable that completes when every source has.
    public static func zip(_ sources: [Completable]) -> Completable {
        Completable(unchecked: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs every completable at once; see ``zip(_:)-([Completable])``.
    ///
    /// - Parameter sources: The completables to run together.
    /// - Returns: A completable that completes when every source has.
    public static func zip(_ sources: Completable...) -> Completable {
        zip(sources)
    }

    /// Runs the completables one after another, each subscribed when the one before it has
    /// completed; the first failure ends the sequence.
    ///
    /// ```
    /// first:   --|          (both cold)
    /// second:  ---|
    ///          Completable.concat(first, second)
    /// output:  -----|
    /// ```
    /// ![Completable.concat(first, second), drawn from a run](completableoperators-completable-concat-first)
    ///
    /// - Parameter sources: The completables to run in order.
    /// - Returns: A completable that completes when the last source has.
    public static func concat(_ sources: [Completable]) -> Completable {
        Completable(unchecked: Observable.concat(sources.map { $0.asObservable() }))
    }

    /// Runs the completables one after another; see ``concat(_:)-([Completable])``.
    ///
    /// - Parameter sources: The completables to run in order.
    /// - Returns: A completable that completes when the last source has.
    public static func concat(_ sources: Completable...) -> Completable {
        concat(sources)
    }
}

// MARK: - From a single

extension Single {
    /// Runs a completable that depends on the value of this single: fetch the draft, then
    /// save it.
    ///
    /// A failure of either, or a throwing `selector`, fails the result; disposing cancels
    /// whichever one is running.
    ///
    /// ```
    /// single:  -(a|)       (x is cold)
    /// x:        --|
    ///          flatMapCompletable { _ in x }
    /// output:  ---|
    /// ```
    /// ![flatMapCompletable { _ in x }, drawn from a run](completableoperators-flatmapcompletable-in-x)
    ///
    /// - Parameter selector: Builds the completable from the value; may throw.
    /// - Returns: A completable that completes when the second one has.
    public func flatMapCompletable(_ selector: @escaping @Sendable (Element) throws -> Completable) -> Completable {
        Completable(unchecked: asObservable().flatMap { try selector($0).asObservable() })
    }
}
