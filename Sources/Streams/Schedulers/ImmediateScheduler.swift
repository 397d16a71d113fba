/// Runs every action at once, on the calling thread.
///
/// Useful where time does not matter, such as synchronous tests of plain transforms. Like
/// Combine's `ImmediateScheduler`, it does not wait: a delayed action runs at once, and a
/// periodic action runs once. For anything that depends on time, use a ``TestScheduler``.
public struct ImmediateScheduler: Scheduler {
    /// The shared instance.
    public static let instance = ImmediateScheduler()

    /// Creates the scheduler.
    public init() {}

    private static let reference = ContinuousClock.now

    /// The time elapsed on the continuous clock since the scheduler was first used.
    public var now: Duration {
        Self.reference.duration(to: .now)
    }

    /// Runs `action` before returning.
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        action()
        return Disposables.create()
    }

    /// Runs `action` before returning; the delay is ignored.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        action()
        return Disposables.create()
    }

    /// Runs `action` once before returning; the delay and the period are ignored.
    public func schedulePeriodic(
        after delay: Duration,
        period: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        action()
        return Disposables.create()
    }
}
