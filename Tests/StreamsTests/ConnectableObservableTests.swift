import Dispatch
import StreamsTesting
import Synchronization
import Testing

/// `multicast`, `publish`, `replay` and `connect`. The first tests are RxSwift's own
/// (`Observable+MulticastTests.swift`), written as RxTest writes them: the same hot source, the
/// same connections and the same expected events and subscriptions, except where a Streams
/// subject queues a subscriber that arrives during a delivery (said at the test).
@Suite("ConnectableObservable: multicast, publish, replay, connect")
struct ConnectableObservableTests {
    /// RxSwift's hot source for the multicast tests, with `ending` at 435 if given, and an error
    /// at 800.
    private static func source(endingAt435 ending: Recorded<Event<Int>>? = nil) -> [Recorded<Event<Int>>] {
        let before: [Recorded<Event<Int>>] = [
            .next(110, 7), .next(220, 3), .next(280, 4), .next(290, 1), .next(340, 8), .next(360, 5),
            .next(370, 6), .next(390, 7), .next(410, 13), .next(430, 2),
        ]
        let after: [Recorded<Event<Int>>] = [
            .next(450, 9), .next(520, 11), .next(560, 20), .next(570, 21), .next(580, 23), .next(590, 24),
            .next(600, 25), .next(610, 26), .next(620, 27), .next(630, 28), .error(800, TestError("source")),
        ]
        return before + (ending.map { [$0] } ?? []) + after
    }

    /// RxSwift's connections: 300 to 400; 420, with a second `connect()` at 440 that returns the
    /// same connection and disconnects it when disposed at 530; 575 to 621. Disposing the
    /// connection of 420 again at 590 does nothing.
    private static func connectAsRxSwiftDoes(_ ys: ConnectableObservable<Int>, on scheduler: TestScheduler) {
        var connection: Disposable!
        var innerConnection: Disposable!
        var lastConnection: Disposable!
        scheduler.scheduleAt(300) { connection = ys.connect() }
        scheduler.scheduleAt(400) { connection.dispose() }
        scheduler.scheduleAt(420) { connection = ys.connect() }
        scheduler.scheduleAt(440) { innerConnection = ys.connect() }
        scheduler.scheduleAt(530) { innerConnection.dispose() }
        scheduler.scheduleAt(575) { lastConnection = ys.connect() }
        scheduler.scheduleAt(590) { connection.dispose() }
        scheduler.scheduleAt(621) { lastConnection.dispose() }
    }

    /// The subscriptions that `connectAsRxSwiftDoes` makes to a source that never ends before 800.
    private static let rxSwiftConnections = [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)]

    /// Subscribes `observer` to `ys` at `tick`, disposes it at 1000, and runs the scheduler.
    private static func subscribe(
        _ observer: TestableObserver<Int>, to ys: ConnectableObservable<Int>, at tick: Int, on scheduler: TestScheduler
    ) {
        var subscription: Disposable!
        scheduler.scheduleAt(tick) { subscription = ys.subscribe(observer) }
        scheduler.scheduleAt(1000) { subscription.dispose() }
        scheduler.start()
    }

    /// Subscribes `observer` to `ys` at 405 and, from inside its terminal handler (before the
    /// end reaches it), subscribes it again and connects, as RxSwift's tests do. Disposes both
    /// subscriptions at 1000 and runs the scheduler.
    private static func subscribeAgainOnEnd(
        _ observer: TestableObserver<Int>, to ys: ConnectableObservable<Int>, on scheduler: TestScheduler
    ) {
        var subscription: Disposable!
        let again = SingleAssignmentDisposable()
        let subscribeAgain: @Sendable () -> Void = {
            again.setDisposable(ys.subscribe(observer))
            _ = ys.connect()
        }
        scheduler.scheduleAt(405) {
            subscription = ys.do(onError: { _ in subscribeAgain() }, onCompleted: subscribeAgain).subscribe(observer)
        }
        scheduler.scheduleAt(1000) {
            subscription.dispose()
            again.dispose()
        }
        scheduler.start()
    }

    // MARK: A new subject for each connection: multicast(makeSubject:)

    @Test("multicast(makeSubject:): connect() subscribes the source, a second connect() returns the same connection, each connection has a new subject")
    func makeSubjectConnections() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable(Self.source())
        let res = scheduler.createObserver(Int.self)
        let ys = xs.multicast(makeSubject: { ReplaySubject(bufferSize: 3) })
        Self.connectAsRxSwiftDoes(ys, on: scheduler)
        // At 405, between connections: the subscriber waits on the next connection's subject,
        // and hears nothing of the one after it, at 575.
        Self.subscribe(res, to: ys, at: 405, on: scheduler)
        #expect(res.events == [.next(430, 2), .next(450, 9), .next(520, 11)])
        #expect(xs.subscriptions == Self.rxSwiftConnections)
        expectNoPendingWork(scheduler)
    }

    @Test("multicast(makeSubject:): a subscriber that arrives while connected receives the connection's replay")
    func makeSubjectConnectFirst() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable(Self.source())
        let res = scheduler.createObserver(Int.self)
        let ys = xs.multicast(makeSubject: { ReplaySubject(bufferSize: 1) })
        Self.connectAsRxSwiftDoes(ys, on: scheduler)
        Self.subscribe(res, to: ys, at: 470, on: scheduler)
        #expect(res.events == [.next(470, 9), .next(520, 11)])
        #expect(xs.subscriptions == Self.rxSwiftConnections)
        expectNoPendingWork(scheduler)
    }

    @Test("multicast(makeSubject:): after the source ends, a subscriber and a connect() from the terminal handler start afresh",
          arguments: [Event<Int>.completed, .error(TestError("end"))])
    func makeSubjectEnds(ending: Event<Int>) {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable(Self.source(endingAt435: Recorded(time: 435, value: ending)))
        let res = scheduler.createObserver(Int.self)
        let ys = xs.multicast(makeSubject: { ReplaySubject(bufferSize: 1) })
        Self.connectAsRxSwiftDoes(ys, on: scheduler)
        Self.subscribeAgainOnEnd(res, to: ys, on: scheduler)
        #expect(res.events == [.next(430, 2), Recorded(time: 435, value: ending), .next(450, 9), .next(520, 11)])
        #expect(xs.subscriptions == [Subscription(300, 400), Subscription(420, 435), Subscription(435, 530), Subscription(575, 621)])
        expectNoPendingWork(scheduler)
    }

    // MARK: One subject for every connection: multicast(_:)

    @Test("multicast(_:): every connection feeds the same subject, whose buffer outlives a disconnection")
    func fixedSubjectConnections() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable(Self.source())
        let res = scheduler.createObserver(Int.self)
        let ys = xs.multicast(ReplaySubject(bufferSize: 3))
        Self.connectAsRxSwiftDoes(ys, on: scheduler)
        Self.subscribe(res, to: ys, at: 405, on: scheduler)
        #expect(res.events == [
            .next(405, 5), .next(405, 6), .next(405, 7), .next(430, 2), .next(450, 9), .next(520, 11),
            .next(580, 23), .next(590, 24), .next(600, 25), .next(610, 26), .next(620, 27),
        ])
        #expect(xs.subscriptions == Self.rxSwiftConnections)
        expectNoPendingWork(scheduler)
    }

    @Test("multicast(_:): a subscriber that arrives while connected receives the subject's replay, then every connection")
    func fixedSubjectConnectFirst() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable(Self.source())
        let res = scheduler.createObserver(Int.self)
        let ys = xs.multicast(ReplaySubject(bufferSize: 1))
        Self.connectAsRxSwiftDoes(ys, on: scheduler)
        Self.subscribe(res, to: ys, at: 470, on: scheduler)
        #expect(res.events == [
            .next(470, 9), .next(520, 11), .next(580, 23), .next(590, 24), .next(600, 25), .next(610, 26), .next(620, 27),
        ])
        #expect(xs.subscriptions == Self.rxSwiftConnections)
        expectNoPendingWork(scheduler)
    }

    /// RxSwift records the replay of the inner subscription (2 and the end) before the outer
    /// subscriber's end, because its subject delivers to a subscriber that arrives during a
    /// delivery at once. A Streams subject queues it behind the delivery under way (see the
    /// Subjects guide), so the outer end comes first; the events and ticks are the same.
    @Test("multicast(_:): after the source ends, a later subscriber receives the subject's end, and connecting again subscribes the source for nothing",
          arguments: [Event<Int>.completed, .error(TestError("end"))])
    func fixedSubjectEnds(ending: Event<Int>) {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable(Self.source(endingAt435: Recorded(time: 435, value: ending)))
        let res = scheduler.createObserver(Int.self)
        let ys = xs.multicast(ReplaySubject(bufferSize: 1))
        Self.connectAsRxSwiftDoes(ys, on: scheduler)
        Self.subscribeAgainOnEnd(res, to: ys, on: scheduler)
        let end = Recorded(time: 435, value: ending)
        #expect(res.events == [.next(405, 7), .next(430, 2), end, .next(435, 2), end])
        #expect(xs.subscriptions == [Subscription(300, 400), Subscription(420, 435), Subscription(435, 530), Subscription(575, 621)])
        expectNoPendingWork(scheduler)
    }

    // MARK: replay(_:), on RxSwift's cold source

    /// RxSwift's cold source for the replay tests: values from 10 to 80, then `ending` at `tick`.
    private static func replaySource(_ ending: Event<Int>, at tick: Int) -> [Recorded<Event<Int>>] {
        [.next(10, 5), .next(20, 9), .next(30, 11), .next(40, 20), .next(50, 22), .next(60, 23), .next(70, 24),
         .next(80, 25), Recorded(time: tick, value: ending)]
    }

    /// Connects `ys` from 400 to 520 and from 650 to 700.
    private static func connectForReplay(_ ys: ConnectableObservable<Int>, on scheduler: TestScheduler) {
        var connection: Disposable!
        scheduler.scheduleAt(400) { connection = ys.connect() }
        scheduler.scheduleAt(520) { connection.dispose() }
        scheduler.scheduleAt(650) { connection = ys.connect() }
        scheduler.scheduleAt(700) { connection.dispose() }
    }

    @Test("replay(3): a subscriber gets the latest three values of the connection, then the live ones; the next connection has a new buffer")
    func replayBasic() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable(Self.replaySource(.error(TestError("late")), at: 130))
        let res = scheduler.createObserver(Int.self)
        let ys = xs.replay(3)
        Self.connectForReplay(ys, on: scheduler)
        Self.subscribe(res, to: ys, at: 450, on: scheduler)
        // At 450 the subscription comes before the source's 22, scheduled later for that tick.
        #expect(res.events == [
            .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24), .next(480, 25),
        ])
        #expect(xs.subscriptions == [Subscription(400, 520), Subscription(650, 700)])
        expectNoPendingWork(scheduler)
    }

    @Test("replay(3): the source's end reaches the subscriber and ends the connection",
          arguments: [Event<Int>.completed, .error(TestError("end"))])
    func replayEnds(ending: Event<Int>) {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable(Self.replaySource(ending, at: 90))
        let res = scheduler.createObserver(Int.self)
        let ys = xs.replay(3)
        Self.connectForReplay(ys, on: scheduler)
        Self.subscribe(res, to: ys, at: 450, on: scheduler)
        #expect(res.events == [
            .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24), .next(480, 25),
            Recorded(time: 490, value: ending),
        ])
        #expect(xs.subscriptions == [Subscription(400, 490), Subscription(650, 700)])
        expectNoPendingWork(scheduler)
    }

    @Test("replay(3): a disposed subscriber receives nothing more; the connections go on")
    func replayDisposal() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable(Self.replaySource(.completed, at: 130))
        let res = scheduler.createObserver(Int.self)
        let ys = xs.replay(3)
        Self.connectForReplay(ys, on: scheduler)
        var subscription: Disposable!
        scheduler.scheduleAt(450) { subscription = ys.subscribe(res) }
        scheduler.scheduleAt(475) { subscription.dispose() }
        scheduler.start()
        #expect(res.events == [.next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24)])
        #expect(xs.subscriptions == [Subscription(400, 520), Subscription(650, 700)])
        expectNoPendingWork(scheduler)
    }

    // MARK: publish() and connect()

    @Test("publish(): nothing reaches the source before connect(); values before it are lost to early subscribers")
    func publishWaitsForConnect() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(270)])
        let ys = xs.publish()
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = ys.subscribe(early) }
        scheduler.scheduleAt(220) { _ = ys.connect() }
        scheduler.scheduleAt(240) { _ = ys.subscribe(late) }
        scheduler.start()
        #expect(early.events == [.next(230, 2), .next(250, 3), .completed(270)])
        #expect(late.events == [.next(250, 3), .completed(270)])
        #expect(xs.subscriptions == [Subscription(220, 270)])
        expectNoPendingWork(scheduler)
    }

    @Test("publish(): after the source completes, a subscriber waits for the next connect(), which runs a cold source again")
    func publishReconnects() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let ys = xs.publish()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = ys.subscribe(first) }
        scheduler.scheduleAt(205) { _ = ys.connect() }
        scheduler.scheduleAt(240) { _ = ys.subscribe(second) }
        scheduler.scheduleAt(250) { _ = ys.connect() }
        scheduler.start()
        #expect(first.events == [.next(215, 1), .next(225, 2), .completed(235)])
        #expect(second.events == [.next(260, 1), .next(270, 2), .completed(280)])
        #expect(xs.subscriptions == [Subscription(205, 235), Subscription(250, 280)])
        expectNoPendingWork(scheduler)
    }

    @Test("connect() while connected returns the same connection; after a disconnection, a new one")
    func connectIsIdempotentWhileConnected() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let ys = xs.publish()
        let first = ys.connect()
        let again = ys.connect()
        #expect(Self.identity(of: first) == Self.identity(of: again))
        again.dispose()
        let next = ys.connect()
        #expect(Self.identity(of: next) != Self.identity(of: first))
        next.dispose()
        #expect(xs.subscriptions == [Subscription(0, 0), Subscription(0, 0)])
        expectNoPendingWork(scheduler)
    }

    /// Which object a connection is.
    private static func identity(of connection: any Disposable) -> ObjectIdentifier {
        ObjectIdentifier(connection as AnyObject)
    }

    @Test("a synchronous source reaches the subscribers of the moment of connect(), and runs again at the next connect()")
    func synchronousSource() {
        let runs = Mutex(0)
        let ys = Observable<Int>.deferred {
            runs.withLock { $0 += 1 }
            return .of(1, 2, 3)
        }.publish()
        let first = Recorder<String>()
        let second = Recorder<String>()
        _ = ys.subscribe(onNext: { first.append("\($0)") }, onCompleted: { first.append("|") })
        let connection = ys.connect()
        _ = ys.subscribe(onNext: { second.append("\($0)") }, onCompleted: { second.append("|") })
        _ = ys.connect()
        connection.dispose()
        #expect(first.items == ["1", "2", "3", "|"])
        #expect(second.items == ["1", "2", "3", "|"])
        #expect(runs.withLock { $0 } == 2)
    }

    @Test("makeSubject is called once per connection: for the first subscriber or connect() after the previous one ended")
    func makeSubjectCalls() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let made = Mutex(0)
        let ys = xs.multicast(makeSubject: {
            made.withLock { $0 += 1 }
            return Subject<Int>()
        })
        var connection: Disposable!
        scheduler.scheduleAt(100) { _ = ys.subscribe { _ in } }
        scheduler.scheduleAt(110) { _ = ys.subscribe { _ in } }
        scheduler.scheduleAt(120) { connection = ys.connect() }
        scheduler.scheduleAt(125) { _ = ys.connect() }
        scheduler.scheduleAt(130) { #expect(made.withLock { $0 } == 1) }
        // The source completes at 140, ending the connection; the next connect() needs a subject.
        scheduler.scheduleAt(150) { connection = ys.connect() }
        scheduler.scheduleAt(155) { connection.dispose() }
        scheduler.scheduleAt(160) { _ = ys.subscribe { _ in } }
        scheduler.start()
        #expect(made.withLock { $0 } == 3)
        #expect(xs.subscriptions == [Subscription(120, 140), Subscription(150, 155)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposing the connection leaves a publish()'s subscribers on a subject nobody feeds")
    func disposedConnection() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3)])
        let ys = xs.publish()
        let res = scheduler.createObserver(Int.self)
        var connection: Disposable!
        scheduler.scheduleAt(200) { _ = ys.subscribe(res) }
        scheduler.scheduleAt(205) { connection = ys.connect() }
        scheduler.scheduleAt(220) { connection.dispose() }
        scheduler.scheduleAt(240) { _ = ys.connect() }
        scheduler.start()
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(205, 220), Subscription(240)])
        expectNoPendingWork(scheduler)
    }

    @Test("a subscriber's observer is released when the source ends or the subscription is disposed")
    func releasesObserver() throws {
        try expectReleasesObserver { source, _ in
            let ys = source.publish()
            _ = ys.connect()
            return ys.asObservable()
        }
    }

    @Test("connect() from many threads at once makes one connection")
    func concurrentConnect() {
        let subscriptions = Atomic(0)
        let ys = Observable<Int>.create { _ in
            subscriptions.add(1, ordering: .relaxed)
            return Disposables.create()
        }.publish()
        let connections = Mutex<[ObjectIdentifier]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let connection = Self.identity(of: ys.connect())
            connections.withLock { $0.append(connection) }
        }
        #expect(subscriptions.load(ordering: .relaxed) == 1)
        #expect(Set(connections.withLock { $0 }).count == 1)
    }
}
