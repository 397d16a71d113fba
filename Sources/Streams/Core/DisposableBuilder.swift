// Inside Streams, chapter 2, "Map and disposal": RxSwift's `DisposeBag { … }`, the lines of a
// closure collected into the bag's list.

/// Collects the disposables a closure lists, one per line, for ``DisposeBag/init(builder:)`` and
/// ``DisposeBag/insert(builder:)``: RxSwift's `DisposeBag { … }`.
@resultBuilder
public enum DisposableBuilder {
    /// The disposables of the closure's lines, in order.
    public static func buildBlock(_ disposables: any Disposable...) -> [any Disposable] {
        disposables
    }
}
