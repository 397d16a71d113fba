// Inside Streams, chapter 8, "Traits as thin wrappers": each is one line over the observable operator.

extension PrimitiveSequence {
    /// Delivers the outcome on `scheduler`, a success's completion in an action of its own, as
    /// ``delay(_:scheduler:)`` does; see ``ObservableType/observe(on:)``.
    public func observe(on scheduler: any Scheduler) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: asObservable().observe(on: scheduler).completionInItsOwnAction(on: scheduler))
    }

    /// Subscribes to the source on `scheduler`, so that its work starts there; see
    /// ``ObservableType/subscribe(on:)``.
    public func subscribe(on scheduler: any Scheduler) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: asObservable().subscribe(on: scheduler))
    }

    /// Replaces a failure with the sequence `handler` returns for the error, subscribed on the
    /// thread that delivered the failure; see ``ObservableType/catch(_:)``.
    ///
    /// ```
    /// single:    --#       (fallback is cold)
    /// fallback:    -(x|)
    ///            catch { _ in fallback }
    /// output:    ---(x|)
    /// ```
    /// ![catch { _ in fallback }, drawn from a run](primitivesequenceoperators-catch-in-fallback)
    public func `catch`(
        _ handler: @escaping @Sendable (any Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: asObservable().catch { try handler($0).asObservable() })
    }

    /// Subscribes again after a failure, up to `maxAttemptCount` subscriptions in all; see
    /// ``ObservableType/retry(_:)``. A single makes at least one attempt; a maybe or a
    /// completable retried 0 times completes.
    ///
    /// ```
    /// single:         -#
    ///                 retry(3)
    /// output:         ---#
    /// subscriptions:  ^!
    ///                 -^!
    ///                 --^!
    /// ```
    /// ![retry(3), drawn from a run](primitivesequenceoperators-retry-3)
    ///
    /// - Parameter maxAttemptCount: The most subscriptions to make, the first one included.
    /// - Returns: A sequence that fails only once every attempt has failed.
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        let attempts = Trait.self is any CompletingTrait.Type ? maxAttemptCount : max(maxAttemptCount, 1)
        return PrimitiveSequence(unchecked: asObservable().retry(attempts))
    }

    /// Logs every subscription, event and disposal that passes, and changes nothing; see
    /// ``ObservableType/debug(_:scheduler:sink:)``.
    public func debug(
        _ label: String = "debug", scheduler: (any Scheduler)? = nil, sink: DebugSink = .print
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: asObservable().debug(label, scheduler: scheduler, sink: sink))
    }
}

extension PrimitiveSequence where Trait: ValueTrait {
    /// Transforms the value; a throwing `transform` fails the result, an empty maybe stays empty.
    ///
    /// ```
    /// single:  --(a|)
    ///          map { $0.uppercased() }
    /// output:  --(A|)
    /// ```
    /// ![map { $0.uppercased() }, drawn from a run](primitivesequenceoperators-map-0-uppercased)
    ///
    /// - Parameter transform: Applied to the value; may throw.
    /// - Returns: A sequence of the transformed value, of the same trait.
    public func map<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result
    ) -> PrimitiveSequence<Trait, Result> {
        PrimitiveSequence<Trait, Result>(unchecked: asObservable().map(transform))
    }

    /// Chains a second sequence of the same trait, subscribed when this one succeeds, and
    /// delivers its outcome on its thread; see ``ObservableType/flatMap(_:)``.
    ///
    /// ```
    /// single:  -(a|)       (x is cold)
    /// x:        --(y|)
    ///          flatMap { _ in x }
    /// output:  ---(y|)
    /// ```
    /// ![flatMap { _ in x }, drawn from a run](primitivesequenceoperators-flatmap-in-x)
    ///
    /// - Parameter selector: Builds the next sequence from the value; may throw.
    /// - Returns: A sequence of the second one's value.
    public func flatMap<Result: Sendable>(
        _ selector: @escaping @Sendable (Element) throws -> PrimitiveSequence<Trait, Result>
    ) -> PrimitiveSequence<Trait, Result> {
        PrimitiveSequence<Trait, Result>(unchecked: asObservable().flatMap { try selector($0).asObservable() })
    }

    /// Keeps the value only if it satisfies `isIncluded`: as in RxSwift, a ``Maybe``, empty when
    /// the value did not pass.
    ///
    /// ```
    /// single:  --(b|)
    ///          filter { $0 != "b" }
    /// output:  --|
    /// ```
    /// ![filter { $0 != "b" }, drawn from a run](primitivesequenceoperators-filter-0-b)
    ///
    /// - Parameter isIncluded: Decides whether the value is kept; may throw.
    /// - Returns: A maybe of the value, if it passed.
    public func filter(_ isIncluded: @escaping @Sendable (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(unchecked: asObservable().filter(isIncluded))
    }

    /// Transforms the value and keeps the result unless it is `nil`: a ``Maybe``.
    ///
    /// ```
    /// maybe:   --(x|)
    ///          compactMap { Int($0) }
    /// output:  --|
    /// ```
    /// ![compactMap { Int($0) }, drawn from a run](primitivesequenceoperators-compactmap-int-0)
    ///
    /// - Parameter transform: Applied to the value; returns `nil` to drop it; may throw.
    /// - Returns: A maybe of the transformed value, if there is one.
    public func compactMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Result?) -> Maybe<Result> {
        Maybe<Result>(unchecked: asObservable().compactMap(transform))
    }

    /// Replaces a failure with a success carrying `element`.
    ///
    /// ```
    /// single:  --#
    ///          catchAndReturn(x)
    /// output:  --(x|)
    /// ```
    /// ![catchAndReturn(x), drawn from a run](primitivesequenceoperators-catchandreturn-x)
    ///
    /// - Parameter element: The value to succeed with instead of failing.
    /// - Returns: A sequence of the same trait that never fails.
    public func catchAndReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        self.catch { _ in .just(element) }
    }

    /// Forgets the value: a ``Completable`` that ends when this sequence does, for a request
    /// whose answer does not matter.
    ///
    /// ```
    /// single:  --(a|)
    ///          asCompletable()
    /// output:  --|
    /// ```
    /// ![asCompletable(), drawn from a run](primitivesequenceoperators-ascompletable)
    ///
    /// - Returns: The completable.
    public func asCompletable() -> Completable {
        asObservable().ignoreElements().asCompletable()
    }
}

extension PrimitiveSequence where Trait: CompletingTrait {
    /// Subscribes again each time a trigger made from the errors of the attempts emits; see
    /// ``ObservableType/retry(when:)-((Observable<Error>)->Trigger)``. The trigger's completion
    /// completes the sequence empty, as in RxSwift.
    ///
    /// ```
    /// maybe:          --#            (cold: each attempt starts over)
    /// trigger:        ----x---|
    ///                 retry(when: { _ in trigger })
    /// output:         --------|
    /// subscriptions:  ^-!
    ///                 ----^-!
    /// ```
    /// ![retry(when: { _ in trigger }), drawn from a run](primitivesequenceoperators-retry-when-in-trigger)
    public func retry<Trigger: ObservableConvertibleType>(
        when notificationHandler: @escaping @Sendable (Observable<any Error>) -> Trigger
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: asObservable().retry(when: notificationHandler))
    }
}
