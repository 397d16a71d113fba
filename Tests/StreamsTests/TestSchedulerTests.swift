import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("TestScheduler")
struct TestSchedulerTests {
    @Test("actions due at the same tick run in the order they were scheduled")
    func ties() throws {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        scheduler.scheduleAt(5) { log.append("a") }
        scheduler.scheduleAt(3) { log.append("b") }
        scheduler.scheduleAt(5) { log.append("c") }
        scheduler.scheduleAt(3) {
            log.append("d")
            _ = scheduler.schedule { log.append("now, after b and d") }
        }
        try scheduler.run()
        #expect(log.items == ["b", "d", "now, after b and d", "a", "c"])
        #expect(scheduler.clock == 5)
    }

    @Test("advance runs what is due and stops the clock at the target")
    func advance() throws {
        let scheduler = TestScheduler()
        let log = Recorder<Int>()
        for tick in [1, 5, 9] { scheduler.scheduleAt(tick) { log.append(scheduler.clock) } }
        try scheduler.advance(by: 5)
        #expect(log.items == [1, 5])
        #expect(scheduler.clock == 5)
        try scheduler.advance(to: 8)
        #expect(log.items == [1, 5])
        #expect(scheduler.pendingTicks == [9])
        try scheduler.advance(to: 9)
        #expect(log.items == [1, 5, 9])
        expectNoPendingWork(scheduler)
    }

    @Test("durations convert to ticks at the stated resolution, rounding up")
    func resolution() throws {
        let seconds = TestScheduler()
        #expect(seconds.ticks(for: .seconds(200)) == 200)
        #expect(seconds.ticks(for: .milliseconds(1500)) == 2)
        let milliseconds = TestScheduler(resolution: .milliseconds(1))
        #expect(milliseconds.ticks(for: .milliseconds(300)) == 300)
        #expect(milliseconds.ticks(for: .microseconds(1)) == 1)
        try milliseconds.advance(to: 250)
        #expect(milliseconds.now == .milliseconds(250))
    }

    @Test("a schedule that never ends is reported instead of hanging")
    func stepLimit() {
        let scheduler = TestScheduler(stepLimit: 50)
        _ = scheduler.schedulePeriodic(after: .seconds(1), period: .seconds(1)) {}
        #expect(throws: TestSchedulerError.stepLimitExceeded(steps: 50, tick: 50)) {
            try scheduler.run()
        }
    }

    @Test("disposed actions do not run and are not pending")
    func cancellation() throws {
        let scheduler = TestScheduler()
        let ran = Recorder<Int>()
        let disposable = scheduler.scheduleAt(10) { ran.append(10) }
        disposable.dispose()
        expectNoPendingWork(scheduler)
        try scheduler.run()
        #expect(ran.items.isEmpty)
    }

    @Test("start creates, subscribes and disposes at RxTest's default ticks")
    func start() throws {
        let scheduler = TestScheduler()
        let created = Mutex<Int?>(nil)
        let source = scheduler.createColdObservable([.next(10, "a"), .next(900, "late")])
        let observer = scheduler.start {
            created.withLock { $0 = scheduler.clock }
            return source
        }
        #expect(created.withLock { $0 } == 100)
        #expect(observer.events == [.next(210, "a")])
        #expect(source.subscriptions == [Subscription(200, 1000)])
    }

    @Test("hot sources schedule their events when created; cold ones per subscription")
    func hotAndCold() throws {
        let scheduler = TestScheduler()
        let hot = scheduler.createHotObservable([.next(150, 1), .next(250, 2)])
        let cold = scheduler.createColdObservable([.next(50, 1)])
        #expect(scheduler.pendingTicks == [150, 250])
        let hotObserver = scheduler.createObserver(Int.self)
        let coldObserver = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = hot.subscribe(hotObserver.asObserver())
            _ = cold.subscribe(coldObserver.asObserver())
        }
        try scheduler.run()
        #expect(hotObserver.events == [.next(250, 2)])
        #expect(coldObserver.events == [.next(250, 1)])
        #expect(hot.subscriptions == [Subscription(200)])
    }

    @Test("moving the clock backwards is an error naming the caller's line")
    func backwards() throws {
        let scheduler = TestScheduler()
        try scheduler.advance(to: 10)
        do {
            try scheduler.advance(to: 5)
            Issue.record("advance(to: 5) at tick 10 did not throw")
        } catch {
            #expect(error == .clockMovedBackwards(now: 10, target: 5, location: "StreamsTests/TestSchedulerTests.swift:\(#line - 3)"))
        }
        #expect(throws: TestSchedulerError.self) { try scheduler.advance(by: -1) }
        #expect(scheduler.clock == 10)
    }

    @Test("scheduling before now is an error at the next run, naming the line; the action is dropped")
    func scheduledInThePast() throws {
        let scheduler = TestScheduler()
        try scheduler.advance(to: 10)
        let ran = Recorder<Int>()
        let line = #line + 1
        scheduler.scheduleAt(3) { ran.append(3) }
        #expect(throws: TestSchedulerError.scheduledInThePast(tick: 3, now: 10, location: "StreamsTests/TestSchedulerTests.swift:\(line)")) {
            try scheduler.run()
        }
        #expect(ran.items.isEmpty)
        try scheduler.run()
        expectNoPendingWork(scheduler)
    }

    @Test("starting a scheduler a second time with the default ticks is reported at the call, not an empty recording")
    func startedTwice() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        _ = scheduler.start { source }
        let line = #line + 2
        withKnownIssue {
            _ = scheduler.start { source }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.description.contains("StreamsTests/TestSchedulerTests.swift:\(line): start(subscribed: 200, …) on a TestScheduler whose clock is already at 1000")
        }
        #expect(source.subscriptions == [Subscription(200, 220)])
        let retry = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) { source }
        #expect(retry.events == [.next(1110, 1), .completed(1120)])
    }

    @Test("RxTest parity: the subscription from start ends at the terminal event")
    func startEndsAtTerminal() throws {
        // RxTest: `scheduler.start { xs }` for a cold xs completing 20 ticks after subscription
        // logs Subscription(200, 220), and a hot xs failing at 250 logs Subscription(200, 250).
        let scheduler = TestScheduler()
        let cold = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
        let observer = scheduler.start { cold }
        #expect(observer.events == [.next(210, "a"), .completed(220)])
        #expect(cold.subscriptions == [Subscription(200, 220)])

        let hotScheduler = TestScheduler()
        let hot = hotScheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(250, TestError())])
        let hotObserver = hotScheduler.start { hot.map { $0 * 2 } }
        #expect(hotObserver.events == [.next(210, 4), .error(250, TestError())])
        #expect(hot.subscriptions == [Subscription(200, 250)])
    }

    // MARK: RxTest's processing delay

    @Test("simulateProcessingDelay: work for now and a zero delay run a tick later; longer delays and scheduleAt do not move")
    func processingDelay() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: true)
        #expect(scheduler.simulatesProcessingDelay)
        #expect(!TestScheduler().simulatesProcessingDelay, "off by default")
        let ran = Mutex<[String]>([])
        scheduler.scheduleAt(10) {
            _ = scheduler.schedule { ran.withLock { $0.append("now@\(scheduler.clock)") } }
            _ = scheduler.schedule(after: .zero) { ran.withLock { $0.append("zero@\(scheduler.clock)") } }
            _ = scheduler.schedule(after: .seconds(1)) { ran.withLock { $0.append("one@\(scheduler.clock)") } }
            _ = scheduler.schedule(after: .seconds(3)) { ran.withLock { $0.append("three@\(scheduler.clock)") } }
        }
        scheduler.scheduleAt(10) { ran.withLock { $0.append("at@\(scheduler.clock)") } }
        try scheduler.run()
        #expect(ran.withLock { $0 } == ["at@10", "now@11", "zero@11", "one@11", "three@13"])
    }

    @Test("RxTest's spelling, TestScheduler(initialClock:), simulates RxTest's processing delay: observe(on:) shifts each event by a tick, as in RxTest's logs; Streams' own does not")
    func processingDelayObserveOn() {
        let rxTest = TestScheduler(initialClock: 0)
        #expect(rxTest.simulatesProcessingDelay)
        let source = rxTest.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        #expect(rxTest.start { source.observe(on: rxTest) }.events == [.next(211, 1), .next(221, 2), .completed(231)])
        let plain = TestScheduler()
        #expect(!plain.simulatesProcessingDelay)
        #expect(!TestScheduler(resolution: .milliseconds(1)).simulatesProcessingDelay)
        #expect(!TestScheduler(initialClock: 0, simulateProcessingDelay: false).simulatesProcessingDelay)
        let same = plain.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        #expect(plain.start { same.observe(on: plain) }.events == [.next(210, 1), .next(220, 2), .completed(230)])
    }
}

@Suite("RxSwift's scheduling with a state")
struct SchedulingWithStateTests {
    @Test("schedule(_:action:) and scheduleRelative(_:dueTime:action:) hand over the state; disposing disposes what the action returned")
    func scheduleWithState() throws {
        let scheduler = TestScheduler()
        let ran = Mutex<[String]>([])
        let released = Mutex<[String]>([])
        let now = scheduler.schedule("now") { state in
            ran.withLock { $0.append("\(state)@\(scheduler.clock)") }
            return Disposables.create { released.withLock { $0.append(state) } }
        }
        let later = scheduler.scheduleRelative(7, dueTime: .seconds(10)) { state in
            ran.withLock { $0.append("\(state)@\(scheduler.clock)") }
            return Disposables.create { released.withLock { $0.append("\(state)") } }
        }
        let cancelled = scheduler.scheduleRelative("never", dueTime: .seconds(20)) { state in
            ran.withLock { $0.append(state) }
            return Disposables.create()
        }
        cancelled.dispose()
        try scheduler.advance(to: 15)
        #expect(ran.withLock { $0 } == ["now@0", "7@10"])
        #expect(released.withLock { $0 }.isEmpty)
        now.dispose()
        later.dispose()
        try scheduler.run()
        #expect(released.withLock { $0 } == ["now", "7"])
        #expect(ran.withLock { $0 } == ["now@0", "7@10"], "a cancelled action never runs")
    }

    @Test("schedulePeriodic(_:startAfter:period:action:) hands each run the state the last one returned")
    func schedulePeriodicWithState() throws {
        let scheduler = TestScheduler()
        let seen = Mutex<[String]>([])
        let timer = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(5)) { state in
            seen.withLock { $0.append("\(state)@\(scheduler.clock)") }
            return state + 1
        }
        try scheduler.advance(to: 22)
        timer.dispose()
        try scheduler.run()
        #expect(seen.withLock { $0 } == ["0@10", "1@15", "2@20"])
    }
}
