import Streams
import StreamsTesting
import Testing

@Suite("switchLatest")
struct SwitchTests {
    /// Three cold inners and a hot outer that emits them at 300, 400 and 500.
    private struct Fixture {
        let scheduler = TestScheduler()
        let ys1: TestableObservable<Int>
        let ys2: TestableObservable<Int>
        let ys3: TestableObservable<Int>

        init(ys2Ending: Recorded<Event<Int>> = .completed(50)) {
            ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .next(110, 103), .next(120, 104),
                                                  .next(210, 105), .next(220, 106), .completed(230)])
            ys2 = scheduler.createColdObservable([.next(10, 201), .next(20, 202), .next(30, 203), .next(40, 204),
                                                  ys2Ending])
            ys3 = scheduler.createColdObservable([.next(10, 301), .next(20, 302), .next(30, 303), .next(40, 304),
                                                  .completed(150)])
        }

        func outer(ending: Recorded<Event<TestableObservable<Int>>>) -> TestableObservable<TestableObservable<Int>> {
            scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .next(500, ys3), ending])
        }
    }

    @Test("emits from the latest inner, disposing the previous one when the next arrives")
    func data() throws {
        let fixture = Fixture()
        let xs = fixture.outer(ending: .completed(600))
        let observer = fixture.scheduler.start { xs.switchLatest() }
        #expect(observer.events == [
            .next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .next(430, 203), .next(440, 204),
            .next(510, 301), .next(520, 302), .next(530, 303), .next(540, 304), .completed(650),
        ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
        #expect(fixture.ys1.subscriptions == [Subscription(300, 400)])
        #expect(fixture.ys2.subscriptions == [Subscription(400, 450)])
        #expect(fixture.ys3.subscriptions == [Subscription(500, 650)])
        expectNoPendingWork(fixture.scheduler)
    }

    @Test("an error from the current inner fails the result at once")
    func innerError() throws {
        let fixture = Fixture(ys2Ending: .error(50, TestError("inner")))
        let xs = fixture.outer(ending: .completed(600))
        let observer = fixture.scheduler.start { xs.switchLatest() }
        #expect(observer.events == [
            .next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .next(430, 203), .next(440, 204),
            .error(450, TestError("inner")),
        ])
        #expect(xs.subscriptions == [Subscription(200, 450)])
        #expect(fixture.ys1.subscriptions == [Subscription(300, 400)])
        #expect(fixture.ys2.subscriptions == [Subscription(400, 450)])
        #expect(fixture.ys3.subscriptions == [])
        expectNoPendingWork(fixture.scheduler)
    }

    @Test("an outer error fails the result and disposes the current inner")
    func outerError() throws {
        let fixture = Fixture()
        let xs = fixture.scheduler.createHotObservable([
            .next(300, fixture.ys1), .next(400, fixture.ys3), .error(500, TestError("outer")),
        ])
        let observer = fixture.scheduler.start { xs.switchLatest() }
        #expect(observer.events == [
            .next(310, 101), .next(320, 102), .next(410, 301), .next(420, 302), .next(430, 303), .next(440, 304),
            .error(500, TestError("outer")),
        ])
        #expect(xs.subscriptions == [Subscription(200, 500)])
        #expect(fixture.ys1.subscriptions == [Subscription(300, 400)])
        #expect(fixture.ys3.subscriptions == [Subscription(400, 500)])
        expectNoPendingWork(fixture.scheduler)
    }

    @Test("completes with the outer when no inner is running")
    func outerCompletesLast() throws {
        let fixture = Fixture()
        let xs = fixture.scheduler.createHotObservable([.next(300, fixture.ys2), .completed(600)])
        let observer = fixture.scheduler.start { xs.switchLatest() }
        #expect(observer.events == [
            .next(310, 201), .next(320, 202), .next(330, 203), .next(340, 204), .completed(600),
        ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
        #expect(fixture.ys2.subscriptions == [Subscription(300, 350)])
        expectNoPendingWork(fixture.scheduler)
    }

    @Test("an empty outer completes at once")
    func emptyOuter() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.completed(250, TestableObservable<Int>.self)])
        let observer = scheduler.start { xs.switchLatest() }
        #expect(observer.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal unsubscribes from the outer and the current inner")
    func disposal() throws {
        let fixture = Fixture()
        let xs = fixture.outer(ending: .completed(600))
        let observer = fixture.scheduler.start(disposed: 425) { xs.switchLatest() }
        #expect(observer.events == [.next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202)])
        #expect(xs.subscriptions == [Subscription(200, 425)])
        #expect(fixture.ys1.subscriptions == [Subscription(300, 400)])
        #expect(fixture.ys2.subscriptions == [Subscription(400, 425)])
        #expect(fixture.ys3.subscriptions == [])
        expectNoPendingWork(fixture.scheduler)
    }

    @Test("synchronous inners complete the result")
    func synchronous() {
        let values = Recorder<Int>()
        let completions = Recorder<Bool>()
        _ = Observable.of(Observable.just(1), Observable.of(2, 3)).switchLatest()
            .subscribe(onNext: { values.append($0) }, onCompleted: { completions.append(true) })
        #expect(values.items == [1, 2, 3])
        #expect(completions.items == [true])
    }

    @Test("a new inner sent from inside the observer replaces the current one without nesting calls")
    func reentrant() {
        let outer = Subject<Observable<Int>>()
        let first = Subject<Int>()
        let log = Recorder<String>()
        let calls = CallDepth()
        let subscription = outer.switchLatest().subscribe(AnyObserver { event in
            calls.run { depth in
                log.append("\(event) at depth \(depth)")
                if event.element == 1 { outer.onNext(.of(8, 9)) }
            }
        })
        outer.onNext(first.asObservable())
        first.onNext(1)
        first.onNext(2)
        outer.onCompleted()
        #expect(log.items == ["next(1) at depth 1", "next(8) at depth 1", "next(9) at depth 1", "completed at depth 1"])
        #expect(!first.hasObservers)
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal")
    func releases() throws {
        try expectReleasesWithInner(sending: { $0 }) { outer, _, _ in outer.switchLatest() }
    }
}
