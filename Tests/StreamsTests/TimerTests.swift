import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("timer and interval")
struct TimerTests {
    @Test("a one-shot timer emits 0 and completes once the due time has passed")
    func oneShot() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.timer(.seconds(100), scheduler: scheduler) }
        #expect(observer.events == [.next(300, 0), .completed(300)])
        expectNoPendingWork(scheduler)
    }

    @Test("a timer due now fires on the subscription tick")
    func dueNow() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.timer(.zero, scheduler: scheduler) }
        #expect(observer.events == [.next(200, 0), .completed(200)])
        expectNoPendingWork(scheduler)
    }

    @Test("a periodic timer emits 0 after the due time, then counts every period")
    func periodic() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start(disposed: 700) {
            Observable.timer(.seconds(300), period: .seconds(100), scheduler: scheduler)
        }
        #expect(observer.events == [.next(500, 0), .next(600, 1)])
        expectNoPendingWork(scheduler)
    }

    @Test("interval emits 0, 1, 2 … every period until disposed")
    func interval() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.interval(.seconds(100), scheduler: scheduler) }
        #expect(observer.events == [
            .next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3), .next(700, 4), .next(800, 5), .next(900, 6),
        ])
        expectNoPendingWork(scheduler)
    }

    @Test("a period of zero or less emits one value per tick on RxTest's scheduler, and is reported as endless on Streams' own")
    func zeroPeriod() throws {
        for period in [Duration.zero, .seconds(-5)] {
            let rxTest = TestScheduler(initialClock: 0)
            let observer = rxTest.start(disposed: 205) { Observable<Int>.interval(period, scheduler: rxTest) }
            #expect(observer.events == [.next(201, 0), .next(202, 1), .next(203, 2), .next(204, 3)])
            let plain = TestScheduler(stepLimit: 50)
            let values = plain.createObserver(Int.self)
            let subscription = Observable<Int>.interval(period, scheduler: plain).subscribe(values.asObserver())
            #expect(throws: TestSchedulerError.stepLimitExceeded(steps: 50, tick: 0)) { try plain.run() }
            #expect(values.events.count == 50)
            subscription.dispose()
        }
    }

    @Test("disposing before the due time cancels the timer")
    func disposalBeforeDue() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start(disposed: 250) { Observable.timer(.seconds(100), scheduler: scheduler) }
        #expect(observer.events.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("each subscriber gets its own timer, counting from its own subscription")
    func perSubscriber() throws {
        let scheduler = TestScheduler()
        let interval = Observable.interval(.seconds(10), scheduler: scheduler)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let subscriptions = Mutex<[any Disposable]>([])
        scheduler.scheduleAt(0) { subscriptions.withLock { $0.append(interval.subscribe(early.asObserver())) } }
        scheduler.scheduleAt(15) { subscriptions.withLock { $0.append(interval.subscribe(late.asObserver())) } }
        scheduler.scheduleAt(40) { subscriptions.withLock { $0.forEach { $0.dispose() } } }
        try scheduler.run()
        #expect(early.events == [.next(10, 0), .next(20, 1), .next(30, 2)])
        #expect(late.events == [.next(25, 0), .next(35, 1)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposing from inside onNext stops the timer at once")
    func reentrantDisposal() throws {
        let scheduler = TestScheduler()
        let seen = Recorder<Int>()
        let subscription = SerialDisposable()
        scheduler.scheduleAt(0) {
            subscription.disposable = Observable.interval(.seconds(1), scheduler: scheduler).subscribe(onNext: { value in
                seen.append(value)
                if value == 2 { subscription.dispose() }
            })
        }
        try scheduler.run()
        #expect(seen.items == [0, 1, 2])
        expectNoPendingWork(scheduler)
    }

    @Test("the observer is released after a one-shot completes and after disposal")
    func releasesObserver() throws {
        let scheduler = TestScheduler()
        weak var completedToken: Token?
        weak var disposedToken: Token?
        var completed: (any Disposable)?
        var disposed: (any Disposable)?
        do {
            let token = Token()
            completedToken = token
            completed = Observable.timer(.seconds(5), scheduler: scheduler).subscribe { [token] _ in _ = token }
        }
        do {
            let token = Token()
            disposedToken = token
            disposed = Observable.interval(.seconds(1), scheduler: scheduler).subscribe { [token] _ in _ = token }
        }
        try scheduler.advance(to: 3)
        disposed?.dispose()
        #expect(disposedToken == nil)
        try scheduler.advance(to: 10)
        #expect(completedToken == nil)
        _ = (completed, disposed)
        expectNoPendingWork(scheduler)
    }

    @Test("on a dispatch queue, a timer due now delivers 0 and completed on the queue")
    func dispatchQueue() {
        let queue = DispatchQueue(label: "TimerTests.dispatchQueue")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 1)
        let scheduler = DispatchQueueScheduler(queue: queue)
        let done = DispatchSemaphore(value: 0)
        let seen = Recorder<String>()
        let subscription = Observable.timer(.zero, scheduler: scheduler).subscribe { event in
            seen.append("\(event) onQueue=\(DispatchQueue.getSpecific(key: key) == 1)")
            if event.isStopEvent { done.signal() }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(seen.items == ["next(0) onQueue=true", "completed onQueue=true"])
        subscription.dispose()
    }
}

private final class Token: Sendable {}
