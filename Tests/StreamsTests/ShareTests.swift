import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("share(replay:scope:)")
struct ShareTests {
    /// RxSwift's share scenario on a hot source: subscribers at 200 and 300, disposed at 350
    /// and 400, and a third from 500 to 600. On a terminal event, the first two subscribe again
    /// from inside their handler (`res1_`, `res2_`), and those are the subscriptions disposed
    /// at 350 and 400.
    private struct Scenario {
        let scheduler = TestScheduler()
        let xs: TestableObservable<Int>
        let res1: TestableObserver<Int>
        let res2: TestableObserver<Int>
        let res1Again: TestableObserver<Int>
        let res2Again: TestableObserver<Int>
        let res3: TestableObserver<Int>

        init(_ events: [Recorded<Event<Int>>], replay: Int, scope: SubjectLifetimeScope) throws {
            xs = scheduler.createHotObservable(events)
            res1 = scheduler.createObserver(Int.self)
            res2 = scheduler.createObserver(Int.self)
            res1Again = scheduler.createObserver(Int.self)
            res2Again = scheduler.createObserver(Int.self)
            res3 = scheduler.createObserver(Int.self)
            let ys = xs.share(replay: replay, scope: scope)
            let subscription1 = SerialDisposable()
            let subscription2 = SerialDisposable()
            let subscription3 = SerialDisposable()
            let res3 = res3
            /// Subscribes `observer` at `tick`, and `again` from inside its handler on a terminal event.
            func subscribe(
                _ observer: TestableObserver<Int>,
                at tick: Int,
                thenOnStop again: TestableObserver<Int>,
                into subscription: SerialDisposable
            ) {
                scheduler.scheduleAt(tick) {
                    subscription.disposable = ys.subscribe { event in
                        observer.on(event)
                        if event.isStopEvent { subscription.disposable = ys.subscribe(again.asObserver()) }
                    }
                }
            }
            subscribe(res1, at: 200, thenOnStop: res1Again, into: subscription1)
            subscribe(res2, at: 300, thenOnStop: res2Again, into: subscription2)
            scheduler.scheduleAt(350) { subscription1.dispose() }
            scheduler.scheduleAt(400) { subscription2.dispose() }
            scheduler.scheduleAt(500) { subscription3.disposable = ys.subscribe(res3.asObserver()) }
            scheduler.scheduleAt(600) { subscription3.dispose() }
            try scheduler.run()
        }
    }

    private static let values: [Recorded<Event<Int>>] = [
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6), .next(550, 7),
    ]

    private static func values(_ ending: Recorded<Event<Int>>) -> [Recorded<Event<Int>>] {
        Array(values.prefix(6)) + [ending, .next(340, -1), .next(550, 7)]
    }

    /// The last `count` values before `last`, replayed at `tick`: `(last - count + 1)…last`.
    private static func replayed(_ count: Int, endingWith last: Int, at tick: Int) -> [Recorded<Event<Int>>] {
        (0..<count).map { .next(tick, last - count + 1 + $0) }
    }

    // MARK: whileConnected

    @Test("whileConnected: later subscribers share the connection and get the replay; after zero, it reconnects afresh",
          arguments: 0..<5)
    func whileConnected(replay: Int) throws {
        let s = try Scenario(Self.values, replay: replay, scope: .whileConnected)
        #expect(s.res1.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6)])
        #expect(s.res2.events == Self.replayed(replay, endingWith: 5, at: 300) + [.next(320, 6)])
        #expect(s.res3.events == [.next(550, 7)])
        #expect(s.xs.subscriptions == [Subscription(200, 400), Subscription(500, 600)])
        expectNoPendingWork(s.scheduler)
    }

    @Test("whileConnected: after an error, a subscriber arriving from inside its handler connects again",
          arguments: 0..<5)
    func whileConnectedError(replay: Int) throws {
        let s = try Scenario(Self.values(.error(330, TestError("source"))), replay: replay, scope: .whileConnected)
        #expect(s.res1.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5),
                                  .next(320, 6), .error(330, TestError("source"))])
        #expect(s.res2.events == Self.replayed(replay, endingWith: 5, at: 300)
                + [.next(320, 6), .error(330, TestError("source"))])
        #expect(s.res1Again.events == [.next(340, -1)])
        #expect(s.res2Again.events == [.next(340, -1)])
        #expect(s.res3.events == [.next(550, 7)])
        #expect(s.xs.subscriptions == [Subscription(200, 330), Subscription(330, 400), Subscription(500, 600)])
        expectNoPendingWork(s.scheduler)
    }

    @Test("whileConnected: after completion, a subscriber arriving from inside its handler connects again",
          arguments: 0..<5)
    func whileConnectedCompleted(replay: Int) throws {
        let s = try Scenario(Self.values(.completed(330)), replay: replay, scope: .whileConnected)
        #expect(s.res1.events.last == .completed(330))
        #expect(s.res2.events == Self.replayed(replay, endingWith: 5, at: 300) + [.next(320, 6), .completed(330)])
        #expect(s.res1Again.events == [.next(340, -1)])
        #expect(s.res2Again.events == [.next(340, -1)])
        #expect(s.res3.events == [.next(550, 7)])
        #expect(s.xs.subscriptions == [Subscription(200, 330), Subscription(330, 400), Subscription(500, 600)])
        expectNoPendingWork(s.scheduler)
    }

    // MARK: forever

    @Test("forever: the replay buffer survives the disconnection", arguments: 0..<5)
    func forever(replay: Int) throws {
        let s = try Scenario(Self.values, replay: replay, scope: .forever)
        #expect(s.res1.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6)])
        #expect(s.res2.events == Self.replayed(replay, endingWith: 5, at: 300) + [.next(320, 6)])
        #expect(s.res3.events == Self.replayed(replay, endingWith: 6, at: 500) + [.next(550, 7)])
        #expect(s.xs.subscriptions == [Subscription(200, 400), Subscription(500, 600)])
        expectNoPendingWork(s.scheduler)
    }

    @Test("forever: after an error, later subscribers get the replay and the error, without reconnecting",
          arguments: 0..<5)
    func foreverError(replay: Int) throws {
        let s = try Scenario(Self.values(.error(330, TestError("source"))), replay: replay, scope: .forever)
        let error = Recorded<Event<Int>>.error(330, TestError("source"))
        #expect(s.res1.events.last == error)
        #expect(s.res2.events == Self.replayed(replay, endingWith: 5, at: 300) + [.next(320, 6), error])
        #expect(s.res1Again.events == Self.replayed(replay, endingWith: 6, at: 330) + [error])
        #expect(s.res2Again.events == Self.replayed(replay, endingWith: 6, at: 330) + [error])
        #expect(s.res3.events == Self.replayed(replay, endingWith: 6, at: 500) + [.error(500, TestError("source"))])
        #expect(s.xs.subscriptions == [Subscription(200, 330)])
        expectNoPendingWork(s.scheduler)
    }

    @Test("forever: after completion, later subscribers get the replay and the completion", arguments: 0..<5)
    func foreverCompleted(replay: Int) throws {
        let s = try Scenario(Self.values(.completed(330)), replay: replay, scope: .forever)
        #expect(s.res2.events == Self.replayed(replay, endingWith: 5, at: 300) + [.next(320, 6), .completed(330)])
        #expect(s.res1Again.events == Self.replayed(replay, endingWith: 6, at: 330) + [.completed(330)])
        #expect(s.res3.events == Self.replayed(replay, endingWith: 6, at: 500) + [.completed(500)])
        #expect(s.xs.subscriptions == [Subscription(200, 330)])
        expectNoPendingWork(s.scheduler)
    }

    // MARK: Cold sources, disposal, re-entrancy, release

    @Test("a cold source is subscribed once for all subscribers of a connection")
    func coldSourceOnce() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let shared = xs.share(replay: 1)
        let (first, second) = try subscribeTwice(to: shared, at: 200, 215, on: scheduler)
        #expect(first.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        #expect(second.events == [.next(215, 1), .next(220, 2), .next(230, 3), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposing the last subscriber disposes the source subscription at that tick")
    func lastSubscriberLeaves() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .next(50, 2), .completed(100)])
        let observer = scheduler.start(disposed: 230) { xs.share() }
        #expect(observer.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error reaches every subscriber and ends the connection")
    func errorReachesAll() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("source"))])
        let shared = xs.share()
        let (first, second) = try subscribeTwice(to: shared, at: 200, 205, on: scheduler)
        #expect(first.events == [.next(210, 1), .error(220, TestError("source"))])
        #expect(second.events == [.next(210, 1), .error(220, TestError("source"))])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("a synchronous source runs again for a subscriber arriving after it completed")
    func synchronousSource() {
        let runs = Mutex(0)
        let shared = Observable<Int>.deferred {
            runs.withLock { $0 += 1 }
            return .of(1, 2)
        }.share(replay: 1)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        _ = shared.subscribe(onNext: { first.append($0) })
        _ = shared.subscribe(onNext: { second.append($0) })
        #expect(first.items == [1, 2])
        #expect(second.items == [1, 2])
        #expect(runs.withLock { $0 } == 2)
    }

    @Test("a subscriber joining from inside another's handler is served after the current event")
    func reentrantSubscribe() {
        let source = Subject<Int>()
        let shared = source.share(replay: 1)
        let log = Recorder<String>()
        let late = SerialDisposable()
        let early = shared.subscribe(onNext: { value in
            log.append("early \(value)")
            if value == 1 { late.disposable = shared.subscribe(onNext: { log.append("late \($0)") }) }
        })
        source.onNext(1)
        source.onNext(2)
        #expect(log.items == ["early 1", "late 1", "early 2", "late 2"])
        early.dispose()
        late.dispose()
        #expect(!source.hasObservers)
    }

    @Test("releases the observer after completion, error and disposal, in both scopes",
          arguments: [SubjectLifetimeScope.whileConnected, .forever])
    func releases(scope: SubjectLifetimeScope) throws {
        let scheduler = TestScheduler()
        let completing = scheduler.createColdObservable([.next(10, 1), .completed(20)]).share(replay: 1, scope: scope)
        #expect(try isReleased(subscribe: { probe in
            completing.subscribe(AnyObserver { _ in _ = probe })
        }, after: { _ in try scheduler.advance(to: 50) }))
        let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())]).share(replay: 1, scope: scope)
        #expect(try isReleased(subscribe: { probe in
            failing.subscribe(AnyObserver { _ in _ = probe })
        }, after: { _ in try scheduler.advance(to: 100) }))
        let source = scheduler.createColdObservable([.next(10, 1)])
        let endless = source.share(replay: 1, scope: scope)
        #expect(try isReleased(subscribe: { probe in
            endless.subscribe(AnyObserver { _ in _ = probe })
        }, after: { subscription in
            try scheduler.advance(to: 120)
            subscription.dispose()
        }))
        #expect(source.subscriptions == [Subscription(100, 120)])
        expectNoPendingWork(scheduler)
    }

    // MARK: Marble twins of the documentation diagrams
}

/// Subscribes a first observer to `source` at `firstTick` and a second at `secondTick`, runs the
/// scheduler and returns both.
private func subscribeTwice<Source: ObservableType>(
    to source: Source,
    at firstTick: Int,
    _ secondTick: Int,
    on scheduler: TestScheduler
) throws -> (TestableObserver<Source.Element>, TestableObserver<Source.Element>) {
    let observable = source.asObservable()
    let first = scheduler.createObserver(Source.Element.self)
    let second = scheduler.createObserver(Source.Element.self)
    scheduler.scheduleAt(firstTick) { _ = observable.subscribe(first.asObserver()) }
    scheduler.scheduleAt(secondTick) { _ = observable.subscribe(second.asObserver()) }
    try scheduler.run()
    return (first, second)
}
