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
            let state = Mutex(AwaitedResult<Element>.notSubscribed)
            let subscription = SingleAssignmentDisposable()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    guard state.withLock({ $0.wait(with: continuation) }) else {
                        return continuation.resume(throwing: CancellationError())
                    }
                    subscription.setDisposable(subscribe { result in
                        state.withLock { $0.finish() }?.resume(with: result)
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

/// Where one read of ``PrimitiveSequence/value`` stands; the continuation is resumed exactly once, by
/// whichever of the result and the cancellation takes it first.
private enum AwaitedResult<Element: Sendable> {
    case notSubscribed
    case waiting(CheckedContinuation<Element, any Error>)
    case finished
    case cancelled

    /// Stores the continuation; returns `false` when the task was cancelled first.
    mutating func wait(with continuation: CheckedContinuation<Element, any Error>) -> Bool {
        guard case .notSubscribed = self else { return false }
        self = .waiting(continuation)
        return true
    }

    /// The result arrived: hands over the continuation unless a cancellation took it.
    mutating func finish() -> CheckedContinuation<Element, any Error>? {
        guard case .waiting(let continuation) = self else { return nil }
        self = .finished
        return continuation
    }

    /// The task was cancelled: hands over the continuation unless the result took it.
    mutating func cancel() -> CheckedContinuation<Element, any Error>? {
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
