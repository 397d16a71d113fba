import Dispatch

/// Runs actions on a concurrent `DispatchQueue`, with real timers: RxSwift's
/// `ConcurrentDispatchQueueScheduler`.
///
/// Use it to move work off the main queue where several pieces of it may run at once:
/// `subscribe(on:)` a blocking read or a decode, a timer in the background.
///
/// ```swift
/// let background = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
/// let thumbnails = photos
///     .subscribe(on: background)
///     .map { photo in Thumbnail(decoding: photo) }
///     .observe(on: DispatchQueueScheduler.main)
/// ```
///
/// Two actions scheduled on it may run at the same time, on different threads. The events of
/// one sequence still arrive one at a time and in order: every operator of Streams delivers
/// serially, whatever the scheduler (``ObservableType/observe(on:)`` sends through one action
/// at a time, the timers and time operators through one outbox, and a periodic timer schedules
/// its next tick after the last one ran). Code of yours that runs in two actions and shares
/// state must lock it.
public struct ConcurrentDispatchQueueScheduler: Scheduler {
    /// The same actions and timers as a ``DispatchQueueScheduler``, on a queue that runs them
    /// concurrently.
    private let scheduler: DispatchQueueScheduler

    /// The queue actions run on.
    public var queue: DispatchQueue {
        scheduler.queue
    }

    /// How late the system may run a delayed action; see ``DispatchQueueScheduler/leeway``.
    public var leeway: Duration {
        scheduler.leeway
    }

    /// Creates a scheduler over `queue`, a concurrent queue: RxSwift's
    /// `ConcurrentDispatchQueueScheduler(queue:leeway:)`.
    ///
    /// - Parameters:
    ///   - queue: A concurrent queue (a serial one works too, and runs one action at a time).
    ///   - leeway: How late a delayed action may run, so that the system can wake once for
    ///     several timers; zero by default, as in RxSwift.
    public init(queue: DispatchQueue, leeway: Duration = .zero) {
        scheduler = DispatchQueueScheduler(queue: queue, leeway: leeway)
    }

    /// Creates a scheduler over the global concurrent queue of `qos`: RxSwift's
    /// `ConcurrentDispatchQueueScheduler(qos:leeway:)`.
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the global queue.
    ///   - leeway: How late a delayed action may run; zero by default, as in RxSwift.
    public init(qos: DispatchQoS, leeway: Duration = .zero) {
        self.init(queue: .global(qos: qos.qosClass), leeway: leeway)
    }

    /// Monotonic time since boot, as a ``DispatchQueueScheduler`` reads it.
    public var now: Duration {
        scheduler.now
    }

    /// Runs `action` asynchronously on the queue, perhaps while other actions run.
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        scheduler.schedule(action)
    }

    /// Runs `action` on the queue once `delay` has passed, at most ``leeway`` later.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        scheduler.schedule(after: delay, action)
    }
}
