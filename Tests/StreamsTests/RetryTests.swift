import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("retry")
struct RetryTests {
    @Test("a source that completes is subscribed once")
    func completes() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])
        let observer = scheduler.start { source.retry() }
        #expect(observer.events == [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
        #expect(source.subscriptions == [Subscription(200, 450)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source that never ends is subscribed once, until disposal")
    func neverEnds() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3)])
        let observer = scheduler.start { source.retry() }
        #expect(observer.events == [.next(300, 1), .next(350, 2), .next(400, 3)])
        #expect(source.subscriptions == [Subscription(200, 1000)])
        expectNoPendingWork(scheduler)
    }

    @Test("resubscribes at the tick of each error, until disposed")
    func resubscribesForever() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([
            .next(100, 1), .next(150, 2), .next(200, 3), .error(250, TestError("up")),
        ])
        let observer = scheduler.start(disposed: 1100) { source.retry() }
        #expect(observer.events == [
            .next(300, 1), .next(350, 2), .next(400, 3),
            .next(550, 1), .next(600, 2), .next(650, 3),
            .next(800, 1), .next(850, 2), .next(900, 3),
            .next(1050, 1),
        ])
        #expect(source.subscriptions == [
            Subscription(200, 450), Subscription(450, 700), Subscription(700, 950), Subscription(950, 1100),
        ])
        expectNoPendingWork(scheduler)
    }

    @Test("retry(3) makes three attempts in all and forwards the third error")
    func threeAttempts() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([
            .next(5, 1), .next(10, 2), .next(15, 3), .error(20, TestError("up")),
        ])
        let observer = scheduler.start { source.retry(3) }
        #expect(observer.events == [
            .next(205, 1), .next(210, 2), .next(215, 3),
            .next(225, 1), .next(230, 2), .next(235, 3),
            .next(245, 1), .next(250, 2), .next(255, 3),
            .error(260, TestError("up")),
        ])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal during the second attempt unsubscribes it at the disposal tick")
    func disposalDuringAttempt() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([
            .next(5, 1), .next(10, 2), .next(15, 3), .error(20, TestError("up")),
        ])
        let observer = scheduler.start(disposed: 231) { source.retry(3) }
        #expect(observer.events == [
            .next(205, 1), .next(210, 2), .next(215, 3), .next(225, 1), .next(230, 2),
        ])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 231)])
        expectNoPendingWork(scheduler)
    }

    @Test("retry(3) of a source that completes is subscribed once")
    func countCompletes() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(100, 1), .completed(250)])
        let observer = scheduler.start { source.retry(3) }
        #expect(observer.events == [.next(300, 1), .completed(450)])
        #expect(source.subscriptions == [Subscription(200, 450)])
        expectNoPendingWork(scheduler)
    }

    @Test("retry(1) is the source itself")
    func oneAttempt() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("up"))])
        let observer = scheduler.start { source.retry(1) }
        #expect(observer.events == [.next(210, 1), .error(220, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("retry(0) completes at once without subscribing, as in RxSwift")
    func zeroAttempts() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("up"))])
        let observer = scheduler.start { source.retry(0) }
        #expect(observer.events == [.completed(200)])
        #expect(source.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("a source that fails during subscribe many times in a row is retried in a loop")
    func synchronousFailuresDoNotRecurse() {
        let attempts = Mutex(0)
        let failures = 100_000
        let source = Observable<Int>.create { observer in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            if attempt <= failures {
                observer.onError(TestError("now"))
            } else {
                observer.onNext(attempt)
                observer.onCompleted()
            }
            return Disposables.create()
        }
        let seen = Recorder<String>()
        _ = source.retry().subscribe { seen.append("\($0)") }
        #expect(seen.items == ["next(\(failures + 1))", "completed"])
        #expect(attempts.withLock { $0 } == failures + 1)
    }

    @Test("a source that fails during subscribe once forwards the values of both attempts")
    func synchronousFailureThenValues() {
        let attempts = Mutex(0)
        let source = Observable<Int>.create { observer in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            observer.onNext(0)
            observer.onNext(1)
            if attempt < 2 { observer.onError(TestError("once")) }
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        let seen = Recorder<String>()
        _ = source.retry(2).subscribe { seen.append("\($0)") }
        #expect(seen.items == ["next(0)", "next(1)", "next(0)", "next(1)", "next(2)", "completed"])
    }

    @Test("an error sent from inside the subscriber resubscribes after the current value")
    func reentrant() {
        let subject = Subject<Int>()
        let seen = Recorder<String>()
        let subscription = subject
            .retry(3)
            .subscribe(
                onNext: { value in
                    seen.append("begin \(value)")
                    subject.onError(TestError("inside"))
                    seen.append("end \(value)")
                },
                onError: { seen.append("error \($0)") }
            )
        subject.onNext(1)
        // The terminated subject fails each later attempt during subscribe.
        #expect(seen.items == ["begin 1", "end 1", "error inside"])
        #expect(!subject.hasObservers)
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, _ in source.retry(1) }
    }
}
