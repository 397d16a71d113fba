import Synchronization

extension ObservableType {
    /// Splits the source into windows, each an observable of the values that arrive while it is
    /// open: a window closes when it holds `count` values or when `timeSpan` has passed since it
    /// opened, whichever comes first, and the next opens at once. RxSwift's
    /// `window(timeSpan:count:scheduler:)`.
    ///
    /// The first window opens at the subscription, before the source is subscribed. A window
    /// that fills up closes at the tick of its last value; one that times out closes then, empty
    /// or not. When the source completes, the open window completes and then the output; an
    /// error fails the open window and then the output. ``ObservableType/buffer(timeSpan:count:scheduler:)``
    /// is this operator with each window collected into an array.
    ///
    /// ```
    /// source:  -ab-c------d|
    ///          window(timeSpan: .seconds(4), count: 2, scheduler: scheduler)   (each value drawn as the number of its window)
    /// output:  -00-1------3|
    /// ```
    /// ![window(timeSpan: .seconds(4), count: 2, scheduler: scheduler), drawn from a run](window-window-timespan-seconds-4-count-2)
    ///
    /// Above, window 0 fills up at tick 2 and window 1 opens; it times out at tick 6 with one
    /// value, window 2 times out empty at tick 10, and window 3 completes with the source.
    ///
    /// A window is hot, like a ``Subject``: it sends only the values that arrive after you
    /// subscribe. Each window is emitted before any value is sent into it, so subscribing to it
    /// when it arrives, as ``ObservableType/flatMap(_:)`` and ``ObservableType/concatMap(_:)`` do, misses nothing.
    ///
    /// As in RxSwift, the source subscription lives as long as the output subscription or any
    /// subscription to a window: if you dispose the output while subscribed to a window, that
    /// window still receives its values until it closes, and the source is unsubscribed when
    /// the last window subscription ends.
    ///
    /// Windows are emitted, and values and terminal events sent into them, on the thread of the
    /// source's event, on `scheduler` when a window times out, or on the thread already
    /// delivering an earlier step, which delivers the later one after it returns. Delivery is
    /// serial: a window never receives a value after it closes.
    ///
    /// - Parameters:
    ///   - timeSpan: The longest a window stays open; more than zero.
    ///   - count: The most values a window holds; one or more.
    ///   - scheduler: The scheduler that times the windows. It must wait for a delay: on an
    ///     ``ImmediateScheduler``, windows would time out forever.
    /// - Returns: An observable of windows, each an observable of values.
    public func window(timeSpan: Duration, count: Int, scheduler: any Scheduler) -> Observable<Observable<Element>> {
        precondition(timeSpan > .zero, "window and buffer need a time span of more than zero, got \(timeSpan)")
        precondition(count > 0, "window and buffer need a count of one or more, got \(count)")
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(WindowState<Element>(count: count))
            let upstream = SingleAssignmentDisposable()

            // Ends the subscription for good: the source, the timer and the steps still queued.
            @Sendable func release() {
                state.cancelDelivery()
                let timer = state.withLock { $0.timer.take() }
                timer?.dispose()
                upstream.dispose()
            }

            let listeners: InnerSubjects.WithListeners = { body in state.withLock { body(&$0.listeners) } }
            let steps = InnerSubjects.deliverer(to: observer, listeners: listeners) { (_: Void, window: Subject<Element>) in
                InnerSubjects.counted(window, listeners: listeners, release: release)
            }

            @Sendable func startTimer(for window: UInt64) {
                let timer = scheduler.schedule(after: timeSpan) { timeSpanEnded(window) }
                // A timer started for a window that has already closed is disposed at once.
                let replaced = state.withLock { $0.keep(timer, for: window) }
                replaced?.dispose()
            }

            @Sendable func timeSpanEnded(_ window: UInt64) {
                guard let (first, next) = state.withLock({ $0.timeSpanEnded(window) }) else { return }
                startTimer(for: next)
                state.deliver(first, to: steps)
            }

            state.deliver(state.withLock { $0.openFirst() }, to: steps)
            startTimer(for: 0)
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    let (first, next) = state.withLock { $0.receive(value) }
                    if let next { startTimer(for: next) }
                    state.deliver(first, to: steps)
                case .error, .completed:
                    let (first, timer) = state.withLock { $0.finish(with: event) }
                    timer?.dispose()
                    upstream.dispose()
                    state.deliver(first, to: steps)
                }
            }))
            return Disposables.create {
                if listeners({ $0.removeOutput() }) { release() }
            }
        }
    }
}

/// A step of a ``ObservableType/window(timeSpan:count:scheduler:)`` subscription: windows have
/// no label.
private typealias WindowStep<Element: Sendable> = InnerSubjects.Step<Void, Element>

/// The state of one ``ObservableType/window(timeSpan:count:scheduler:)`` subscription.
///
/// Values, timers and the source's end are decided under the lock and sent through `outbox` as
/// steps, so a value is sent into the window that was open when it arrived, and never after
/// that window's close. The methods return the step the caller must deliver, if it became the
/// deliverer.
private struct WindowState<Element: Sendable>: SerialDelivering {
    /// The most values a window holds.
    let count: Int
    /// The open window.
    var current = Subject<Element>()
    /// How many values the open window holds.
    var received = 0
    /// Identifies the open window; the timer of an older one is stale.
    var id: UInt64 = 0
    /// The open window's timer.
    var timer: (any Disposable)?
    /// Who keeps the source subscribed: the output, and the subscriptions to windows.
    var listeners = InnerSubjects.Listeners()
    var outbox = SerialOutbox<Event<WindowStep<Element>>>()

    init(count: Int) {
        self.count = count
    }

    mutating func openFirst() -> Handoff<Event<WindowStep<Element>>>? {
        outbox.send(.next(.open((), current)))
    }

    /// Sends `value` into the open window; when that fills it, rolls over to the next one and
    /// returns its id, for its timer.
    mutating func receive(_ value: Element) -> (first: Handoff<Event<WindowStep<Element>>>?, next: UInt64?) {
        guard !outbox.isClosed else { return (nil, nil) }
        received += 1
        let send = Event.next(WindowStep.send(value, current))
        guard received == count else { return (outbox.send(send), nil) }
        return (outbox.send(contentsOf: [send] + rollOver()), id)
    }

    /// The open window timed out, unless its timer is stale: rolls over to the next one and
    /// returns its id, for its timer.
    mutating func timeSpanEnded(_ window: UInt64) -> (first: Handoff<Event<WindowStep<Element>>>?, next: UInt64)? {
        guard !outbox.isClosed, window == id else { return nil }
        return (outbox.send(contentsOf: rollOver()), id)
    }

    /// Closes the open window and opens the next.
    private mutating func rollOver() -> [Event<WindowStep<Element>>] {
        let closed = current
        current = Subject()
        received = 0
        id &+= 1
        return [.next(.close(closed, .completed)), .next(.open((), current))]
    }

    /// Ends the open window, then the output, with the source's terminal event; hands back the
    /// timer to dispose.
    mutating func finish(with end: Event<Element>) -> (first: Handoff<Event<WindowStep<Element>>>?, timer: (any Disposable)?) {
        guard !outbox.isClosed else { return (nil, nil) }
        let outputEnd: Event<WindowStep<Element>> = end.error.map { .error($0) } ?? .completed
        return (outbox.send(contentsOf: [.next(.close(current, end)), outputEnd]), timer.take())
    }

    /// Keeps `timer` as the timer of `window` if that window is still open; returns the timer
    /// to dispose: the one it replaces, or `timer` itself when it is stale.
    mutating func keep(_ timer: any Disposable, for window: UInt64) -> (any Disposable)? {
        guard !outbox.isClosed, window == id else { return timer }
        defer { self.timer = timer }
        return self.timer
    }
}
