import Foundation

/// Runs `work`, a test that keeps a core busy for a long time, on a thread of its own, one such
/// test at a time, and waits for it without holding a thread of the concurrency pool or of
/// Dispatch's global queues.
///
/// The fuzz tests run for minutes under ThreadSanitizer. Run on the concurrency pool, their
/// shards take every one of its threads on a 2-core machine, and the tests that wait on
/// wall-clock time cannot resume until they are done. Run on `DispatchQueue.global()`, they take
/// its workers instead: on Linux the pool grows past the number of cores only for workers that
/// block, not for busy ones, so two of them stopped every other user of the global queues (the
/// loopback HTTP client among them) and a 5 s image deadline passed in CI. Each on a thread of
/// its own but all at once, they left the rest of the suite a fraction of the two cores. One at a
/// time, on a thread of its own, they take one core and nothing else.
public func offPool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        startThread {
            oneBusyTestAtATime.wait()
            let result = Swift.Result { try work() }
            oneBusyTestAtATime.signal()
            continuation.resume(with: result)
        }
    }
}

/// The gate of ``offPool(_:)``.
private let oneBusyTestAtATime = DispatchSemaphore(value: 1)

/// Starts `work` on a new thread with the stack of a main thread (8 MiB), for work that blocks
/// for seconds: a demo session in wall-clock time, a read from the stub server's pipe, a fuzz
/// test (see ``offPool(_:)``). Held on `DispatchQueue.global()` instead, twelve-second sessions
/// took its few workers, and a test that handed a moment's work to the global queue (Single's
/// racing results) waited over 10 s for one in CI.
public func startThread(_ work: @escaping @Sendable () -> Void) {
    let thread = Thread(block: work)
    thread.stackSize = 8 << 20
    thread.start()
}
