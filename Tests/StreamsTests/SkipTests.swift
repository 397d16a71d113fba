import Streams
import StreamsTesting
import Testing

@Suite("skip")
struct SkipTests {
    @Test("drops the first values and emits the rest")
    func dropsFirst() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let observer = scheduler.start { source.skip(3) }
        #expect(observer.events == [.next(240, 4), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("skip(0) emits every value")
    func zero() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let observer = scheduler.start { source.skip(0) }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(250)])
        expectNoPendingWork(scheduler)
    }

    @Test("completes while values are still being dropped")
    func completesWhileSkipping() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let observer = scheduler.start { source.skip(3) }
        #expect(observer.events == [.completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("forwards an error while values are still being dropped")
    func failsWhileSkipping() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(250, TestError("up"))])
        let observer = scheduler.start { source.skip(3) }
        #expect(observer.events == [.error(250, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal stops delivery and unsubscribes at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let observer = scheduler.start(disposed: 225) { source.skip(1) }
        #expect(observer.events == [.next(220, 2)])
        #expect(source.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("each subscription counts on its own")
    func perSubscription() {
        let skipped = Observable.of(1, 2, 3).skip(2)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        _ = skipped.subscribe(onNext: { first.append($0) })
        _ = skipped.subscribe(onNext: { second.append($0) })
        #expect(first.items == [3])
        #expect(second.items == [3])
    }

    @Test("a re-entrant value is counted after the current one")
    func reentrant() {
        let source = ReentrantSource<Int>()
        let seen = Recorder<Int>()
        let subscription = source.observable.skip(1).subscribe(onNext: { value in
            seen.append(value)
            if value == 2 { source.send(.next(3)) }
        })
        source.send(.next(1))
        source.send(.next(2))
        #expect(seen.items == [2, 3])
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, _ in source.skip(0) }
    }
}
