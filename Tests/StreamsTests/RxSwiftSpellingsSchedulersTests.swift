import Dispatch
import Foundation
import Streams
import StreamsTesting
import Synchronization
import Testing

/// RxSwift's scheduler initialisers, as RxSwift's own tests spell them after the rename of
/// `SerialDispatchQueueScheduler` to `DispatchQueueScheduler`, each run on real queues: every
/// wait is for an event the test is sure to see (a semaphore, `toBlocking()`), never a sleep.
@Suite("RxSwift's spellings: dispatch and operation queue schedulers")
struct RxSwiftSpellingsSchedulersTests {
    /// A value a queue carries, so an action can tell which queue (or which queue's target) it
    /// runs on.
    static let queueTag = DispatchSpecificKey<String>()

    // MARK: DispatchQueueScheduler (RxSwift's SerialDispatchQueueScheduler)

    @Test("DispatchQueueScheduler(qos:) is a serial queue in front of a global one, with no leeway")
    func serialOverAGlobalQueue() throws {
        let scheduler = DispatchQueueScheduler(qos: .default)
        #expect(scheduler.queue.label == "streams.global_dispatch_queue.serial")
        #expect(scheduler.leeway == .zero)
        // Observable+BufferTests.testBufferWithTimeOrCount_Default
        let result = try Observable.range(start: 1, count: 10, scheduler: scheduler)
            .buffer(timeSpan: .seconds(1000), count: 3, scheduler: scheduler)
            .skip(1)
            .toBlocking()
            .first()
        #expect(result == [4, 5, 6])
    }

    @Test("an interval of zero on DispatchQueueScheduler(qos:) counts from 0, one value after another")
    func zeroIntervalOnASerialQueue() throws {
        // Observable+TimerTests.testInterval_TimeSpan_Zero_DefaultScheduler
        let scheduler = DispatchQueueScheduler(qos: .default)
        let values = try Observable<Int64>.interval(.seconds(0), scheduler: scheduler)
            .take(while: { $0 < 10 })
            .toBlocking().toArray()
        #expect(values == Array(0..<10))
    }

    @Test("DispatchQueueScheduler(internalSerialQueueName:) names a queue of its own, configured before use")
    func internalSerialQueue() {
        let scheduler = DispatchQueueScheduler(internalSerialQueueName: "testQueue1") { queue in
            queue.setSpecific(key: Self.queueTag, value: "configured")
        }
        #expect(scheduler.queue.label == "testQueue1")
        // The shape of Observable+ObserveOnTests' runDispatchQueueSchedulerTests.
        let seen = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            seen.withLock { $0 = DispatchQueue.getSpecific(key: Self.queueTag) }
            done.signal()
            return Disposables.create()
        }
        done.wait()
        #expect(seen.withLock { $0 } == "configured")
    }

    @Test("DispatchQueueScheduler(queue:internalSerialQueueName:) runs one action at a time on a concurrent queue")
    func serialProxyOverAConcurrentQueue() throws {
        let concurrent = DispatchQueue(label: "concurrent", attributes: .concurrent)
        concurrent.setSpecific(key: Self.queueTag, value: "target")
        let scheduler = DispatchQueueScheduler(queue: concurrent, internalSerialQueueName: "proxy")
        #expect(scheduler.queue.label == "proxy")
        let probe = ConcurrentDispatchQueueSchedulerTests.OverlapProbe()
        let targets = Recorder<String?>()
        let values = try Observable.from(Array(0..<2_000), scheduler: scheduler)
            .do(onNext: { _ in
                probe.enter()
                targets.append(DispatchQueue.getSpecific(key: Self.queueTag))
                probe.leave()
            })
            .toBlocking().toArray()
        #expect(values == Array(0..<2_000))
        #expect(probe.most == 1)
        #expect(Set(targets.items) == ["target"])
    }

    @Test("a leeway never makes a delayed action early, and is the scheduler's for every timer")
    func leeway() {
        let scheduler = DispatchQueueScheduler(qos: .utility, leeway: .milliseconds(20))
        #expect(scheduler.leeway == .milliseconds(20))
        let start = scheduler.now
        let ranAt = Mutex<Duration?>(nil)
        let done = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(after: .milliseconds(30)) {
            ranAt.withLock { $0 = scheduler.now }
            done.signal()
        }
        done.wait()
        let elapsed = ranAt.withLock { $0 }.map { $0 - start }
        #expect(elapsed.map { $0 >= .milliseconds(30) } == true, "ran after \(String(describing: elapsed))")
    }

    @Test("disposing a delayed action releases it at once; one nobody keeps still runs")
    func delayedActionLifetime() {
        let scheduler = DispatchQueueScheduler(internalSerialQueueName: "timers")
        weak var released: LifetimeProbe?
        let ran = Mutex(false)
        let disposable: any Disposable = {
            let probe = LifetimeProbe()
            released = probe
            return scheduler.schedule(after: .seconds(3600)) { _ = probe.pass(0); ran.withLock { $0 = true } }
        }()
        #expect(released != nil)
        disposable.dispose()
        #expect(released == nil, "the action and what it captured are released when disposed")
        let done = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(after: .milliseconds(1)) { done.signal() }
        done.wait()
        #expect(ran.withLock { $0 } == false)
    }

    // MARK: ConcurrentDispatchQueueScheduler

    @Test("ConcurrentDispatchQueueScheduler(queue:leeway:) and (qos:leeway:), under shared intervals")
    func concurrentWithLeeway() throws {
        // The shape of Anomalies.test936: shared intervals, flattened, on a concurrent queue.
        let queue = DispatchQueue(label: "Test", attributes: .concurrent)
        let scheduler: any Scheduler = ConcurrentDispatchQueueScheduler(queue: queue, leeway: .milliseconds(5))
        @Sendable func makeSequence(period: Duration) -> Observable<Int> {
            Observable<Int>.interval(period, scheduler: scheduler).share(replay: 1)
        }
        let pairs = try makeSequence(period: .milliseconds(10))
            .flatMapLatest { index in makeSequence(period: .milliseconds(2)).map { (index, $0) } }
            .take(10)
            .enumerated().map { ($0, $1.0, $1.1) }
            .toBlocking().toArray()
        #expect(pairs.map(\.0) == Array(0..<10))
        let global = ConcurrentDispatchQueueScheduler(qos: .userInitiated, leeway: .milliseconds(1))
        #expect(global.leeway == .milliseconds(1))
        #expect(ConcurrentDispatchQueueScheduler(queue: queue, leeway: .milliseconds(0)).leeway == .zero)
        #expect(try Observable<Int>.interval(.milliseconds(1), scheduler: global).take(3).toBlocking().toArray() == [0, 1, 2])
    }

    // MARK: OperationQueueScheduler

    @Test("OperationQueueScheduler(operationQueue:queuePriority:): waiting high-priority work starts first")
    func priority() {
        // SchedulerTests.test_scheduleWithPriority, with the queue held until all three wait.
        let operationQueue = OperationQueue()
        operationQueue.maxConcurrentOperationCount = 1
        operationQueue.isSuspended = true
        let highPriority = OperationQueueScheduler(operationQueue: operationQueue, queuePriority: .high)
        let lowPriority = OperationQueueScheduler(operationQueue: operationQueue, queuePriority: .low)
        #expect(highPriority.queuePriority == .high)
        #expect(OperationQueueScheduler(operationQueue: operationQueue).queuePriority == .normal)
        let times = Recorder<String>()
        _ = highPriority.schedule(Int.self) { _ -> any Disposable in
            times.append("HIGH 1")
            return Disposables.create()
        }
        _ = lowPriority.schedule(Int.self) { _ -> any Disposable in
            times.append("LOW")
            return Disposables.create()
        }
        _ = highPriority.schedule(Int.self) { _ -> any Disposable in
            times.append("HIGH 2")
            return Disposables.create()
        }
        operationQueue.isSuspended = false
        operationQueue.waitUntilAllOperationsAreFinished()
        #expect(times.items == ["HIGH 1", "HIGH 2", "LOW"])
    }

    @Test("an action disposed before its operation starts never runs, and is released at once")
    func disposeBeforeStart() {
        let operationQueue = OperationQueue()
        operationQueue.isSuspended = true
        let scheduler = OperationQueueScheduler(operationQueue: operationQueue)
        weak var released: LifetimeProbe?
        let ran = Mutex(false)
        let disposable: any Disposable = {
            let probe = LifetimeProbe()
            released = probe
            return scheduler.schedule { _ = probe.pass(0); ran.withLock { $0 = true } }
        }()
        disposable.dispose()
        #expect(released == nil)
        operationQueue.isSuspended = false
        operationQueue.waitUntilAllOperationsAreFinished()
        #expect(ran.withLock { $0 } == false)
    }

    @Test("observe(on:) and timers on an OperationQueueScheduler: every value, in order, on the queue")
    func observeOnAndTimers() throws {
        // Observable+ObserveOnTests' createScheduler: eight operations at once.
        let operationQueue = OperationQueue()
        operationQueue.maxConcurrentOperationCount = 8
        let scheduler: any Scheduler = OperationQueueScheduler(operationQueue: operationQueue)
        let probe = ConcurrentDispatchQueueSchedulerTests.OperationQueueProbe(operationQueue)
        let values = try Observable.from(Array(0..<1_000))
            .observe(on: scheduler)
            .do(onNext: { _ in probe.check() })
            .toBlocking().toArray()
        #expect(values == Array(0..<1_000))
        let ticks = try Observable<Int>.interval(.milliseconds(1), scheduler: scheduler)
            .do(onNext: { _ in probe.check() })
            .take(3).toBlocking().toArray()
        #expect(ticks == [0, 1, 2])
        #expect(probe.offQueue == 0)
        #expect(scheduler.now > .zero)
    }
}

extension ConcurrentDispatchQueueSchedulerTests {
    /// Counts the calls made off an operation queue.
    final class OperationQueueProbe: Sendable {
        private let queue: OperationQueue
        private let misses = Mutex(0)

        init(_ queue: OperationQueue) {
            self.queue = queue
        }

        func check() {
            if OperationQueue.current !== queue { misses.withLock { $0 += 1 } }
        }

        var offQueue: Int {
            misses.withLock { $0 }
        }
    }
}

/// The other spellings of RxSwift's tests that Streams now has: an async sequence as an
/// observable, a single from an `async` closure, `decode(type:decoder:)`, and
/// `distinctUntilChanged(at:)` and `(_:comparer:)`.
@Suite("RxSwift's spellings: async bridges, decode, distinctUntilChanged")
struct RxSwiftSpellingsAsyncAndOperatorsTests {
    // These two await: a test that blocked its thread (RxSwift's `toBlocking()`) on work that
    // runs in a task could take the last thread of the pool that task needs.

    @Test("asyncSequence.asObservable() and asObservable(priority:)")
    func asyncSequenceAsObservable() async throws {
        // Observable+ConcurrencyTests.testAsyncSequenceToObservable
        let asyncSequence = AsyncStream<Int> { continuation in
            for i in 1...5 {
                continuation.yield(i)
            }
            continuation.finish()
        }
        #expect(try await asyncSequence.asObservable().toArray().value == [1, 2, 3, 4, 5])
        // Observable+ConcurrencyTests.testAsyncSequenceToObservableWithPriority
        let another = AsyncStream<Int> { continuation in
            continuation.yield(1)
            continuation.finish()
        }
        #expect(try await another.asObservable(priority: .userInitiated).toArray().value == [1])
    }

    @Test("Single.create { try await work() }")
    func singleFromAsync() async throws {
        // PrimitiveSequence+ConcurrencyTests.testCreateSingleFromAsync
        let randomResult = Int.random(in: 100...100_000)
        let work: @Sendable () async throws -> Int = { randomResult }
        let single = Single.create {
            try await work()
        }
        #expect(try await single.value == randomResult)
    }

    @Test("Observable.just(data).decode(type:decoder: JSONDecoder())")
    func decode() {
        // Observable+DecodeTests.testDecodeValidJSON
        let rawJSON = #"[{"id": "a"}, {"id": "b"}]"#.data(using: .utf8)!
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable
                .just(rawJSON)
                .decode(type: [DecodedPhoto].self, decoder: JSONDecoder())
        }
        #expect(res.events == [.next(200, [DecodedPhoto(id: "a"), DecodedPhoto(id: "b")]), .completed(200)])
    }

    @Test("xs.distinctUntilChanged(at: \\.value) and distinctUntilChanged { $0 } comparer: { … }")
    func distinctUntilChanged() {
        struct TestObject: Equatable {
            let value: Int
            let other = ""
        }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, TestObject(value: 1)), .next(210, TestObject(value: 2)), .next(220, TestObject(value: 2)),
            .completed(250),
        ])
        let res = scheduler.start { xs.distinctUntilChanged(at: \.value) }
        #expect(res.events == [.next(210, TestObject(value: 2)), .completed(250)])
        // Observable+DistinctUntilChangedTests.testDistinctUntilChanged_comparerThrows
        let ys = TestScheduler(initialClock: 0)
        let numbers = ys.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let thrown = ys.start { numbers.distinctUntilChanged {
            $0
        } comparer: {
            _, _ in throw TestError("comparer")
        } }
        #expect(thrown.events == [.next(210, 2), .error(220, TestError("comparer"))])
        #expect(numbers.subscriptions == [Subscription(200, 220)])
    }
}
