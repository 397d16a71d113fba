// Inside Streams, chapter 8, "Traits as thin wrappers": three traits, one struct around one observable.

/// A sequence that ends with one outcome: RxSwift's `PrimitiveSequence`, of which ``Single``,
/// ``Maybe`` and ``Completable`` are the three kinds.
///
/// `Trait` says what the outcome may be (``SingleTrait``, ``MaybeTrait``, ``CompletableTrait``).
/// Only this module builds one, from an observable that keeps the promise or through a check
/// (``ObservableType/asSingle()``). Each operator is written once, in an extension constrained
/// by the traits that have it, and so can your own:
///
/// ```swift
/// extension PrimitiveSequence where Trait == SingleTrait {
///     func orZero() -> Single<Int> where Element == Int? {
///         map { $0 ?? 0 }
///     }
/// }
/// ```
///
/// Like ``Observable``, it is a recipe: each subscription runs it again. Its operators deliver
/// the outcome where the observable operators do: unless one says otherwise, on the thread that
/// produced it. An operator returns a sequence of the same trait unless its type says otherwise;
/// one that only forwards to the observable operator links to it for the parameters.
public struct PrimitiveSequence<Trait, Element: Sendable>: ObservableConvertibleType {
    private let source: Observable<Element>

    /// Wraps an observable already known to keep the promise of `Trait`.
    init(unchecked source: Observable<Element>) {
        self.source = source
    }

    /// This sequence as an observable: a value followed at once by the completion, the
    /// completion alone, or the error.
    public func asObservable() -> Observable<Element> {
        source
    }
}

// MARK: - Creating

extension PrimitiveSequence {
    /// Creates a single from a function that reports one result, `.success(value)` or
    /// `.failure(error)`, delivered on the reporting thread: only the first report counts, even
    /// when threads race. The disposable `subscribe` returns, which can cancel the work, is
    /// disposed when the result is reported (just before it is delivered) or when the subscriber
    /// disposes.
    ///
    /// - Parameter subscribe: Starts the work for one subscriber and returns its cancellation.
    /// - Returns: The single.
    public static func create(
        _ subscribe: @escaping @Sendable (@escaping @Sendable (SingleEvent<Element>) -> Void) -> any Disposable
    ) -> Single<Element> where Trait == SingleTrait {
        reportingOutcome(of: subscribe)
    }

    /// Creates a maybe from a function that reports one result: as a single's `create`, with
    /// `.completed` for no value.
    ///
    /// - Parameter subscribe: Starts the work for one subscriber and returns its cancellation.
    /// - Returns: The maybe.
    public static func create(
        _ subscribe: @escaping @Sendable (@escaping @Sendable (MaybeEvent<Element>) -> Void) -> any Disposable
    ) -> Maybe<Element> where Trait == MaybeTrait {
        reportingOutcome(of: subscribe)
    }

    /// Creates a completable from a function that reports the outcome: as a single's `create`,
    /// reporting `.completed` or `.error(error)`.
    ///
    /// - Parameter subscribe: Starts the work for one subscriber and returns its cancellation.
    /// - Returns: The completable.
    public static func create(
        _ subscribe: @escaping @Sendable (@escaping @Sendable (CompletableEvent) -> Void) -> any Disposable
    ) -> Completable where Trait == CompletableTrait, Element == Never {
        reportingOutcome(of: subscribe)
    }

    /// A sequence that fails at once with `error`.
    ///
    /// ```
    /// error(e):  #
    /// ```
    /// ![error(e), drawn from a run](primitivesequence-error-e)
    ///
    /// - Parameter error: The error.
    /// - Returns: The failed sequence, of the same trait.
    public static func error(_ error: any Error) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: .error(error))
    }

    /// A sequence that never ends: no value, no completion, no error.
    ///
    /// ```
    /// never():  ----
    /// ```
    /// ![never(), drawn from a run](primitivesequence-never)
    ///
    /// - Returns: The sequence, of the same trait.
    public static func never() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: .never())
    }

    /// A sequence that calls `factory` for each subscriber and subscribes to what it returns;
    /// see ``Observable/deferred(_:)``.
    public static func deferred(
        _ factory: @escaping @Sendable () throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: .deferred { try factory().asObservable() })
    }

    /// A sequence that makes a resource for each subscription and disposes it when the
    /// subscription ends, delivered where the sequence it makes delivers; see
    /// ``Observable/using(_:observableFactory:)``.
    ///
    /// ```
    /// single:  --(a|)
    ///          using({ token }, primitiveSequenceFactory: { _ in single })   (token disposed at 2)
    /// output:  --(a|)
    /// ```
    /// ![using({ token }, primitiveSequenceFactory: { _ in single }), drawn from a run](primitivesequence-using-token)
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping @Sendable () throws -> Resource,
        primitiveSequenceFactory: @escaping @Sendable (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: .using(resourceFactory) { try primitiveSequenceFactory($0).asObservable() })
    }
}

extension PrimitiveSequence where Trait: ValueTrait {
    /// A single or a maybe that succeeds at once with `element`.
    ///
    /// ```
    /// just(a):  (a|)
    /// ```
    /// ![just(a), drawn from a run](primitivesequence-just-a)
    ///
    /// - Parameter element: The value.
    /// - Returns: The sequence, of the same trait.
    public static func just(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: .just(element))
    }

    /// A single or a maybe that succeeds with `element`, sent on `scheduler`; see
    /// ``Observable/just(_:scheduler:)``.
    ///
    /// ```
    /// just(a, scheduler: scheduler):  (a|)
    /// ```
    /// ![just(a, scheduler: scheduler), drawn from a run](primitivesequence-just-a-scheduler-scheduler)
    public static func just(_ element: Element, scheduler: any Scheduler) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: .just(element, scheduler: scheduler))
    }
}

extension PrimitiveSequence where Trait: CompletingTrait {
    /// A maybe or a completable that completes at once, without a value.
    ///
    /// ```
    /// empty():  |
    /// ```
    /// ![empty(), drawn from a run](primitivesequence-empty)
    ///
    /// - Returns: The sequence, of the same trait.
    public static func empty() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(unchecked: .empty())
    }
}
