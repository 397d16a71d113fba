import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("subscribe(on:)")
struct SubscribeOnTests {
    @Test("subscribes and disposes through the scheduler")
    func subscribesAndDisposes() throws {
        let scheduler = TestScheduler()
        let subscribedAt = Mutex<Int?>(nil)
        let disposedAt = Mutex<Int?>(nil)
        let source = Observable<Int>.create { _ in
            subscribedAt.withLock { $0 = scheduler.clock }
            return Disposables.create { disposedAt.withLock { $0 = scheduler.clock } }
        }
        let observer = scheduler.start { source.subscribe(on: scheduler) }
        #expect(observer.events.isEmpty)
        #expect(subscribedAt.withLock { $0 } == 200)
        #expect(disposedAt.withLock { $0 } == 1000)
        expectNoPendingWork(scheduler)
    }

    @Test("a completion is forwarded and the source subscription ends")
    func completed() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])
        let observer = scheduler.start { source.subscribe(on: scheduler) }
        #expect(observer.events == [.completed(300)])
        #expect(source.subscriptions == [Subscription(200, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error is forwarded and the source subscription ends")
    func error() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([Recorded<Event<Int>>.error(300, TestError("x"))])
        let observer = scheduler.start { source.subscribe(on: scheduler) }
        #expect(observer.events == [.error(300, TestError("x"))])
        #expect(source.subscriptions == [Subscription(200, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal ends the source subscription")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
        let observer = scheduler.start { source.subscribe(on: scheduler) }
        #expect(observer.events == [.next(210, 2)])
        #expect(source.subscriptions == [Subscription(200, 1000)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposing before the scheduled subscription ran cancels it")
    func disposalBeforeSubscription() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1)])
        // The disposal is scheduled at 200 before the subscription action that subscribe(on:)
        // schedules at 200, so it runs first.
        let observer = scheduler.start(subscribed: 200, disposed: 200) { source.subscribe(on: scheduler) }
        #expect(observer.events.isEmpty)
        #expect(source.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("the observer is released after completion and after disposal")
    func releasesObserver() throws {
        for disposing in [false, true] {
            let scheduler = TestScheduler()
            let source = scheduler.createHotObservable(disposing ? [.next(10, 1)] : [.next(10, 1), .completed(12)])
            let released = try isReleased(subscribe: { probe in
                source.subscribe(on: scheduler).subscribe(AnyObserver { [probe] _ in _ = probe })
            }, after: { subscription in
                try scheduler.advance(to: 12)
                if disposing { subscription.dispose() }
                try scheduler.run()
            })
            #expect(released)
            expectNoPendingWork(scheduler)
        }
    }

    @Test("on a dispatch queue, subscribing and disposing happen on the queue")
    func dispatchQueue() {
        let queue = DispatchQueue(label: "SubscribeOnTests.dispatchQueue")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 1)
        let subscribed = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)
        let log = Recorder<String>()
        let source = Observable<Int>.create { observer in
            log.append("subscribe onQueue=\(DispatchQueue.getSpecific(key: key) == 1)")
            observer.onNext(1)
            subscribed.signal()
            return Disposables.create {
                log.append("dispose onQueue=\(DispatchQueue.getSpecific(key: key) == 1)")
                disposed.signal()
            }
        }
        let subscription = source
            .subscribe(on: DispatchQueueScheduler(queue: queue))
            .subscribe(onNext: { log.append("next(\($0)) onQueue=\(DispatchQueue.getSpecific(key: key) == 1)") })
        #expect(subscribed.wait(timeout: .now() + 10) == .success)
        subscription.dispose()
        #expect(disposed.wait(timeout: .now() + 10) == .success)
        #expect(log.items == ["subscribe onQueue=true", "next(1) onQueue=true", "dispose onQueue=true"])
    }
}
