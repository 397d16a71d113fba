import Streams
import StreamsTesting
import Testing

@Suite("filter")
struct FilterTests {
    @Test("emits the values that satisfy the predicate at the tick they arrive")
    func passesMatching() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 2), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])
        let observer = scheduler.start { source.filter { $0.isMultiple(of: 2) } }
        #expect(observer.events == [.next(220, 2), .next(240, 4), .completed(300)])
        #expect(source.subscriptions == [Subscription(200, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("forwards an upstream error and unsubscribes at its tick")
    func upstreamError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .error(220, TestError("up")), .next(230, 4)])
        let observer = scheduler.start { source.filter { _ in true } }
        #expect(observer.events == [.next(210, 2), .error(220, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("completes when nothing passed")
    func completesWithNothing() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 3), .completed(230)])
        let observer = scheduler.start { source.filter { $0.isMultiple(of: 2) } }
        #expect(observer.events == [.completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing predicate ends the sequence with its error and unsubscribes")
    func throwing() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(300)])
        let observer = scheduler.start {
            source.filter { value in
                if value == 3 { throw TestError("three") }
                return true
            }
        }
        #expect(observer.events == [.next(210, 2), .error(220, TestError("three"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal stops delivery and unsubscribes at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 2), .next(20, 4), .next(30, 6), .completed(40)])
        let observer = scheduler.start(disposed: 225) { source.filter { $0 > 0 } }
        #expect(observer.events == [.next(210, 2), .next(220, 4)])
        #expect(source.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent into the source from inside the subscriber arrives after the current one")
    func reentrant() {
        let subject = Subject<Int>()
        let seen = Recorder<Int>()
        let subscription = subject.filter { $0.isMultiple(of: 2) }.subscribe(onNext: { value in
            seen.append(value)
            if value == 2 {
                subject.onNext(3)
                subject.onNext(4)
            }
            seen.append(-value)
        })
        subject.onNext(2)
        #expect(seen.items == [2, -2, 4, -4])
        subscription.dispose()
    }
}
