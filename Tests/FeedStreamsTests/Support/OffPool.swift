import Dispatch

/// Runs `work` on a dispatch thread and waits for it without holding a thread of the
/// concurrency pool.
///
/// The fuzz tests run for minutes under ThreadSanitizer. Run on the pool, their shards take
/// every one of its threads on a 2-core machine, and the tests that wait on wall-clock time
/// (HTTP against the stub server, the demo) cannot resume until they are done, so their deadlines
/// pass. Off the pool, they only share the cores.
func offPool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Swift.Result { try work() }) }
    }
}
