import Dispatch
import StreamsTesting
import Synchronization
import Testing

/// `refCount()`. The first tests are RxSwift's own (`Observable+MulticastTests.swift`),
/// written as RxTest writes them; then `refCount()` over `publish()`, `replay(_:)` and a fixed
/// subject, checked against `share(replay:scope:)`, which it is.
@Suite("refCount")
struct RefCountTests {
    @Test("connects at the first subscriber, disconnects when the last leaves, and a later subscriber connects again")
    func publishRefCount() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6), .next(270, 7),
            .next(280, 8), .next(290, 9), .completed(300),
        ])
        let res = xs.publish().refCount()
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        let o3 = scheduler.createObserver(Int.self)
        let o4 = scheduler.createObserver(Int.self)
        var d1: Disposable!
        var d2: Disposable!
        var d3: Disposable!
        var d4: Disposable!
        scheduler.scheduleAt(215) { d1 = res.subscribe(o1) }
        scheduler.scheduleAt(235) { d1.dispose() }
        scheduler.scheduleAt(225) { d2 = res.subscribe(o2) }
        scheduler.scheduleAt(275) { d2.dispose() }
        scheduler.scheduleAt(255) { d3 = res.subscribe(o3) }
        scheduler.scheduleAt(265) { d3.dispose() }
        scheduler.scheduleAt(285) { d4 = res.subscribe(o4) }
        scheduler.scheduleAt(320) { d4.dispose() }
        scheduler.start()
        #expect(o1.events == [.next(220, 2), .next(230, 3)])
        #expect(o2.events == [.next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6), .next(270, 7)])
        #expect(o3.events == [.next(260, 6)])
        #expect(o4.events == [.next(290, 9), .completed(300)])
        #expect(xs.subscriptions == [Subscription(215, 275), Subscription(285, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("the first subscriber connects; the source's end reaches it and ends the connection")
    func connectsOnFirst() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        let res = scheduler.start { xs.publish().refCount() }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a subscriber whose subject has already ended receives its end and does not connect",
          arguments: [Event<Int>.completed, .error(TestError("ended"))])
    func endedSubjectDoesNotConnect(ending: Event<Int>) {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let subject = Subject<Int>()
        subject.on(ending)
        let res = scheduler.start { xs.multicast(subject).refCount() }
        #expect(res.events == [Recorded(time: 200, value: ending)])
        #expect(xs.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("the source is subscribed once for all subscribers, and again after the last one left")
    func countsSubscribers() {
        let runs = Mutex(0)
        let disconnections = Mutex(0)
        let xs = Observable<Int>.deferred {
            runs.withLock { $0 += 1 }
            return Observable.create { _ in Disposables.create { disconnections.withLock { $0 += 1 } } }
        }
        let refd = xs.publish().refCount()
        let first = refd.subscribe { _ in }
        let second = refd.subscribe { _ in }
        #expect(runs.withLock { $0 } == 1)
        first.dispose()
        #expect(disconnections.withLock { $0 } == 0)
        second.dispose()
        #expect(disconnections.withLock { $0 } == 1)
        let third = refd.subscribe { _ in }
        #expect(runs.withLock { $0 } == 2)
        third.dispose()
        #expect(disconnections.withLock { $0 } == 2)
    }

    @Test("after a synchronous error, each subscriber connects again and receives it")
    func synchronousError() {
        let runs = Mutex(0)
        let res = Observable<Int>.deferred {
            runs.withLock { $0 += 1 }
            return .error(TestError("sync"))
        }.publish().refCount()
        let errors = Recorder<String>()
        _ = res.subscribe(onNext: { _ in errors.append("value") }, onError: { errors.append("\($0)") })
        _ = res.subscribe(onNext: { _ in errors.append("value") }, onError: { errors.append("\($0)") })
        #expect(errors.items == ["\(TestError("sync"))", "\(TestError("sync"))"])
        #expect(runs.withLock { $0 } == 2)
    }

    @Test("subscribers that subscribe again from inside their terminal handler share a new connection",
          arguments: [true, false])
    func resubscribeFromTerminalHandler(failing: Bool) {
        let scheduler = TestScheduler()
        let end: (Int, Int) -> Recorded<Event<Int>> = { tick, number in
            failing ? .error(tick, TestError("\(number)")) : .completed(tick)
        }
        let xs1 = scheduler.createColdObservable([.next(10, 1), end(20, 1)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), end(30, 2)])
        let xs3 = scheduler.createColdObservable([.next(10, 3), end(40, 3)])
        let attempts = Mutex(0)
        let xs = Observable.deferred { () -> Observable<Int> in
            let attempt = attempts.withLock { attempts in
                defer { attempts += 1 }
                return attempts
            }
            return [xs1, xs2, xs3][min(attempt, 2)].asObservable()
        }
        let res = xs.multicast(makeSubject: { Subject() }).refCount()
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        let o3 = scheduler.createObserver(Int.self)
        for (observer, tick) in [(o1, 215), (o2, 220)] {
            scheduler.scheduleAt(tick) {
                _ = res.subscribe { event in
                    observer.on(event)
                    if event.isStopEvent { _ = res.subscribe(observer) }
                }
            }
        }
        scheduler.scheduleAt(400) { _ = res.subscribe(o3) }
        scheduler.start()
        #expect(o1.events == [.next(225, 1), end(235, 1), .next(245, 2), end(265, 2)])
        #expect(o2.events == [.next(225, 1), end(235, 1), .next(245, 2), end(265, 2)])
        #expect(o3.events == [.next(410, 3), end(440, 3)])
        #expect(xs1.subscriptions == [Subscription(215, 235)])
        #expect(xs2.subscriptions == [Subscription(235, 265)])
        #expect(xs3.subscriptions == [Subscription(400, 440)])
        expectNoPendingWork(scheduler)
    }

    // MARK: share(replay:scope:), spelled out

    /// What subscribers saw of a shared source: subscribers from 200 and 300 that subscribe again
    /// from inside their terminal handler, disposed at 350 and 400, and a third from 500 to 600.
    private struct Run: Equatable {
        var events: [[Recorded<Event<Int>>]] = []
        var subscriptions: [Subscription] = []
    }

    private static func run(
        _ events: [Recorded<Event<Int>>], _ share: (Observable<Int>) -> Observable<Int>
    ) -> Run {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable(events)
        let ys = share(xs.asObservable())
        let observers = (0..<5).map { _ in scheduler.createObserver(Int.self) }
        let subscriptions = (0..<3).map { _ in SerialDisposable() }
        for (index, tick) in [(0, 200), (1, 300)] {
            let (observer, again, subscription) = (observers[index], observers[index + 2], subscriptions[index])
            scheduler.scheduleAt(tick) {
                subscription.disposable = ys.subscribe { event in
                    observer.on(event)
                    if event.isStopEvent { subscription.disposable = ys.subscribe(again) }
                }
            }
        }
        scheduler.scheduleAt(350) { subscriptions[0].dispose() }
        scheduler.scheduleAt(400) { subscriptions[1].dispose() }
        scheduler.scheduleAt(500) { subscriptions[2].disposable = ys.subscribe(observers[4]) }
        scheduler.scheduleAt(600) { subscriptions[2].dispose() }
        scheduler.start()
        return Run(events: observers.map(\.events), subscriptions: xs.subscriptions)
    }

    /// The shared source of `run`: values from 210 to 320, `ending` at 330, values after it.
    private static func source(_ ending: Event<Int>?) -> [Recorded<Event<Int>>] {
        [.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 5), .next(320, 6)]
            + (ending.map { [Recorded(time: 330, value: $0)] } ?? [])
            + [.next(340, -1), .next(550, 7)]
    }

    private static let endings: [Event<Int>?] = [nil, .completed, .error(TestError("source"))]

    @Test("publish().refCount() is share(), and replay(n).refCount() is share(replay: n)",
          arguments: endings, 0..<4)
    func whileConnectedIsShare(ending: Event<Int>?, replay: Int) {
        let refCounted = Self.run(Self.source(ending)) { replay == 0 ? $0.publish().refCount() : $0.replay(replay).refCount() }
        let shared = Self.run(Self.source(ending)) { $0.share(replay: replay) }
        #expect(refCounted == shared)
        #expect(refCounted.events[4] == [.next(550, 7)])
    }

    /// One difference, at the end: the subscribers that subscribe again from inside their
    /// terminal handler reach a subject that is still delivering that end, which queues them
    /// (see the Subjects guide). So `refCount()` counts them and connects before they receive
    /// the end, and disconnects when they do: the source is subscribed for no time at 330.
    /// `share` knows that its subject has ended and does not connect.
    @Test("refCount() of a fixed subject is share(replay:scope: .forever)", arguments: endings, 0..<4)
    func fixedSubjectIsShareForever(ending: Event<Int>?, replay: Int) {
        let refCounted = Self.run(Self.source(ending)) { source in
            replay == 0 ? source.multicast(Subject()).refCount() : source.multicast(ReplaySubject(bufferSize: replay)).refCount()
        }
        let shared = Self.run(Self.source(ending)) { $0.share(replay: replay, scope: .forever) }
        #expect(refCounted.events == shared.events)
        #expect(refCounted.subscriptions == shared.subscriptions + (ending == nil ? [] : [Subscription(330, 330)]))
    }

    // MARK: Release and threads

    @Test("the subscriber is released, and the source unsubscribed, when the source ends or the last subscription is disposed",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, probe in
            source.filter(probe.pass).publish().refCount()
        }
    }

    @Test("subscribers joining and leaving on many threads leave no connection behind")
    func concurrentSubscribers() {
        let connected = Atomic(0)
        let source = Observable<Int>.create { _ in
            connected.add(1, ordering: .relaxed)
            return Disposables.create { connected.subtract(1, ordering: .relaxed) }
        }
        let shared = source.publish().refCount()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<500 {
                shared.subscribe { _ in }.dispose()
            }
        }
        #expect(connected.load(ordering: .relaxed) == 0)
    }
}
