import Synchronization

// `merge()`, `merge(maxConcurrent:)`, the shared `merge(limit:)` and `MergeState` are
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

/// The state of one `merge` subscription.
///
/// Internal and `@usableFromInline` rather than private so that `merge(limit:)` can be
/// `@inlinable` (see the top of this file).
@usableFromInline
struct MergeState<Element: Sendable>: SerialDelivering {
    @usableFromInline var outbox = SerialOutbox<Element>()
    /// Inner observables received but not yet subscribed (beyond the concurrency limit).
    @usableFromInline var waiting = Queue<Observable<Element>>()
    /// Inner observables subscribed, or being subscribed, and not yet completed.
    @usableFromInline var active = 0
    /// Whether a thread is running the subscribe loop; others leave their inners to it.
    @usableFromInline var isSubscribing = false
    @usableFromInline var isOuterDone = false

    @inlinable init() {}

    @inlinable var isFinished: Bool {
        isOuterDone && active == 0 && waiting.isEmpty
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
        guard !isSubscribing, active < limit, !waiting.isEmpty else { return false }
        isSubscribing = true
        return true
    }

    /// The next inner observable for the subscribe loop, or `nil`, which ends the loop.
    @inlinable
    mutating func nextToSubscribe(limit: Int) -> Observable<Element>? {
        guard !outbox.isClosed, active < limit, let inner = waiting.popFirst() else {
            isSubscribing = false
            return nil
        }
        active += 1
        return inner
    }

    /// An inner observable completed. Returns the completion to deliver if the merge is now
    /// finished, and whether the caller must resume the subscribe loop.
    @inlinable
    mutating func innerCompleted(limit: Int) -> (finished: Bool, first: Event<Element>?, resume: Bool) {
        active -= 1
        guard isFinished else { return (false, nil, claimSubscribing(limit: limit)) }
        return (true, outbox.send(.completed), false)
    }

    /// The outer observable completed. Returns the completion to deliver if the merge is now
    /// finished.
    @inlinable
    mutating func outerCompleted() -> (finished: Bool, first: Event<Element>?) {
        isOuterDone = true
        return isFinished ? (true, outbox.send(.completed)) : (false, nil)
    }

    /// Sends the error and hands back the inner observables still waiting, to be released
    /// after the lock.
    @inlinable
    mutating func fail(_ error: any Error) -> (first: Event<Element>?, dropped: Queue<Observable<Element>>) {
        (outbox.send(.error(error)), waiting.removeAll())
    }
}

extension ObservableType where Element: ObservableConvertibleType {
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

            @Sendable func fail(_ error: any Error) {
                let (first, dropped) = state.withLock { $0.fail(error) }
                _ = dropped
                outerSubscription.dispose()
                inners.dispose()
                state.deliver(first, to: observer)
            }

            @Sendable func subscribeWaiting() {
                while let source = state.withLock({ $0.nextToSubscribe(limit: limit) }) {
                    let subscription = SingleAssignmentDisposable()
                    guard let key = inners.insert(subscription) else { return }
                    subscription.setDisposable(source.subscribe(AnyObserver { event in
                        switch event {
                        case .next:
                            state.deliver(state.withLock { $0.outbox.send(event) }, to: observer)
                        case .error(let error):
                            fail(error)
                        case .completed:
                            inners.remove(for: key)
                            let (finished, first, resume) = state.withLock { $0.innerCompleted(limit: limit) }
                            if finished { inners.dispose() }
                            state.deliver(first, to: observer)
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
                    let (finished, first) = state.withLock { $0.outerCompleted() }
                    outerSubscription.dispose()
                    if finished { inners.dispose() }
                    state.deliver(first, to: observer)
                }
            }))
            return Disposables.create {
                state.cancelDelivery()
                outerSubscription.dispose()
                inners.dispose()
            }
        }
    }
}
