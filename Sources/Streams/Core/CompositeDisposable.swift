// Inside Streams, chapter 4, "The Mutex rule": the rule's smallest complete example: `insert`
// decides under the lock and disposes a late item after it.

import Synchronization

/// A group of disposables that are disposed together.
///
/// Operators that hold several subscriptions at once (``Observable/combineLatest(_:_:resultSelector:)``,
/// `zip`) keep them here; ``remove(for:)`` takes out one that has finished, so a long-lived
/// subscription does not accumulate finished ones. Inserting into a disposed composite disposes
/// the new item at once.
public final class CompositeDisposable: Disposable {
    /// Identifies an inserted disposable, for ``CompositeDisposable/remove(for:)``.
    public struct Key: Hashable, Sendable {
        fileprivate let rawValue: UInt64
    }

    private struct State {
        var items: [UInt64: any Disposable] = [:]
        var nextKey: UInt64 = 0
        var isDisposed = false
    }

    private let state = Mutex(State())

    /// Creates a composite holding two or more disposables: `CompositeDisposable(a, b)`.
    public convenience init(_ first: any Disposable, _ second: any Disposable, _ others: any Disposable...) {
        self.init([first, second] + others)
    }

    /// Creates a composite holding `disposables`.
    public init(_ disposables: [any Disposable] = []) {
        state.withLock { state in
            for disposable in disposables {
                state.items[state.nextKey] = disposable
                state.nextKey += 1
            }
        }
    }

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    /// The number of disposables held.
    public var count: Int {
        state.withLock { $0.items.count }
    }

    /// Adds a disposable.
    ///
    /// - Returns: A key for ``remove(for:)``, or `nil` when the composite was already disposed,
    ///   in which case `disposable` has been disposed.
    @discardableResult
    public func insert(_ disposable: any Disposable) -> Key? {
        let key = state.withLock { state -> Key? in
            guard !state.isDisposed else { return nil }
            defer { state.nextKey += 1 }
            state.items[state.nextKey] = disposable
            return Key(rawValue: state.nextKey)
        }
        if key == nil { disposable.dispose() }
        return key
    }

    /// Removes the disposable inserted under `key` and disposes it.
    public func remove(for key: Key) {
        let removed = state.withLock { $0.items.removeValue(forKey: key.rawValue) }
        removed?.dispose()
    }

    /// Disposes every held disposable and every one inserted later.
    public func dispose() {
        let items = state.withLock { state -> [any Disposable] in
            state.isDisposed = true
            defer { state.items.removeAll() }
            return state.items.sorted { $0.key < $1.key }.map(\.value)
        }
        for item in items { item.dispose() }
    }
}
