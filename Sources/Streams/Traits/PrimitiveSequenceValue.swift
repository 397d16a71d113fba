import Synchronization

extension PrimitiveSequence where Trait == SingleTrait {
    /// The single's value, awaited in async code (`try await service.photos(page: 1).value`);
    /// its failure is thrown. The awaiting task resumes on its own executor.
    ///
    /// Each read subscribes and suspends until the result: read it once and keep the value.
    /// Cancelling the task disposes the subscription, cancelling the single's work, and throws
    /// `CancellationError` at once. In a task already cancelled it still subscribes, as RxSwift
    /// does: a result given while subscribing (a `just`) is returned, else `CancellationError`.
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
    /// What every trait's `value` awaits: the value, `nil` for an empty completion, or the
    /// thrown error; cancelling the task disposes the subscription and throws
    /// `CancellationError` at once, unless the outcome came while subscribing.
    private var outcome: Element? {
        get async throws {
            let state = Mutex(AwaitedOutcome<Element>.notSubscribed(isCancelled: false))
            let subscription = SingleAssignmentDisposable()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    state.withLock { $0.subscribe(with: continuation) }
                    subscription.setDisposable(asObservable().subscribeToOutcome { event in
                        let waiting = state.withLock { $0.finish() }
                        switch event {
                        case .next(let value): waiting?.resume(returning: value)
                        case .error(let error): waiting?.resume(throwing: error)
                        case .completed: waiting?.resume(returning: nil)
                        }
                    })
                    // A cancellation during `subscribe` (or before it) takes effect now, unless
                    // the outcome came first.
                    guard let cancelled = state.withLock({ $0.subscribed() }) else { return }
                    subscription.dispose()
                    cancelled.resume(throwing: CancellationError())
                }
            } onCancel: {
                let waiting = state.withLock { $0.cancel() }
                subscription.dispose()
                waiting?.resume(throwing: CancellationError())
            }
        }
    }
}

/// Where one read of a trait's `value` stands; the continuation is resumed exactly once, by
/// whichever of the outcome and the cancellation takes it first. A cancellation that comes
/// before or during `subscribe` is noted and applied once `subscribe` has returned, so that an
/// outcome given while subscribing wins, as in RxSwift.
private enum AwaitedOutcome<Element: Sendable> {
    case notSubscribed(isCancelled: Bool)
    case subscribing(CheckedContinuation<Element?, any Error>, isCancelled: Bool)
    case waiting(CheckedContinuation<Element?, any Error>)
    case finished

    /// Stores the continuation, as `subscribe` starts.
    mutating func subscribe(with continuation: CheckedContinuation<Element?, any Error>) {
        guard case .notSubscribed(let isCancelled) = self else { return }
        self = .subscribing(continuation, isCancelled: isCancelled)
    }

    /// `subscribe` returned: hands over the continuation when a cancellation came meanwhile and
    /// the outcome did not.
    mutating func subscribed() -> CheckedContinuation<Element?, any Error>? {
        guard case .subscribing(let continuation, let isCancelled) = self else { return nil }
        self = isCancelled ? .finished : .waiting(continuation)
        return isCancelled ? continuation : nil
    }

    /// The outcome arrived: hands over the continuation unless a cancellation took it.
    mutating func finish() -> CheckedContinuation<Element?, any Error>? {
        switch self {
        case .subscribing(let continuation, _), .waiting(let continuation):
            self = .finished
            return continuation
        case .notSubscribed, .finished:
            return nil
        }
    }

    /// The task was cancelled: hands over the continuation unless the outcome took it, or
    /// notes the cancellation for when `subscribe` returns.
    mutating func cancel() -> CheckedContinuation<Element?, any Error>? {
        switch self {
        case .notSubscribed:
            self = .notSubscribed(isCancelled: true)
            return nil
        case .subscribing(let continuation, _):
            self = .subscribing(continuation, isCancelled: true)
            return nil
        case .waiting(let continuation):
            self = .finished
            return continuation
        case .finished:
            return nil
        }
    }
}
