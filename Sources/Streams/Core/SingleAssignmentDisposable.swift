// Inside Streams, chapter 2, "Map and disposal": the upstream slot every operator makes before it
// subscribes, because a synchronous source can end first.

import Synchronization

/// A disposable that holds one upstream disposable, set once, possibly after it was disposed.
///
/// Operators create one before subscribing upstream, because a synchronous source can end the
/// subscription before `subscribe` has returned its disposable. When ``setDisposable(_:)`` is
/// called on an already-disposed instance, the new disposable is disposed at once.
///
/// ``isDisposed`` is a lock-free read, so operators can check it on every event.
public final class SingleAssignmentDisposable: Disposable {
    // The phase (empty → holding → disposed, or empty → disposed) is an atomic word beside the
    // slot, so that the common cases take no lock: disposing an instance that holds nothing
    // (an operator whose synchronous source ended before `subscribe` returned), a repeated
    // dispose, and setting on an already-disposed instance. Only a disposable actually held
    // goes through the slot's lock, once on the way in and once on the way out.
    //
    // `isDisposed` (with the phase) is `@inlinable`: operators read it on every event.
    // Why this shape: Benchmarks/README.md, "SingleAssignmentDisposable.swift: a lock-free check".
    @inlinable static var empty: UInt8 { 0 }
    @inlinable static var holding: UInt8 { 1 }
    @inlinable static var disposed: UInt8 { 2 }

    @usableFromInline
    let phase = Atomic<UInt8>(empty)
    private let slot = Mutex<(any Disposable)?>(nil)

    /// Creates an empty instance.
    public init() {}

    /// Whether ``dispose()`` has been called.
    @inlinable
    public var isDisposed: Bool {
        phase.load(ordering: .acquiring) == Self.disposed
    }

    /// Sets the disposable to release; disposes it at once if this instance is already disposed.
    ///
    /// Setting a second disposable is a programming error and is ignored (the extra disposable is
    /// disposed so it cannot leak).
    public func setDisposable(_ disposable: any Disposable) {
        guard phase.load(ordering: .acquiring) == Self.empty else {
            disposable.dispose()
            return
        }
        let stored = slot.withLock { slot -> Bool in
            guard slot == nil else { return false }
            slot = disposable
            return true
        }
        guard stored else {
            disposable.dispose()
            return
        }
        // Publish it. If `dispose()` got in first, it found nothing held and left the slot
        // alone: take the disposable back and dispose it here.
        let published = phase.compareExchange(
            expected: Self.empty, desired: Self.holding, ordering: .acquiringAndReleasing
        ).exchanged
        if !published {
            slot.withLock { $0 = nil }
            disposable.dispose()
        }
    }

    /// Disposes the held disposable, or the one set later.
    public func dispose() {
        // Only the first call after a disposable was published has anything to release. A
        // repeated call (operators dispose their upstream on a terminal event and are then
        // disposed again from downstream) stops at the plain load.
        guard phase.load(ordering: .acquiring) != Self.disposed,
              phase.exchange(Self.disposed, ordering: .acquiringAndReleasing) == Self.holding
        else { return }
        let held = slot.withLock { $0.take() }
        held?.dispose()
    }
}
