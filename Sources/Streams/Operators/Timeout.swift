import Synchronization

extension ObservableType {
    /// Fails with a ``TimeoutError`` when `dueTime` passes without a value.
    ///
    /// The wait starts at subscription and starts over at each value. A completion or an error
    /// from the source within the window is forwarded as it is. When the window closes first,
    /// the source is unsubscribed and the output fails. Use it to bound how long a request or a
    /// quiet connection may take: RxSwift's `timeout(_:scheduler:)`, which fails with
    /// `RxError.timeout`.
    ///
    /// ```
    /// source:  -a-b-----c|
    ///          timeout(.seconds(3))
    /// output:  -a-b--#     (# = TimeoutError)
    /// ```
    /// ![timeout(.seconds(3)), drawn from a run](timeout-timeout-seconds-3)
    ///
    /// Values and the source's terminal event are delivered on the source's thread; the
    /// ``TimeoutError`` on `scheduler`. Delivery is serial either way.
    ///
    /// - Parameters:
    ///   - dueTime: How long the output may go without a value, from subscription and from each
    ///     value.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: An observable that fails when the source is quiet for `dueTime`.
    public func timeout(_ dueTime: Duration, scheduler: any Scheduler) -> Observable<Element> {
        timeout(dueTime, other: Observable.error(TimeoutError(dueTime: dueTime)), scheduler: scheduler)
    }

    /// Switches to `other` when `dueTime` passes without a value.
    ///
    /// The wait starts at subscription and starts over at each value. When the window closes,
    /// the source is unsubscribed and `other` is subscribed at that tick; from then on the
    /// output is `other`'s events. A completion or an error from the source within the window
    /// is forwarded as it is, and `other` is never subscribed. Use it for a fallback: cached
    /// data when the network is slow.
    ///
    /// ```
    /// source:  -a-b-----c|
    /// other:   xy|
    ///          timeout(.seconds(3), other: other)
    /// output:  -a-b--xy|     (other is cold)
    /// ```
    /// ![timeout(.seconds(3), other: other), drawn from a run](timeout-timeout-seconds-3-other-other)
    ///
    /// Values and terminal events of the source are delivered on the source's thread; those of
    /// `other` on the thread it emits on (for a synchronous `other`, `scheduler`'s). Delivery is
    /// serial either way.
    ///
    /// - Parameters:
    ///   - dueTime: How long the source may go without a value, from subscription and from each
    ///     value.
    ///   - other: The observable to switch to when the window closes.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: An observable of the source's events, then, after a timeout, `other`'s.
    public func timeout(
        _ dueTime: Duration,
        other: some ObservableConvertibleType<Element>,
        scheduler: any Scheduler
    ) -> Observable<Element> {
        let source = asObservable()
        let other = other.asObservable()
        return Observable { observer in
            let state = Mutex(TimeoutState<Element>())
            let upstream = SingleAssignmentDisposable()
            let fallback = SingleAssignmentDisposable()
            let timer = SerialDisposable()

            @Sendable func startTimer(_ id: UInt64) {
                timer.disposable = scheduler.schedule(after: dueTime) { dueTimePassed(id) }
            }

            @Sendable func dueTimePassed(_ id: UInt64) {
                guard state.withLock({ $0.switchToOther(id) }) else { return }
                upstream.dispose()
                fallback.setDisposable(other.subscribe(AnyObserver { event in
                    guard !fallback.isDisposed else { return }
                    if event.isStopEvent { fallback.dispose() }
                    state.send(event, to: observer)
                }))
            }

            startTimer(0)
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next:
                    guard let (id, first) = state.withLock({ $0.receive(event) }) else { return }
                    // The next window starts before delivery, so a value the observer sends back
                    // into the source re-entrantly starts the newer window, not this one.
                    startTimer(id)
                    state.deliver(first, to: observer)
                case .error, .completed:
                    let first = state.withLock { $0.finish(event) }
                    upstream.dispose()
                    timer.dispose()
                    state.deliver(first, to: observer)
                }
            }))
            return Disposables.create {
                state.cancelDelivery()
                upstream.dispose()
                timer.dispose()
                fallback.dispose()
            }
        }
    }
}

/// The error of ``ObservableType/timeout(_:scheduler:)``: the source sent no value within
/// `dueTime`. RxSwift's `RxError.timeout`.
public struct TimeoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The window the source did not send a value in.
    public let dueTime: Duration

    /// Creates the error for a window of `dueTime`.
    public init(dueTime: Duration) {
        self.dueTime = dueTime
    }

    public var description: String { "timeout: no value within \(dueTime)" }
}

/// The state of one ``ObservableType/timeout(_:other:scheduler:)`` subscription: which window
/// is current, whether it closed and the output switched to `other`, and the outbox through
/// which the source's thread, the timer and `other` deliver serially.
private struct TimeoutState<Element: Sendable>: SerialDelivering {
    /// Identifies the current window; the timer of an older one is stale.
    var id: UInt64 = 0
    /// Whether the window closed: the source is ignored from then on.
    var hasSwitched = false
    var outbox = SerialOutbox<Event<Element>>()

    /// Accepts a value from the source; returns the id of the window it opens and the event to
    /// deliver if the caller became the deliverer, or `nil` when the source is ignored.
    mutating func receive(_ event: Event<Element>) -> (id: UInt64, first: Handoff<Event<Element>>?)? {
        guard !hasSwitched, !outbox.isClosed else { return nil }
        id &+= 1
        return (id, outbox.send(event))
    }

    /// Accepts the source's terminal event, unless the output already switched.
    mutating func finish(_ event: Event<Element>) -> Handoff<Event<Element>>? {
        guard !hasSwitched else { return nil }
        return outbox.send(event)
    }

    /// The timer of window `id` fired; returns whether the caller must switch to `other`.
    mutating func switchToOther(_ id: UInt64) -> Bool {
        guard !hasSwitched, !outbox.isClosed, id == self.id else { return false }
        hasSwitched = true
        return true
    }
}
