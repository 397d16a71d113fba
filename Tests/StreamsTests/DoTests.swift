import Streams
import StreamsTesting
import Testing

@Suite("do")
struct DoTests {
    @Test("documentation diagram: do(onNext:) passes the events through")
    func diagram() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let log = Recorder<String>()
        let observer = scheduler.start(created: 0, subscribed: 0) {
            source.do(onNext: { log.append($0) })
        }
        expectMarbles(observer, "-a-b-|")
        expectSubscriptions(source, "^----!")
        #expect(log.items == ["a", "b"])
        expectNoPendingWork(scheduler)
    }

    @Test("onNext sees each value before the subscriber, afterNext after it")
    func nextOrder() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let log = Recorder<String>()
        let observer = scheduler.start {
            source
                .do(onNext: { log.append("on \($0)") }, afterNext: { log.append("after \($0)") })
                .do(onNext: { log.append("subscriber \($0)") })
        }
        #expect(observer.events == [.next(210, 2), .next(220, 3), .completed(250)])
        #expect(log.items == ["on 2", "subscriber 2", "after 2", "on 3", "subscriber 3", "after 3"])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing onNext drops the value and fails with its error")
    func onNextThrows() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let observer = scheduler.start {
            source.do(onNext: { value in if value == 5 { throw TestError("next") } })
        }
        #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .error(240, TestError("next"))])
        #expect(source.subscriptions == [Subscription(200, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing afterNext fails after the value was forwarded")
    func afterNextThrows() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
        let observer = scheduler.start {
            source.do(afterNext: { value in if value == 3 { throw TestError("after") } })
        }
        #expect(observer.events == [.next(210, 2), .next(220, 3), .error(220, TestError("after"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("onError sees the error before the subscriber, afterError after it")
    func errorOrder() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .error(250, TestError("up"))])
        let log = Recorder<String>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = source
            .do(onError: { log.append("on \($0)") }, afterError: { log.append("after \($0)") })
            .do(onError: { _ in log.append("subscriber") })
            .subscribe(observer.asObserver())
        try scheduler.run()
        #expect(observer.events == [.next(210, 2), .error(250, TestError("up"))])
        #expect(log.items == ["on up", "subscriber", "after up"])
        #expect(source.subscriptions == [Subscription(0, 250)])
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing onError replaces the error")
    func onErrorThrows() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(250, TestError("up"))])
        let afterCalls = Recorder<String>()
        let observer = scheduler.start {
            source.do(onError: { _ in throw TestError("replaced") }, afterError: { afterCalls.append("\($0)") })
        }
        #expect(observer.events == [.next(210, 2), .error(250, TestError("replaced"))])
        #expect(afterCalls.items.isEmpty)
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("onCompleted runs before the completion, afterCompleted after it")
    func completedOrder() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .completed(250)])
        let log = Recorder<String>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = source
            .do(onCompleted: { log.append("on") }, afterCompleted: { log.append("after") })
            .do(onCompleted: { log.append("subscriber") })
            .subscribe(observer.asObserver())
        try scheduler.run()
        #expect(observer.events == [.next(210, 2), .completed(250)])
        #expect(log.items == ["on", "subscriber", "after"])
        #expect(source.subscriptions == [Subscription(0, 250)])
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing onCompleted turns the completion into its error")
    func onCompletedThrows() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .next(240, 5), .completed(250)])
        let observer = scheduler.start { source.do(onCompleted: { throw TestError("completed") }) }
        #expect(observer.events == [.next(210, 2), .next(240, 5), .error(250, TestError("completed"))])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error thrown after the end is dropped, keeping the grammar")
    func afterTerminalThrows() throws {
        let scheduler = TestScheduler()
        let completing = scheduler.createHotObservable([.next(210, 2), .completed(250)])
        let failing = scheduler.createHotObservable([.next(210, 2), .error(250, TestError("up"))])
        let completed = scheduler.createObserver(Int.self)
        let failed = scheduler.createObserver(Int.self)
        let first = completing.do(afterCompleted: { throw TestError("late") }).subscribe(completed.asObserver())
        let second = failing.do(afterError: { _ in throw TestError("late") }).subscribe(failed.asObserver())
        try scheduler.run()
        #expect(completed.events == [.next(210, 2), .completed(250)])
        #expect(failed.events == [.next(210, 2), .error(250, TestError("up"))])
        first.dispose()
        second.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("order of handlers for a source that completes later")
    func orderCompletedLater() throws {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        let source = scheduler.createHotObservable([.next(300, 0), .completed(300)])
        _ = scheduler.start {
            source
                .do(onSubscribe: { log.append("source subscribe") }, onDispose: { log.append("source dispose") })
                .do(
                    onNext: { _ in log.append("onNext") },
                    onCompleted: { log.append("onCompleted") },
                    onSubscribe: { log.append("onSubscribe") },
                    onSubscribed: { log.append("onSubscribed") },
                    onDispose: { log.append("onDispose") }
                )
        }
        #expect(log.items == [
            "onSubscribe", "source subscribe", "onSubscribed", "onNext", "onCompleted", "source dispose", "onDispose",
        ])
        #expect(source.subscriptions == [Subscription(200, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("order of handlers for a source that completes during subscribe")
    func orderCompletedSynchronously() {
        let log = Recorder<String>()
        let source = Observable<Int>.create { observer in
            log.append("source subscribe")
            observer.onNext(0)
            observer.onCompleted()
            return Disposables.create { log.append("source dispose") }
        }
        _ = source
            .do(
                onNext: { _ in log.append("onNext") },
                onCompleted: { log.append("onCompleted") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe { _ in }
        #expect(log.items == [
            "onSubscribe", "source subscribe", "onNext", "onCompleted", "source dispose", "onSubscribed", "onDispose",
        ])
    }

    @Test("order of handlers for a source that fails during subscribe")
    func orderFailedSynchronously() {
        let log = Recorder<String>()
        let source = Observable<Int>.create { observer in
            log.append("source subscribe")
            observer.onNext(0)
            observer.onError(TestError())
            return Disposables.create { log.append("source dispose") }
        }
        _ = source
            .do(
                onNext: { _ in log.append("onNext") },
                onError: { _ in log.append("onError") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe { _ in }
        #expect(log.items == [
            "onSubscribe", "source subscribe", "onNext", "onError", "source dispose", "onSubscribed", "onDispose",
        ])
    }

    @Test("order of handlers when the subscription is disposed")
    func orderDisposed() {
        let log = Recorder<String>()
        let source = Observable<Int>.create { observer in
            log.append("source subscribe")
            observer.onNext(0)
            return Disposables.create { log.append("source dispose") }
        }
        source
            .do(
                onNext: { _ in log.append("onNext") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe { _ in }
            .dispose()
        #expect(log.items == ["onSubscribe", "source subscribe", "onNext", "onSubscribed", "source dispose", "onDispose"])
    }

    @Test("onDispose runs exactly once, however the subscription ends", arguments: SubscriptionEnding.allCases)
    func onDisposeOnce(ending: SubscriptionEnding) throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(ending == .error
            ? [.next(210, 1), .error(220, TestError("up"))]
            : [.next(210, 1), .completed(220)])
        let disposals = Recorder<Int>()
        let subscription = source
            .do(onDispose: { disposals.append(scheduler.clock) })
            .subscribe { _ in }
        try scheduler.advance(to: 215)
        if ending == .disposal { subscription.dispose() }
        try scheduler.advance(to: 220)
        subscription.dispose()
        subscription.dispose()
        #expect(disposals.items == [ending == .disposal ? 215 : 220])
        #expect(source.subscriptions == [Subscription(0, ending == .disposal ? 215 : 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal stops delivery and unsubscribes at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let seen = Recorder<Int>()
        let observer = scheduler.start(disposed: 225) { source.do(onNext: { seen.append($0) }) }
        #expect(observer.events == [.next(210, 1), .next(220, 2)])
        #expect(seen.items == [1, 2])
        #expect(source.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent into the source from onNext is handled after the current one")
    func reentrant() {
        let subject = Subject<Int>()
        let log = Recorder<String>()
        let subscription = subject
            .do(
                onNext: { value in
                    log.append("on \(value)")
                    if value == 1 { subject.onNext(2) }
                },
                afterNext: { log.append("after \($0)") }
            )
            .subscribe(onNext: { log.append("subscriber \($0)") })
        subject.onNext(1)
        #expect(log.items == ["on 1", "subscriber 1", "after 1", "on 2", "subscriber 2", "after 2"])
        subscription.dispose()
    }

    @Test("releases the handlers and the observer after completion, error and disposal",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, probe in
            source.do(onNext: { [probe] in _ = probe.pass($0) }, onDispose: { [probe] in _ = probe.pass(0) })
        }
    }
}
