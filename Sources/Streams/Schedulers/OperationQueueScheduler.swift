import Dispatch
import Foundation

/// Runs actions as operations on an `OperationQueue`: RxSwift's `OperationQueueScheduler`.
///
/// Each action joins the queue as a `BlockOperation` with the scheduler's ``queuePriority``.
/// The queue decides the rest: its `maxConcurrentOperationCount` says how many actions run at
/// once, and among the operations waiting for a slot a higher priority starts first. Two
/// schedulers over one queue share its slots, so the work a screen shows can go before the
/// work it prefetches:
///
/// ```swift
/// let decoding = OperationQueue()
/// decoding.maxConcurrentOperationCount = 2
/// let visible = OperationQueueScheduler(operationQueue: decoding, queuePriority: .high)
/// let prefetch = OperationQueueScheduler(operationQueue: decoding, queuePriority: .low)
/// ```
///
/// Actions run on the queue's threads; with more than one slot, two actions may run at once,
/// as on a ``ConcurrentDispatchQueueScheduler``, and each sequence's events still arrive one
/// at a time and in order. Disposing an action that has not started cancels its operation.
///
/// RxSwift's `OperationQueueScheduler` has no timers (it is an `ImmediateSchedulerType`).
/// Streams has one kind of scheduler, so this one has them: a delayed action waits on a
/// dispatch timer, then joins the queue like any other, with the same priority.
public struct OperationQueueScheduler: Scheduler {
    /// The queue the actions join.
    public let operationQueue: OperationQueue

    /// The priority each action's operation is given.
    public let queuePriority: Operation.QueuePriority

    /// Creates a scheduler that adds its actions to `operationQueue`.
    ///
    /// - Parameters:
    ///   - operationQueue: The queue the actions join.
    ///   - queuePriority: The priority of their operations; `.normal` unless you say.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Monotonic time since boot, as a ``DispatchQueueScheduler`` reads it.
    public var now: Duration {
        Self.timers.now
    }

    /// Adds `action` to the queue, as an operation of ``queuePriority``.
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        let scheduled = ScheduledAction(action)
        let operation = BlockOperation { scheduled.run() }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return Disposables.create {
            scheduled.dispose()
            operation.cancel()
        }
    }

    /// Adds `action` to the queue once `delay` has passed.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let operation = SingleAssignmentDisposable()
        let timer = Self.timers.schedule(after: delay) {
            operation.setDisposable(schedule(action))
        }
        return Disposables.create(timer, operation)
    }

    /// Where delayed actions wait before they join the queue.
    private static let timers = ConcurrentDispatchQueueScheduler(qos: .default)
}
