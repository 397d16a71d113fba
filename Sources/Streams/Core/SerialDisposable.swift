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
    public func dispose() {
        let old = state.withLock { state -> (any Disposable)? in
            state.isDisposed = true
            defer { state.current = nil }
            return state.current
        }
        old?.dispose()
    }
}
