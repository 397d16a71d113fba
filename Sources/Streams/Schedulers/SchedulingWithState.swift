import Synchronization

// RxSwift's scheduler methods that carry a state, for code (and tests) written against RxSwift's
// `SchedulerType`: `scheduler.schedule(state) { state in … }`. Streams' own operators capture what
// they need in the closure instead.

extension Scheduler {
    /// Runs `action` with `state` as soon as possible: RxSwift's `schedule(_:action:)`.
    ///
    /// - Parameters:
    ///   - state: The value `action` receives.
    ///   - action: The work; the disposable it returns is disposed with the one returned here.
    /// - Returns: A disposable that cancels the action if it has not started, and disposes what
    ///   it returned if it has.
    public func schedule<State: Sendable>(
        _ state: State,
        action: @escaping @Sendable (State) -> any Disposable
    ) -> any Disposable {
        let work = SingleAssignmentDisposable()
        let scheduled = schedule { work.setDisposable(action(state)) }
        return Disposables.create(scheduled, work)
    }

    /// Runs `action` with `state` once `dueTime` has passed: RxSwift's
    /// `scheduleRelative(_:dueTime:action:)`.
    ///
    /// - Parameters:
    ///   - state: The value `action` receives.
    ///   - dueTime: How long to wait.
    ///   - action: The work; the disposable it returns is disposed with the one returned here.
    /// - Returns: A disposable that cancels the action if it has not started, and disposes what
    ///   it returned if it has.
    public func scheduleRelative<State: Sendable>(
        _ state: State,
        dueTime: Duration,
        action: @escaping @Sendable (State) -> any Disposable
    ) -> any Disposable {
        let work = SingleAssignmentDisposable()
        let scheduled = schedule(after: dueTime) { work.setDisposable(action(state)) }
        return Disposables.create(scheduled, work)
    }

    /// Runs `action` after `startAfter` and then every `period`, each time with the state the
    /// previous run returned: RxSwift's `schedulePeriodic(_:startAfter:period:action:)`.
    ///
    /// - Parameters:
    ///   - state: The state of the first run.
    ///   - startAfter: How long to wait before the first run.
    ///   - period: The time between runs.
    ///   - action: Turns a run's state into the next run's.
    /// - Returns: A disposable that stops the repetition.
    public func schedulePeriodic<State: Sendable>(
        _ state: State,
        startAfter: Duration,
        period: Duration,
        action: @escaping @Sendable (State) -> State
    ) -> any Disposable {
        // The runs never overlap (each repetition is scheduled after the last one ran), so the
        // state is read, handed to `action` outside the lock, and replaced.
        let current = Mutex(state)
        return schedulePeriodic(after: startAfter, period: period) {
            let next = action(current.withLock { $0 })
            current.withLock { $0 = next }
        }
    }
}
