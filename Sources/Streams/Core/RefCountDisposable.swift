// Inside Streams, chapter 2, "Map and disposal": a disposable shared by several holders, disposed
// when the last one lets go, RxSwift's `RefCountDisposable`.

import Synchronization

/// A disposable that disposes the one it wraps only when it has been disposed itself and every
/// holder that retained it has let go: RxSwift's `RefCountDisposable`.
///
/// The owner disposes the `RefCountDisposable`; each other party calls ``retain()`` and
/// disposes what it returns when it is done. The wrapped disposable is disposed by whichever
/// comes last:
///
/// ```swift
/// let upstream = RefCountDisposable(disposable: subscription)
/// let window = upstream.retain()   // a window still reads from upstream
/// upstream.dispose()               // the owner is done: subscription stays
/// window.dispose()                 // the last holder is done: subscription is disposed
/// ```
///
/// ``retain()`` after the wrapped disposable was disposed returns a disposable that does
/// nothing. The wrapped disposable is disposed once, outside the lock, on the thread of the
/// call that lets go last. Every method may be called from any thread.
public final class RefCountDisposable: Disposable {
    private let state: Mutex<RefCountDisposableState>

    /// Creates a disposable that shares `disposable` among its holders.
    ///
    /// - Parameter disposable: Disposed when the owner and every holder have let go.
    public init(disposable: any Disposable) {
        state = Mutex(RefCountDisposableState(disposable: disposable))
    }

    /// Whether the wrapped disposable has been disposed.
    public var isDisposed: Bool {
        state.withLock { $0.disposable == nil }
    }

    /// Adds a holder: the wrapped disposable stays until the returned disposable is disposed.
    ///
    /// - Returns: The holder's share; disposing it more than once counts once.
    public func retain() -> any Disposable {
        let isHeld = state.withLock { state in
            guard state.disposable != nil else { return false }
            state.holders += 1
            return true
        }
        // Releases its share once, however often it is disposed, and lets go of this object then.
        return isHeld ? Disposables.create(with: { [self] in release() }) : Disposables.create()
    }

    /// The owner lets go: the wrapped disposable is disposed now if no holder is left, or when
    /// the last one lets go.
    public func dispose() {
        let released = state.withLock { state -> (any Disposable)? in
            guard !state.isOwnerDone else { return nil }
            state.isOwnerDone = true
            return state.holders == 0 ? state.disposable.take() : nil
        }
        released?.dispose()
    }

    /// A holder lets go.
    private func release() {
        let released = state.withLock { state -> (any Disposable)? in
            guard state.disposable != nil else { return nil }
            state.holders -= 1
            return state.isOwnerDone && state.holders == 0 ? state.disposable.take() : nil
        }
        released?.dispose()
    }
}

/// Who still holds a ``RefCountDisposable``'s wrapped disposable.
private struct RefCountDisposableState {
    /// The wrapped disposable; `nil` once it has been disposed.
    var disposable: (any Disposable)?
    /// How many shares from `retain()` are not disposed yet.
    var holders = 0
    /// Whether the owner has disposed the `RefCountDisposable`.
    var isOwnerDone = false
}
