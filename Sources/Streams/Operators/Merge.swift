import Synchronization

// `merge()`, `merge(maxConcurrent:)`, the shared `merge(limit:)` and `MergeState` (with
// `MergeSignal`, `MergePhase` and `decide`, in MergeState.swift) are
// `@inlinable`/`@usableFromInline` so that they are specialised for the caller's element type:
// `flatMap` runs through them for every inner element. Measured (Benchmarks/README.md,
// "Annotations kept"): a `flatMap` to 10-element synchronous sequences took 59 ns per inner
// element with them, 688 without (`flatMap`, `SerialOutbox` and `Queue` included).

extension Observable {
    /// Emits the values of several observables as they arrive, interleaved.
    ///
    /// Every source is subscribed at once, in order. The result completes when all sources have
    /// completed, and fails as soon as one of them fails, disposing the others. A source that
    /// completes is unsubscribed at that moment.
    ///
    /// ```
    /// first:   -a---b---|
    /// second:  ---c---d-----|
    ///          merge
    /// output:  -a-c-b-d-----|
    /// ```
    ///
    /// Sources may emit on different threads: their events are delivered serially, on the
    /// thread of the source that emitted, or on the thread already delivering an earlier event,
    /// which delivers the later one after it returns.
    ///
    /// - Parameter sources: The observables to merge.
    /// - Returns: An observable of the values of all sources.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        Observable<Observable<Element>>.from(sources).merge()
    }

    /// Emits the values of several observables as they arrive, interleaved.
    ///
    /// The variadic form of ``merge(_:)-([Observable<Element>])``.
    ///
    /// ```
    /// first:   -a---b---|
    /// second:  ---c---d-----|
    ///          merge
    /// output:  -a-c-b-d-----|
    /// ```
    ///
    /// - Parameter sources: The observables to merge.
    /// - Returns: An observable of the values of all sources.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }

    /// Emits the values of several sequences as they arrive, as
    /// ``merge(_:)-([Observable<Element>])`` does, for any collection of sequences that convert
    /// to observables: requests made in parallel, each a ``Single``.
    ///
    /// ```
    /// first:   --(a|)
    /// second:  -(b|)
    ///          merge(requests)
    /// output:  -b(a|)
    /// ```
    ///
    /// The sources are read once, when `merge` is called, and each subscription subscribes to
    /// all of them, in order. Sources may emit on different threads: their events are delivered
    /// serially, on the thread of the source that emitted, or on the thread already delivering.
    ///
    /// - Parameter sources: The sequences to merge.
    /// - Returns: An observable of the values of all sources.
    public static func merge<Sources: Sequence>(_ sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableConvertibleType, Sources.Element.Element == Element {
        Observable<Sources.Element>.from(Array(sources)).merge()
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Subscribes to every inner observable as it arrives and emits all their values.
    ///
    /// The result completes once the outer observable and every inner one have completed, and
    /// fails as soon as any of them fails, disposing the rest. An inner observable that
    /// completes is unsubscribed and forgotten at that moment, so a long-lived merge does not
    /// accumulate finished subscriptions. Values are delivered serially even when the inner
    /// observables emit on different threads (see ``Observable/merge(_:)-([Observable<Element>])``).
    ///
    /// ```
    /// source:  -x----y------|       (x and y are cold)
    /// x:        -1--2|
    /// y:             --3-4|
    ///          merge()
    /// output:  --1--2--3-4--|
    /// ```
    ///
    /// - Returns: An observable of the values of all inner observables.
    @inlinable
    public func merge() -> Observable<Element.Element> {
        merge(limit: .max)
    }

    /// Subscribes to at most `maxConcurrent` inner observables at a time and emits their values.
    ///
    /// Inner observables that arrive while `maxConcurrent` are running wait in a queue; each
    /// time a running one completes, the oldest waiting one is subscribed at that moment. With
    /// `maxConcurrent: 1` this runs the inner observables one after another, like
    /// ``ObservableType/concatMap(_:)``. The result completes once the outer observable has
    /// completed and every inner one, running or waiting, has completed.
    ///
    /// ```
    /// source:  -x-y-------|         (x and y are cold)
    /// x:        -1--2|
    /// y:             -3-4|
    ///          merge(maxConcurrent: 1)
    /// output:  --1--2-3-4-|
    /// ```
    ///
    /// Subscribing the next waiting observable does not recurse, however many of them complete
    /// synchronously during their subscription.
    ///
    /// - Parameter maxConcurrent: How many inner observables may run at once; at least 1.
    /// - Returns: An observable of the values of all inner observables.
    @inlinable
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        precondition(maxConcurrent > 0, "merge(maxConcurrent:) needs maxConcurrent ≥ 1")
        return merge(limit: maxConcurrent)
    }
}


extension ObservableType where Element: ObservableConvertibleType {
    /// The one implementation behind `merge()`, `merge(maxConcurrent:)` and `flatMap`.
    ///
    /// Inner observables are queued and subscribed by a loop, which the thread that finds the
    /// loop idle runs; an inner that completes during its own subscription lets the loop go on
    /// instead of recursing. Events go through the outbox, so the observer is called serially,
    /// except the values an inner emits during its own `subscribe` call while the loop holds
    /// the delivering role, which go straight to the observer (see ``MergeState``).
    @inlinable
    func merge(limit: Int) -> Observable<Element.Element> {
        let outer = asObservable()
        return Observable { observer in
            let state = Mutex(MergeState<Element.Element>())
            // `MergeSignal` bits, for the thread delivering an inner's values directly.
            let signal = Atomic<UInt8>(0)
            // The inner the loop is subscribing with the delivering role, and its `MergePhase`.
            let directInner = Atomic<Int>(MergePhase.none)
            let outerSubscription = SingleAssignmentDisposable()

            @Sendable func fail(_ error: any Error) {
                let (first, dropped, running) = state.decide(signalling: signal) { $0.fail(error) }
                _ = dropped
                outerSubscription.dispose()
                for (_, subscription) in running.sorted(by: { $0.key < $1.key }) { subscription.dispose() }
                state.deliver(first, to: observer)
            }

            /// An event of inner `id` that is not delivered directly.
            @Sendable func innerEvent(_ event: Event<Element.Element>, id: Int) {
                switch event {
                case .next:
                    state.deliver(state.decide(signalling: signal) { $0.outbox.send(event) }, to: observer)
                case .error(let error):
                    fail(error)
                case .completed:
                    let (finished, first, resume) = state.decide(signalling: signal) { $0.innerCompleted(id: id, limit: limit) }
                    finished?.dispose()
                    state.deliver(first, to: observer)
                    if resume { subscribeLoop(state.decide(signalling: signal) { $0.nextToSubscribe(limit: limit) }) }
                }
            }

            @Sendable func subscribeLoop(_ start: MergeState<Element.Element>.Start?) {
                var next = start
                while let (source, id, direct) = next {
                    if direct { directInner.store(MergePhase.of(id, MergePhase.direct), ordering: .releasing) }
                    let subscription = source.subscribe(AnyObserver { event in
                        guard directInner.compareExchange(
                            expected: MergePhase.of(id, MergePhase.direct), desired: MergePhase.of(id, MergePhase.delivering),
                            ordering: .acquiringAndReleasing
                        ).exchanged else {
                            return innerEvent(event, id: id)
                        }
                        // The loop holds the delivering role for this inner: no lock per value.
                        var after = MergePhase.direct
                        switch event {
                        case .next:
                            if signal.load(ordering: .acquiring) & MergeSignal.closed == 0 { observer.on(event) }
                        case .error:
                            innerEvent(event, id: id)
                        case .completed:
                            // Counted by the loop when `subscribe` returns, in the same critical section.
                            after = MergePhase.completed
                        }
                        if signal.load(ordering: .acquiring) & MergeSignal.pending != 0 {
                            signal.bitwiseAnd(~MergeSignal.pending, ordering: .acquiringAndReleasing)
                            state.deliver(state.withLock { $0.outbox.nextKeepingRole() }, to: observer, keepingRole: true)
                        }
                        if !directInner.compareExchange(
                            expected: MergePhase.of(id, MergePhase.delivering), desired: MergePhase.of(id, after),
                            ordering: .acquiringAndReleasing
                        ).exchanged {
                            // The `subscribe` call returned meanwhile and left the role to this thread.
                            if after == MergePhase.completed { innerEvent(event, id: id) }
                            state.deliver(state.withLock { $0.outbox.next() }, to: observer)
                        }
                    })
                    let left = direct ? directInner.exchange(MergePhase.none, ordering: .acquiringAndReleasing) : MergePhase.none
                    let step = state.decide(signalling: signal) {
                        $0.subscribed(
                            id: id, subscription,
                            holdsRole: direct && left != MergePhase.of(id, MergePhase.delivering),
                            completedDirectly: direct && left == MergePhase.of(id, MergePhase.completed),
                            limit: limit
                        )
                    }
                    if step.disposeNow { subscription.dispose() }
                    if let first = step.first {
                        state.deliver(first, to: observer)
                        next = state.decide(signalling: signal) { $0.nextToSubscribe(limit: limit) }
                    } else {
                        next = step.next
                    }
                }
            }

            outerSubscription.setDisposable(outer.subscribe(AnyObserver { event in
                switch event {
                case .next(let inner):
                    let observable = inner.asObservable()
                    if let start = state.decide(signalling: signal, { $0.enqueue(observable, limit: limit) }) {
                        subscribeLoop(start)
                    }
                case .error(let error):
                    fail(error)
                case .completed:
                    let first = state.decide(signalling: signal) { $0.outerCompleted() }
                    outerSubscription.dispose()
                    state.deliver(first, to: observer)
                }
            }))
            return Disposables.create {
                let (events, dropped, running) = state.decide(signalling: signal) { $0.cancel() }
                _ = (events, dropped)
                outerSubscription.dispose()
                for (_, subscription) in running.sorted(by: { $0.key < $1.key }) { subscription.dispose() }
            }
        }
    }
}
