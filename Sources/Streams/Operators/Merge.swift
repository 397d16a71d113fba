// Inside Streams, chapter 7, "Merge, read top to bottom": one implementation for `merge` and
// `flatMap`: the subscribe loop, the handlers of the outer and inner events, and the state
// they decide on under one lock.

import Synchronization

// `merge(limit:)` and `MergeState` are `@inlinable`/`@usableFromInline` so that they are
// specialised for the caller's element type: `flatMap` runs through them for every inner element.
// Why this shape: Benchmarks/README.md, "Merge.swift: flatMap to synchronous inners".

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
    /// ![merge, drawn from a run](merge-merge)
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
    /// ![merge, drawn from a run](merge-merge_2)
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
    /// ![merge(requests), drawn from a run](merge-merge-requests)
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

    /// Emits the values of the observables of any collection as they arrive: RxSwift's
    /// `Observable.merge(collection)`, as ``merge(_:)-([Observable<Element>])`` does.
    ///
    /// The form for a sequence whose element type is ``Observable`` itself, so that the type of
    /// an empty `AnyCollection([])` follows from the result's. The sequence is read once, when
    /// `merge` is called. Events are delivered serially, on the thread of the source that
    /// emitted, or on the thread already delivering.
    ///
    /// - Parameter observables: The observables to merge.
    /// - Returns: An observable of the values of all sources.
    public static func merge<Observables: Sequence>(_ observables: Observables) -> Observable<Element>
    where Observables.Element == Observable<Element> {
        merge(Array(observables))
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
    /// ![merge(), drawn from a run](merge-merge_3)
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
    /// ![merge(maxConcurrent: 1), drawn from a run](merge-merge-maxconcurrent-1)
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
    /// loop idle runs: an inner that completes during its own subscription lets the loop go on
    /// instead of recursing. Every handler is lock → decide → unlock → act, and every event goes
    /// through the outbox, so the observer is called serially and no lock is held while it runs.
    @inlinable
    func merge(limit: Int) -> Observable<Element.Element> {
        let outer = asObservable()
        return Observable { observer in
            let state = Mutex(MergeState<Element.Element>(limit: limit))
            let outerSubscription = SingleAssignmentDisposable()

            /// Disposes the outer subscription and the `running` inner ones, in the order they
            /// were subscribed: after the lock, when the merge fails or is disposed.
            @Sendable func dispose(_ running: [Int: any Disposable]) {
                outerSubscription.dispose()
                for (_, subscription) in running.sorted(by: { $0.key < $1.key }) { subscription.dispose() }
            }

            @Sendable func fail(_ error: any Error) {
                let (first, dropped, running) = state.withLock { $0.fail(error) }
                _ = dropped
                dispose(running)
                state.deliver(first, to: observer)
            }

            /// Subscribes `start`, then every inner that waits while the limit allows.
            @Sendable func subscribe(from start: MergeState<Element.Element>.Start?) {
                var next = start
                // `take()` moves each inner out of `next` instead of copying it.
                while let (inner, id) = next.take() {
                    let subscription = inner.subscribe(AnyObserver { event in
                        // A value, the common case, is all this closure holds, so that it stays
                        // small enough for the lock and the delivery to be inlined into it.
                        guard case .next = event else { return ended(event, inner: id) }
                        state.send(event, to: observer)
                    })
                    let disposeNow: Bool
                    (disposeNow, next) = state.withLock { $0.subscribed(id: id, subscription) }
                    if disposeNow { subscription.dispose() }
                }
            }

            /// Inner `id` failed or completed.
            @Sendable func ended(_ event: Event<Element.Element>, inner id: Int) {
                if case .error(let error) = event { return fail(error) }
                let (finished, first, resume) = state.withLock { $0.innerCompleted(id: id) }
                finished?.dispose()
                state.deliver(first, to: observer)
                if let resume { subscribe(from: resume) }
            }

            outerSubscription.setDisposable(outer.subscribe(AnyObserver { event in
                switch event {
                case .next(let inner):
                    if let start = state.withLock({ $0.enqueue(inner.asObservable()) }) {
                        subscribe(from: start)
                    }
                case .error(let error):
                    fail(error)
                case .completed:
                    let first = state.withLock { $0.outerCompleted() }
                    outerSubscription.dispose()
                    state.deliver(first, to: observer)
                }
            }))
            return Disposables.create {
                let (dropped, running) = state.withLock { $0.cancel() }
                _ = dropped
                dispose(running)
            }
        }
    }
}

/// The state of one `merge` subscription, behind its one `Mutex`: the outbox, the inner
/// observables waiting for a slot, and the subscriptions of those running.
///
/// Each method runs under the lock and returns what the caller does after it: the event to
/// deliver (if it became the deliverer), the inner to subscribe next, what to dispose or release.
/// Internal and `@usableFromInline` rather than private so that `merge(limit:)` can be
/// `@inlinable` (see the top of this file).
@usableFromInline
struct MergeState<Element: Sendable>: SerialDelivering {
    /// An inner observable for the subscribe loop, and its id.
    @usableFromInline typealias Start = (source: Observable<Element>, id: Int)

    /// How many inner observables may run at once (`Int.max` for `merge()`).
    @usableFromInline let limit: Int
    @usableFromInline var outbox = SerialOutbox<Event<Element>>()
    /// Inner observables received but not yet subscribed (beyond the limit, or while the loop
    /// runs on another thread).
    @usableFromInline var waiting = Queue<Observable<Element>>()
    /// Inner observables subscribed, or being subscribed, and not yet completed.
    @usableFromInline var active = 0
    /// Whether a thread is running the subscribe loop; others leave their inners to it.
    @usableFromInline var isSubscribing = false
    @usableFromInline var isOuterDone = false
    /// The subscriptions of the inner observables that outlived their `subscribe` call, by id:
    /// disposed when the merge fails or is disposed, each removed when its inner completes.
    @usableFromInline var running: [Int: any Disposable] = [:]
    @usableFromInline var nextID = 0
    /// The id of the inner the loop is subscribing (not yet in `running`), or -1.
    @usableFromInline var subscribingID = -1
    /// Whether that inner completed during its `subscribe` call.
    @usableFromInline var subscribingCompleted = false

    @inlinable init(limit: Int) {
        self.limit = limit
    }

    @inlinable var isFinished: Bool {
        isOuterDone && active == 0 && waiting.isEmpty
    }

    /// The outer observable emitted `inner`. Returns it, with its id, when the caller must run the
    /// subscribe loop; otherwise it waits.
    @inlinable
    mutating func enqueue(_ inner: Observable<Element>) -> Start? {
        guard !outbox.isClosed else { return nil }
        guard waiting.isEmpty, !isSubscribing, active < limit else {
            waiting.append(inner)
            return claimLoop() ? nextToSubscribe() : nil
        }
        // Nothing waits and the loop is free: the inner goes straight to it, not through the queue.
        isSubscribing = true
        return start(inner)
    }

    /// Takes the subscribe loop when inners wait, a slot is free and no thread runs the loop.
    @inlinable
    mutating func claimLoop() -> Bool {
        guard !isSubscribing, active < limit, !waiting.isEmpty else { return false }
        isSubscribing = true
        return true
    }

    /// The next inner observable for the subscribe loop, or `nil`, which ends the loop.
    @inlinable
    mutating func nextToSubscribe() -> Start? {
        guard !outbox.isClosed, active < limit, let inner = waiting.popFirst() else {
            isSubscribing = false
            return nil
        }
        return start(inner)
    }

    /// Counts `inner` as active and gives it its id.
    @inlinable
    mutating func start(_ inner: Observable<Element>) -> Start {
        active += 1
        subscribingID = nextID
        nextID += 1
        subscribingCompleted = false
        return (inner, subscribingID)
    }

    /// The loop's `subscribe` call for inner `id` returned `subscription`.
    ///
    /// - Returns: Whether the caller must dispose `subscription` now (its inner completed, or the
    ///   merge ended), and the next inner to subscribe.
    @inlinable
    mutating func subscribed(id: Int, _ subscription: any Disposable) -> (disposeNow: Bool, next: Start?) {
        subscribingID = -1
        let disposeNow = subscribingCompleted || outbox.isClosed
        if !disposeNow { running[id] = subscription }
        return (disposeNow, nextToSubscribe())
    }

    /// Inner `id` completed. Returns its subscription to dispose, the completion to deliver if
    /// the merge is now finished, and the inner to subscribe when the caller must resume the
    /// subscribe loop (a slot opened while inners wait and the loop is idle).
    @inlinable
    mutating func innerCompleted(
        id: Int
    ) -> (dispose: (any Disposable)?, first: Handoff<Event<Element>>?, resume: Start?) {
        active -= 1
        var removed: (any Disposable)?
        if id == subscribingID {
            subscribingCompleted = true
        } else {
            removed = running.removeValue(forKey: id)
        }
        if isFinished { return (removed, outbox.send(.completed), nil) }
        return (removed, nil, claimLoop() ? nextToSubscribe() : nil)
    }

    /// The outer observable completed. Returns the completion to deliver if the merge is now
    /// finished.
    @inlinable
    mutating func outerCompleted() -> Handoff<Event<Element>>? {
        isOuterDone = true
        return isFinished ? outbox.send(.completed) : nil
    }

    /// Sends the error and hands back the inner observables still waiting and the running
    /// subscriptions, to be released and disposed after the lock.
    @inlinable
    mutating func fail(
        _ error: any Error
    ) -> (first: Handoff<Event<Element>>?, dropped: Queue<Observable<Element>>, running: [Int: any Disposable]) {
        defer { running = [:] }
        return (outbox.send(.error(error)), waiting.removeAll(), running)
    }

    /// The merge was disposed: closes the outbox and hands back what it held, to be released and
    /// disposed after the lock.
    @inlinable
    mutating func cancel() -> (dropped: (Queue<Event<Element>>, Queue<Observable<Element>>), running: [Int: any Disposable]) {
        defer { running = [:] }
        return ((outbox.cancel(), waiting.removeAll()), running)
    }
}
