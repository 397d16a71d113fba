import Synchronization

extension PrimitiveSequence where Trait == SingleTrait {
    /// The single's value, awaited in async code; its failure is thrown.
    ///
    /// Reading the property subscribes to the single and suspends until the result. Cancelling
    /// the awaiting task disposes the subscription, which cancels the single's work (a request,
    /// a timer), and throws `CancellationError` at once, without waiting for a result; a result
    /// that arrives later is dropped. A task that is already cancelled throws
    /// `CancellationError` without subscribing. Each read subscribes again: read it once and
    /// keep the value.
    ///
    /// ```swift
    /// let photos = try await service.photos(page: 1)
    ///     .timeout(.seconds(10), scheduler: DispatchQueueScheduler.main)
    ///     .value
    /// ```
    ///
    /// The single delivers its result on the thread that produced it; the awaiting task resumes
    /// on its own executor.
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
    /// thrown.
    ///
    /// Subscribes, suspends and cancels as a single's `value` does.
    ///
    /// ```swift
    /// if let photo = try await cache.photo(id: "p1").value { show(photo) }
    /// ```
    public var value: Element? {
        get async throws { try await outcome }
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Awaits the completable's completion in async code; its failure is thrown.
    ///
    /// Subscribes, suspends and cancels as a single's `value` does.
    ///
    /// ```swift
    /// try await save(draft).value
    /// ```
    public var value: Void {
        get async throws { _ = try await outcome }
    }
}

extension PrimitiveSequence {
    /// What every trait's `value` awaits: the value, `nil` for an empty completion, or the
    /// thrown error; cancelling the task disposes the subscription and throws
    /// `CancellationError` at once.
    private var outcome: Element? {
        get async throws {
            let state = Mutex(AwaitedOutcome<Element>.notSubscribed)
            let subscription = SingleAssignmentDisposable()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    guard state.withLock({ $0.wait(with: continuation) }) else {
                        return continuation.resume(throwing: CancellationError())
                    }
                    subscription.setDisposable(asObservable().subscribeToOutcome { event in
                        let waiting = state.withLock { $0.finish() }
                        switch event {
                        case .next(let value): waiting?.resume(returning: value)
                        case .error(let error): waiting?.resume(throwing: error)
                        case .completed: waiting?.resume(returning: nil)
                        }
                    })
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
/// whichever of the outcome and the cancellation takes it first.
private enum AwaitedOutcome<Element: Sendable> {
    case notSubscribed
    case waiting(CheckedContinuation<Element?, any Error>)
    case finished
    case cancelled

    /// Stores the continuation; returns `false` when the task was cancelled first.
    mutating func wait(with continuation: CheckedContinuation<Element?, any Error>) -> Bool {
        guard case .notSubscribed = self else { return false }
        self = .waiting(continuation)
        return true
    }

    /// The outcome arrived: hands over the continuation unless a cancellation took it.
    mutating func finish() -> CheckedContinuation<Element?, any Error>? {
        guard case .waiting(let continuation) = self else { return nil }
        self = .finished
        return continuation
    }

    /// The task was cancelled: hands over the continuation unless the outcome took it.
    mutating func cancel() -> CheckedContinuation<Element?, any Error>? {
        switch self {
        case .notSubscribed:
            self = .cancelled
            return nil
        case .waiting(let continuation):
            self = .cancelled
            return continuation
        case .finished, .cancelled:
            return nil
        }
    }
}
