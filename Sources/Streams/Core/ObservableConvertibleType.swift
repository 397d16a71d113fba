// Inside Streams, chapter 8, "Traits as thin wrappers": what a trait shares with an observable: it
// converts to one, and keeps its own operators.

/// A type that can be turned into an ``Observable``: an observable itself, a subject, or a
/// trait such as ``Single``, ``Driver`` or ``Signal``.
///
/// Operators that take another sequence as an argument, such as
/// ``ObservableType/flatMapLatest(_:)``, ``ObservableType/withLatestFrom(_:)``,
/// ``ObservableType/concat(_:)`` and ``ObservableType/merge()``, accept any convertible type,
/// so a ``Single``-returning service fits straight into `flatMapLatest`:
///
/// ```swift
/// let photos = pageRequests.flatMapLatest { page in service.photos(page: page) }  // Single<[Photo]>
/// ```
///
/// The operators themselves live on ``ObservableType``, which only observables and subjects
/// adopt: a trait keeps its own, smaller vocabulary (`subscribe(onSuccess:)`, `drive`,
/// `emit`) and its promises, and ``asObservable()`` leaves them behind on purpose.
public protocol ObservableConvertibleType<Element>: Sendable {
    /// The type of the values the sequence produces.
    associatedtype Element: Sendable

    /// This sequence as a plain ``Observable``.
    func asObservable() -> Observable<Element>
}
