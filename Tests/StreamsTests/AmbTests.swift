import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

/// RxSwift's `Observable+AmbTests`, translated, and the edges Streams adds.
@Suite("amb")
struct AmbTests {
    @Test("two sources that never react: both stay subscribed, nothing is emitted")
    func neverTwo() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(150, 1)])
        let second = scheduler.createHotObservable([.next(150, 1)])
        let observer = scheduler.start { first.amb(second) }
        #expect(observer.events.isEmpty)
        #expect(first.subscriptions == [Subscription(200, 1000)])
        #expect(second.subscriptions == [Subscription(200, 1000)])
        expectNoPendingWork(scheduler)
    }

    @Test("three sources that never react: all stay subscribed")
    func neverThree() throws {
        let scheduler = TestScheduler()
        let sources = (0..<3).map { _ in scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)]) }
        let observer = scheduler.start { Observable.amb(sources.map { $0.asObservable() }) }
        #expect(observer.events.isEmpty)
        for source in sources {
            #expect(source.subscriptions == [Subscription(200, 1000)])
        }
        expectNoPendingWork(scheduler)
    }

    @Test("a completion wins the race too")
    func completionWins() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(150, 1)])
        let second = scheduler.createHotObservable([.next(150, 1), .completed(225)])
        let observer = scheduler.start { first.amb(second) }
        #expect(observer.events == [.completed(225)])
        #expect(first.subscriptions == [Subscription(200, 225)])
        #expect(second.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("the first value wins: the loser is unsubscribed at that tick, the winner when it ends")
    func loserDisposed() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(240)])
        let second = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(250)])
        let observer = scheduler.start { first.amb(second) }
        #expect(observer.events == [.next(210, 2), .completed(240)])
        #expect(first.subscriptions == [Subscription(200, 240)])
        #expect(second.subscriptions == [Subscription(200, 210)])
        expectNoPendingWork(scheduler)
    }

    @Test("the winner's error is forwarded")
    func winnerFails() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(220, TestError("first"))])
        let second = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(250)])
        let observer = scheduler.start { first.amb(second) }
        #expect(observer.events == [.next(210, 2), .error(220, TestError("first"))])
        #expect(first.subscriptions == [Subscription(200, 220)])
        #expect(second.subscriptions == [Subscription(200, 210)])
        expectNoPendingWork(scheduler)
    }

    @Test("a loser's later error is never seen")
    func loserFails() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .error(230, TestError("first"))])
        let second = scheduler.createHotObservable([.next(150, 1), .next(210, 3), .completed(250)])
        let observer = scheduler.start { first.amb(second) }
        #expect(observer.events == [.next(210, 3), .completed(250)])
        #expect(first.subscriptions == [Subscription(200, 210)])
        #expect(second.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error before any value wins, from either side", arguments: [false, true])
    func errorFirstWins(fromSecond: Bool) throws {
        let scheduler = TestScheduler()
        let failing = scheduler.createHotObservable([.next(150, 1), .error(210, TestError("fast"))])
        let slow = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(250)])
        let observer = scheduler.start { fromSecond ? slow.amb(failing) : failing.amb(slow) }
        #expect(observer.events == [.error(210, TestError("fast"))])
        #expect(failing.subscriptions == [Subscription(200, 210)])
        #expect(slow.subscriptions == [Subscription(200, 210)])
        expectNoPendingWork(scheduler)
    }

    @Test("of many sources, the quickest wins and every other is unsubscribed at that tick")
    func collection() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(40, 1), .completed(50)])
        let second = scheduler.createColdObservable([.next(20, 2), .next(30, 3), .completed(60)])
        let third = scheduler.createColdObservable([.next(25, 4), .completed(26)])
        let observer = scheduler.start { Observable.amb([first, second, third]) }
        #expect(observer.events == [.next(220, 2), .next(230, 3), .completed(260)])
        #expect(first.subscriptions == [Subscription(200, 220)])
        #expect(second.subscriptions == [Subscription(200, 260)])
        #expect(third.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal unsubscribes every source at the disposal tick, before and after the race")
    func disposal() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(250, 1), .completed(300)])
        let second = scheduler.createHotObservable([.next(260, 2), .completed(300)])
        #expect(scheduler.start(disposed: 240) { first.amb(second) }.events.isEmpty)
        #expect(first.subscriptions == [Subscription(200, 240)])
        #expect(second.subscriptions == [Subscription(200, 240)])

        let after = TestScheduler()
        let winner = after.createHotObservable([.next(250, 1), .next(270, 2), .completed(300)])
        let loser = after.createHotObservable([.next(260, 3), .completed(300)])
        #expect(after.start(disposed: 280) { winner.amb(loser) }.events == [.next(250, 1), .next(270, 2)])
        #expect(winner.subscriptions == [Subscription(200, 280)])
        #expect(loser.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
        expectNoPendingWork(after)
    }

    @Test("a source that reacts during its subscribe wins; the ones after it are never subscribed")
    func synchronousWinner() throws {
        let scheduler = TestScheduler()
        let before = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let after = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let observer = scheduler.start { Observable.amb([before.asObservable(), .of(7, 8), after.asObservable()]) }
        #expect(observer.events == [.next(200, 7), .next(200, 8), .completed(200)])
        #expect(before.subscriptions == [Subscription(200, 200)])
        #expect(after.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("no sources: the output never emits")
    func noSources() throws {
        let scheduler = TestScheduler()
        #expect(scheduler.start { Observable<Int>.amb([Observable<Int>]()) }.events.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("the losers are unsubscribed before the first value reaches the subscriber; the winner's re-entrant values follow in order")
    func reentrant() {
        let winner = ReentrantSource<Int>()
        let loser = ReentrantSource<Int>()
        let seen = Recorder<Int>()
        let subscription = winner.observable.amb(loser.observable).subscribe(onNext: { value in
            seen.append(value)
            loser.send(.next(value * 10))
            if value < 3 { winner.send(.next(value + 1)) }
        })
        winner.send(.next(1))
        #expect(seen.items == [1, 2, 3])
        subscription.dispose()
    }

    @Test("marbles: the quickest of three wins")
    func marbles() {
        expectMarbles("--c---d-|") { m in
            Observable.amb([
                m.hot("----a-b-|", subscriptions: "^-!").asObservable(),
                m.hot("--c---d-|", subscriptions: "^-------!").asObservable(),
                m.hot("---e-|", subscriptions: "^-!").asObservable(),
            ])
        }
    }

    @Test("releases the observer after completion, error and disposal, racing the source against `other`",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        // `other` emits first, at 205, and wins: its 6 comes at 212, then it ends at 220.
        try expectReleasesProbe(ending: ending, values: [5, 6]) { f in f.source.amb(f.other) }
    }

    @Test("sources racing on two threads: exactly one wins, and only its values come, in order")
    func threadsRace() {
        for _ in 0..<200 {
            let sources = [Subject<Int>(), Subject<Int>()]
            let probe = SerialProbe()
            let subscription = Observable.amb(sources).subscribe(probe.observer)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                for value in 0..<50 { sources[index].onNext(index * 100 + value) }
                sources[index].onCompleted()
            }
            let values = probe.values
            let winner = values.first.map { $0 / 100 } ?? -1
            #expect(values == (0..<50).map { winner * 100 + $0 })
            #expect(probe.completions == 1)
            #expect(probe.overlaps == 0)
            subscription.dispose()
        }
    }
}
