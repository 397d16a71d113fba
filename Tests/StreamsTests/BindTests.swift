import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("Bind")
struct BindTests {
    @Test("bind(to:) sends every event, including the end, to several observers")
    func bindToObservers() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("x"))])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let binding = source.bind(to: first.asObserver(), second.asObserver())
        try scheduler.run()
        #expect(first.events == [.next(210, 1), .error(220, TestError("x"))])
        #expect(second.events == first.events)
        #expect(source.subscriptions == [Subscription(0, 220)])
        binding.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("bind(to:) into several subjects and replay subjects")
    func bindToSubjects() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let subject = Subject<Int>()
        let replay = ReplaySubject<Int>(bufferSize: 1)
        let heard = scheduler.createObserver(Int.self)
        let listening = subject.subscribe(heard.asObserver())
        let bindings = [source.bind(to: subject), source.bind(to: replay)]
        try scheduler.run()
        #expect(heard.events == [.next(210, 1), .completed(220)])
        let late = scheduler.createObserver(Int.self)
        _ = replay.subscribe(late.asObserver())
        #expect(late.events == [.next(220, 1), .completed(220)])
        bindings.forEach { $0.dispose() }
        listening.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("bind(to:) sets several BehaviorValues and does not forward the completion")
    func bindToValues() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
        let first = BehaviorValue(0)
        let second = BehaviorValue(0)
        let timeline = scheduler.createObserver(Int.self)
        let listening = first.subscribe(timeline.asObserver())
        let binding = source.bind(to: first, second)
        try scheduler.run()
        #expect(timeline.events == [.next(0, 0), .next(210, 1), .next(215, 2)])
        #expect(second.value == 2)
        #expect(source.subscriptions == [Subscription(0, 220)])
        binding.dispose()
        listening.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("bind(onNext:) calls the closure with each value")
    func bindOnNext() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
        let values = Recorder<Int>()
        let binding = source.bind(onNext: { values.append($0) })
        try scheduler.run()
        #expect(values.items == [1, 2])
        #expect(source.subscriptions == [Subscription(0, 220)])
        binding.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("subscribe(with:) passes the object while it lives and lets it go")
    func subscribeWith() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let log = Recorder<String>()
        weak var weakCache: Cache?
        let subscription: any Disposable
        do {
            let cache = Cache()
            weakCache = cache
            subscription = source.subscribe(
                with: cache,
                onNext: { cache, value in cache.store(value); log.append("next \(value)") },
                onError: { _, error in log.append("error \(error)") },
                onCompleted: { _ in log.append("completed") },
                onDisposed: { _ in log.append("disposed") }
            )
            try scheduler.advance(to: 220)
            #expect(cache.stored == [1])
        }
        #expect(weakCache == nil)
        try scheduler.run()
        #expect(log.items == ["next 1"])
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("subscribe(with:) reports the error, completion and disposal with the object")
    func subscribeWithEnds() throws {
        let scheduler = TestScheduler()
        let failing = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("x"))])
        let completing = scheduler.createHotObservable([Recorded<Event<Int>>.completed(230)])
        let cache = Cache()
        let log = Recorder<String>()
        _ = failing.subscribe(
            with: cache,
            onError: { cache, error in cache.store(-1); log.append("error \(error)") },
            onDisposed: { _ in log.append("disposed") }
        )
        _ = completing.subscribe(
            with: cache,
            onCompleted: { _ in log.append("completed") },
            onDisposed: { _ in log.append("disposed") }
        )
        try scheduler.run()
        #expect(log.items == ["error x", "disposed", "completed", "disposed"])
        #expect(cache.stored == [-1])
        expectNoPendingWork(scheduler)
    }

    @Test("a bound value fed back into its source from a subscriber arrives in order")
    func reentrantBind() throws {
        let scheduler = TestScheduler()
        let events = try recordCountingUpReentrantly(on: scheduler, completingAt: 20) { subject in
            let relay = PublishValue<Int>()
            return Observable.create { observer in
                let listening = relay.subscribe(observer)
                let binding = subject.bind(to: relay)
                return CompositeDisposable([binding, listening])
            }
        }
        #expect(events == [.next(10, 1), .next(10, 2), .next(10, 3)])
        expectNoPendingWork(scheduler)
    }

    @Test("subscribe(with:): a value sent back into the source from onNext is delivered after the current one")
    func reentrantSubscribeWith() throws {
        let scheduler = TestScheduler()
        let cache = Cache()
        let events = try recordCountingUpReentrantly(on: scheduler, completingAt: 20) { subject in
            Observable.create { observer in
                subject.subscribe(
                    with: cache,
                    onNext: { cache, value in cache.store(value); observer.onNext(value) },
                    onCompleted: { _ in observer.onCompleted() }
                )
            }
        }
        #expect(events == [.next(10, 1), .next(10, 2), .next(10, 3), .completed(20)])
        #expect(cache.stored == [1, 2, 3])
        expectNoPendingWork(scheduler)
    }

    @Test("bindings release their targets' closures and end their source subscription", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { f in
            Observable.create { observer in
                let relay = PublishValue<Int>()
                let forwarding = relay.subscribe(observer)
                // A source that fails cannot be bound to a relay (it asserts); end it normally.
                let binding = f.source.catch { _ in .empty() }.bind(to: relay)
                let ends = f.source.subscribe(onError: { observer.onError($0) }, onCompleted: { observer.onCompleted() })
                return CompositeDisposable([binding, forwarding, ends])
            }
            .filter { [p = f.probe] in p.pass($0) }
        }
    }

    @Test("subscribe(with:) releases its closures and the source when the subscription ends", arguments: SubscriptionEnding.allCases)
    func subscribeWithReleases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { f in
            Observable.create { observer in
                f.source.subscribe(
                    with: f.probe,
                    onNext: { probe, value in if probe.pass(value) { observer.onNext(value) } },
                    onError: { _, error in observer.onError(error) },
                    onCompleted: { _ in observer.onCompleted() }
                )
            }
        }
    }
}

// MARK: Marble twins of the documented diagrams

extension BindTests {
    @Test("marbles: bind(to: observer) on -a-b-| sends -a-b-|; bind(to: subject) on -a-b-# sends -a-b-#")
    func marbleBindToObserverAndSubject() throws {
        let scheduler = TestScheduler()
        let completing = scheduler.createHotObservable("-a-b-|")
        let failing = scheduler.createHotObservable("-a-b-#")
        let observer = scheduler.createObserver(String.self)
        let subject = Subject<String>()
        let subjectTimeline = scheduler.createObserver(String.self)
        let replay = ReplaySubject<String>(bufferSize: 2)
        let replayTimeline = scheduler.createObserver(String.self)
        let subscriptions = [
            subject.subscribe(subjectTimeline.asObserver()),
            replay.subscribe(replayTimeline.asObserver()),
            completing.bind(to: observer.asObserver()),
            failing.bind(to: subject),
            completing.bind(to: replay),
        ]
        try scheduler.run()
        expectMarbles(observer, "-a-b-|")
        expectMarbles(subjectTimeline, "-a-b-#")
        expectMarbles(replayTimeline, "-a-b-|")
        subscriptions.forEach { $0.dispose() }
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: bind(to: value) from x on -a-b-| gives xa-b---; bind(to: relay) gives -a-b---; bind(onNext:) calls -a-b--")
    func marbleBindToRelays() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let value = BehaviorValue("x")
        let valueTimeline = scheduler.createObserver(String.self)
        let relay = PublishValue<String>()
        let relayTimeline = scheduler.createObserver(String.self)
        let calls = scheduler.createObserver(String.self)
        let subscriptions = [
            value.subscribe(valueTimeline.asObserver()),
            relay.subscribe(relayTimeline.asObserver()),
            source.bind(to: value),
            source.bind(to: relay),
            source.bind(onNext: { calls.asObserver().onNext($0) }),
        ]
        try scheduler.run()
        expectMarbles(valueTimeline, "xa-b---")
        expectMarbles(relayTimeline, "-a-b---")
        expectMarbles(calls, "-a-b--")
        subscriptions.forEach { $0.dispose() }
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: subscribe(with:) on -a-b-c-| with the object released at 4 calls -a-b----")
    func marbleSubscribeWith() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-c-|")
        let calls = scheduler.createObserver(String.self)
        let holder = Mutex<LifetimeProbe?>(LifetimeProbe())
        // The holder has the only strong reference; the subscription holds the object weakly.
        let subscription = source.subscribe(with: holder.withLock { $0! }, onNext: { _, value in calls.asObserver().onNext(value) })
        scheduler.scheduleAt(4) { holder.withLock { $0 = nil } }
        try scheduler.run()
        expectMarbles(calls, "-a-b----")
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }
}

/// A thread-safe object a subscription updates, as a cache or a store would be.
final class Cache: Sendable {
    private let values = Mutex<[Int]>([])
    func store(_ value: Int) { values.withLock { $0.append(value) } }
    var stored: [Int] { values.withLock { $0 } }
}
