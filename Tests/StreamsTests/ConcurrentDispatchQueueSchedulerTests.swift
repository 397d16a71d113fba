import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("ConcurrentDispatchQueueScheduler")
struct ConcurrentDispatchQueueSchedulerTests {
    /// Counts the calls inside `onNext` at once, and the most there ever were.
    final class OverlapProbe: Sendable {
        private let state = Mutex((inside: 0, most: 0))

        func enter() {
            state.withLock { state in
                state.inside += 1
                state.most = max(state.most, state.inside)
            }
        }

        func leave() {
            state.withLock { $0.inside -= 1 }
        }

        var most: Int {
            state.withLock { $0.most }
        }
    }

    @Test("two actions run at the same time: each waits for the other to start")
    func actionsRunConcurrently() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let first = DispatchSemaphore(value: 0), second = DispatchSemaphore(value: 0)
        let met = Mutex(0)
        let done = DispatchSemaphore(value: 0)
        _ = scheduler.schedule {
            first.signal()
            if second.wait(timeout: .now() + 30) == .success { met.withLock { $0 += 1 } }
            done.signal()
        }
        _ = scheduler.schedule {
            second.signal()
            if first.wait(timeout: .now() + 30) == .success { met.withLock { $0 += 1 } }
            done.signal()
        }
        done.wait()
        done.wait()
        #expect(met.withLock { $0 } == 2, "on a serial queue the first action would wait for the second in vain")
    }

    @Test("observe(on:) a concurrent scheduler delivers every value in order, one at a time")
    func observeOnStaysSerial() throws {
        let probe = OverlapProbe()
        let values = try Observable.from(Array(0..<5_000))
            .observe(on: ConcurrentDispatchQueueScheduler(qos: .userInitiated))
            .do(onNext: { _ in
                probe.enter()
                probe.leave()
            })
            .toBlocking().toArray()
        #expect(values == Array(0..<5_000))
        #expect(probe.most == 1)
    }

    @Test("subscribe(on:), a timer and from(_:scheduler:) on a concurrent scheduler end with every value, in order")
    func subscribeOnAndTimers() throws {
        let scheduler = ConcurrentDispatchQueueScheduler(queue: DispatchQueue(label: "concurrent", attributes: .concurrent))
        #expect(try Observable.of(1, 2, 3).subscribe(on: scheduler).toBlocking().toArray() == [1, 2, 3])
        #expect(try Observable<Int>.interval(.milliseconds(1), scheduler: scheduler).take(5).toBlocking().toArray() == [0, 1, 2, 3, 4])
        #expect(try Observable.from(Array(0..<200), scheduler: scheduler).toBlocking().toArray() == Array(0..<200))
        #expect(scheduler.now > .zero)
    }
}
