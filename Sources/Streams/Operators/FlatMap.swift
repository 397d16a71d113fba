// Inside Streams, chapter 7, "Merge, read top to bottom": `flatMap` is `map` followed by `merge`;
// `flatMapLatest` and `flatMapFirst` follow the same pattern.

import Synchronization

extension ObservableType {
    /// Maps each value to an observable and emits the values of all of them as they arrive.
    ///
    /// Every inner observable is subscribed as soon as its value arrives and runs alongside
    /// the others; their values are interleaved. The result completes once the source and
    /// every inner observable have completed, and fails as soon as any of them fails or
    /// `transform` throws. An inner observable that completes is unsubscribed and forgotten at
    /// that moment.
    ///
    /// ```
    /// source:  -a-b------|         (a → x, b → y; x and y are cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMap
    /// output:  --1-3-24--|
    /// ```
    /// ![flatMap, drawn from a run](flatmap-flatmap)
    ///
    /// Inner observables may emit on different threads: their events are delivered serially,
    /// on the thread of the observable that emitted, or on the thread already delivering an
    /// earlier event. It is `map(transform)` followed by ``ObservableType/merge()``.
    ///
    /// - Parameter transform: Makes the inner observable for a value; may throw.
    /// - Returns: An observable of the values of every inner observable.
    // Inlinable so that `map` + `merge` are specialised for the caller's types; see Merge.swift.
    @inlinable
    public func flatMap<Inner: ObservableConvertibleType>(
        _ transform: @escaping @Sendable (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        map(transform).merge()
    }

    /// Maps each value to an observable and emits only the values of the latest one.
    ///
    /// When a new value arrives, the previous inner subscription is disposed at that moment
    /// and the new inner observable is subscribed. The result completes once the source and
    /// the current inner observable have both completed, and fails as soon as either fails or
    /// `transform` throws.
    ///
    /// ```
    /// source:  -a-b------|         (a → x, b → y; x and y are cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMapLatest
    /// output:  --1-3--4--|
    /// ```
    /// ![flatMapLatest, drawn from a run](flatmap-flatmaplatest)
    ///
    /// Use it when only the answer to the latest request matters: a search field that
    /// queries as you type, or a pull-to-refresh that supersedes the page being loaded. It
    /// is `map(transform)` followed by ``ObservableType/switchLatest()``.
    ///
    /// - Parameter transform: Makes the inner observable for a value; may throw.
    /// - Returns: An observable of the values of the latest inner observable.
    public func flatMapLatest<Inner: ObservableConvertibleType>(
        _ transform: @escaping @Sendable (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        map(transform).switchLatest()
    }

    /// Maps a value to an observable only when no inner observable is running, and emits the
    /// values of that one; values arriving meanwhile are ignored.
    ///
    /// `transform` is not called for an ignored value. Once the running inner observable
    /// completes, the next value from the source starts a new one. The result completes once
    /// the source and the running inner observable have both completed, and fails as soon as
    /// either fails or `transform` throws.
    ///
    /// ```
    /// source:  -a-b------|         (a → x, b → y; x and y are cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMapFirst
    /// output:  --1---2---|
    /// ```
    /// ![flatMapFirst, drawn from a run](flatmap-flatmapfirst)
    ///
    /// This is how a feed loads its next page: "load more" triggers that arrive while a page
    /// is loading are dropped instead of starting duplicate requests. Events are delivered
    /// serially, on the thread of the observable that emitted, or on the thread already
    /// delivering an earlier event.
    ///
    /// - Parameter transform: Makes the inner observable for a value; may throw.
    /// - Returns: An observable of the values of the inner observables that ran.
    public func flatMapFirst<Inner: ObservableConvertibleType>(
        _ transform: @escaping @Sendable (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(FlatMapFirstState<Inner.Element>())
            let outer = SingleAssignmentDisposable()
            let current = SerialDisposable()

            /// Sends a terminal event decided under the lock, disposing everything first.
            @Sendable func finish(_ decision: (finished: Bool, first: Handoff<Event<Inner.Element>>?)) {
                if decision.finished {
                    outer.dispose()
                    current.dispose()
                }
                state.deliver(decision.first, to: observer)
            }

            @Sendable func run(_ inner: Observable<Inner.Element>) {
                let subscription = SingleAssignmentDisposable()
                current.disposable = subscription
                subscription.setDisposable(inner.subscribe(AnyObserver { event in
                    switch event {
                    case .next:
                        state.send(event, to: observer)
                    case .error:
                        finish(state.withLock { $0.terminate(with: event) })
                    case .completed:
                        subscription.dispose()
                        finish(state.withLock { $0.innerCompleted() })
                    }
                }))
            }

            outer.setDisposable(source.subscribe(AnyObserver { event in
                switch event {
                case .next(let value):
                    guard state.withLock({ $0.beginIfIdle() }) else { return }
                    do {
                        run(try transform(value).asObservable())
                    } catch {
                        finish(state.withLock { $0.terminate(with: .error(error)) })
                    }
                case .error(let error):
                    finish(state.withLock { $0.terminate(with: .error(error)) })
                case .completed:
                    let decision = state.withLock { $0.outerCompleted() }
                    outer.dispose()
                    finish(decision)
                }
            }))
            return Disposables.create {
                state.cancelDelivery()
                outer.dispose()
                current.dispose()
            }
        }
    }
}

/// The state of one `flatMapFirst` subscription: at most one inner observable runs.
private struct FlatMapFirstState<Element: Sendable>: SerialDelivering {
    var outbox = SerialOutbox<Event<Element>>()
    private var isInnerRunning = false
    private var isOuterDone = false

    /// Claims the inner slot; returns `false` (ignore the value) while an inner runs.
    mutating func beginIfIdle() -> Bool {
        guard !isInnerRunning, !outbox.isClosed else { return false }
        isInnerRunning = true
        return true
    }

    /// Ends the sequence with `event` unless it has already ended.
    mutating func terminate(with event: Event<Element>) -> (finished: Bool, first: Handoff<Event<Element>>?) {
        guard !outbox.isClosed else { return (false, nil) }
        return (true, outbox.send(event))
    }

    mutating func innerCompleted() -> (finished: Bool, first: Handoff<Event<Element>>?) {
        isInnerRunning = false
        return isOuterDone ? terminate(with: .completed) : (false, nil)
    }

    mutating func outerCompleted() -> (finished: Bool, first: Handoff<Event<Element>>?) {
        isOuterDone = true
        return isInnerRunning ? (false, nil) : terminate(with: .completed)
    }
}
