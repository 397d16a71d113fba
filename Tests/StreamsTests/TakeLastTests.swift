import Streams
import StreamsTesting
import Testing

/// RxSwift's `Observable+TakeLastTests`, translated, and the edges Streams adds.
@Suite("takeLast")
struct TakeLastTests {
    @Test("a source with fewer values than the count: all of them at the completion")
    func fewerThanCount() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), .completed(300),
        ])
        let observer = scheduler.start { source.takeLast(7) }
        #expect(observer.events == [
            .next(300, 9), .next(300, 13), .next(300, 7), .next(300, 1), .next(300, -1), .completed(300),
        ])
        #expect(source.subscriptions == [Subscription(200, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source with exactly the count: all of them at the completion")
    func exactlyCount() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), .completed(310),
        ])
        let observer = scheduler.start { source.takeLast(5) }
        #expect(observer.events == [
            .next(310, 9), .next(310, 13), .next(310, 7), .next(310, 1), .next(310, -1), .completed(310),
        ])
        #expect(source.subscriptions == [Subscription(200, 310)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source with more values than the count: the last ones, in order")
    func moreThanCount() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), .next(310, 3), .next(340, 8), .completed(350),
        ])
        let observer = scheduler.start { source.takeLast(5) }
        #expect(observer.events == [
            .next(350, 7), .next(350, 1), .next(350, -1), .next(350, 3), .next(350, 8), .completed(350),
        ])
        #expect(source.subscriptions == [Subscription(200, 350)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error is forwarded at once and drops the kept values, whatever their number",
          arguments: [3, 5, 7])
    func error(count: Int) throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1), .next(300, -1),
            .error(310, TestError("up")),
        ])
        let observer = scheduler.start { source.takeLast(count) }
        #expect(observer.events == [.error(310, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 310)])
        expectNoPendingWork(scheduler)
    }

    @Test("takeLast(0) emits nothing and completes with the source, which stays subscribed until then")
    func zero() throws {
        let scheduler = TestScheduler()
        let endless = scheduler.createHotObservable([.next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13)])
        #expect(scheduler.start { endless.takeLast(0) }.events.isEmpty)
        #expect(endless.subscriptions == [Subscription(200, 1000)])

        let completing = TestScheduler()
        let source = completing.createHotObservable([.next(210, 9), .next(230, 13), .completed(250)])
        #expect(completing.start { source.takeLast(0) }.events == [.completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
        expectNoPendingWork(completing)
    }

    @Test("a negative count does not stop the program, as in RxSwift: it keeps nothing, like takeLast(0)")
    func negative() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 9), .next(230, 13), .completed(250)])
        #expect(scheduler.start { source.takeLast(-1) }.events == [.completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal before the completion unsubscribes at the disposal tick and emits nothing")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let observer = scheduler.start(disposed: 235) { source.takeLast(2) }
        #expect(observer.events.isEmpty)
        #expect(source.subscriptions == [Subscription(200, 235)])
        expectNoPendingWork(scheduler)
    }

    @Test("a subscriber that disposes while the kept values are delivered receives none of the rest")
    func disposalWhileDelivering() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let observer = scheduler.createObserver(Int.self)
        let subscription = SerialDisposable()
        scheduler.scheduleAt(200) {
            subscription.disposable = source.takeLast(3).subscribe { event in
                observer.on(event)
                if case .next(2) = event { subscription.dispose() }
            }
        }
        try scheduler.run()
        #expect(observer.events == [.next(250, 2)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent back into the source while the last ones are delivered is not taken (RxSwift's DecrementCountsFirst)")
    func reentrant() {
        let subject = BehaviorSubject(value: false)
        let seen = Recorder<Bool>()
        let subscription = subject.takeLast(1).subscribe(onNext: { value in
            seen.append(value)
            subject.onNext(!value)
        })
        subject.onCompleted()
        #expect(seen.items == [false])
        subscription.dispose()
    }

    @Test("marbles: the last two values come with the completion")
    func marbles() {
        expectMarbles("---------(cd|)") { m in
            m.hot("-a-b-c-d-|", subscriptions: "^--------!").takeLast(2)
        }
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: ending == .completion ? [1] : []) { f in f.source.takeLast(5) }
    }
}
