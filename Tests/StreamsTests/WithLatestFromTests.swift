import Streams
import StreamsTesting
import Testing

@Suite("withLatestFrom")
struct WithLatestFromTests {
    @Test("pairs each value with the latest of the second, dropping values before it has one")
    func samples() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(150, "x"), .next(220, "a"), .next(240, "b"), .next(245, "c"),
                                                .completed(400)])
        let observer = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
        #expect(observer.events == [.next(230, "2a"), .next(250, "3c"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("without a selector it emits the second's latest value")
    func latestValue() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(225, "b")])
        let observer = scheduler.start { xs.withLatestFrom(ys) }
        #expect(observer.events == [.next(230, "b"), .completed(300)])
        expectNoPendingWork(scheduler)
    }

    @Test("the second completing keeps its last value in use and unsubscribes it")
    func secondCompletes() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(230, 1), .next(250, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .completed(240)])
        let observer = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
        #expect(observer.events == [.next(230, "1a"), .next(250, "2a"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error from the source fails at once and disposes the second")
    func sourceError() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(230, 1), .error(250, TestError("source"))])
        let ys = scheduler.createHotObservable([.next(220, "a"), .completed(400)])
        let observer = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
        #expect(observer.events == [.next(230, "1a"), .error(250, TestError("source"))])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error from the second fails at once and disposes the source")
    func secondError() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(230, 1), .next(260, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .error(250, TestError("second"))])
        let observer = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
        #expect(observer.events == [.next(230, "1a"), .error(250, TestError("second"))])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing selector fails at once and disposes both")
    func selectorThrows() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(230, 1), .next(240, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .completed(400)])
        let observer = scheduler.start {
            xs.withLatestFrom(ys) { value, latest -> String in
                if value == 2 { throw TestError("selector") }
                return "\(value)\(latest)"
            }
        }
        #expect(observer.events == [.next(230, "1a"), .error(240, TestError("selector"))])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal unsubscribes from both")
    func disposal() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(30, 1), .next(60, 2), .completed(100)])
        let ys = scheduler.createColdObservable([.next(20, "a"), .completed(100)])
        let observer = scheduler.start(disposed: 250) { xs.withLatestFrom(ys) }
        #expect(observer.events == [.next(230, "a")])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("the second is subscribed first, so its synchronous value is there for the first value")
    func secondSubscribedFirst() {
        let values = Recorder<String>()
        let state = BehaviorValue("initial")
        _ = Observable.of(1, 2).withLatestFrom(state) { "\($0)\($1)" }.subscribe(onNext: { values.append($0) })
        #expect(values.items == ["1initial", "2initial"])
    }

    @Test("sends from inside the observer: a new latest value is used, a new source value comes after")
    func reentrant() {
        let source = Subject<Int>()
        let state = BehaviorValue("a")
        let log = Recorder<String>()
        let calls = CallDepth()
        let subscription = source.withLatestFrom(state) { "\($0)\($1)" }.subscribe(AnyObserver { event in
            calls.run { depth in
                log.append("\(event) at depth \(depth)")
                if event.element == "1a" {
                    state.accept("b")
                    source.onNext(2)
                }
            }
        })
        source.onNext(1)
        #expect(log.items == ["next(1a) at depth 1", "next(2b) at depth 1"])
        subscription.dispose()
    }

    @Test("releases the observer and the selector after completion, error and disposal")
    func releases() throws {
        let scheduler = TestScheduler()
        let latest = scheduler.createColdObservable([.next(5, "a")])
        let completing = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        #expect(try isReleased(subscribe: { probe in
            completing.withLatestFrom(latest) { _ = probe; return "\($0)\($1)" }.subscribe(AnyObserver { _ in _ = probe })
        }, after: { _ in try scheduler.advance(to: 50) }))
        let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        #expect(try isReleased(subscribe: { probe in
            failing.withLatestFrom(latest) { _ = probe; return "\($0)\($1)" }.subscribe(AnyObserver { _ in _ = probe })
        }, after: { _ in try scheduler.advance(to: 100) }))
        let endless = scheduler.createColdObservable([.next(10, 1)])
        #expect(try isReleased(subscribe: { probe in
            endless.withLatestFrom(latest) { _ = probe; return "\($0)\($1)" }.subscribe(AnyObserver { _ in _ = probe })
        }, after: { subscription in
            try scheduler.advance(to: 120)
            subscription.dispose()
        }))
        #expect(latest.subscriptions == [Subscription(0, 20), Subscription(50, 70), Subscription(100, 120)])
        expectNoPendingWork(scheduler)
    }

    // MARK: Marble twins of the documentation diagrams
}
