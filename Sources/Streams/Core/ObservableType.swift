/// A type that can present itself as an ``Observable``.
///
/// ``Observable``, ``Subject`` and ``BehaviorValue`` conform, so every operator reads the same
/// on each of them: `subject.map { … }` works as it does in RxSwift.
public protocol ObservableType<Element>: Sendable {
    /// The type of the values the sequence produces.
    associatedtype Element: Sendable

    /// This sequence as a plain ``Observable``.
    func asObservable() -> Observable<Element>
}
