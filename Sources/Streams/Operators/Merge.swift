// Inside Streams, chapter 7, "Merge and the fast path": one implementation for `merge` and
// `flatMap`: the handlers, the subscribe loop, and the direct delivery of a synchronous inner's
// values.

import Synchronization

// `merge()`, `merge(maxConcurrent:)`, the shared `merge(limit:)`, `MergeSubscription`,
// `MergeInner` and `MergeOuter`, with `MergeShared`, `MergeState`, `MergeSignal` and `MergePhase`
// (in MergeState.swift), are `@inlinable`/`@usableFromInline` so that they are specialised for
// the caller's element type: `flatMap` runs through them for every inner element.
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
    /// The one implementation behind `merge()`, `merge(maxConcurrent:)` and `flatMap`: a
    /// ``MergeSubscription`` per subscription, fed by the outer observable.
    @inlinable
    func merge(limit: Int) -> Observable<Element.Element> {
        let outer = asObservable()
        return Observable { observer in
            let merge = MergeOuter(MergeSubscription(observer, limit: limit))
            merge.subscription.shared.outerSubscription.setDisposable(outer.subscribe(AnyObserver { event in
                switch event {
                case .next(let inner):
                    merge.subscription.enqueue(inner.asObservable(), spareHolder: merge)
                case .error(let error):
                    merge.subscription.fail(error)
                case .completed:
                    merge.subscription.outerCompleted()
                }
            }))
            return merge.subscription.shared
        }
    }
}

/// One subscription to `merge(limit:)`: the observer, what it shares with the disposable
/// (``MergeShared``), and the handlers of the outer and inner events.
///
/// Inner observables are queued and subscribed by a loop, which the thread that finds the loop
/// idle runs; an inner that completes during its own subscription lets the loop go on instead of
/// recursing. Events go through the outbox, so the observer is called serially, except the values
/// an inner emits during its own `subscribe` call while the loop holds the delivering role, which
/// go straight to the observer (see ``MergeState``). Every handler is lock → decide → unlock →
/// act: observers, inner subscriptions and disposals run after the lock is released.
///
/// A class rather than closures over a `Mutex`, as STYLE.md's stateful operators are: the inner
/// observer is called once per inner value, and as a closure it captured everything the handlers
/// it calls capture (about twenty values, each passed on every call, and each retained when an
/// inner's observer is made). Here the inner's observer holds this object and the inner's id
/// (``MergeInner``). `@usableFromInline`, with `@inlinable` members, so that it is specialised
/// for the caller's element type (see the top of this file).
@usableFromInline
final class MergeSubscription<Element: Sendable>: Sendable {
    @usableFromInline let observer: AnyObserver<Element>
    @usableFromInline let shared: MergeShared<Element>

    @inlinable
    init(_ observer: AnyObserver<Element>, limit: Int) {
        self.observer = observer
        self.shared = MergeShared(limit: limit)
    }

    /// The outer observable emitted `inner`; `spareHolder` keeps an inner observer that can serve
    /// again between two runs of the subscribe loop.
    @inlinable
    func enqueue(_ inner: Observable<Element>, spareHolder: MergeOuter<Element>) {
        if let start = shared.decide({ $0.enqueue(inner, limit: shared.limit) }) {
            subscribeLoop(start, spareHolder: spareHolder)
        }
    }

    @inlinable
    func outerCompleted() {
        let first = shared.decide { $0.outerCompleted() }
        shared.outerSubscription.dispose()
        shared.state.deliver(first, to: observer)
    }

    /// The outer or an inner observable failed: the error goes out, everything else is disposed.
    @inlinable
    func fail(_ error: any Error) {
        let (first, dropped, running) = shared.decide { $0.fail(error) }
        _ = dropped
        shared.dispose(outerAnd: running)
        shared.state.deliver(first, to: observer)
    }

    /// Subscribes `start` and then every inner observable that waits, while the limit allows.
    ///
    /// An inner's observer serves the next inner when nothing else holds it once its `subscribe`
    /// call has returned (see ``MergeInner``); `spareHolder`, when given, lends the loop the one
    /// kept from its last run and keeps the one left at the end.
    @inlinable
    func subscribeLoop(_ start: MergeState<Element>.Start?, spareHolder: MergeOuter<Element>? = nil) {
        var next = start
        var spare: MergeInner<Element>?
        spareHolder?.swapSpare(&spare)
        // `take()` moves each inner out of `next` instead of copying it (a retain and a release).
        while let (source, id, direct) = next.take() {
            var inner = spare.take() ?? MergeInner(self)
            inner.id.store(id, ordering: .relaxed)
            if direct { shared.directInner.store(MergePhase.of(id, MergePhase.direct), ordering: .releasing) }
            let subscription = source.subscribe(AnyObserver { [inner] event in
                inner.merge.on(event, inner: inner.id.load(ordering: .relaxed))
            })
            let left = direct ? shared.directInner.exchange(MergePhase.none, ordering: .acquiringAndReleasing) : MergePhase.none
            // Nothing but `inner` holds the observer now: no source can call it any more.
            if isKnownUniquelyReferenced(&inner) { spare = consume inner }
            let step = shared.decide {
                $0.subscribed(
                    id: id, subscription,
                    holdsRole: direct && left != MergePhase.of(id, MergePhase.delivering),
                    completedDirectly: direct && left == MergePhase.of(id, MergePhase.completed),
                    limit: shared.limit
                )
            }
            if step.disposeNow { subscription.dispose() }
            if let first = step.first {
                shared.state.deliver(first, to: observer)
                next = shared.decide { $0.nextToSubscribe(limit: shared.limit) }
            } else {
                next = step.next
            }
        }
        if spare != nil { spareHolder?.swapSpare(&spare) }
    }

    /// An event of inner `id`: delivered directly while the loop holds the delivering role for
    /// this inner's `subscribe` call, otherwise through the outbox.
    // `@inline(__always)` puts it in the inner's observer closure instead of behind a call from
    // it, one call less per inner value (see the top of this file).
    @inlinable @inline(__always)
    func on(_ event: Event<Element>, inner id: Int) {
        guard shared.directInner.compareExchange(
            expected: MergePhase.of(id, MergePhase.direct), desired: MergePhase.of(id, MergePhase.delivering),
            ordering: .acquiringAndReleasing
        ).exchanged else {
            return queued(event, inner: id)
        }
        // The loop holds the delivering role for this inner: no lock per value.
        var after = MergePhase.direct
        switch event {
        case .next:
            if shared.signal.load(ordering: .acquiring) & MergeSignal.closed == 0 { observer.on(event) }
        case .error:
            queued(event, inner: id)
        case .completed:
            // Counted by the loop when `subscribe` returns, in the same critical section.
            after = MergePhase.completed
        }
        if shared.signal.load(ordering: .acquiring) & MergeSignal.pending != 0 { deliverPending() }
        if !shared.directInner.compareExchange(
            expected: MergePhase.of(id, MergePhase.delivering), desired: MergePhase.of(id, after),
            ordering: .acquiringAndReleasing
        ).exchanged {
            takeOverRole(after: event, inner: id)
        }
    }

    /// While delivering an inner's value directly: delivers the events other threads queued
    /// meanwhile, keeping the delivering role.
    @inlinable
    func deliverPending() {
        shared.signal.bitwiseAnd(~MergeSignal.pending, ordering: .acquiringAndReleasing)
        shared.state.deliver(shared.state.withLock { $0.outbox.nextKeepingRole() }, to: observer, keepingRole: true)
    }

    /// The loop's `subscribe` call for inner `id` returned while its `event` was being delivered
    /// directly, and left the delivering role to this thread: counts a completion, then drains.
    @inlinable
    func takeOverRole(after event: Event<Element>, inner id: Int) {
        if case .completed = event { queued(event, inner: id) }
        shared.state.deliver(shared.state.withLock { $0.outbox.next() }, to: observer)
    }

    /// An event of inner `id` that is not delivered directly.
    @inlinable
    func queued(_ event: Event<Element>, inner id: Int) {
        switch event {
        case .next:
            shared.state.deliver(shared.decide { $0.outbox.send(event) }, to: observer)
        case .error(let error):
            fail(error)
        case .completed:
            let (finished, first, resume) = shared.decide { $0.innerCompleted(id: id, limit: shared.limit) }
            finished?.dispose()
            shared.state.deliver(first, to: observer)
            if resume { subscribeLoop(shared.decide { $0.nextToSubscribe(limit: shared.limit) }) }
        }
    }
}

/// The observer of one inner observable: the merge and the inner's id.
///
/// An object rather than a closure capturing both, so that it can serve again: when an inner's
/// `subscribe` call has returned and nothing else holds its observer, no source can call it any
/// more, and the subscribe loop gives it to the next inner with that inner's id. A synchronous
/// inner such as `Observable.from(range)` thereby allocates no observer after the first.
@usableFromInline
final class MergeInner<Element: Sendable>: Sendable {
    @usableFromInline let merge: MergeSubscription<Element>
    /// The id of the inner this observer serves; changed only while nothing else holds it.
    @usableFromInline let id = Atomic<Int>(-1)

    @inlinable
    init(_ merge: MergeSubscription<Element>) {
        self.merge = merge
    }
}

/// What the outer observable's observer holds: the merge's subscription, and the inner observer
/// kept for the next inner between two runs of the subscribe loop (see ``MergeInner``).
///
/// The spare is kept here rather than in the merge's state because it holds the merge: nothing
/// in the merge holds this object, so the spare goes when the outer observable lets go of its
/// observer, whether or not the merge ended.
@usableFromInline
final class MergeOuter<Element: Sendable>: Sendable {
    @usableFromInline let subscription: MergeSubscription<Element>
    @usableFromInline let spare = Mutex<MergeInner<Element>?>(nil)

    @inlinable
    init(_ subscription: MergeSubscription<Element>) {
        self.subscription = subscription
    }

    /// Swaps `inner` with the spare: the loop takes the spare at its start with `nil`, and hands
    /// in the one it has left at its end. Moves only: nothing is retained, and nothing released
    /// under the lock (what comes back is released by the caller).
    @inlinable
    func swapSpare(_ inner: inout MergeInner<Element>?) {
        spare.withLock { swap(&$0, &inner) }
    }
}
