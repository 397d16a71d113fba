// Inside Streams, chapter 6, "Time and schedulers": a disposable whose disposal runs on a
// scheduler, RxSwift's `ScheduledDisposable`.

import Synchronization

/// A disposable that disposes another one on a scheduler: RxSwift's `ScheduledDisposable`.
///
/// Use it when what a subscription holds must be released on a particular thread, such as a
/// view's spinner, stopped on the main queue whichever thread disposes:
///
/// ```swift
/// let loading = ScheduledDisposable(
///     scheduler: DispatchQueueScheduler.main,
///     disposable: Disposables.create { MainActor.assumeIsolated { spinner.stop() } }
/// )
/// loading.dispose()   // spinner.stop() runs on the main queue
/// ```
///
/// The first ``dispose()`` schedules the disposal of `disposable` on `scheduler` and returns;
/// later calls do nothing. ``isDisposed`` turns true once the scheduled disposal has run.
public final class ScheduledDisposable: Disposable {
    /// The scheduler the disposal runs on.
    public let scheduler: any Scheduler

    private let state: Mutex<ScheduledDisposableState>

    /// Creates a disposable that disposes `disposable` on `scheduler`.
    ///
    /// - Parameters:
    ///   - scheduler: Where `disposable` is disposed.
    ///   - disposable: What to dispose there.
    public init(scheduler: any Scheduler, disposable: any Disposable) {
        self.scheduler = scheduler
        self.state = Mutex(ScheduledDisposableState(disposable: disposable))
    }

    /// Whether the disposal has run on the scheduler.
    public var isDisposed: Bool {
        state.withLock { $0.disposable == nil }
    }

    /// Schedules the disposal on ``scheduler``, the first time it is called.
    public func dispose() {
        let isFirst = state.withLock { state in
            guard !state.isScheduled else { return false }
            state.isScheduled = true
            return true
        }
        guard isFirst else { return }
        _ = scheduler.schedule { [self] in
            let disposable = state.withLock { $0.disposable.take() }
            disposable?.dispose()
        }
    }
}

/// What a ``ScheduledDisposable`` still holds, and whether its disposal has been scheduled.
private struct ScheduledDisposableState {
    /// The disposable to dispose on the scheduler; `nil` once it has been.
    var disposable: (any Disposable)?
    /// Whether `dispose()` has been called.
    var isScheduled = false
}
