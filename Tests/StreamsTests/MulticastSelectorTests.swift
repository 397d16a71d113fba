import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("multicast(_:selector:)")
struct MulticastSelectorTests {
    /// A hot source with values before the subscription at 200, as RxSwift's tests have it.
    private static func source(_ scheduler: TestScheduler, ending: Recorded<Event<Int>>?) -> TestableObservable<Int> {
        let values: [Recorded<Event<Int>>] = [
            .next(40, 0), .next(90, 1), .next(150, 2), .next(210, 3), .next(240, 4),
            .next(270, 5), .next(330, 6), .next(340, 7),
        ]
        return scheduler.createHotObservable(values + (ending.map { [$0] } ?? []))
    }

    @Test("forwards what the source emits after the subscription, and its completion")
    func completes() {
        let scheduler = TestScheduler()
        let xs = Self.source(scheduler, ending: .completed(390))
        let observer = scheduler.start { xs.multicast({ Subject<Int>() }, selector: { $0 }) }
        #expect(observer.events == [
            .next(210, 3), .next(240, 4), .next(270, 5), .next(330, 6), .next(340, 7), .completed(390),
        ])
        #expect(xs.subscriptions == [Subscription(200, 390)])
    }

    @Test("forwards the source's error and ends the connection")
    func fails() {
        let scheduler = TestScheduler()
        let xs = Self.source(scheduler, ending: .error(390, TestError("x")))
        let observer = scheduler.start { xs.multicast({ Subject<Int>() }, selector: { $0 }) }
        #expect(observer.events == [
            .next(210, 3), .next(240, 4), .next(270, 5), .next(330, 6), .next(340, 7), .error(390, TestError("x")),
        ])
        #expect(xs.subscriptions == [Subscription(200, 390)])
    }

    @Test("disposing the subscription disposes the connection")
    func disposal() {
        let scheduler = TestScheduler()
        let xs = Self.source(scheduler, ending: nil)
        let observer = scheduler.start { xs.multicast({ Subject<Int>() }, selector: { $0 }) }
        #expect(observer.events == [.next(210, 3), .next(240, 4), .next(270, 5), .next(330, 6), .next(340, 7)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test("a selector that uses the shared observable twice subscribes the source once")
    func zipWithItself() {
        let scheduler = TestScheduler()
        let xs = Self.source(scheduler, ending: .completed(390))
        let observer = scheduler.start {
            xs.multicast({ Subject<Int>() }, selector: { Observable.zip($0, $0) { $0 + $1 } })
        }
        #expect(observer.events == [
            .next(210, 6), .next(240, 8), .next(270, 10), .next(330, 12), .next(340, 14), .completed(390),
        ])
        #expect(xs.subscriptions == [Subscription(200, 390)])
    }

    @Test("a throwing subject factory fails at once, and the source is never subscribed")
    func subjectSelectorThrows() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let observer = scheduler.start {
            xs.multicast({ () throws -> Subject<Int> in throw TestError("x") }, selector: { $0 })
        }
        #expect(observer.events == [.error(200, TestError("x"))])
        #expect(xs.subscriptions == [])
    }

    @Test("a throwing selector fails at once, and the source is never subscribed")
    func selectorThrows() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let observer = scheduler.start {
            xs.multicast({ Subject<Int>() }, selector: { _ -> Observable<Int> in throw TestError("x") })
        }
        #expect(observer.events == [.error(200, TestError("x"))])
        #expect(xs.subscriptions == [])
    }

    @Test("each subscription makes its own subject and connection")
    func subjectPerSubscription() {
        let scheduler = TestScheduler()
        let made = Mutex(0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = xs.multicast({ () -> Subject<Int> in
            made.withLock { $0 += 1 }
            return Subject()
        }, selector: { $0.map { $0 * 10 } })
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(100) { _ = shared.subscribe(first) }
        scheduler.scheduleAt(105) { _ = shared.subscribe(second) }
        scheduler.start()
        #expect(first.events == [.next(110, 10), .completed(120)])
        #expect(second.events == [.next(115, 10), .completed(125)])
        #expect(made.withLock { $0 } == 2)
        #expect(xs.subscriptions == [Subscription(100, 120), Subscription(105, 125)])
    }

    @Test("a result that ends before the source disposes the connection at that tick")
    func resultEndsFirst() {
        let scheduler = TestScheduler()
        let xs = Self.source(scheduler, ending: .completed(390))
        let observer = scheduler.start { xs.multicast({ Subject<Int>() }, selector: { $0.take(2) }) }
        #expect(observer.events == [.next(210, 3), .next(240, 4), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test("a source that ends during the connection reaches the result, which subscribed first")
    func synchronousSource() {
        let scheduler = TestScheduler()
        let observer = scheduler.start {
            Observable.of(1, 2).multicast({ ReplaySubject<Int>(bufferSize: 1) }, selector: { $0.map { $0 + 1 } })
        }
        #expect(observer.events == [.next(200, 2), .next(200, 3), .completed(200)])
    }
}
