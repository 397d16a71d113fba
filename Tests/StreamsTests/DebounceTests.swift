import Streams
import StreamsTesting
import Testing

@Suite("debounce")
struct DebounceTests {
    private static let everyFifty: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(200, 2), .next(250, 3), .next(300, 4), .next(350, 5),
        .next(400, 6), .next(450, 7), .next(500, 8),
    ]

    @Test("values spaced wider than the due time all pass, each dueTime late")
    func allPass() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.everyFifty + [.completed(550)])
        let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
        #expect(observer.events == [
            .next(270, 3), .next(320, 4), .next(370, 5), .next(420, 6), .next(470, 7), .next(520, 8),
            .completed(550),
        ])
        #expect(source.subscriptions == [Subscription(200, 550)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error after values that all passed is forwarded at once")
    func allPassErrorEnd() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.everyFifty + [.error(550, TestError("x"))])
        let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
        #expect(observer.events == [
            .next(270, 3), .next(320, 4), .next(370, 5), .next(420, 6), .next(470, 7), .next(520, 8),
            .error(550, TestError("x")),
        ])
        #expect(source.subscriptions == [Subscription(200, 550)])
        expectNoPendingWork(scheduler)
    }

    @Test("values closer than the due time are dropped; completion flushes the last one")
    func allDrop() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.everyFifty + [.completed(550)])
        let observer = scheduler.start { source.debounce(.seconds(60), scheduler: scheduler) }
        #expect(observer.events == [.next(550, 8), .completed(550)])
        #expect(source.subscriptions == [Subscription(200, 550)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error drops the waiting value")
    func allDropError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.everyFifty + [.error(550, TestError("x"))])
        let observer = scheduler.start { source.debounce(.seconds(60), scheduler: scheduler) }
        #expect(observer.events == [.error(550, TestError("x"))])
        #expect(source.subscriptions == [Subscription(200, 550)])
        expectNoPendingWork(scheduler)
    }

    @Test("empty, error-only and never sources pass their ending through")
    func emptyErrorNever() throws {
        let scheduler = TestScheduler()
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(300)])
        #expect(scheduler.start { empty.debounce(.seconds(10), scheduler: scheduler) }.events == [.completed(300)])

        let errorScheduler = TestScheduler()
        let failing = errorScheduler.createHotObservable([.next(150, 1), .error(300, TestError("x"))])
        let errorObserver = errorScheduler.start { failing.debounce(.seconds(10), scheduler: errorScheduler) }
        #expect(errorObserver.events == [.error(300, TestError("x"))])

        let neverScheduler = TestScheduler()
        let never = neverScheduler.createHotObservable([.next(150, 1)])
        let neverObserver = neverScheduler.start { never.debounce(.seconds(10), scheduler: neverScheduler) }
        #expect(neverObserver.events.isEmpty)
        #expect(never.subscriptions == [Subscription(200, 1000)])
        expectNoPendingWork(scheduler)
        expectNoPendingWork(errorScheduler)
        expectNoPendingWork(neverScheduler)
    }

    // MARK: Edges

    @Test("a value arriving on the tick the previous one was due replaces it")
    func tieReplaces() throws {
        let scheduler = TestScheduler()
        // 2's timer is due at 230, but 3 arrives at 230 first (source events were scheduled
        // earlier), restarting the wait.
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let observer = scheduler.start { source.debounce(.seconds(10), scheduler: scheduler) }
        #expect(observer.events == [.next(240, 3), .completed(300)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal while a value waits cancels its timer")
    func disposalWhilePending() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(500)])
        let observer = scheduler.start(disposed: 255) { source.debounce(.seconds(20), scheduler: scheduler) }
        #expect(observer.events == [.next(230, 1)])
        #expect(source.subscriptions == [Subscription(200, 255)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent back into the source from onNext restarts the wait")
    func reentrant() throws {
        let scheduler = TestScheduler()
        let events = try recordCountingUpReentrantly(on: scheduler, completingAt: 30) { subject in
            subject.debounce(.seconds(5), scheduler: scheduler)
        }
        #expect(events == [.next(15, 1), .next(20, 2), .next(25, 3), .completed(30)])
        expectNoPendingWork(scheduler)
    }

    @Test("the observer is released after completion, error and disposal")
    func releasesObserver() throws {
        // Two values, the second still waiting, then the ending.
        try expectReleasesObserver { source, scheduler in
            source.debounce(.seconds(5), scheduler: scheduler)
        }
    }

    @Test("with a dispatch queue scheduler, completion flushes the waiting value synchronously")
    func dispatchQueue() {
        let scheduler = DispatchQueueScheduler(label: "DebounceTests.dispatchQueue")
        let seen = Recorder<String>()
        let subscription = Observable.from([0, 1, 2])
            .debounce(.seconds(60), scheduler: scheduler)
            .subscribe { seen.append("\($0)") }
        #expect(seen.items == ["next(2)", "completed"])
        subscription.dispose()
    }
}

// MARK: Marbles

extension DebounceTests {
    @Test("marbles: -ab----cd---| debounced by 3 is -----b-----d|")
    func marbleDebounce() throws {
        expectMarbles("-----b-----d|") { m in
            let source = m.hot("-ab----cd---|", subscriptions: "^-----------!")
            return source.debounce(.seconds(3), scheduler: m.scheduler)
        }
    }
}
