import Streams
import StreamsTesting
import Testing

@Suite("startWith")
struct StartWithTests {
    @Test("emits the prefix at the subscription tick, then the source's events")
    func prefixThenSource() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let observer = scheduler.start { source.startWith(-2, -1) }
        #expect(observer.events == [.next(200, -2), .next(200, -1), .next(220, 2), .next(230, 3), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("with no elements it is the source itself")
    func noElements() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let observer = scheduler.start { source.startWith() }
        #expect(observer.events == [.next(210, 1), .completed(220)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error from the source follows the prefix")
    func upstreamError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.error(210, TestError("up"), Int.self)])
        let observer = scheduler.start { source.startWith(0) }
        #expect(observer.events == [.next(200, 0), .error(210, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 210)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal stops delivery and unsubscribes at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let observer = scheduler.start(disposed: 215) { source.startWith(0) }
        #expect(observer.events == [.next(200, 0), .next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 215)])
        expectNoPendingWork(scheduler)
    }

    @Test("each subscription receives the prefix again")
    func prefixPerSubscription() {
        let observable = Observable.of(3, 4).startWith(1, 2)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        _ = observable.subscribe(onNext: { first.append($0) })
        _ = observable.subscribe(onNext: { second.append($0) })
        #expect(first.items == [1, 2, 3, 4])
        #expect(second.items == [1, 2, 3, 4])
    }

    @Test("a value sent into the source from inside the subscriber arrives after the current one")
    func reentrant() {
        let subject = Subject<Int>()
        let seen = Recorder<Int>()
        let subscription = subject.startWith(0).subscribe(onNext: { value in
            seen.append(value)
            if value == 1 { subject.onNext(2) }
            seen.append(-value)
        })
        subject.onNext(1)
        #expect(seen.items == [0, 0, 1, -1, 2, -2])
        subscription.dispose()
    }
}
