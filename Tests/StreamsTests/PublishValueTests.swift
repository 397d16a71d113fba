import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("PublishValue")
struct PublishValueTests {
    @Test("subscribers receive the values accepted after they subscribed")
    func publishes() throws {
        let scheduler = TestScheduler()
        let relay = PublishValue<Int>()
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let subscriptions = Mutex<[any Disposable]>([])
        scheduler.scheduleAt(0) { subscriptions.withLock { $0.append(relay.subscribe(early.asObserver())) } }
        scheduler.scheduleAt(10) { relay.accept(1) }
        scheduler.scheduleAt(15) { subscriptions.withLock { $0.append(relay.subscribe(late.asObserver())) } }
        scheduler.scheduleAt(20) { relay.accept(2) }
        scheduler.scheduleAt(25) { subscriptions.withLock { $0[0].dispose() } }
        scheduler.scheduleAt(30) { relay.accept(3) }
        try scheduler.run()
        #expect(early.events == [.next(10, 1), .next(20, 2)])
        #expect(late.events == [.next(20, 2), .next(30, 3)])
        #expect(relay.hasObservers)
        subscriptions.withLock { $0[1].dispose() }
        #expect(!relay.hasObservers)
        expectNoPendingWork(scheduler)
    }

    @Test("a value accepted from inside a subscriber is delivered after the current one, to everybody")
    func reentrant() {
        let relay = PublishValue<Int>()
        let log = Recorder<String>()
        let first = relay.subscribe { event in
            guard let value = event.element else { return }
            log.append("first \(value)")
            if value == 1 { relay.accept(2) }
        }
        let second = relay.subscribe { event in
            if let value = event.element { log.append("second \(value)") }
        }
        relay.accept(1)
        #expect(log.items == ["first 1", "second 1", "first 2", "second 2"])
        first.dispose()
        second.dispose()
    }

    @Test("disposing a subscription releases its observer, while the relay lives on")
    func releasesObserver() {
        let relay = PublishValue<Int>()
        let released = isReleased(subscribe: { probe in
            relay.subscribe(AnyObserver { [probe] _ in _ = probe })
        }, after: { subscription in
            relay.accept(1)
            subscription.dispose()
        })
        #expect(released)
    }

    @Test("marbles: accepting -a-b-c- reaches an early subscriber as -a-b-c- and one from tick 4 as -----c-")
    func marbles() throws {
        let scheduler = TestScheduler()
        let relay = PublishValue<String>()
        let source = scheduler.createHotObservable("-a-b-c-")
        let feeding = source.bind(to: relay)
        let early = scheduler.createObserver(String.self)
        let late = scheduler.createObserver(String.self)
        let subscriptions = Mutex<[any Disposable]>([relay.subscribe(early.asObserver())])
        scheduler.scheduleAt(4) { subscriptions.withLock { $0.append(relay.subscribe(late.asObserver())) } }
        try scheduler.run()
        expectMarbles(early, "-a-b-c-")
        expectMarbles(late, "-----c-")
        subscriptions.withLock { $0.forEach { $0.dispose() } }
        feeding.dispose()
        expectNoPendingWork(scheduler)
    }
}
