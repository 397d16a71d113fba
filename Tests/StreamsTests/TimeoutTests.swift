import Streams
import StreamsTesting
import Testing

@Suite("timeout")
struct TimeoutTests {
    private static let threeSeconds = TimeoutError(dueTime: .seconds(3))

    @Test("values closer than the window pass; the source's completion is forwarded")
    func passes() {
        expectMarbles("-a-b-c|") { m in
            m.hot("-a-b-c|", subscriptions: "^-----!").timeout(.seconds(3), scheduler: m.scheduler)
        }
    }

    @Test("a quiet window fails with TimeoutError and unsubscribes the source")
    func fails() {
        expectMarbles("-a-b--#", error: Self.threeSeconds) { m in
            m.hot("-a-b-----c|", subscriptions: "^-----!").timeout(.seconds(3), scheduler: m.scheduler)
        }
        // The first window starts at subscription.
        expectMarbles("---#", error: Self.threeSeconds) { m in
            m.hot("-----a|", subscriptions: "^--!").timeout(.seconds(3), scheduler: m.scheduler)
        }
        #expect("\(Self.threeSeconds)" == "timeout: no value within 3.0 seconds")
    }

    @Test("the source's error within the window is forwarded; other is never subscribed")
    func sourceError() throws {
        expectMarbles("-a-#") { m in
            m.hot("-a-#", subscriptions: "^--!").timeout(.seconds(3), scheduler: m.scheduler)
        }
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(212, TestError("up"))])
        let other = scheduler.createColdObservable([.next(1, 9)])
        let observer = scheduler.start { source.timeout(.seconds(30), other: other, scheduler: scheduler) }
        #expect(observer.events == [.next(210, 1), .error(212, TestError("up"))])
        #expect(other.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("completion while a window is open ends it: no timer is left")
    func completionWhilePending() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(211)])
        let observer = scheduler.start { source.timeout(.seconds(50), scheduler: scheduler) }
        #expect(observer.events == [.next(210, 1), .completed(211)])
        #expect(source.subscriptions == [Subscription(200, 211)])
        expectNoPendingWork(scheduler)
    }

    @Test("a quiet window switches to other at that tick")
    func switchesToOther() {
        expectMarbles("-a-b--xy|") { m in
            let other = m.cold("xy|", subscriptions: "------^-!")
            return m.hot("-a-b-----c|", subscriptions: "^-----!").timeout(.seconds(3), other: other, scheduler: m.scheduler)
        }
        expectMarbles("---x-y-#") { m in
            let other = m.cold("x-y-#", subscriptions: "---^---!")
            return m.hot("-----a|", subscriptions: "^--!").timeout(.seconds(3), other: other, scheduler: m.scheduler)
        }
    }

    @Test("disposal unsubscribes the source, or other after a switch, and cancels the timer")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(212, 2)])
        let other = scheduler.createColdObservable([.next(1, 9)])
        let observer = scheduler.start(disposed: 230) {
            source.timeout(.seconds(15), other: other, scheduler: scheduler)
        }
        #expect(observer.events == [.next(210, 1), .next(212, 2), .next(228, 9)])
        #expect(source.subscriptions == [Subscription(200, 227)])
        #expect(other.subscriptions == [Subscription(227, 230)])
        expectNoPendingWork(scheduler)

        let early = TestScheduler()
        let quiet = early.createHotObservable([.next(210, 1)])
        let noValues = early.start(disposed: 211) { quiet.timeout(.seconds(50), scheduler: early) }
        #expect(noValues.events == [.next(210, 1)])
        #expect(quiet.subscriptions == [Subscription(200, 211)])
        expectNoPendingWork(early)
    }

    @Test("a value sent back into the source from onNext opens the newer window")
    func reentrancy() throws {
        let scheduler = TestScheduler()
        let events = try recordCountingUpReentrantly(on: scheduler, completingAt: nil) { subject in
            subject.timeout(.seconds(5), scheduler: scheduler)
        }
        #expect(events == [.next(10, 1), .next(10, 2), .next(10, 3), .completed(10)])
        let windows = TestScheduler()
        let open = try recordCountingUpReentrantly(on: windows, completingAt: 20) { subject in
            subject.timeout(.seconds(5), scheduler: windows)
        }
        #expect(open == [.next(10, 1), .next(10, 2), .next(10, 3), .error(15, TimeoutError(dueTime: .seconds(5)))])
        expectNoPendingWork(scheduler)
        expectNoPendingWork(windows)
    }

    @Test("releases the observer when the subscription ends", arguments: SubscriptionEnding.allCases)
    func releases(_ ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { fixture in
            fixture.source.timeout(.seconds(1000), other: fixture.other, scheduler: fixture.scheduler)
        }
    }

    @Test("releases the observer when a window is open as the subscription ends")
    func releasesWhilePending() throws {
        try expectReleasesObserver { source, scheduler in
            source.asObservable().timeout(.seconds(1), other: Observable.never(), scheduler: scheduler)
        }
    }
}
