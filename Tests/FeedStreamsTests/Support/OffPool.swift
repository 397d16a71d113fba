import Foundation

/// Runs `work` on a dispatch thread and waits for it without holding a thread of the
/// concurrency pool.
///
/// The fuzz tests run for minutes under ThreadSanitizer. Run on the pool, their shards take
/// every one of its threads on a 2-core machine, and the tests that wait on wall-clock time
/// (HTTP against the stub server, the demo) cannot resume until they are done, so their deadlines
/// pass. Off the pool, they only share the cores; and Dispatch's global queue, whose workers on
/// Linux grow slowly past the number of cores, keeps about that many of these CPU-bound tests
/// running at once (each on a thread of its own, they starved a 5 s image deadline).
func offPool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Swift.Result { try work() }) }
    }
}

/// Starts `work` on a new thread with the stack of a main thread (8 MiB), for work that blocks
/// for seconds while mostly waiting: a demo session in wall-clock time, a read from the stub
/// server's pipe. Held on `DispatchQueue.global()` instead, twelve-second sessions took its few
/// workers, and a test that handed a moment's work to the global queue (Single's racing
/// results) waited over 10 s for one in CI.
func startThread(_ work: @escaping @Sendable () -> Void) {
    let thread = Thread(block: work)
    thread.stackSize = 8 << 20
    thread.start()
}
