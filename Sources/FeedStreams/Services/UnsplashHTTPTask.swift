import Synchronization

/// Work in flight that can be called off.
public protocol CancellableTask: Sendable {
    /// Calls the work off. Calling it again, or after the work finished, does nothing.
    func cancel()
}

/// A page request started by ``UnsplashHTTPService/fetchPage(page:perPage:completion:)``.
///
/// The completion is called at most once. `cancel()` cancels the data task and drops the
/// completion, so once `cancel()` has returned the completion is never called. (A completion
/// that another thread had already begun to run when `cancel()` was called still runs to its
/// end: the two raced, and delivery won.)
public final class UnsplashHTTPTask: CancellableTask {
    /// What the task hands its result to.
    public typealias Completion = @Sendable (Result<PhotoPage, FeedError>) -> Void

    private struct State {
        var completion: Completion?
        var cancelTransport: (@Sendable () -> Void)?
        var isCancelled = false
    }

    private let state: Mutex<State>

    init(completion: @escaping Completion) {
        state = Mutex(State(completion: completion))
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        state.withLock { $0.isCancelled }
    }

    /// Connects the transport that ``cancel()`` must stop.
    ///
    /// - Returns: `true` when the caller should start the transport; `false` when the task was
    ///   cancelled first, in which case `cancelTransport` has already been called.
    func attach(cancelTransport: @escaping @Sendable () -> Void) -> Bool {
        let wasCancelled = state.withLock { state in
            if !state.isCancelled {
                state.cancelTransport = cancelTransport
            }
            return state.isCancelled
        }
        if wasCancelled {
            cancelTransport()
        }
        return !wasCancelled
    }

    /// Hands the result to the completion, unless it was already delivered or cancelled.
    func deliver(_ result: Result<PhotoPage, FeedError>) {
        let completion = state.withLock { state in
            defer {
                state.completion = nil
                state.cancelTransport = nil
            }
            return state.completion
        }
        completion?(result)
    }

    /// Cancels the data task and drops the completion without calling it.
    public func cancel() {
        let cancelTransport = state.withLock { state in
            defer {
                state.isCancelled = true
                state.completion = nil
                state.cancelTransport = nil
            }
            return state.cancelTransport
        }
        cancelTransport?()
    }
}
