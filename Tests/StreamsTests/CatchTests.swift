import Streams
import StreamsTesting
import Testing

@Suite("catch")
struct CatchTests {
    @Test("switches to the handler's observable at the tick of the error")
    func switchesOnError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .error(230, TestError("up")),
        ])
        let fallback = scheduler.createHotObservable([.next(240, 4), .completed(250)])
        let handled = Recorder<String>()
        let observer = scheduler.start {
            source.catch { error in
                handled.append("\(error) @ \(scheduler.clock)")
                return fallback.asObservable()
            }
        }
        #expect(observer.events == [.next(210, 2), .next(220, 3), .next(240, 4), .completed(250)])
        #expect(handled.items == ["up @ 230"])
        #expect(source.subscriptions == [Subscription(200, 230)])
        #expect(fallback.subscriptions == [Subscription(230, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing handler fails with the thrown error")
    func handlerThrows() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(230, TestError("up"))])
        let observer = scheduler.start {
            source.catch { _ in throw TestError("handler") }
        }
        #expect(observer.events == [.next(210, 2), .next(220, 3), .error(230, TestError("handler"))])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source that completes never calls the handler")
    func noError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .completed(230)])
        let fallback = scheduler.createColdObservable([.next(10, 9), .completed(20)])
        let calls = Recorder<String>()
        let observer = scheduler.start {
            source.catch { error in
                calls.append("\(error)")
                return fallback.asObservable()
            }
        }
        #expect(observer.events == [.next(210, 2), .completed(230)])
        #expect(calls.items.isEmpty)
        #expect(source.subscriptions == [Subscription(200, 230)])
        #expect(fallback.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("an error of the fallback is forwarded")
    func fallbackFails() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .error(230, TestError("up"))])
        let fallback = scheduler.createColdObservable([.next(10, 4), .error(20, TestError("fallback"))])
        let observer = scheduler.start { source.catch { _ in fallback.asObservable() } }
        #expect(observer.events == [.next(210, 2), .next(240, 4), .error(250, TestError("fallback"))])
        #expect(fallback.subscriptions == [Subscription(230, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal before the error unsubscribes from the source only")
    func disposalBeforeError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .error(230, TestError("up"))])
        let fallback = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let observer = scheduler.start(disposed: 220) { source.catch { _ in fallback.asObservable() } }
        #expect(observer.events == [.next(210, 2)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        #expect(fallback.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("disposal after the switch unsubscribes from the fallback")
    func disposalAfterSwitch() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .error(230, TestError("up"))])
        let fallback = scheduler.createColdObservable([.next(10, 4), .next(30, 5), .completed(40)])
        let observer = scheduler.start(disposed: 250) { source.catch { _ in fallback.asObservable() } }
        #expect(observer.events == [.next(210, 2), .next(240, 4)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        #expect(fallback.subscriptions == [Subscription(230, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source that fails during subscribe switches during subscribe")
    func synchronousError() {
        let seen = Recorder<String>()
        _ = Observable<Int>.error(TestError("now"))
            .catch { _ in .of(1, 2) }
            .subscribe { seen.append("\($0)") }
        #expect(seen.items == ["next(1)", "next(2)", "completed"])
    }

    @Test("an error sent from inside the subscriber switches after the current value")
    func reentrant() {
        let subject = Subject<Int>()
        let seen = Recorder<String>()
        let subscription = subject
            .catch { _ in .just(99) }
            .subscribe(
                onNext: { value in
                    seen.append("begin \(value)")
                    if value == 1 { subject.onError(TestError("inside")) }
                    seen.append("end \(value)")
                },
                onCompleted: { seen.append("completed") }
            )
        subject.onNext(1)
        #expect(seen.items == ["begin 1", "end 1", "begin 99", "end 99", "completed"])
        subscription.dispose()
    }

    @Test("releases the handler and the observer after completion, error and disposal",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, probe in
            source.catch { [probe] error in
                _ = probe.pass(0)
                return .error(error)
            }
        }
    }
}

@Suite("catchAndReturn")
struct CatchAndReturnTests {
    @Test("a source that completes is passed through")
    func noError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .completed(230)])
        let observer = scheduler.start { source.catchAndReturn(-1) }
        #expect(observer.events == [.next(210, 2), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal stops delivery and unsubscribes at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .error(30, TestError("up"))])
        let observer = scheduler.start(disposed: 220) { source.catchAndReturn(-1) }
        #expect(observer.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }
}
