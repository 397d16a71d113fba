// Inside Streams, chapter 6, "Time and schedulers": a scheduler on a serial dispatch queue, with
// real timers.

import Dispatch

/// Runs actions on a serial `DispatchQueue`, with real timers.
///
/// Events delivered through ``ObservableType/observe(on:)`` with this scheduler arrive on its
/// queue, one at a time. ``main`` runs on the main queue, where UI code must run.
///
/// Its actions never overlap: the queue is serial. For a queue that runs them concurrently,
/// use ``ConcurrentDispatchQueueScheduler``.
public struct DispatchQueueScheduler: Scheduler {
    /// The queue actions run on.
    public let queue: DispatchQueue

    /// Creates a scheduler over a serial queue.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Creates a scheduler over a new serial queue with the given label.
    public init(label: String, qos: DispatchQoS = .default) {
        self.queue = DispatchQueue(label: label, qos: qos)
    }

    /// The scheduler for the main queue.
    public static let main = DispatchQueueScheduler(queue: .main)

    /// Monotonic time since boot, from `DispatchTime`.
    public var now: Duration {
        .nanoseconds(DispatchTime.now().uptimeNanoseconds)
    }

    /// Runs `action` asynchronously on the queue.
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        let scheduled = ScheduledAction(action)
        queue.async { scheduled.run() }
        return scheduled
    }

    /// Runs `action` on the queue once `delay` has passed.
    ///
    /// Periodic work uses the protocol's default ``Scheduler/schedulePeriodic(after:period:_:)``,
    /// which aims each repetition at `start + n × period` so that lateness does not add up.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let scheduled = ScheduledAction(action)
        queue.asyncAfter(deadline: .now() + delay.dispatchInterval) { scheduled.run() }
        return scheduled
    }
}

extension Duration {
    /// This duration as a dispatch interval, in whole nanoseconds (negative durations are zero,
    /// and one longer than `Int.max` nanoseconds, about 292 years, is that long).
    var dispatchInterval: DispatchTimeInterval {
        .nanoseconds(Int(clamping: max(attoseconds / 1_000_000_000, 0)))
    }
}
