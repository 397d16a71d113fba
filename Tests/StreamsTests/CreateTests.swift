import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("factories: just, of, from, empty, never, error, deferred")
struct CreateTests {
    @Test("just emits its value and completes at the subscription tick, for every subscriber")
    func just() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.just(42) }
        #expect(observer.events == [.next(200, 42), .completed(200)])
        let again = Recorder<Int>()
        _ = Observable.just(42).subscribe(onNext: { again.append($0) })
        #expect(again.items == [42])
        expectNoPendingWork(scheduler)
    }

    @Test("of emits its values in order and completes")
    func of() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable.of(1, 2, 3) }
        #expect(observer.events == [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
        expectNoPendingWork(scheduler)
    }

    @Test("of with no values only completes")
    func ofNothing() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.of() }
        #expect(observer.events == [.completed(200)])
        expectNoPendingWork(scheduler)
    }

    @Test("from iterates the sequence once per subscription")
    func from() throws {
        let scheduler = TestScheduler()
        let numbers = Observable.from(1...3)
        let observer = scheduler.start { numbers }
        #expect(observer.events == [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
        let again = Recorder<Int>()
        _ = numbers.subscribe(onNext: { again.append($0) })
        #expect(again.items == [1, 2, 3])
        expectNoPendingWork(scheduler)
    }

    @Test("empty completes at once without values")
    func empty() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.empty() }
        #expect(observer.events == [.completed(200)])
        expectNoPendingWork(scheduler)
    }

    @Test("never sends nothing and leaves no work behind")
    func never() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.never() }
        #expect(observer.events.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("error fails at once with its error")
    func error() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.error(TestError("boom")) }
        #expect(observer.events == [.error(200, TestError("boom"))])
        expectNoPendingWork(scheduler)
    }

    @Test("deferred calls the factory at each subscription, not before")
    func deferredPerSubscription() throws {
        let scheduler = TestScheduler()
        let calls = Mutex(0)
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let deferred = Observable<Int>.deferred {
            calls.withLock { $0 += 1 }
            return source.asObservable()
        }
        #expect(calls.withLock { $0 } == 0)
        let observer = scheduler.start { deferred }
        #expect(observer.events == [.next(210, 1), .completed(220)])
        #expect(calls.withLock { $0 } == 1)
        #expect(source.subscriptions == [Subscription(200, 220)])
        deferred.subscribe { _ in }.dispose()
        #expect(calls.withLock { $0 } == 2)
        expectNoPendingWork(scheduler)
    }

    @Test("deferred reads state at subscription time")
    func deferredReadsLate() {
        let page = Mutex(1)
        let current = Observable<Int>.deferred { .just(page.withLock { $0 }) }
        page.withLock { $0 = 2 }
        let seen = Recorder<Int>()
        _ = current.subscribe(onNext: { seen.append($0) })
        #expect(seen.items == [2])
    }

    @Test("a throwing deferred factory fails the subscription with its error")
    func deferredThrows() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start {
            Observable<Int>.deferred { throw TestError("factory") }
        }
        #expect(observer.events == [.error(200, TestError("factory"))])
        expectNoPendingWork(scheduler)
    }

    @Test("disposing a deferred subscription disposes the inner one")
    func deferredDisposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
        let observer = scheduler.start(disposed: 220) { Observable.deferred { source.asObservable() } }
        #expect(observer.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }
}
