// Inside Streams, chapter 2, "Map and disposal": how a subscription, or scheduled work, ends; the
// disposables everyone makes; `disposed(by:)`.

import Synchronization

/// A handle that ends a subscription or cancels scheduled work.
///
/// `dispose()` may be called from any thread and any number of times; only the first call has
/// an effect. After it returns, the observer behind the subscription receives no new events,
/// and the subscription releases its observer, its closures and its upstream subscriptions.
public protocol Disposable: Sendable {
    /// Ends the subscription or cancels the work. Safe to call more than once.
    func dispose()
}

/// Factories for the common disposables.
public enum Disposables {
    /// A disposable that does nothing, for subscriptions with nothing to release.
    public static func create() -> any Disposable {
        NopDisposable.instance
    }

    /// A disposable that runs `action` the first time it is disposed, then releases it.
    ///
    /// - Parameter action: The clean-up to run once.
    public static func create(with action: @escaping @Sendable () -> Void) -> any Disposable {
        AnonymousDisposable(action)
    }

    /// A disposable that disposes every one of `disposables` together.
    public static func create(_ disposables: any Disposable...) -> any Disposable {
        CompositeDisposable(disposables)
    }
}

/// The disposable with nothing to release.
struct NopDisposable: Disposable {
    static let instance = NopDisposable()

    func dispose() {}
}

/// Runs a closure once on the first `dispose()` and lets it go.
private final class AnonymousDisposable: Disposable {
    private let action: Mutex<(@Sendable () -> Void)?>

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = Mutex(action)
    }

    func dispose() {
        let action = self.action.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}

extension Disposable {
    /// Adds this disposable to `bag`, so that it is disposed when the bag goes away.
    ///
    /// ```swift
    /// viewModel.output.photos
    ///     .subscribe(onNext: { render($0) })
    ///     .disposed(by: disposeBag)
    /// ```
    ///
    /// - Parameter bag: The bag that owns the subscription from now on.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
