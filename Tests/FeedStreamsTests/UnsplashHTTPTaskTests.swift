import Synchronization
import Testing
@testable import FeedStreams

@Suite("UnsplashHTTPTask")
struct UnsplashHTTPTaskTests {
    /// Records what a task hands to its completion and how often its transport is cancelled.
    private final class Probe: Sendable {
        let results = Mutex<[Result<PhotoPage, FeedError>]>([])
        let transportCancels = Mutex(0)

        func makeTask() -> UnsplashHTTPTask {
            UnsplashHTTPTask { result in self.results.withLock { $0.append(result) } }
        }

        func cancelTransport() {
            transportCancels.withLock { $0 += 1 }
        }
    }

    private let page = PhotoPage(photos: [], page: 1, hasNextPage: false)

    @Test("delivers the result once; later results are dropped")
    func deliversOnce() {
        let probe = Probe()
        let task = probe.makeTask()
        let started = task.attach { probe.cancelTransport() }
        #expect(started)

        task.deliver(.success(page))
        task.deliver(.failure(.timedOut))

        #expect(probe.results.withLock { $0 } == [.success(page)])
        #expect(probe.transportCancels.withLock { $0 } == 0)
    }

    @Test("cancel stops the transport and the completion is never called")
    func cancelDropsCompletion() {
        let probe = Probe()
        let task = probe.makeTask()
        let started = task.attach { probe.cancelTransport() }
        #expect(started)

        task.cancel()
        task.deliver(.failure(.cancelled))
        task.cancel()

        #expect(task.isCancelled)
        #expect(probe.results.withLock { $0 }.isEmpty)
        #expect(probe.transportCancels.withLock { $0 } == 1)
    }

    @Test("cancel before the transport is attached: it is cancelled at once and not started")
    func cancelBeforeAttach() {
        let probe = Probe()
        let task = probe.makeTask()

        task.cancel()

        let started = task.attach { probe.cancelTransport() }
        #expect(!started)
        #expect(probe.transportCancels.withLock { $0 } == 1)
        task.deliver(.success(page))
        #expect(probe.results.withLock { $0 }.isEmpty)
    }

    @Test("cancel after delivery does nothing")
    func cancelAfterDelivery() {
        let probe = Probe()
        let task = probe.makeTask()
        let started = task.attach { probe.cancelTransport() }
        #expect(started)

        task.deliver(.success(page))
        task.cancel()

        #expect(probe.results.withLock { $0 } == [.success(page)])
        #expect(probe.transportCancels.withLock { $0 } == 0)
    }

    @Test("a completion that cancels its own task does not deadlock")
    func reentrantCancel() {
        final class Holder: Sendable {
            let task = Mutex<UnsplashHTTPTask?>(nil)
            let calls = Mutex(0)
        }
        let holder = Holder()
        let task = UnsplashHTTPTask { _ in
            holder.calls.withLock { $0 += 1 }
            holder.task.withLock { $0 }?.cancel()
        }
        holder.task.withLock { $0 = task }
        let started = task.attach {}
        #expect(started)

        task.deliver(.success(page))

        #expect(holder.calls.withLock { $0 } == 1)
        #expect(task.isCancelled)
        holder.task.withLock { $0 = nil }
    }
}
