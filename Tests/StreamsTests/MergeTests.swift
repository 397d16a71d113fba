import Streams
import StreamsTesting
import Testing

@Suite("merge")
struct MergeTests {
    // MARK: Observable.merge(_:)

    @Test("interleaves the values of its sources and completes when all have completed")
    func mergesArray() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 3), .completed(240)])
        let second = scheduler.createHotObservable([.next(220, 2), .next(250, 4), .completed(260)])
        let observer = scheduler.start { Observable.merge(first.asObservable(), second.asObservable()) }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .completed(260)])
        #expect(first.subscriptions == [Subscription(200, 240)])
        #expect(second.subscriptions == [Subscription(200, 260)])
        expectNoPendingWork(scheduler)
    }

    @Test("fails as soon as one source fails and unsubscribes from the others")
    func arrayError() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createHotObservable([.next(210, 1), .error(230, TestError("first")), .next(240, 9)])
        let second = scheduler.createHotObservable([.next(220, 2), .next(250, 4), .completed(260)])
        let observer = scheduler.start { Observable.merge([first.asObservable(), second.asObservable()]) }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .error(230, TestError("first"))])
        #expect(first.subscriptions == [Subscription(200, 230)])
        #expect(second.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("an empty list completes at once")
    func emptyArray() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.merge([]) }
        #expect(observer.events == [.completed(200)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal unsubscribes from every source at that tick")
    func arrayDisposal() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(10, 1), .next(30, 3), .completed(40)])
        let second = scheduler.createColdObservable([.next(20, 2), .next(50, 5), .completed(60)])
        let observer = scheduler.start(disposed: 235) {
            Observable.merge(first.asObservable(), second.asObservable())
        }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .next(230, 3)])
        #expect(first.subscriptions == [Subscription(200, 235)])
        #expect(second.subscriptions == [Subscription(200, 235)])
        expectNoPendingWork(scheduler)
    }

    @Test("synchronous sources are merged in order without deadlock")
    func synchronousSources() {
        let values = Recorder<Int>()
        let completions = Recorder<Bool>()
        _ = Observable.of(Observable.of(0, 1, 2), Observable.of(3, 4), Observable.of(5))
            .merge()
            .subscribe(onNext: { values.append($0) }, onCompleted: { completions.append(true) })
        #expect(values.items == [0, 1, 2, 3, 4, 5])
        #expect(completions.items == [true])
    }

    @Test("a synchronous inner error reaches the observer once")
    func synchronousError() {
        let errors = Recorder<String>()
        _ = Observable.of(Observable.of(0, 1), Observable.error(TestError("sync")), Observable.of(2))
            .merge()
            .subscribe(onError: { errors.append("\($0)") })
        #expect(errors.items == ["sync"])
    }

    // MARK: merge() of an observable of observables

    @Test("subscribes to each inner as it arrives and completes after the outer and all inners")
    func observableOfObservables() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .next(110, 103), .next(120, 104),
                                                  .next(210, 105), .next(220, 106), .completed(230)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .next(20, 202), .next(30, 203), .next(40, 204),
                                                  .completed(50)])
        let ys3 = scheduler.createColdObservable([.next(10, 301), .next(20, 302), .next(30, 303), .next(40, 304),
                                                  .next(120, 305), .completed(150)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .next(500, ys3), .completed(600)])
        let observer = scheduler.start { xs.merge() }
        #expect(observer.events == [
            .next(310, 101), .next(320, 102), .next(410, 103), .next(410, 201), .next(420, 104), .next(420, 202),
            .next(430, 203), .next(440, 204), .next(510, 105), .next(510, 301), .next(520, 106), .next(520, 302),
            .next(530, 303), .next(540, 304), .next(620, 305), .completed(650),
        ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
        #expect(ys1.subscriptions == [Subscription(300, 530)])
        #expect(ys2.subscriptions == [Subscription(400, 450)])
        #expect(ys3.subscriptions == [Subscription(500, 650)])
        expectNoPendingWork(scheduler)
    }

    @Test("completes with the outer when every inner has already completed")
    func innersDoneFirst() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(10, 101), .completed(20)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .completed(50)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .completed(600)])
        let observer = scheduler.start { xs.merge() }
        #expect(observer.events == [.next(310, 101), .next(410, 201), .completed(600)])
        #expect(xs.subscriptions == [Subscription(200, 600)])
        #expect(ys1.subscriptions == [Subscription(300, 320)])
        #expect(ys2.subscriptions == [Subscription(400, 450)])
        expectNoPendingWork(scheduler)
    }

    @Test("an inner error fails the result and unsubscribes from the outer and the other inners")
    func innerError() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(110, 103), .completed(230)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .error(50, TestError("inner"))])
        let ys3 = scheduler.createColdObservable([.next(10, 301), .completed(20)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .next(500, ys3), .completed(600)])
        let observer = scheduler.start { xs.merge() }
        #expect(observer.events == [.next(310, 101), .next(410, 103), .next(410, 201), .error(450, TestError("inner"))])
        #expect(xs.subscriptions == [Subscription(200, 450)])
        #expect(ys1.subscriptions == [Subscription(300, 450)])
        #expect(ys2.subscriptions == [Subscription(400, 450)])
        #expect(ys3.subscriptions == [])
        expectNoPendingWork(scheduler)
    }

    @Test("an outer error fails the result and unsubscribes from every running inner")
    func outerError() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(110, 103), .completed(230)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .completed(50)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .error(500, TestError("outer"))])
        let observer = scheduler.start { xs.merge() }
        #expect(observer.events == [.next(310, 101), .next(410, 103), .next(410, 201), .error(500, TestError("outer"))])
        #expect(xs.subscriptions == [Subscription(200, 500)])
        #expect(ys1.subscriptions == [Subscription(300, 500)])
        #expect(ys2.subscriptions == [Subscription(400, 450)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal unsubscribes from the outer and every running inner at that tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(110, 103), .completed(230)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .completed(50)])
        let ys3 = scheduler.createColdObservable([.next(10, 301), .completed(20)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .next(500, ys3), .completed(600)])
        let observer = scheduler.start(disposed: 425) { xs.merge() }
        #expect(observer.events == [.next(310, 101), .next(410, 103), .next(410, 201)])
        #expect(xs.subscriptions == [Subscription(200, 425)])
        #expect(ys1.subscriptions == [Subscription(300, 425)])
        #expect(ys2.subscriptions == [Subscription(400, 425)])
        #expect(ys3.subscriptions == [])
        expectNoPendingWork(scheduler)
    }

    // MARK: merge(maxConcurrent:)

    @Test("runs at most maxConcurrent inners and subscribes a waiting one when a slot frees")
    func maxConcurrent() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(50, 1), .next(100, 2), .next(120, 3), .completed(140)])
        let ys2 = scheduler.createColdObservable([.next(20, 4), .next(70, 5), .completed(200)])
        let ys3 = scheduler.createColdObservable([.next(10, 6), .next(90, 7), .next(110, 8), .completed(130)])
        let ys4 = scheduler.createColdObservable([.next(210, 9), .next(240, 10), .completed(300)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(260, ys2), .next(270, ys3), .next(320, ys4),
                                                .completed(400)])
        let observer = scheduler.start { xs.merge(maxConcurrent: 2) }
        #expect(observer.events == [
            .next(260, 1), .next(280, 4), .next(310, 2), .next(330, 3), .next(330, 5), .next(360, 6),
            .next(440, 7), .next(460, 8), .next(670, 9), .next(700, 10), .completed(760),
        ])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(ys1.subscriptions == [Subscription(210, 350)])
        #expect(ys2.subscriptions == [Subscription(260, 460)])
        #expect(ys3.subscriptions == [Subscription(350, 480)])
        #expect(ys4.subscriptions == [Subscription(460, 760)])
        expectNoPendingWork(scheduler)
    }

    @Test("maxConcurrent: an outer error drops the waiting inners")
    func maxConcurrentOuterError() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(50, 1), .completed(140)])
        let ys2 = scheduler.createColdObservable([.next(20, 4), .completed(200)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(260, ys2), .error(300, TestError("outer"))])
        let observer = scheduler.start { xs.merge(maxConcurrent: 1) }
        #expect(observer.events == [.next(260, 1), .error(300, TestError("outer"))])
        #expect(ys1.subscriptions == [Subscription(210, 300)])
        #expect(ys2.subscriptions == [])
        expectNoPendingWork(scheduler)
    }

    @Test("maxConcurrent: disposal unsubscribes the running inner; waiting ones are never subscribed")
    func maxConcurrentDisposal() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(50, 1), .completed(140)])
        let ys2 = scheduler.createColdObservable([.next(20, 4), .completed(200)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(260, ys2), .completed(300)])
        let observer = scheduler.start(disposed: 320) { xs.merge(maxConcurrent: 1) }
        #expect(observer.events == [.next(260, 1)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys1.subscriptions == [Subscription(210, 320)])
        #expect(ys2.subscriptions == [])
        expectNoPendingWork(scheduler)
    }

    @Test("maxConcurrent: thousands of waiting inners that complete synchronously do not recurse")
    func maxConcurrentTrampoline() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(10, -1), .completed(20)])
        let outer = Subject<Observable<Int>>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = outer.merge(maxConcurrent: 1).subscribe(observer.asObserver())
        outer.onNext(first.asObservable())
        for value in 0..<20_000 { outer.onNext(.just(value)) }
        outer.onCompleted()
        try scheduler.advance(to: 20)
        #expect(observer.values == [-1] + Array(0..<20_000))
        #expect(observer.events.last == .completed(20))
        #expect(first.subscriptions == [Subscription(0, 20)])
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }

    // MARK: Re-entrancy, threads, release

    @Test("a value sent from inside the observer is delivered after the current one returns")
    func reentrant() {
        let first = Subject<Int>()
        let second = Subject<Int>()
        let log = Recorder<String>()
        let calls = CallDepth()
        let subscription = Observable.merge(first.asObservable(), second.asObservable()).subscribe(onNext: { value in
            calls.run { depth in
                log.append("begin \(value) at depth \(depth)")
                if value == 1 { second.onNext(2) }
                if value == 2 { first.onNext(3) }
                log.append("end \(value)")
            }
        })
        first.onNext(1)
        #expect(log.items == [
            "begin 1 at depth 1", "end 1", "begin 2 at depth 1", "end 2", "begin 3 at depth 1", "end 3",
        ])
        subscription.dispose()
    }

    @Test("inners emitting on several threads reach the observer one call at a time, each in order")
    func concurrentInners() {
        let sources = (0..<4).map { _ in Subject<Int>() }
        let perSource = 5_000
        let probe = SerialProbe()
        let subscription = Observable.merge(sources.map { $0.asObservable() }).subscribe(probe.observer)
        sendConcurrently(perSource, from: sources)
        #expect(probe.overlaps == 0)
        #expect(probe.completions == 1)
        #expect(probe.valuesBySource(4, perSource: perSource) == Array(repeating: Array(0..<perSource), count: 4))
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal")
    func releases() throws {
        try expectReleasesWithInner(sending: { $0 }) { outer, _, _ in outer.merge() }
    }
}
