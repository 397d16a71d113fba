// Inside Streams, chapter 8, "Traits as thin wrappers": a trait is how its sequence may end.

/// A trait whose sequence succeeds with a value: ``SingleTrait`` and ``MaybeTrait``.
///
/// The operators on values (`just`, `map`, `flatMap`, `filter`, `zip` …) are written once in
/// extensions of ``PrimitiveSequence`` constrained by it.
public protocol ValueTrait: Sendable {}

/// A trait whose sequence may complete without a value: ``MaybeTrait`` and ``CompletableTrait``.
public protocol CompletingTrait: Sendable {}

/// The trait of a ``Single``: one value, or an error.
public enum SingleTrait: ValueTrait {}

/// The trait of a ``Maybe``: one value, an empty completion, or an error.
public enum MaybeTrait: ValueTrait, CompletingTrait {}

/// The trait of a ``Completable``: a completion or an error, never a value.
public enum CompletableTrait: CompletingTrait {}
