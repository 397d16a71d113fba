// Inside Streams, chapter 6, "Time and schedulers": a scheduled closure that runs at most once, and
// lets go of its captures when cancelled.

import Synchronization

/// An action handed to a scheduler: runs at most once, and not at all once disposed.
///
/// Disposing releases the closure at once, so cancelled work does not keep observers alive
/// while it waits in a queue.
final class ScheduledAction: Disposable {
    private let action: Mutex<(@Sendable () -> Void)?>

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = Mutex(action)
    }

    /// Whether the action has run or been disposed.
    var isDone: Bool {
        action.withLock { $0 == nil }
    }

    /// Runs the action unless it already ran or was disposed.
    func run() {
        let action = self.action.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    func dispose() {
        action.withLock { $0 = nil }
    }
}
