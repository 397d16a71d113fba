import Dispatch
import Streams
import StreamsTesting
import Testing

@Suite("take")
struct TakeTests {
    @Test("emits the first values and completes at the tick of the last one")
    func completesAfterCount() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .completed(690),
        ])
        let observer = scheduler.start { source.take(3) }
        #expect(observer.events == [.next(210, 9), .next(230, 13), .next(270, 7), .completed(270)])
        #expect(source.subscriptions == [Subscription(200, 270)])
        expectNoPendingWork(scheduler)
    }

    @Test("forwards the completion of a source that ends before the count")
    func sourceCompletesFirst() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 9), .next(230, 13), .completed(300)])
        let observer = scheduler.start { source.take(5) }
        #expect(observer.events == [.next(210, 9), .next(230, 13), .completed(300)])
        #expect(source.subscriptions == [Subscription(200, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("forwards an error that comes before the count")
    func upstreamError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 9), .error(230, TestError("up"))])
        let observer = scheduler.start { source.take(5) }
        #expect(observer.events == [.next(210, 9), .error(230, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("take(0) completes at once without subscribing to the source")
    func zero() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 9), .completed(230)])
        let observer = scheduler.start { source.take(0) }
        #expect(observer.events == [.completed(200)])
        #expect(source.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("disposal stops delivery and unsubscribes at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let observer = scheduler.start(disposed: 225) { source.take(3) }
        #expect(observer.events == [.next(210, 1), .next(220, 2)])
        #expect(source.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("counts a value before delivering it, so a re-entrant value is not taken")
    func reentrantCountsFirst() {
        let source = ReentrantSource<Int>()
        let seen = Recorder<String>()
        let subscription = source.observable.take(1).subscribe(
            onNext: { value in
                seen.append("next(\(value))")
                source.send(.next(value + 1))
            },
            onCompleted: { seen.append("completed") }
        )
        source.send(.next(1))
        #expect(seen.items == ["next(1)", "completed"])
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, _ in source.take(5) }
    }
}

@Suite("take(while:)")
struct TakeWhileTests {
    @Test("forwards the completion of a source whose values all pass")
    func sourceCompletes() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start { source.take(while: { $0 < 3 }) }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("forwards an upstream error")
    func upstreamError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("up"))])
        let observer = scheduler.start { source.take(while: { $0 < 3 }) }
        #expect(observer.events == [.next(210, 1), .error(220, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing predicate ends the sequence with its error and unsubscribes")
    func throwing() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start {
            source.take(while: { value in
                if value == 2 { throw TestError("two") }
                return true
            })
        }
        #expect(observer.events == [.next(210, 1), .error(220, TestError("two"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal stops delivery and unsubscribes at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let observer = scheduler.start(disposed: 215) { source.take(while: { _ in true }) }
        #expect(observer.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 215)])
        expectNoPendingWork(scheduler)
    }

    @Test("a re-entrant value after the stop is dropped")
    func reentrant() {
        let source = ReentrantSource<Int>()
        let seen = Recorder<String>()
        let subscription = source.observable.take(while: { $0 < 2 }).subscribe(
            onNext: { value in seen.append("next(\(value))") },
            onCompleted: {
                seen.append("completed")
                source.send(.next(0))
            }
        )
        source.send(.next(1))
        source.send(.next(2))
        #expect(seen.items == ["next(1)", "completed"])
        subscription.dispose()
    }

    @Test("releases the predicate and the observer after completion, error and disposal",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, probe in source.take(while: { [probe] in probe.pass($0) }) }
    }
}

@Suite("take(until:)")
struct TakeUntilTests {
    @Test("completes when the other sequence emits, and unsubscribes from both")
    func otherEmits() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let other = scheduler.createHotObservable([.next(150, 1), .next(225, 99), .completed(230)])
        let observer = scheduler.start { source.take(until: other) }
        #expect(observer.events == [.next(210, 2), .next(220, 3), .completed(225)])
        #expect(source.subscriptions == [Subscription(200, 225)])
        #expect(other.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("completes before any value when the other sequence emits first")
    func otherEmitsFirst() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(230, 2), .completed(240)])
        let other = scheduler.createHotObservable([.next(210, "stop"), .completed(220)])
        let observer = scheduler.start { source.take(until: other) }
        #expect(observer.events == [.completed(210)])
        #expect(source.subscriptions == [Subscription(200, 210)])
        #expect(other.subscriptions == [Subscription(200, 210)])
        expectNoPendingWork(scheduler)
    }

    @Test("forwards an error from the other sequence")
    func otherFails() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
        let other = scheduler.createHotObservable([.error(225, TestError("other"), Int.self)])
        let observer = scheduler.start { source.take(until: other) }
        #expect(observer.events == [.next(210, 2), .next(220, 3), .error(225, TestError("other"))])
        #expect(source.subscriptions == [Subscription(200, 225)])
        #expect(other.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("an other sequence that completes without a value changes nothing")
    func otherCompletesEmpty() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .next(230, 4), .completed(250)])
        let other = scheduler.createHotObservable([.completed(225, Int.self)])
        let observer = scheduler.start { source.take(until: other) }
        #expect(observer.events == [.next(210, 2), .next(230, 4), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("the source completing first unsubscribes from the other sequence")
    func sourceCompletesFirst() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .completed(220)])
        let other = scheduler.createHotObservable([.next(250, 1)])
        let observer = scheduler.start { source.take(until: other) }
        #expect(observer.events == [.next(210, 2), .completed(220)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        #expect(other.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("the source failing first unsubscribes from the other sequence")
    func sourceFailsFirst() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .error(220, TestError("up"))])
        let other = scheduler.createHotObservable([.next(250, 1)])
        let observer = scheduler.start { source.take(until: other) }
        #expect(observer.events == [.next(210, 2), .error(220, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        #expect(other.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal unsubscribes from both at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let other = scheduler.createColdObservable([.next(100, 0)])
        let observer = scheduler.start(disposed: 225) { source.take(until: other) }
        #expect(observer.events == [.next(210, 1), .next(220, 2)])
        #expect(source.subscriptions == [Subscription(200, 225)])
        #expect(other.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("an other sequence that emits during subscribe completes at once; the source is never subscribed")
    func synchronousOther() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .completed(250)])
        let observer = scheduler.start { source.take(until: Observable.just(())) }
        #expect(observer.events == [.completed(200)])
        #expect(source.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("the other sequence emitting from inside the subscriber completes after the current value")
    func reentrantStop() {
        let source = Subject<Int>()
        let other = Subject<Void>()
        let seen = Recorder<String>()
        let subscription = source.take(until: other).subscribe(
            onNext: { value in
                seen.append("begin \(value)")
                if value == 2 { other.onNext(()) }
                seen.append("end \(value)")
            },
            onCompleted: { seen.append("completed") }
        )
        source.onNext(1)
        source.onNext(2)
        source.onNext(3)
        #expect(seen.items == ["begin 1", "end 1", "begin 2", "end 2", "completed"])
        #expect(!source.hasObservers)
        #expect(!other.hasObservers)
        subscription.dispose()
    }

    @Test("a source that completes from inside the subscriber completes after the current value")
    func reentrantSourceCompletion() {
        let source = ReentrantSource<Int>()
        let seen = Recorder<String>()
        let subscription = source.observable.take(until: Observable<Int>.never()).subscribe(
            onNext: { value in
                seen.append("begin \(value)")
                source.send(.completed)
                seen.append("end \(value)")
            },
            onCompleted: { seen.append("completed") }
        )
        source.send(.next(1))
        #expect(seen.items == ["begin 1", "end 1", "completed"])
        subscription.dispose()
    }

    @Test("values and the stop arriving on different threads are delivered serially, the stop last")
    func concurrentStop() {
        for _ in 0..<20 {
            let source = Subject<Int>()
            let other = Subject<Void>()
            let calls = CallDepth()
            let events = Recorder<String>()
            let subscription = source.take(until: other).subscribe(
                onNext: { value in calls.run { events.append("\(value)") } },
                onCompleted: { calls.run { events.append("completed") } }
            )
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    for value in 0..<500 { source.onNext(value) }
                } else {
                    other.onNext(())
                }
            }
            let items = events.items
            #expect(calls.overlaps == 0)
            #expect(items.last == "completed")
            #expect(items.filter { $0 == "completed" }.count == 1)
            #expect(items.dropLast() == items.dropLast().indices.map { "\($0)" }[...])
            subscription.dispose()
        }
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, _ in source.take(until: Observable<Int>.never()) }
    }
}
