// Inside Streams, chapter 6, "Time and schedulers": where operators get time from: run an action
// now, later, or periodically.

import Synchronization

/// Decides where and when work runs: now, after a delay, or periodically.
///
/// Time-based operators (``ObservableType/throttle(_:latest:scheduler:)``,
/// ``ObservableType/debounce(_:scheduler:)``, ``ObservableType/delay(_:scheduler:)``) and
/// ``ObservableType/observe(on:)`` take a scheduler, so the same code runs on a
/// ``DispatchQueueScheduler`` in an app and on a ``TestScheduler`` in virtual time in tests.
///
/// A scheduler starts the actions it is given in the order of their due times; actions due at
/// the same time start in the order they were scheduled. Most schedulers run one action at a
/// time; a ``ConcurrentDispatchQueueScheduler`` may run several at once. Streams' operators
/// deliver each sequence's events serially on either kind.
public protocol Scheduler: Sendable {
    /// The scheduler's current time, measured from a fixed reference point of its own.
    ///
    /// Only differences between two readings of the same scheduler are meaningful.
    var now: Duration { get }

    /// Runs `action` as soon as possible.
    ///
    /// - Returns: A disposable that cancels the action if it has not started.
    func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable

    /// Runs `action` once `delay` has passed.
    ///
    /// - Returns: A disposable that cancels the action if it has not started.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable

    /// Runs `action` after `delay` and then every `period`, until disposed.
    ///
    /// - Returns: A disposable that stops the repetition.
    func schedulePeriodic(
        after delay: Duration,
        period: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable
}

extension Scheduler {
    /// A periodic schedule built from one-shot delays, each aimed at `start + n × period` so
    /// that lateness does not accumulate.
    public func schedulePeriodic(
        after delay: Duration,
        period: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        let current = SerialDisposable()
        let firstDue = now + delay
        let tick = Mutex(0)

        @Sendable func scheduleNext() {
            let count = tick.withLock { $0 }
            let due = firstDue + period * count
            let wait = max(due - now, .zero)
            // Numbered, so that the first tick's disposable arriving after the second's was
            // set cannot cancel the second (see `SerialDisposable.setDisposable(_:step:)`).
            current.setDisposable(schedule(after: wait) {
                guard !current.isDisposed else { return }
                action()
                tick.withLock { $0 += 1 }
                scheduleNext()
            }, step: count)
        }
        scheduleNext()
        return current
    }
}
