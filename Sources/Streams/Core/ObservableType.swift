// Inside Streams, chapter 1, "Events and the subscribe function": the protocol that gives
// observables and subjects the same operators.

/// A sequence with the operators of an ``Observable``.
///
/// ``Observable``, ``Subject``, ``BehaviorValue``, ``PublishValue`` and ``ReplaySubject``
/// conform, so every operator reads the same on each of them: `subject.map { … }` works as it
/// does in RxSwift. Traits such as ``Single`` and ``Driver`` adopt only
/// ``ObservableConvertibleType``: they can be passed wherever an operator expects another
/// sequence, but keep their own operators.
public protocol ObservableType<Element>: ObservableConvertibleType {}
