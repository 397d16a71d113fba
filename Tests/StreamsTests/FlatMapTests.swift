import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("flatMap, flatMapLatest, flatMapFirst")
struct FlatMapTests {
    // MARK: flatMap

    @Test("flatMap runs every inner alongside the others and completes after the last")
    func flatMap() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(110, 103), .completed(230)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .next(20, 202), .completed(50)])
        let inners = [ys1, ys2]
        let xs = scheduler.createHotObservable([.next(300, 0), .next(400, 1), .completed(450)])
        let observer = scheduler.start { xs.flatMap { inners[$0] } }
        #expect(observer.events == [
            .next(310, 101), .next(410, 103), .next(410, 201), .next(420, 202), .completed(530),
        ])
        #expect(xs.subscriptions == [Subscription(200, 450)])
        #expect(ys1.subscriptions == [Subscription(300, 530)])
        #expect(ys2.subscriptions == [Subscription(400, 450)])
        expectNoPendingWork(scheduler)
    }

    @Test("flatMap: a throwing transform fails at once and disposes the running inners")
    func flatMapThrows() throws {
        let scheduler = TestScheduler()
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(300)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .next(230, 2), .completed(300)])
        let observer = scheduler.start {
            xs.flatMap { value -> TestableObservable<Int> in
                if value == 2 { throw TestError("transform") }
                return ys
            }
        }
        // At 230 the hot outer (scheduled first) throws before the second inner's value.
        #expect(observer.events == [.next(220, 1), .error(230, TestError("transform"))])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(210, 230), Subscription(220, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("flatMap: an inner error fails at once and disposes the outer and the other inners")
    func flatMapInnerError() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(300)])
        let ys2 = scheduler.createColdObservable([.error(15, TestError("inner"), Int.self)])
        let inners = [ys1, ys2]
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(300)])
        let observer = scheduler.start { xs.flatMap { inners[$0] } }
        #expect(observer.events == [.next(220, 1), .error(235, TestError("inner"))])
        #expect(xs.subscriptions == [Subscription(200, 235)])
        #expect(ys1.subscriptions == [Subscription(210, 235)])
        #expect(ys2.subscriptions == [Subscription(220, 235)])
        expectNoPendingWork(scheduler)
    }

    @Test("flatMap: an outer error fails at once and disposes the running inners")
    func flatMapOuterError() throws {
        let scheduler = TestScheduler()
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(300)])
        let xs = scheduler.createHotObservable([.next(210, 0), .error(250, TestError("outer"))])
        let observer = scheduler.start { xs.flatMap { _ in ys } }
        #expect(observer.events == [.next(220, 1), .error(250, TestError("outer"))])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(210, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("flatMap: disposal unsubscribes from the outer and every running inner")
    func flatMapDisposal() throws {
        let scheduler = TestScheduler()
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(300)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(300)])
        let observer = scheduler.start(disposed: 240) { xs.flatMap { _ in ys } }
        #expect(observer.events == [.next(220, 1), .next(230, 1)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys.subscriptions == [Subscription(210, 240), Subscription(220, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("flatMap: inners emitting on several threads reach the observer one call at a time")
    func flatMapThreads() {
        let sources = (0..<4).map { _ in Subject<Int>() }
        let perSource = 5_000
        let probe = SerialProbe()
        let subscription = Observable.from(0..<4)
            .flatMap { sources[$0] }
            .subscribe(probe.observer)
        sendConcurrently(perSource, from: sources)
        #expect(probe.overlaps == 0)
        #expect(probe.completions == 1)
        #expect(probe.valuesBySource(4, perSource: perSource) == Array(repeating: Array(0..<perSource), count: 4))
        subscription.dispose()
    }

    // MARK: flatMapLatest

    @Test("flatMapLatest disposes the previous inner at the tick the next value arrives")
    func flatMapLatest() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .next(110, 103), .completed(230)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .next(20, 202), .completed(150)])
        let inners = [ys1, ys2]
        let xs = scheduler.createHotObservable([.next(300, 0), .next(400, 1), .completed(500)])
        let observer = scheduler.start { xs.flatMapLatest { inners[$0] } }
        #expect(observer.events == [.next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .completed(550)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
        #expect(ys1.subscriptions == [Subscription(300, 400)])
        #expect(ys2.subscriptions == [Subscription(400, 550)])
        expectNoPendingWork(scheduler)
    }

    @Test("flatMapLatest completes with the outer when the current inner is already done")
    func flatMapLatestInnerDoneFirst() throws {
        let scheduler = TestScheduler()
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs = scheduler.createHotObservable([.next(300, 0), .completed(500)])
        let observer = scheduler.start { xs.flatMapLatest { _ in ys } }
        #expect(observer.events == [.next(310, 1), .completed(500)])
        #expect(ys.subscriptions == [Subscription(300, 320)])
        expectNoPendingWork(scheduler)
    }

    @Test("flatMapLatest: a throwing transform fails at once and disposes the current inner")
    func flatMapLatestThrows() throws {
        let scheduler = TestScheduler()
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .next(110, 103), .completed(230)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .completed(50)])
        let inners = [ys1, ys2]
        let xs = scheduler.createHotObservable([.next(300, 0), .next(400, 1)])
        let observer = scheduler.start {
            xs.flatMapLatest { value throws -> TestableObservable<Int> in
                guard value < 1 else { throw TestError("transform") }
                return inners[value]
            }
        }
        #expect(observer.events == [.next(310, 101), .next(320, 102), .error(400, TestError("transform"))])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(ys1.subscriptions == [Subscription(300, 400)])
        #expect(ys2.subscriptions == [])
        expectNoPendingWork(scheduler)
    }

    @Test("flatMapLatest: errors from the current inner and from the outer end the sequence")
    func flatMapLatestErrors() throws {
        let scheduler = TestScheduler()
        let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("inner"))])
        let xs1 = scheduler.createHotObservable([.next(300, 0), .completed(500)])
        let innerFailure = scheduler.start { xs1.flatMapLatest { _ in failing } }
        #expect(innerFailure.events == [.next(310, 1), .error(320, TestError("inner"))])
        #expect(xs1.subscriptions == [Subscription(200, 320)])

        let scheduler2 = TestScheduler()
        let running = scheduler2.createColdObservable([.next(10, 1), .completed(300)])
        let xs2 = scheduler2.createHotObservable([.next(300, 0), .error(350, TestError("outer"))])
        let outerFailure = scheduler2.start { xs2.flatMapLatest { _ in running } }
        #expect(outerFailure.events == [.next(310, 1), .error(350, TestError("outer"))])
        #expect(running.subscriptions == [Subscription(300, 350)])
        expectNoPendingWork(scheduler)
        expectNoPendingWork(scheduler2)
    }

    @Test("flatMapLatest: disposal unsubscribes from the outer and the current inner")
    func flatMapLatestDisposal() throws {
        let scheduler = TestScheduler()
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(300)])
        let xs = scheduler.createHotObservable([.next(300, 0), .next(320, 1), .completed(500)])
        let observer = scheduler.start(disposed: 335) { xs.flatMapLatest { _ in ys } }
        #expect(observer.events == [.next(310, 1), .next(330, 1)])
        #expect(xs.subscriptions == [Subscription(200, 335)])
        #expect(ys.subscriptions == [Subscription(300, 320), Subscription(320, 335)])
        expectNoPendingWork(scheduler)
    }

    // MARK: flatMapFirst

    /// RxSwift's flatMapFirst fixture: seven cold inners on a hot outer; the first two arrive
    /// before the subscription, the others while the inner from 300 runs or after it.
    private struct FirstFixture {
        let scheduler = TestScheduler()
        let xs: TestableObservable<TestableObservable<Int>>

        init(
            running: Recorded<Event<Int>> = .completed(460),
            ending: Recorded<Event<TestableObservable<Int>>>? = .completed(900)
        ) {
            let s = scheduler
            var events: [Recorded<Event<TestableObservable<Int>>>] = [
                .next(5, s.createColdObservable([.error(1, TestError("early"))])),
                .next(105, s.createColdObservable([.error(1, TestError("early"))])),
                .next(300, s.createColdObservable([.next(10, 102), .next(90, 103), .next(110, 104), .next(190, 105),
                                                   .next(440, 106), running])),
                .next(400, s.createColdObservable([.next(180, 202), .next(190, 203), .completed(205)])),
                .next(550, s.createColdObservable([.next(10, 301), .next(50, 302), .next(70, 303), .next(260, 304),
                                                   .next(310, 305), .completed(410)])),
                .next(750, s.createColdObservable([.completed(40)])),
                .next(850, s.createColdObservable([.next(80, 401), .next(90, 402), .completed(100)])),
            ]
            if let ending { events.append(ending) }
            xs = scheduler.createHotObservable(events)
        }

        func inner(_ index: Int) -> [Subscription] {
            xs.recordedEvents[index].value.element!.subscriptions
        }
    }

    @Test("flatMapFirst ignores outer values while an inner runs")
    func flatMapFirst() throws {
        let fixture = FirstFixture()
        let observer = fixture.scheduler.start { fixture.xs.flatMapFirst { $0 } }
        #expect(observer.events == [
            .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
            .next(930, 401), .next(940, 402), .completed(950),
        ])
        #expect(fixture.xs.subscriptions == [Subscription(200, 900)])
        #expect(fixture.inner(2) == [Subscription(300, 760)])
        #expect(fixture.inner(3) == [])
        #expect(fixture.inner(4) == [])
        #expect(fixture.inner(5) == [])
        #expect(fixture.inner(6) == [Subscription(850, 950)])
        expectNoPendingWork(fixture.scheduler)
    }

    @Test("flatMapFirst does not complete while the outer has not completed")
    func flatMapFirstOuterOpen() throws {
        let fixture = FirstFixture(ending: nil)
        let observer = fixture.scheduler.start { fixture.xs.flatMapFirst { $0 } }
        #expect(observer.events.last == .next(940, 402))
        #expect(fixture.xs.subscriptions == [Subscription(200, 1000)])
        #expect(fixture.inner(6) == [Subscription(850, 950)])
        expectNoPendingWork(fixture.scheduler)
    }

    @Test("flatMapFirst: an outer error fails at once and disposes the running inner")
    func flatMapFirstOuterError() throws {
        let fixture = FirstFixture(ending: .error(900, TestError("outer")))
        let observer = fixture.scheduler.start { fixture.xs.flatMapFirst { $0 } }
        #expect(observer.events == [
            .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
            .error(900, TestError("outer")),
        ])
        #expect(fixture.xs.subscriptions == [Subscription(200, 900)])
        #expect(fixture.inner(6) == [Subscription(850, 900)])
        expectNoPendingWork(fixture.scheduler)
    }

    @Test("flatMapFirst: an inner error fails at once and disposes the outer")
    func flatMapFirstInnerError() throws {
        let fixture = FirstFixture(running: .error(460, TestError("inner")))
        let observer = fixture.scheduler.start { fixture.xs.flatMapFirst { $0 } }
        #expect(observer.events == [
            .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
            .error(760, TestError("inner")),
        ])
        #expect(fixture.xs.subscriptions == [Subscription(200, 760)])
        #expect(fixture.inner(2) == [Subscription(300, 760)])
        #expect(fixture.inner(6) == [])
        expectNoPendingWork(fixture.scheduler)
    }

    @Test("flatMapFirst: disposal unsubscribes from the outer and the running inner")
    func flatMapFirstDisposal() throws {
        let fixture = FirstFixture()
        let observer = fixture.scheduler.start(disposed: 700) { fixture.xs.flatMapFirst { $0 } }
        #expect(observer.events == [.next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105)])
        #expect(fixture.xs.subscriptions == [Subscription(200, 700)])
        #expect(fixture.inner(2) == [Subscription(300, 700)])
        #expect(fixture.inner(6) == [])
        expectNoPendingWork(fixture.scheduler)
    }

    @Test("flatMapFirst: the transform is only called when idle, and a throw fails at once")
    func flatMapFirstThrows() throws {
        let fixture = FirstFixture()
        let calls = Mutex(0)
        let observer = fixture.scheduler.start {
            fixture.xs.flatMapFirst { inner -> TestableObservable<Int> in
                let count = calls.withLock { $0 += 1; return $0 }
                if count == 2 { throw TestError("transform") }
                return inner
            }
        }
        #expect(observer.events == [
            .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
            .error(850, TestError("transform")),
        ])
        #expect(fixture.xs.subscriptions == [Subscription(200, 850)])
        #expect(fixture.inner(2) == [Subscription(300, 760)])
        #expect(fixture.inner(6) == [])
        #expect(calls.withLock { $0 } == 2)
        expectNoPendingWork(fixture.scheduler)
    }

    @Test("flatMapFirst: 'load more' while a page loads starts no second request")
    func loadMoreWhileLoading() throws {
        expectMarbles("----p----p-|") { m in
            let page = m.cold("---p|", subscriptions: "-^---!", "------^---!")
            let loadMore = m.hot("-l-l--ll---|")
            return loadMore.flatMapFirst { _ in page }
        }
    }

    @Test("flatMapFirst: a value sent from inside the observer while the inner runs is ignored")
    func flatMapFirstReentrant() {
        let outer = Subject<Int>()
        let inner = Subject<Int>()
        let calls = Mutex(0)
        let log = Recorder<String>()
        let subscription = outer
            .flatMapFirst { _ in calls.withLock { $0 += 1 }; return inner }
            .subscribe(AnyObserver { event in
                log.append("\(event)")
                if event.element == 1 { outer.onNext(2) }
            })
        outer.onNext(1)
        inner.onNext(1)
        inner.onCompleted()
        outer.onCompleted()
        #expect(log.items == ["next(1)", "completed"])
        #expect(calls.withLock { $0 } == 1)
        subscription.dispose()
    }

    // MARK: Release

    @Test("each operator releases the observer and the transform after completion, error and disposal")
    func releases() throws {
        let operators: [(String, @Sendable (TestableObservable<Int>, TestableObservable<Int>, LifetimeProbe) -> Observable<Int>)] = [
            ("flatMap", { outer, inner, probe in outer.flatMap { _ in _ = probe; return inner } }),
            ("flatMapLatest", { outer, inner, probe in outer.flatMapLatest { _ in _ = probe; return inner } }),
            ("flatMapFirst", { outer, inner, probe in outer.flatMapFirst { _ in _ = probe; return inner } }),
        ]
        for (name, make) in operators {
            try expectReleasesWithInner(sending: { _ in 0 }, label: name, make)
        }
    }

    // MARK: Marble twins of the documentation diagrams (one input, four operators)

    private struct Comparison {
        let scheduler = TestScheduler()
        let x: TestableObservable<String>
        let y: TestableObservable<String>
        let source: TestableObservable<String>

        init() {
            x = scheduler.createColdObservable("-1---2|")
            y = scheduler.createColdObservable("-3--4|")
            source = scheduler.createHotObservable("-a-b------|")
        }

        func inner(_ value: String) -> TestableObservable<String> {
            value == "a" ? x : y
        }
    }
}
