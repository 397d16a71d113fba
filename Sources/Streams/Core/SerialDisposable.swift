// Inside Streams, chapter 6, "Time and schedulers": a slot whose new disposable disposes the old
// one: how `debounce` replaces its timer.

import Synchronization

/// A disposable whose held disposable can be replaced; the one replaced is disposed.
///
/// ``ObservableType/flatMapLatest(_:)`` keeps its current inner subscription here: setting the
/// next inner disposes the previous one.
public final class SerialDisposable: Disposable {
    private struct State {
        var current: (any Disposable)?
        var isDisposed = false
        /// The step of `current` when it was set with ``setDisposable(_:step:)``.
        var step = Int.min
    }

    private let state = Mutex(State())

    /// Creates an empty instance.
    public init() {}

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    /// The disposable held now. Setting a new one disposes the old one; setting one after
    /// ``dispose()`` disposes the new one at once.
    public var disposable: (any Disposable)? {
        get { state.withLock { $0.current } }
        set {
            let (old, disposeNew) = state.withLock { state -> ((any Disposable)?, Bool) in
                guard !state.isDisposed else { return (nil, true) }
                defer { state.current = newValue }
                return (state.current, false)
            }
            old?.dispose()
            if disposeNew { newValue?.dispose() }
        }
    }

    /// Disposes the held disposable and any set later.
    /// Sets the disposable of step `step` of a chain of scheduled actions in which each action
    /// schedules the next (a loop that sends one value per action, a periodic timer, the frames
    /// of an animation), unless the disposable of a later step is already set.
    ///
    /// The first action of such a chain is scheduled from outside it, and on another thread it
    /// can run, and schedule the second, before `schedule` has returned the first's disposable.
    /// With ``disposable``'s setter, that first disposable would then arrive last, replace the
    /// second's and dispose it, and the chain would stop. Here a disposable that arrives after a
    /// later step's is disposed instead: its action has already run.
    ///
    /// ```swift
    /// let pending = SerialDisposable()
    /// @Sendable func send(_ index: Int) {
    ///     guard !pending.isDisposed else { return }
    ///     observer.onNext(index)
    ///     pending.setDisposable(scheduler.schedule { send(index + 1) }, step: index + 1)
    /// }
    /// pending.setDisposable(scheduler.schedule { send(0) }, step: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - disposable: The disposable of the action scheduled for `step`.
    ///   - step: The action's place in the chain; each action's is greater than the one before.
    public func setDisposable(_ disposable: any Disposable, step: Int) {
        let (old, isStale) = state.withLock { state -> ((any Disposable)?, Bool) in
            guard !state.isDisposed, step > state.step else { return (nil, true) }
            state.step = step
            defer { state.current = disposable }
            return (state.current, false)
        }
        old?.dispose()
        if isStale { disposable.dispose() }
    }

    public func dispose() {
        let old = state.withLock { state -> (any Disposable)? in
            state.isDisposed = true
            defer { state.current = nil }
            return state.current
        }
        old?.dispose()
    }
}
