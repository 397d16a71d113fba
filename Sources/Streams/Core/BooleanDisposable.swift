// Inside Streams, chapter 2, "Map and disposal": a disposable that only remembers that it was
// disposed, RxSwift's `BooleanDisposable`.

import Synchronization

/// A disposable that releases nothing and only records whether it has been disposed:
/// RxSwift's `BooleanDisposable`.
///
/// Use it where a disposable is required and the work checks a flag instead of being
/// cancelled, such as a loop that stops when ``isDisposed`` turns true, or to see in a test
/// whether something disposed what it was given:
///
/// ```swift
/// let flag = BooleanDisposable()
/// let shared = RefCountDisposable(disposable: flag)
/// shared.dispose()
/// flag.isDisposed   // true
/// ```
///
/// `dispose()` may be called from any thread, any number of times.
public final class BooleanDisposable: Disposable {
    private let disposed: Atomic<Bool>

    /// Creates a disposable that has not been disposed yet.
    public init() {
        disposed = Atomic(false)
    }

    /// Creates a disposable that is already disposed when `isDisposed` is true.
    ///
    /// - Parameter isDisposed: Whether it starts disposed.
    public init(isDisposed: Bool) {
        disposed = Atomic(isDisposed)
    }

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Records that this disposable is disposed.
    public func dispose() {
        disposed.store(true, ordering: .releasing)
    }
}
