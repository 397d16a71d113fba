import Streams
import StreamsTesting
import Testing

@Suite("take(for:scheduler:)")
struct TakeForTests {
    @Test("emits values until the duration has passed since the subscription, then completes")
    func emitsForDuration() {
        expectMarbles("---b-c|") { m in
            m.hot("-a^b-c-d-|", subscriptions: "--^---!").take(for: .seconds(4), scheduler: m.scheduler)
        }
    }

    @Test("a source that ends first ends the output and cancels the timer")
    func sourceEndsFirst() throws {
        expectMarbles("-a-|") { m in m.hot("-a-|", subscriptions: "^--!").take(for: .seconds(10), scheduler: m.scheduler) }
        expectMarbles("-a-#") { m in m.hot("-a-#", subscriptions: "^--!").take(for: .seconds(10), scheduler: m.scheduler) }
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let observer = scheduler.start { source.take(for: .seconds(500), scheduler: scheduler) }
        #expect(observer.events == [.next(210, 1), .completed(220)])
        expectNoPendingWork(scheduler)
    }

    @Test("a zero duration completes without a value")
    func zero() {
        expectMarbles("|") { m in m.hot("a-b-|").take(for: .zero, scheduler: m.scheduler) }
    }

    @Test("disposal unsubscribes and cancels the timer")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(400)])
        let observer = scheduler.start(disposed: 220) { source.take(for: .seconds(100), scheduler: scheduler) }
        #expect(observer.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent re-entrantly from the subscriber is delivered after the current one")
    func reentrant() {
        let source = ReentrantSource<Int>()
        let seen = Recorder<String>()
        let scheduler = TestScheduler()
        let subscription = source.observable.take(for: .seconds(5), scheduler: scheduler).subscribe(
            onNext: { value in
                seen.append("begin \(value)")
                if value == 1 { source.send(.next(2)) }
                seen.append("end \(value)")
            },
            onCompleted: { seen.append("completed") }
        )
        source.send(.next(1))
        try? scheduler.run()
        #expect(seen.items == ["begin 1", "end 1", "begin 2", "end 2", "completed"])
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { f in f.source.take(for: .seconds(1000), scheduler: f.scheduler) }
    }
}
