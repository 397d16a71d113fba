import Synchronization

// `merge()`, `merge(maxConcurrent:)`, the shared `merge(limit:)` and `MergeState` are
// `@inlinable`/`@usableFromInline` so that they are specialised for the caller's element type:
// `flatMap` runs through them for every inner element, and unspecialised generic code (metadata
// lookups per event) cost several times the work itself (W4 in Benchmarks/README.md).

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
}

extension ObservableType where Element: ObservableType {
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

/// The state of one `merge` subscription.
///
/// Internal and `@usableFromInline` rather than private so that `merge(limit:)` can be
/// `@inlinable`.
@usableFromInline
struct MergeState<Element: Sendable> {
    @usableFromInline
    var outbox = SerialOutbox<Element>()
    /// Inner observables received but not yet subscribed (beyond the concurrency limit).
    @usableFromInline
    var waiting: [Observable<Element>] = []
    @usableFromInline
    var waitingHead = 0
    /// Inner observables subscribed, or being subscribed, and not yet completed.
    @usableFromInline
    var active = 0
    /// Whether a thread is running the subscribe loop; others leave their inners to it.
    @usableFromInline
    var isSubscribing = false
    @usableFromInline
    var isOuterDone = false

    @inlinable
    init() {}

    @inlinable
    var isFinished: Bool {
        isOuterDone && active == 0 && waitingHead == waiting.count
    }

    /// Queues an inner observable; returns whether the caller must start the subscribe loop.
    @inlinable
    mutating func enqueue(_ inner: Observable<Element>, limit: Int) -> Bool {
        guard !outbox.isClosed else { return false }
        waiting.append(inner)
        return claimSubscribing(limit: limit)
    }

    /// Takes the subscribe loop when there is a free slot, work waiting and no other runner.
    @inlinable
    mutating func claimSubscribing(limit: Int) -> Bool {
        guard !isSubscribing, active < limit, waitingHead < waiting.count else { return false }
        isSubscribing = true
        return true
    }

    /// The next inner observable for the subscribe loop, or `nil`, which ends the loop.
    @inlinable
    mutating func nextToSubscribe(limit: Int) -> Observable<Element>? {
        guard !outbox.isClosed, active < limit, waitingHead < waiting.count else {
            isSubscribing = false
            return nil
        }
        let inner = waiting[waitingHead]
        waitingHead += 1
        if waitingHead == waiting.count {
            waiting.removeAll()
            waitingHead = 0
        }
        active += 1
        return inner
    }

    /// Sends the terminal event and releases the inner observables still waiting.
    @inlinable
    mutating func finish(_ event: Event<Element>) -> Event<Element>? {
        waiting.removeAll()
        waitingHead = 0
        return outbox.send(event)
    }
}

extension ObservableType where Element: ObservableType {
    /// The one implementation behind `merge()`, `merge(maxConcurrent:)` and `flatMap`.
    ///
    /// Inner observables are queued and subscribed by a loop, which the thread that finds the
    /// loop idle runs; an inner that completes during its own subscription lets the loop go on
    /// instead of recursing. Events go through the outbox, so the observer is called serially.
    @inlinable
    func merge(limit: Int) -> Observable<Element.Element> {
        let outer = asObservable()
        return Observable { observer in
            let state = Mutex(MergeState<Element.Element>())
            let outerSubscription = SingleAssignmentDisposable()
            let inners = CompositeDisposable()

            @Sendable func deliver(_ first: Event<Element.Element>?) {
                var event = first
                while let current = event {
                    observer.on(current)
                    event = state.withLock { $0.outbox.next() }
                }
            }

            @Sendable func fail(_ error: any Error) {
                let first = state.withLock { $0.finish(.error(error)) }
                outerSubscription.dispose()
                inners.dispose()
                deliver(first)
            }

            @Sendable func subscribeWaiting() {
                while let source = state.withLock({ $0.nextToSubscribe(limit: limit) }) {
                    let subscription = SingleAssignmentDisposable()
                    guard let key = inners.insert(subscription) else { return }
                    subscription.setDisposable(source.subscribe(AnyObserver { event in
                        switch event {
                        case .next:
                            deliver(state.withLock { $0.outbox.send(event) })
                        case .error(let error):
                            fail(error)
                        case .completed:
                            inners.remove(for: key)
                            let (finished, first, resume) = state.withLock { state in
                                state.active -= 1
                                if state.isFinished {
                                    return (true, state.finish(.completed), false)
                                }
                                return (false, nil, state.claimSubscribing(limit: limit))
                            }
                            if finished { inners.dispose() }
                            deliver(first)
                            if resume { subscribeWaiting() }
                        }
                    }))
                }
            }

            outerSubscription.setDisposable(outer.subscribe(AnyObserver { event in
                switch event {
                case .next(let inner):
                    let observable = inner.asObservable()
                    if state.withLock({ $0.enqueue(observable, limit: limit) }) {
                        subscribeWaiting()
                    }
                case .error(let error):
                    fail(error)
                case .completed:
                    let (finished, first) = state.withLock { state in
                        state.isOuterDone = true
                        return state.isFinished ? (true, state.finish(.completed)) : (false, nil)
                    }
                    outerSubscription.dispose()
                    if finished { inners.dispose() }
                    deliver(first)
                }
            }))
            return Disposables.create {
                state.withLock { $0.outbox.cancel() }
                outerSubscription.dispose()
                inners.dispose()
            }
        }
    }
}
