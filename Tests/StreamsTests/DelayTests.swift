import Dispatch
import Streams
import StreamsTesting
import Testing

@Suite("delay and delaySubscription")
struct DelayTests {
    private static let simple: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550),
    ]

    @Test("shifts values and completion by the due time", arguments: [
        (100, [Recorded<Event<Int>>.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)]),
        (50, [.next(300, 2), .next(400, 3), .next(500, 4), .completed(600)]),
        (150, [.next(400, 2), .next(500, 3), .next(600, 4), .completed(700)]),
    ])
    func simple(dueTime: Int, expected: [Recorded<Event<Int>>]) throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.simple)
        let observer = scheduler.start { source.delay(.seconds(dueTime), scheduler: scheduler) }
        #expect(observer.events == expected)
        #expect(source.subscriptions == [Subscription(200, 550)])
        expectNoPendingWork(scheduler)
    }

    @Test("keeps the spacing of every event, whatever the due time")
    func positive() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.simple)
        let observer = scheduler.start { source.delay(.seconds(42), scheduler: scheduler) }
        let expected = Self.simple
            .map { Recorded(time: $0.time + 42, value: $0.value) }
            .filter { $0.time > 200 + 42 }
        #expect(observer.events == expected)
        expectNoPendingWork(scheduler)
    }

    @Test("an error is forwarded at once")
    func error() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .error(250, TestError("x"))])
        let observer = scheduler.start { source.delay(.seconds(150), scheduler: scheduler) }
        #expect(observer.events == [.error(250, TestError("x"))])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a completion without values is delayed too")
    func completedOnly() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let observer = scheduler.start { source.delay(.seconds(150), scheduler: scheduler) }
        #expect(observer.events == [.completed(400)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error after every value was delivered follows them")
    func errorAfterValues() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .error(550, TestError("x")),
        ])
        let observer = scheduler.start { source.delay(.seconds(50), scheduler: scheduler) }
        #expect(observer.events == [.next(300, 2), .next(400, 3), .next(500, 4), .error(550, TestError("x"))])
        #expect(source.subscriptions == [Subscription(200, 550)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error drops the values still waiting")
    func errorDropsPending() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .error(550, TestError("x")),
        ])
        let observer = scheduler.start { source.delay(.seconds(150), scheduler: scheduler) }
        #expect(observer.events == [.next(400, 2), .next(500, 3), .error(550, TestError("x"))])
        #expect(source.subscriptions == [Subscription(200, 550)])
        expectNoPendingWork(scheduler)
    }

    @Test("values on the same tick stay together and in order")
    func sameTick() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(215, 3), .completed(215)])
        let observer = scheduler.start { source.delay(.seconds(10), scheduler: scheduler) }
        #expect(observer.events == [.next(220, 1), .next(220, 2), .next(225, 3), .completed(225)])
        expectNoPendingWork(scheduler)
    }

    // MARK: Edges

    @Test("disposal cancels the values still waiting")
    func disposalWhilePending() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start(disposed: 255) { source.delay(.seconds(40), scheduler: scheduler) }
        #expect(observer.events == [.next(250, 1)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent back into the source from onNext is delayed in turn")
    func reentrant() throws {
        let scheduler = TestScheduler()
        let events = try recordCountingUpReentrantly(on: scheduler, completingAt: nil) { subject in
            subject.delay(.seconds(5), scheduler: scheduler)
        }
        #expect(events == [.next(15, 1), .next(20, 2), .next(25, 3), .completed(30)])
        expectNoPendingWork(scheduler)
    }

    @Test("the observer is released after completion, error and disposal")
    func releasesObserver() throws {
        // Two values still waiting, then the ending.
        try expectReleasesObserver { source, scheduler in
            source.delay(.seconds(5), scheduler: scheduler)
        }
    }

    @Test("on a dispatch queue, values and completion arrive on the queue, in order")
    func dispatchQueue() {
        let queue = DispatchQueue(label: "DelayTests.dispatchQueue")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 1)
        let done = DispatchSemaphore(value: 0)
        let seen = Recorder<String>()
        let subscription = Observable.from([1, 2, 3])
            .delay(.zero, scheduler: DispatchQueueScheduler(queue: queue))
            .subscribe { event in
                seen.append("\(event) onQueue=\(DispatchQueue.getSpecific(key: key) == 1)")
                if event.isStopEvent { done.signal() }
            }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(seen.items == [
            "next(1) onQueue=true", "next(2) onQueue=true", "next(3) onQueue=true", "completed onQueue=true",
        ])
        subscription.dispose()
    }

    @Test("an error sent while a delayed value is being delivered waits for that delivery to return")
    func errorDuringDelivery() {
        let queue = DispatchQueue(label: "DelayTests.errorDuringDelivery")
        let subject = Subject<Int>()
        let inNext = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let seen = Recorder<String>()
        let subscription = subject
            .delay(.zero, scheduler: DispatchQueueScheduler(queue: queue))
            .subscribe(onNext: { value in
                seen.append("next(\(value)) begins")
                inNext.signal()
                proceed.wait()
                seen.append("next(\(value)) ends")
            }, onError: { _ in
                seen.append("error")
                done.signal()
            })
        subject.onNext(1)
        #expect(inNext.wait(timeout: .now() + 10) == .success)
        subject.onError(TestError("x"))
        seen.append("error sent")
        proceed.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(seen.items == ["next(1) begins", "error sent", "next(1) ends", "error"])
        subscription.dispose()
    }
}

@Suite("delaySubscription")
struct DelaySubscriptionTests {
    @Test("subscribes once the due time has passed and forwards events as they come")
    func delaysSubscription() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
        let observer = scheduler.start { source.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(observer.events == [.next(280, 42), .next(290, 43), .completed(300)])
        #expect(source.subscriptions == [Subscription(230, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error passes through as it comes")
    func error() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .error(70, TestError("x"))])
        let observer = scheduler.start { source.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(observer.events == [.next(280, 42), .next(290, 43), .error(300, TestError("x"))])
        #expect(source.subscriptions == [Subscription(230, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposing before the due time never subscribes")
    func disposalBeforeSubscription() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(50, 42), .completed(70)])
        let observer = scheduler.start(disposed: 220) { source.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(observer.events.isEmpty)
        #expect(source.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("disposing after the subscription ends it")
    func disposalAfterSubscription() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
        let observer = scheduler.start(disposed: 285) { source.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(observer.events == [.next(280, 42)])
        #expect(source.subscriptions == [Subscription(230, 285)])
        expectNoPendingWork(scheduler)
    }
}

// MARK: Marbles

extension DelayTests {
    @Test("marbles: -a-b-c-| delayed by 2 is ---a-b-c-|")
    func marbleDelay() throws {
        expectMarbles("---a-b-c-|") { m in
            let source = m.hot("-a-b-c-|", subscriptions: "^------!")
            return source.delay(.seconds(2), scheduler: m.scheduler)
        }
    }
}
