import Synchronization

extension Observable where Element == Int {
    /// Emits `0` once `dueTime` has passed, then either completes or, given a `period`,
    /// keeps emitting `1`, `2`, … every `period`.
    ///
    /// Without a period the timer is a one-shot: it emits `0` and completes on the same tick.
    /// With a period it never completes; dispose the subscription to stop it. Each subscriber
    /// gets its own timer, started when it subscribes. Events are delivered on `scheduler`.
    ///
    /// ```
    /// timer(.seconds(3)):                      ---(0|)
    /// timer(.seconds(3), period: .seconds(2)): ---0-1-2-3
    /// ```
    /// ![timer(.seconds(3)), timer(.seconds(3), period: .seconds(2)), drawn from a run](timer-timer-seconds-3)
    ///
    /// - Parameters:
    ///   - dueTime: The time before the first value.
    ///   - period: The time between later values, or `nil` for a single value. A period of zero
    ///     or less schedules each value "now", after the one before: back to back on a dispatch
    ///     queue, one per tick on a ``TestScheduler`` that simulates RxTest's processing delay,
    ///     and an endless schedule, reported as ``TestSchedulerError/stepLimitExceeded(steps:tick:)``,
    ///     on one that does not.
    ///   - scheduler: The scheduler that runs the timer and delivers the values.
    /// - Returns: An observable of `0`, `1`, `2`, … .
    public static func timer(
        _ dueTime: Duration,
        period: Duration? = nil,
        scheduler: any Scheduler
    ) -> Observable<Int> {
        counting(from: dueTime, period: period, scheduler: scheduler)
    }

    /// Emits `0`, `1`, `2`, … every `period`, starting one `period` after subscription.
    ///
    /// The same as ``timer(_:period:scheduler:)->Observable<Int>`` with `dueTime` equal to `period`. It never
    /// completes; dispose the subscription to stop it. Events are delivered on `scheduler`.
    ///
    /// ```
    /// interval(.seconds(2)):  --0-1-2-3
    /// ```
    /// ![interval(.seconds(2)), drawn from a run](timer-interval-seconds-2)
    ///
    /// - Parameters:
    ///   - period: The time before the first value and between later ones.
    ///   - scheduler: The scheduler that runs the timer and delivers the values.
    /// - Returns: An observable of `0`, `1`, `2`, … .
    public static func interval(_ period: Duration, scheduler: any Scheduler) -> Observable<Int> {
        counting(from: period, period: period, scheduler: scheduler)
    }
}

// RxSwift's timers count in any integer type: `Observable<Int64>.interval(.seconds(1), scheduler:)`.
// `Observable.timer(…)` with no type counts in `Int`, through the overloads above.

extension Observable where Element: FixedWidthInteger {
    /// `timer(_:period:scheduler:)`, counting in `Element`: RxSwift's
    /// `Observable<Int64>.timer(_:period:scheduler:)`. The count wraps round after `Element.max`.
    ///
    /// - Parameters:
    ///   - dueTime: The time before the first value.
    ///   - period: The time between later values, or `nil` for a single value. A period of zero
    ///     or less schedules each value "now", after the one before: back to back on a dispatch
    ///     queue, one per tick on a ``TestScheduler`` that simulates RxTest's processing delay,
    ///     and an endless schedule, reported as ``TestSchedulerError/stepLimitExceeded(steps:tick:)``,
    ///     on one that does not.
    ///   - scheduler: The scheduler that runs the timer and delivers the values.
    /// - Returns: An observable of `0`, `1`, `2`, … .
    public static func timer(
        _ dueTime: Duration,
        period: Duration? = nil,
        scheduler: any Scheduler
    ) -> Observable<Element> {
        counting(from: dueTime, period: period, scheduler: scheduler)
    }

    /// `interval(_:scheduler:)`, counting in `Element`: RxSwift's
    /// `Observable<Int64>.interval(_:scheduler:)`. The count wraps round after `Element.max`.
    ///
    /// - Parameters:
    ///   - period: The time before the first value and between later ones.
    ///   - scheduler: The scheduler that runs the timer and delivers the values.
    /// - Returns: An observable of `0`, `1`, `2`, … .
    public static func interval(_ period: Duration, scheduler: any Scheduler) -> Observable<Element> {
        counting(from: period, period: period, scheduler: scheduler)
    }

    /// The timer behind both: `0` after `dueTime`, then every `period`, if any, the next value.
    static func counting(from dueTime: Duration, period: Duration?, scheduler: any Scheduler) -> Observable<Element> {
        guard let period else {
            return Observable { observer in
                let lifetime = SingleAssignmentDisposable()
                lifetime.setDisposable(scheduler.schedule(after: dueTime) {
                    observer.on(.next(0))
                    guard !lifetime.isDisposed else { return }
                    observer.on(.completed)
                })
                return lifetime
            }
        }
        return Observable { observer in
            let counter = Mutex<Element>(0)
            return scheduler.schedulePeriodic(after: dueTime, period: period) {
                let value = counter.withLock { count in
                    defer { count &+= 1 }
                    return count
                }
                observer.on(.next(value))
            }
        }
    }
}
