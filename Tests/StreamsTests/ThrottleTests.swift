import Streams
import StreamsTesting
import Testing

@Suite("throttle")
struct ThrottleTests {
    // MARK: RxSwift's scenarios, latest: true

    @Test("emits the first value at once and the latest of each window when it ends")
    func latestCompleted() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4),
            .next(350, 5), .next(410, 6), .next(450, 7), .completed(500),
        ])
        let observer = scheduler.start { source.throttle(.seconds(200), scheduler: scheduler) }
        #expect(observer.events == [.next(210, 2), .next(410, 6), .next(610, 7), .completed(610)])
        #expect(source.subscriptions == [Subscription(200, 500)])
        expectNoPendingWork(scheduler)
    }

    @Test("a completion after the window emptied is forwarded at once")
    func latestCompletedAfterDueTime() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4),
            .next(350, 5), .next(410, 6), .next(450, 7), .completed(900),
        ])
        let observer = scheduler.start { source.throttle(.seconds(200), scheduler: scheduler) }
        #expect(observer.events == [.next(210, 2), .next(410, 6), .next(610, 7), .completed(900)])
        #expect(source.subscriptions == [Subscription(200, 900)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source that never emits gives nothing")
    func latestNever() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 0)])
        let observer = scheduler.start { source.throttle(.seconds(200), scheduler: scheduler) }
        #expect(observer.events.isEmpty)
        #expect(source.subscriptions == [Subscription(200, 1000)])
        expectNoPendingWork(scheduler)
    }

    @Test("an empty source completes at once")
    func latestEmpty() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 0), .completed(500)])
        let observer = scheduler.start { source.throttle(.seconds(200), scheduler: scheduler) }
        #expect(observer.events == [.completed(500)])
        #expect(source.subscriptions == [Subscription(200, 500)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error is forwarded at once and drops the held value")
    func latestError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4),
            .next(350, 5), .error(410, TestError("x")), .next(450, 7), .completed(500),
        ])
        let observer = scheduler.start { source.throttle(.seconds(200), scheduler: scheduler) }
        #expect(observer.events == [.next(210, 2), .error(410, TestError("x"))])
        #expect(source.subscriptions == [Subscription(200, 410)])
        expectNoPendingWork(scheduler)
    }

    @Test("without an end, windows keep emitting their latest value")
    func latestNoEnd() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4),
            .next(350, 5), .next(410, 6), .next(450, 7),
        ])
        let observer = scheduler.start { source.throttle(.seconds(200), scheduler: scheduler) }
        #expect(observer.events == [.next(210, 2), .next(410, 6), .next(610, 7)])
        #expect(source.subscriptions == [Subscription(200, 1000)])
        expectNoPendingWork(scheduler)
    }

    // MARK: RxSwift's scenarios, latest: false

    @Test("latest: false drops the values of each window")
    func notLatestCompleted() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4),
            .next(350, 5), .next(410, 6), .next(450, 7), .completed(500),
        ])
        let observer = scheduler.start { source.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(observer.events == [.next(210, 2), .next(410, 6), .completed(500)])
        #expect(source.subscriptions == [Subscription(200, 500)])
        expectNoPendingWork(scheduler)
    }

    @Test("latest: false forwards an empty source's completion at once")
    func notLatestEmpty() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 0), .completed(500)])
        let observer = scheduler.start { source.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(observer.events == [.completed(500)])
        #expect(source.subscriptions == [Subscription(200, 500)])
        expectNoPendingWork(scheduler)
    }

    @Test("latest: false on a source that never emits gives nothing")
    func notLatestNever() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 0)])
        let observer = scheduler.start { source.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(observer.events.isEmpty)
        #expect(source.subscriptions == [Subscription(200, 1000)])
        expectNoPendingWork(scheduler)
    }

    @Test("latest: false forwards an error at once")
    func notLatestError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4),
            .next(350, 5), .error(410, TestError("x")), .next(450, 7), .completed(500),
        ])
        let observer = scheduler.start { source.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(observer.events == [.next(210, 2), .error(410, TestError("x"))])
        #expect(source.subscriptions == [Subscription(200, 410)])
        expectNoPendingWork(scheduler)
    }

    @Test("latest: false without an end")
    func notLatestNoEnd() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4),
            .next(350, 5), .next(410, 6), .next(450, 7),
        ])
        let observer = scheduler.start { source.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(observer.events == [.next(210, 2), .next(410, 6)])
        #expect(source.subscriptions == [Subscription(200, 1000)])
        expectNoPendingWork(scheduler)
    }

    // MARK: Edges

    @Test("the window is inclusive: a value exactly dueTime after the last emission passes at once")
    func inclusiveWindow() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(310, 2), .next(410, 3), .completed(500)])
        let observer = scheduler.start { source.throttle(.seconds(100), scheduler: scheduler) }
        #expect(observer.events == [.next(210, 1), .next(310, 2), .next(410, 3), .completed(500)])
        expectNoPendingWork(scheduler)
    }

    @Test("a trailing value opens a new window; a value in it waits for that window to end")
    func trailingOpensWindow() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(320, 3), .completed(500)])
        let observer = scheduler.start { source.throttle(.seconds(100), scheduler: scheduler) }
        // 2 is emitted at 310 when the first window ends; 3 then waits until 410.
        #expect(observer.events == [.next(210, 1), .next(310, 2), .next(410, 3), .completed(500)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value arriving as the window ends passes at once and replaces the held one")
    func valueAtWindowEnd() throws {
        let scheduler = TestScheduler()
        // 2 is held; 3 arrives on the tick the window ends, before the timer runs, and passes
        // at once (the window is inclusive), so 2 is dropped, as in RxSwift.
        let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .next(310, 3), .completed(500)])
        let observer = scheduler.start { source.throttle(.seconds(100), scheduler: scheduler) }
        #expect(observer.events == [.next(210, 1), .next(310, 3), .completed(500)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal while a value is held cancels its timer")
    func disposalWhilePending() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(500)])
        let observer = scheduler.start(disposed: 280) { source.throttle(.seconds(100), scheduler: scheduler) }
        #expect(observer.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 280)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent back into the source from onNext is throttled like any other")
    func reentrant() throws {
        let scheduler = TestScheduler()
        let events = try recordCountingUpReentrantly(on: scheduler, completingAt: 30) { subject in
            subject.throttle(.seconds(5), scheduler: scheduler)
        }
        // 1 passes; 2 (sent from onNext) is held until 15; 3 (sent when 2 arrives) until 20.
        #expect(events == [.next(10, 1), .next(15, 2), .next(20, 3), .completed(30)])
        expectNoPendingWork(scheduler)
    }

    @Test("the observer is released after completion, error and disposal")
    func releasesObserver() throws {
        // A value that passes, one that is held, then the ending.
        try expectReleasesObserver { source, scheduler in
            source.throttle(.seconds(5), scheduler: scheduler)
        }
    }

    @Test("with a dispatch queue scheduler, values that need no wait pass synchronously")
    func dispatchQueue() {
        let scheduler = DispatchQueueScheduler(label: "ThrottleTests.dispatchQueue")
        let seen = Recorder<String>()
        let subscription = Observable.from([0, 1, 2])
            .throttle(.seconds(60), latest: false, scheduler: scheduler)
            .subscribe { seen.append("\($0)") }
        #expect(seen.items == ["next(0)", "completed"])
        subscription.dispose()
    }
}

// MARK: Marbles

extension ThrottleTests {
    @Test("marbles: -abc----d-| throttled by 3 is -a--c---d-|")
    func marbleLatest() throws {
        expectMarbles("-a--c---d-|") { m in
            let source = m.hot("-abc----d-|", subscriptions: "^---------!")
            return source.throttle(.seconds(3), scheduler: m.scheduler)
        }
    }

    @Test("marbles: -ab| throttled by 3 is -a--(b|)")
    func marbleCompletionWhilePending() throws {
        expectMarbles("-a--(b|)") { m in
            let source = m.hot("-ab|", subscriptions: "^--!")
            return source.throttle(.seconds(3), scheduler: m.scheduler)
        }
    }
}
