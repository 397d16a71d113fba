extension PrimitiveSequence where Trait == SingleTrait {
    /// The single's value, awaited in async code (`try await service.photos(page: 1).value`);
    /// its failure is thrown. The awaiting task resumes on its own executor.
    ///
    /// Each read subscribes, through ``ObservableType/values``, and suspends until the result:
    /// read it once and keep the value. Cancelling the task disposes the subscription, cancelling
    /// the single's work, and throws `CancellationError` at once. In a task already cancelled it
    /// still subscribes, as RxSwift does: a result given while subscribing (a `just`) is
    /// returned, else `CancellationError`.
    public var value: Element {
        get async throws {
            // A single always has a value; `asSingle()` reports a missing one as this error too.
            guard let value = try await outcome else { throw SingleError.noElements }
            return value
        }
    }
}

extension PrimitiveSequence where Trait == MaybeTrait {
    /// The maybe's value, awaited in async code: `nil` when it completes empty; its failure is
    /// thrown. Subscribes, suspends and cancels as a single's `value` does.
    public var value: Element? {
        get async throws { try await outcome }
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Awaits the completable's completion in async code (`try await save(draft).value`); its
    /// failure is thrown. Subscribes, suspends and cancels as a single's `value` does.
    public var value: Void {
        get async throws { _ = try await outcome }
    }
}

extension PrimitiveSequence {
    /// What every trait's `value` awaits: the first of its ``ObservableType/values``, or `nil`
    /// for an empty completion. Returning drops the stream, which disposes the subscription.
    private var outcome: Element? {
        get async throws {
            for try await value in asObservable().values { return value }
            return nil
        }
    }
}
