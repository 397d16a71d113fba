import Streams
import StreamsTesting
import Testing

@Suite("scan")
struct ScanTests {
    @Test("emits each running result but never the seed")
    func runningResults() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(250),
        ])
        let observer = scheduler.start { source.scan(42) { $0 + $1 } }
        #expect(observer.events == [.next(210, 44), .next(220, 47), .next(230, 51), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("an empty source completes without emitting the seed")
    func empty() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let observer = scheduler.start { source.scan(42) { $0 + $1 } }
        #expect(observer.events == [.completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source that never emits leaves the output silent until disposal")
    func never() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1)])
        let observer = scheduler.start { source.scan(42) { $0 + $1 } }
        #expect(observer.events.isEmpty)
        #expect(source.subscriptions == [Subscription(200, 1000)])
        expectNoPendingWork(scheduler)
    }

    @Test("forwards an upstream error and unsubscribes at its tick")
    func upstreamError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .error(250, TestError("up"))])
        let observer = scheduler.start { source.scan(42) { $0 + $1 } }
        #expect(observer.events == [.next(210, 44), .error(250, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing accumulator ends the sequence with its error and unsubscribes")
    func throwing() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 2), .next(220, 3), .next(230, 4), .completed(250),
        ])
        let observer = scheduler.start {
            source.scan(42) { result, value in
                if value == 3 { throw TestError("three") }
                return result + value
            }
        }
        #expect(observer.events == [.next(210, 44), .error(220, TestError("three"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing in-place accumulator ends the sequence with its error")
    func throwingInto() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let observer = scheduler.start {
            source.scan(into: [Int]()) { result, value in
                if value == 3 { throw TestError("three") }
                result.append(value)
            }
        }
        #expect(observer.events == [.next(210, [2]), .error(220, TestError("three"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal stops delivery and unsubscribes at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let observer = scheduler.start(disposed: 225) { source.scan(0, accumulator: +) }
        #expect(observer.events == [.next(210, 1), .next(220, 3)])
        #expect(source.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("each subscription accumulates from the seed on its own")
    func independentSubscriptions() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let sums = source.scan(0, accumulator: +)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = sums.subscribe(early.asObserver()) }
        scheduler.scheduleAt(215) { _ = sums.subscribe(late.asObserver()) }
        try scheduler.run()
        #expect(early.events == [.next(210, 1), .next(220, 3), .next(230, 6), .completed(240)])
        #expect(late.events == [.next(220, 2), .next(230, 5), .completed(240)])
        #expect(source.subscriptions == [Subscription(200, 240), Subscription(215, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent into the source from inside the subscriber is accumulated after the current one")
    func reentrant() {
        let subject = Subject<Int>()
        let seen = Recorder<Int>()
        let subscription = subject.scan(0, accumulator: +).subscribe(onNext: { total in
            seen.append(total)
            if total == 1 { subject.onNext(10) }
            seen.append(-total)
        })
        subject.onNext(1)
        subject.onNext(100)
        #expect(seen.items == [1, -1, 11, -11, 111, -111])
        subscription.dispose()
    }

    @Test("releases the accumulator and the observer after completion, error and disposal",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, probe in
            source.scan(0) { [probe] total, value in probe.pass(value) ? total + value : total }
        }
    }
}
