import Synchronization

/// A disposable that holds one upstream disposable, set once, possibly after it was disposed.
///
/// Operators create one before subscribing upstream, because a synchronous source can end the
/// subscription before `subscribe` has returned its disposable. When ``setDisposable(_:)`` is
/// called on an already-disposed instance, the new disposable is disposed at once.
///
/// ``isDisposed`` is a lock-free read, so operators can check it on every event.
public final class SingleAssignmentDisposable: Disposable {
    private enum Slot {
        case empty
        case holding(any Disposable)
        case disposed
    }

    private let disposedFlag = Atomic<Bool>(false)
    private let slot = Mutex<Slot>(.empty)

    /// Creates an empty instance.
    public init() {}

    /// Whether ``dispose()`` has been called.
    @inlinable
    public var isDisposed: Bool {
        disposedFlagValue
    }

    @usableFromInline
    var disposedFlagValue: Bool {
        disposedFlag.load(ordering: .acquiring)
    }

    /// Sets the disposable to release; disposes it at once if this instance is already disposed.
    ///
    /// Setting a second disposable is a programming error and is ignored (the extra disposable is
    /// disposed so it cannot leak).
    public func setDisposable(_ disposable: any Disposable) {
        // Already disposed (typical for a synchronous source, which ends before `subscribe`
        // returns): dispose the new one without taking the lock. `dispose()` sets the flag
        // before it empties the slot, so it never expects this disposable there.
        if disposedFlag.load(ordering: .acquiring) {
            disposable.dispose()
            return
        }
        let disposeNow = slot.withLock { slot -> Bool in
            guard case .empty = slot else { return true }
            slot = .holding(disposable)
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Disposes the held disposable, or the one set later.
    public func dispose() {
        // Only the first call has work to do. Operators dispose their upstream on a terminal
        // event and are then disposed again from downstream, so this skips a lock per operator.
        guard !disposedFlag.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let held = slot.withLock { slot -> (any Disposable)? in
            defer { slot = .disposed }
            if case .holding(let disposable) = slot { return disposable }
            return nil
        }
        held?.dispose()
    }
}
