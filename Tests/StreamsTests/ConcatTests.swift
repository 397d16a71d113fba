import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("concat")
struct ConcatTests {
    // MARK: Observable.concat(_:)

    @Test("subscribes to each source at the tick the previous one completes")
    func threeColdSources() throws {
        let scheduler = TestScheduler()
        let xs1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let xs2 = scheduler.createColdObservable([.next(10, 4), .next(20, 5), .completed(30)])
        let xs3 = scheduler.createColdObservable([.next(10, 6), .next(20, 7), .next(30, 8), .next(40, 9), .completed(50)])
        let observer = scheduler.start {
            Observable.concat([xs1.asObservable(), xs2.asObservable(), xs3.asObservable()])
        }
        #expect(observer.events == [
            .next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .next(260, 5),
            .next(280, 6), .next(290, 7), .next(300, 8), .next(310, 9), .completed(320),
        ])
        #expect(xs1.subscriptions == [Subscription(200, 240)])
        #expect(xs2.subscriptions == [Subscription(240, 270)])
        #expect(xs3.subscriptions == [Subscription(270, 320)])
        expectNoPendingWork(scheduler)
    }

    @Test("a hot second source only contributes what it emits after the first completes")
    func hotSources() throws {
        let scheduler = TestScheduler()
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(225)])
        let xs2 = scheduler.createHotObservable([.next(150, 1), .next(222, 9), .next(230, 4), .next(240, 5),
                                                 .completed(250)])
        let observer = scheduler.start { Observable.concat(xs1.asObservable(), xs2.asObservable()) }
        #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        #expect(xs1.subscriptions == [Subscription(200, 225)])
        #expect(xs2.subscriptions == [Subscription(225, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error stops everything: later sources are never subscribed")
    func errorStops() throws {
        let scheduler = TestScheduler()
        let xs1 = scheduler.createHotObservable([.next(210, 2), .error(230, TestError("first"))])
        let xs2 = scheduler.createHotObservable([.next(240, 3), .completed(250)])
        let observer = scheduler.start { Observable.concat(xs1.asObservable(), xs2.asObservable()) }
        #expect(observer.events == [.next(210, 2), .error(230, TestError("first"))])
        #expect(xs1.subscriptions == [Subscription(200, 230)])
        #expect(xs2.subscriptions == [])
        expectNoPendingWork(scheduler)
    }

    @Test("an error from a later source is forwarded at its tick")
    func laterError() throws {
        let scheduler = TestScheduler()
        let xs1 = scheduler.createHotObservable([.next(220, 2), .completed(230)])
        let xs2 = scheduler.createHotObservable([.next(150, 1), .error(250, TestError("second"))])
        let observer = scheduler.start { Observable.concat(xs1.asObservable(), xs2.asObservable()) }
        #expect(observer.events == [.next(220, 2), .error(250, TestError("second"))])
        #expect(xs1.subscriptions == [Subscription(200, 230)])
        #expect(xs2.subscriptions == [Subscription(230, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source that never completes holds back the rest")
    func neverCompletes() throws {
        let scheduler = TestScheduler()
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
        let xs2 = scheduler.createHotObservable([.next(220, 3), .completed(230)])
        let observer = scheduler.start { Observable.concat(xs1.asObservable(), xs2.asObservable()) }
        #expect(observer.events == [.next(210, 2)])
        #expect(xs1.subscriptions == [Subscription(200, 1000)])
        #expect(xs2.subscriptions == [])
        expectNoPendingWork(scheduler)
    }

    @Test("the same cold source may appear twice and is subscribed twice")
    func sameSourceTwice() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let observer = scheduler.start { Observable.concat(xs.asObservable(), xs.asObservable()) }
        #expect(observer.events == [.next(210, 1), .next(230, 1), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("an empty list completes at once")
    func emptyList() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start { Observable<Int>.concat([]) }
        #expect(observer.events == [.completed(200)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal unsubscribes from the current source; the rest are never subscribed")
    func disposal() throws {
        let scheduler = TestScheduler()
        let xs1 = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), .next(30, 3), .completed(40)])
        let xs3 = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let observer = scheduler.start(disposed: 245) {
            Observable.concat(xs1.asObservable(), xs2.asObservable(), xs3.asObservable())
        }
        #expect(observer.events == [.next(210, 1), .next(230, 2)])
        #expect(xs1.subscriptions == [Subscription(200, 220)])
        #expect(xs2.subscriptions == [Subscription(220, 245)])
        #expect(xs3.subscriptions == [])
        expectNoPendingWork(scheduler)
    }

    @Test("concatenating 100,000 synchronous sources does not recurse")
    func manySynchronousSources() {
        let count = Mutex(0)
        let completed = Mutex(false)
        let sources = (0..<100_000).map { Observable.just($0) }
        _ = Observable.concat(sources).subscribe(
            onNext: { _ in count.withLock { $0 += 1 } },
            onCompleted: { completed.withLock { $0 = true } }
        )
        #expect(count.withLock { $0 } == 100_000)
        #expect(completed.withLock { $0 })
    }

    @Test("values sent from inside the observer come in order, without nesting")
    func reentrant() {
        let first = Subject<Int>()
        let log = Recorder<String>()
        let calls = CallDepth()
        let subscription = Observable.concat(first.asObservable(), .just(9)).subscribe(AnyObserver { event in
            calls.run { depth in
                log.append("\(event) at depth \(depth)")
                if event.element == 1 {
                    first.onNext(2)
                    first.onCompleted()
                }
            }
        })
        first.onNext(1)
        #expect(log.items == ["next(1) at depth 1", "next(2) at depth 1", "next(9) at depth 1", "completed at depth 1"])
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal")
    func releases() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        #expect(try isReleased(subscribe: { probe in
            Observable.concat(xs.asObservable(), xs.asObservable()).subscribe(AnyObserver { _ in _ = probe })
        }, after: { _ in try scheduler.advance(to: 50) }))
        #expect(try isReleased(subscribe: { probe in
            Observable.concat(xs.asObservable(), .error(TestError())).subscribe(AnyObserver { _ in _ = probe })
        }, after: { _ in try scheduler.advance(to: 100) }))
        #expect(try isReleased(subscribe: { probe in
            Observable.concat(xs.asObservable(), .never()).subscribe(AnyObserver { _ in _ = probe })
        }, after: { subscription in
            try scheduler.advance(to: 150)
            subscription.dispose()
        }))
        expectNoPendingWork(scheduler)
    }

    // MARK: concat(_ second:)

    @Test("instance concat continues with the second observable")
    func instanceConcat() throws {
        let scheduler = TestScheduler()
        let xs1 = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs2 = scheduler.createColdObservable([.next(5, 2), .completed(10)])
        let observer = scheduler.start { xs1.concat(xs2) }
        #expect(observer.events == [.next(210, 1), .next(225, 2), .completed(230)])
        #expect(xs1.subscriptions == [Subscription(200, 220)])
        #expect(xs2.subscriptions == [Subscription(220, 230)])
        expectNoPendingWork(scheduler)
    }

    // MARK: concatMap

    @Test("concatMap runs inners one after another, queueing outer values meanwhile")
    func concatMap() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .completed(20)])
        let ys3 = scheduler.createColdObservable([.next(5, 301), .completed(10)])
        let inners = [ys1, ys2, ys3]
        let xs = scheduler.createHotObservable([.next(210, 0), .next(215, 1), .next(220, 2), .completed(225)])
        let observer = scheduler.start { xs.concatMap { inners[$0] } }
        #expect(observer.events == [
            .next(220, 101), .next(230, 102), .next(250, 201), .next(265, 301), .completed(270),
        ])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
        #expect(ys2.subscriptions == [Subscription(240, 260)])
        #expect(ys3.subscriptions == [Subscription(260, 270)])
        expectNoPendingWork(scheduler)
    }

    @Test("concatMap waits for the running inner when the outer completes first")
    func concatMapPendingInner() throws {
        let scheduler = TestScheduler()
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 0), .completed(220)])
        let observer = scheduler.start { xs.concatMap { _ in ys } }
        #expect(observer.events == [.next(220, 1), .completed(310)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(210, 310)])
        expectNoPendingWork(scheduler)
    }

    @Test("concatMap: a throwing transform fails at once, disposing the running inner")
    func concatMapThrows() throws {
        let scheduler = TestScheduler()
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .completed(400)])
        let observer = scheduler.start {
            xs.concatMap { value -> TestableObservable<Int> in
                if value == 1 { throw TestError("transform") }
                return ys
            }
        }
        #expect(observer.events == [.next(220, 1), .error(230, TestError("transform"))])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(210, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("concatMap: an inner error fails at once; queued inners are never subscribed")
    func concatMapInnerError() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("inner"))])
        let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let inners = [ys1, ys2]
        let xs = scheduler.createHotObservable([.next(210, 0), .next(215, 1), .completed(400)])
        let observer = scheduler.start { xs.concatMap { inners[$0] } }
        #expect(observer.events == [.next(220, 1), .error(230, TestError("inner"))])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys1.subscriptions == [Subscription(210, 230)])
        #expect(ys2.subscriptions == [])
        expectNoPendingWork(scheduler)
    }

    @Test("concatMap: disposal unsubscribes the outer and the running inner")
    func concatMapDisposal() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let inners = [ys1, ys2]
        let xs = scheduler.createHotObservable([.next(210, 0), .next(215, 1), .completed(400)])
        let observer = scheduler.start(disposed: 240) { xs.concatMap { inners[$0] } }
        #expect(observer.events == [.next(220, 1)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
        #expect(ys2.subscriptions == [])
        expectNoPendingWork(scheduler)
    }

    @Test("concatMap: 10,000 queued synchronous inners do not recurse")
    func concatMapTrampoline() throws {
        let scheduler = TestScheduler()
        let slow = scheduler.createColdObservable([.completed(10, Int.self)])
        let outer = Subject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = outer
            .concatMap { value -> Observable<Int> in value < 0 ? slow.asObservable() : .just(value) }
            .subscribe(observer.asObserver())
        outer.onNext(-1)
        for value in 0..<10_000 { outer.onNext(value) }
        outer.onCompleted()
        try scheduler.advance(to: 10)
        #expect(observer.values == Array(0..<10_000))
        #expect(observer.events.last == .completed(10))
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("concatMap releases the observer and the transform after completion, error and disposal")
    func concatMapReleases() throws {
        try expectReleasesWithInner(sending: { _ in 0 }) { outer, ys, probe in
            outer.concatMap { _ in _ = probe; return ys }
        }
    }
}
