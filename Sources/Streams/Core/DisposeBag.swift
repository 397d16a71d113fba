// Inside Streams, chapter 2, "Map and disposal": a list of subscriptions that ends them all when it
// goes, filled and emptied from any thread.

import Synchronization

/// Owns subscriptions and disposes them all when it is deallocated.
///
/// Keep one bag per owner (a view controller, a view model's consumer) and add every
/// subscription to it with ``Disposable/disposed(by:)``. Replacing the bag
/// (`disposeBag = DisposeBag()`) is the idiomatic way to cancel them all early.
/// Adding to a bag that has already disposed disposes the new item at once.
public final class DisposeBag: Sendable {
    private struct State {
        var disposables: [any Disposable] = []
        var isDisposed = false
    }

    private let state = Mutex(State())

    /// Creates an empty bag.
    public init() {}

    /// Creates a bag that holds `disposables`: RxSwift's `DisposeBag(disposing: a, b)`.
    public convenience init(disposing disposables: any Disposable...) {
        self.init()
        insert(disposables)
    }

    /// Creates a bag that holds the disposables the closure lists, one per line:
    ///
    /// ```swift
    /// let bag = DisposeBag {
    ///     title.drive(label)
    ///     taps.bind(to: router)
    /// }
    /// ```
    public convenience init(@DisposableBuilder builder: () -> [any Disposable]) {
        self.init()
        insert(builder())
    }

    /// Adds a disposable to the bag.
    public func insert(_ disposable: any Disposable) {
        add(CollectionOfOne(disposable))
    }

    /// Adds two or more disposables to the bag: `bag.insert(a, b)`.
    public func insert(_ first: any Disposable, _ second: any Disposable, _ others: any Disposable...) {
        insert([first, second] + others)
    }

    /// Adds the disposables the closure lists, one per line: `bag.insert { a; b }`.
    public func insert(@DisposableBuilder builder: () -> [any Disposable]) {
        insert(builder())
    }

    /// Adds each of `disposables` to the bag.
    public func insert(_ disposables: [any Disposable]) {
        add(disposables)
    }

    /// Adds `disposables`, or disposes them at once when the bag already has.
    private func add(_ disposables: some Collection<any Disposable>) {
        let accepted = state.withLock { state -> Bool in
            guard !state.isDisposed else { return false }
            state.disposables.append(contentsOf: disposables)
            return true
        }
        if !accepted { for disposable in disposables { disposable.dispose() } }
    }

    /// Disposes everything in the bag now. Items inserted later are disposed at once.
    public func dispose() {
        let disposables = state.withLock { state -> [any Disposable] in
            state.isDisposed = true
            defer { state.disposables.removeAll() }
            return state.disposables
        }
        for disposable in disposables { disposable.dispose() }
    }

    deinit {
        dispose()
    }
}
