// Inside Streams, chapter 6, "Time and schedulers": a scheduler on a serial dispatch queue, with
// real timers.

import Dispatch
import Synchronization

/// Runs actions on a serial `DispatchQueue`, with real timers: RxSwift's
/// `SerialDispatchQueueScheduler`.
///
/// Events delivered through ``ObservableType/observe(on:)`` with this scheduler arrive on its
/// queue, one at a time. ``main`` runs on the main queue, where UI code must run.
///
/// Its actions never overlap: the queue is serial. For a queue that runs them concurrently,
/// use ``ConcurrentDispatchQueueScheduler``.
///
/// RxSwift's initialisers are all here, and all end in ``init(queue:leeway:)``:
///
/// ```swift
/// let background = DispatchQueueScheduler(qos: .userInitiated)          // serial, on a global queue
/// let parsing = DispatchQueueScheduler(internalSerialQueueName: "parse")  // a queue of its own
/// let coalesced = DispatchQueueScheduler(qos: .utility, leeway: .milliseconds(50))
/// ```
public struct DispatchQueueScheduler: Scheduler {
    /// The queue actions run on.
    public let queue: DispatchQueue

    /// How late the system may run a delayed action (``schedule(after:_:)``, and so every timer
    /// on this scheduler), so that it can wake once for several timers and save power. Zero,
    /// the default as in RxSwift, asks for each timer as close to its due time as the system
    /// can manage; a leeway never makes an action run early.
    public let leeway: Duration

    /// Creates a scheduler over a serial queue.
    ///
    /// The queue is used as it is: give it a serial queue (RxSwift's
    /// ``init(queue:internalSerialQueueName:leeway:)`` makes one over any queue).
    ///
    /// - Parameters:
    ///   - queue: A serial queue; actions run on it one at a time.
    ///   - leeway: How late a delayed action may run (see ``leeway``).
    public init(queue: DispatchQueue, leeway: Duration = .zero) {
        self.queue = queue
        self.leeway = leeway
    }

    /// Creates a scheduler over a new serial queue with the given label.
    public init(label: String, qos: DispatchQoS = .default) {
        self.init(queue: DispatchQueue(label: label, qos: qos))
    }

    /// Creates a scheduler over a new serial queue named `internalSerialQueueName`: RxSwift's
    /// `SerialDispatchQueueScheduler(internalSerialQueueName:serialQueueConfiguration:leeway:)`.
    ///
    /// - Parameters:
    ///   - internalSerialQueueName: The new queue's label.
    ///   - serialQueueConfiguration: Called once with the new queue, before the scheduler uses it.
    ///   - leeway: How late a delayed action may run (see ``leeway``).
    public init(
        internalSerialQueueName: String,
        serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: Duration = .zero
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName)
        serialQueueConfiguration?(queue)
        self.init(queue: queue, leeway: leeway)
    }

    /// Creates a scheduler over a new serial queue, named `internalSerialQueueName`, that runs
    /// its actions on `queue`, which may be concurrent: RxSwift's
    /// `SerialDispatchQueueScheduler(queue:internalSerialQueueName:leeway:)`.
    ///
    /// - Parameters:
    ///   - queue: Where the actions run, one at a time.
    ///   - internalSerialQueueName: The label of the serial queue in front of `queue`.
    ///   - leeway: How late a delayed action may run (see ``leeway``).
    public init(queue: DispatchQueue, internalSerialQueueName: String, leeway: Duration = .zero) {
        self.init(queue: DispatchQueue(label: internalSerialQueueName, target: queue), leeway: leeway)
    }

    /// Creates a scheduler over a new serial queue that runs its actions on the global queue of
    /// `qos`: RxSwift's `SerialDispatchQueueScheduler(qos:internalSerialQueueName:leeway:)`.
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the global queue.
    ///   - internalSerialQueueName: The label of the serial queue in front of the global one.
    ///   - leeway: How late a delayed action may run (see ``leeway``).
    public init(
        qos: DispatchQoS,
        internalSerialQueueName: String = "streams.global_dispatch_queue.serial",
        leeway: Duration = .zero
    ) {
        self.init(queue: .global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName, leeway: leeway)
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

    /// Runs `action` on the queue once `delay` has passed, at most ``leeway`` later.
    ///
    /// The timer is a `DispatchSourceTimer` with the scheduler's leeway (`asyncAfter` would
    /// choose one of its own: a tenth of the delay, at least a millisecond). Disposing cancels
    /// the timer and releases `action` at once.
    ///
    /// Periodic work uses the protocol's default ``Scheduler/schedulePeriodic(after:period:_:)``,
    /// which aims each repetition at `start + n × period` so that lateness does not add up.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let timer = DispatchTimer(ScheduledAction(action))
        timer.start(on: queue, deadline: .now() + delay.dispatchInterval, leeway: leeway.dispatchInterval)
        return timer
    }
}

/// One delayed action of a ``DispatchQueueScheduler``: a one-shot `DispatchSourceTimer` that
/// runs the action on the queue, then cancels itself.
///
/// The timer's handler holds this object, and this object the timer, until the timer fires or
/// is disposed: so the timer runs even when nobody keeps the returned disposable, and both are
/// released once it has run or been cancelled.
private final class DispatchTimer: Disposable {
    private let action: ScheduledAction
    private let source = Mutex<(any DispatchSourceTimer)?>(nil)

    init(_ action: ScheduledAction) {
        self.action = action
    }

    func start(on queue: DispatchQueue, deadline: DispatchTime, leeway: DispatchTimeInterval) {
        // Made and armed inside the lock, which nobody else can hold yet: a timer that fires at
        // once waits for it, and so finds itself stored, to cancel. (Swift's region checking
        // also wants the timer made where it is stored.) Its handler runs later, on the queue.
        source.withLock { source in
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: deadline, leeway: leeway)
            timer.setEventHandler { [self] in
                action.run()
                dispose()
            }
            timer.resume()
            source = timer
        }
    }

    func dispose() {
        action.dispose()
        let timer = source.withLock { $0.take() }
        timer?.cancel()
    }
}

extension Duration {
    /// This duration as a dispatch interval, in whole nanoseconds (negative durations are zero,
    /// and one longer than `Int.max` nanoseconds, about 292 years, is that long).
    var dispatchInterval: DispatchTimeInterval {
        .nanoseconds(Int(clamping: max(attoseconds / 1_000_000_000, 0)))
    }
}
