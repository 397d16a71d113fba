import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("Single")
struct SingleTests {
    // MARK: create

    @Test("create delivers a success as a value followed by the completion")
    func createSuccess() throws {
        let scheduler = TestScheduler()
        let single = Single<Int>.create { single in
            scheduler.schedule(after: .seconds(20)) { single(.success(42)) }
        }
        let observer = scheduler.start { single }
        #expect(observer.events == [.next(220, 42), .completed(220)])
        expectNoPendingWork(scheduler)
    }

    @Test("create delivers a failure as an error")
    func createFailure() throws {
        let scheduler = TestScheduler()
        let single = Single<Int>.create { single in
            scheduler.schedule(after: .seconds(20)) { single(.failure(TestError("x"))) }
        }
        let observer = scheduler.start { single }
        #expect(observer.events == [.error(220, TestError("x"))])
        expectNoPendingWork(scheduler)
    }

    @Test("create keeps the first result only and then disposes the work")
    func createFirstResultOnly() {
        let disposed = Mutex(false)
        let results = Recorder<String>()
        let single = Single<Int>.create { single in
            single(.success(1))
            single(.success(2))
            single(.failure(TestError("x")))
            return Disposables.create { disposed.withLock { $0 = true } }
        }
        let subscription = single.subscribe { results.append("\($0)") }
        #expect(results.items == ["success(1)"])
        #expect(disposed.withLock { $0 })
        subscription.dispose()
    }

    @Test("create lets exactly one of several racing results through")
    func createRacingResults() {
        for _ in 0..<50 {
            let results = Recorder<Int>()
            let done = DispatchSemaphore(value: 0)
            let single = Single<Int>.create { single in
                DispatchQueue.global().async {
                    DispatchQueue.concurrentPerform(iterations: 8) { single(.success($0)) }
                    done.signal()
                }
                return Disposables.create()
            }
            let subscription = single.asObservable().subscribe(onNext: { results.append($0) })
            #expect(done.wait(timeout: .now() + 10) == .success)
            #expect(results.items.count == 1)
            subscription.dispose()
        }
    }

    // MARK: subscribing

    @Test("subscribe(onSuccess:onFailure:onDisposed:) reports the result, then the disposal")
    func subscribeClosures() {
        let log = Recorder<String>()
        _ = Single.just(1).subscribe(
            onSuccess: { log.append("success \($0)") },
            onFailure: { log.append("failure \($0)") },
            onDisposed: { log.append("disposed") }
        )
        _ = Single<Int>.error(TestError("x")).subscribe(
            onSuccess: { log.append("success \($0)") },
            onFailure: { log.append("failure \($0)") },
            onDisposed: { log.append("disposed") }
        )
        #expect(log.items == ["success 1", "disposed", "failure x", "disposed"])
    }

    @Test("disposing a subscription before the result runs onDisposed once and nothing else")
    func subscribeDisposal() {
        let log = Recorder<String>()
        let subject = Subject<Int>()
        let subscription = subject.asSingle().subscribe(
            onSuccess: { log.append("success \($0)") },
            onDisposed: { log.append("disposed") }
        )
        subscription.dispose()
        subscription.dispose()
        subject.onNext(1)
        subject.onCompleted()
        #expect(log.items == ["disposed"])
        #expect(!subject.hasObservers)
    }

    @Test("deferred builds the single per subscriber, and a throwing factory fails it")
    func deferred() {
        let builds = Mutex(0)
        let single = Single<Int>.deferred {
            let count = builds.withLock { count in
                count += 1
                return count
            }
            if count == 2 { throw TestError("second") }
            return .just(count)
        }
        let results = Recorder<String>()
        _ = single.subscribe { results.append("\($0)") }
        _ = single.subscribe { results.append("\($0)") }
        #expect(results.items == ["success(1)", "failure(second)"])
    }

    // MARK: operators

    @Test("map transforms the value, and a throwing transform fails")
    func map() {
        let results = Recorder<String>()
        _ = Single.just(2).map { $0 * 10 }.subscribe { results.append("\($0)") }
        _ = Single.just(2).map { _ -> Int in throw TestError("map") }.subscribe { results.append("\($0)") }
        _ = Single<Int>.error(TestError("x")).map { $0 * 10 }.subscribe { results.append("\($0)") }
        #expect(results.items == ["success(20)", "failure(map)", "failure(x)"])
    }

    @Test("flatMap chains a second single after the first one's value")
    func flatMap() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let second = scheduler.createColdObservable([.next(20, 100), .completed(20)])
        let observer = scheduler.start {
            first.asSingle().flatMap { value in second.asSingle().map { $0 + value } }
        }
        #expect(observer.events == [.next(230, 101), .completed(230)])
        #expect(first.subscriptions == [Subscription(200, 210)])
        #expect(second.subscriptions == [Subscription(210, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("flatMap fails when the first single, the selector or the second single fails")
    func flatMapFailures() {
        let results = Recorder<String>()
        _ = Single<Int>.error(TestError("first")).flatMap { Single.just($0) }.subscribe { results.append("\($0)") }
        _ = Single.just(1).flatMap { _ -> Single<Int> in throw TestError("selector") }.subscribe { results.append("\($0)") }
        _ = Single.just(1).flatMap { _ in Single<Int>.error(TestError("second")) }.subscribe { results.append("\($0)") }
        #expect(results.items == ["failure(first)", "failure(selector)", "failure(second)"])
    }

    @Test("disposing a flatMap cancels the second single")
    func flatMapDisposal() throws {
        let scheduler = TestScheduler()
        let second = scheduler.createColdObservable([.next(100, 1), .completed(100)])
        let observer = scheduler.start(disposed: 250) {
            Single.just(0).flatMap { _ in second.asSingle() }
        }
        #expect(observer.events.isEmpty)
        #expect(second.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("catch replaces a failure with another single; a throwing handler fails")
    func catchFailure() {
        let results = Recorder<String>()
        _ = Single<Int>.error(TestError("x")).catch { _ in .just(7) }.subscribe { results.append("\($0)") }
        _ = Single.just(1).catch { _ in .just(7) }.subscribe { results.append("\($0)") }
        _ = Single<Int>.error(TestError("x")).catch { _ in throw TestError("handler") }.subscribe { results.append("\($0)") }
        _ = Single<Int>.error(TestError("x")).catchAndReturn(0).subscribe { results.append("\($0)") }
        #expect(results.items == ["success(7)", "success(1)", "failure(handler)", "success(0)"])
    }

    @Test("retry subscribes again after a failure, up to the attempt count")
    func retry() throws {
        let scheduler = TestScheduler()
        let failing = scheduler.createColdObservable([Recorded<Event<Int>>.error(10, TestError("x"))])
        let observer = scheduler.start { failing.asSingle().retry(3) }
        #expect(observer.events == [.error(230, TestError("x"))])
        #expect(failing.subscriptions == [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("retry stops at the first success")
    func retrySucceeds() {
        let attempts = Mutex(0)
        let flaky = Single<String>.create { single in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            single(attempt < 2 ? .failure(TestError("flaky")) : .success("page \(attempt)"))
            return Disposables.create()
        }
        let results = Recorder<String>()
        _ = flaky.retry(5).subscribe { results.append("\($0)") }
        #expect(results.items == [#"success("page 2")"#])
        #expect(attempts.withLock { $0 } == 2)
    }

    @Test("retry resubscribes a single that fails during subscribe in a loop, not recursively")
    func retrySynchronousFailuresDoNotRecurse() {
        let attempts = Mutex(0)
        let failures = 100_000
        let flaky = Single<Int>.create { single in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            single(attempt <= failures ? .failure(TestError("now")) : .success(attempt))
            return Disposables.create()
        }
        let results = Recorder<String>()
        _ = flaky.retry(failures + 1).subscribe { results.append("\($0)") }
        #expect(results.items == ["success(\(failures + 1))"])
        #expect(attempts.withLock { $0 } == failures + 1)
    }

    @Test("retry with a count below 1 makes one attempt and forwards its error")
    func retryZeroAttemptsOnce() {
        let attempts = Mutex(0)
        let failing = Single<Int>.create { single in
            attempts.withLock { $0 += 1 }
            single(.failure(TestError("x")))
            return Disposables.create()
        }
        let results = Recorder<String>()
        _ = failing.retry(0).subscribe { results.append("\($0)") }
        _ = failing.retry(-1).subscribe { results.append("\($0)") }
        #expect(results.items == ["failure(x)", "failure(x)"])
        #expect(attempts.withLock { $0 } == 2)
    }

    @Test("observe(on:) delivers the result on the scheduler")
    func observeOn() throws {
        let scheduler = TestScheduler()
        let target = TestScheduler()
        try target.advance(to: 50)
        let results = Recorder<String>()
        let subscription = Single.just(1).observe(on: target).subscribe { results.append("\($0)") }
        #expect(results.items.isEmpty)
        try target.run()
        #expect(results.items == ["success(1)"])
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("delay shifts a success and forwards a failure at once")
    func delay() throws {
        let scheduler = TestScheduler()
        let success = scheduler.start { Single.just(1).delay(.seconds(30), scheduler: scheduler) }
        #expect(success.events == [.next(230, 1), .completed(230)])
        let failure = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            Single<Int>.error(TestError("x")).delay(.seconds(30), scheduler: scheduler)
        }
        #expect(failure.events == [.error(1200, TestError("x"))])
        expectNoPendingWork(scheduler)
    }

    // MARK: asSingle

    @Test("asSingle holds the value until the source completes")
    func asSingleOne() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
        let observer = scheduler.start { source.asSingle() }
        #expect(observer.events == [.next(250, 2), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("asSingle fails with noElements when the source completes empty")
    func asSingleEmpty() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), Recorded<Event<Int>>.completed(250)])
        let observer = scheduler.start { source.asSingle() }
        #expect(observer.events == [.error(250, SingleError.noElements)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("asSingle fails with moreThanOneElement at the second value and unsubscribes")
    func asSingleTwo() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let observer = scheduler.start { source.asSingle() }
        #expect(observer.events == [.error(220, SingleError.moreThanOneElement)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("asSingle passes an error through")
    func asSingleError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("x"))])
        let observer = scheduler.start { source.asSingle() }
        #expect(observer.events == [.error(220, TestError("x"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("asSingle disposal ends the source subscription")
    func asSingleDisposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let observer = scheduler.start(disposed: 250) { source.asSingle() }
        #expect(observer.events.isEmpty)
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent back into the source when the single succeeds is not delivered")
    func asSingleReentrant() {
        let subject = Subject<Int>()
        let results = Recorder<String>()
        let subscription = subject.asSingle().subscribe { result in
            results.append("\(result)")
            subject.onNext(99)
        }
        subject.onNext(1)
        subject.onCompleted()
        #expect(results.items == ["success(1)"])
        subscription.dispose()
    }

    @Test("asSingle releases the observer after success, failure and disposal")
    func releasesObserver() throws {
        for ending in ["success", "failure", "disposed"] {
            let scheduler = TestScheduler()
            let source = scheduler.createHotObservable(
                ending == "success" ? [.next(10, 1), .completed(12)]
                    : ending == "failure" ? [.next(10, 1), .error(12, TestError("x"))] : [.next(10, 1)]
            )
            let released = try isReleased(subscribe: { probe in
                source.asSingle().subscribe { [probe] _ in _ = probe }
            }, after: { subscription in
                try scheduler.advance(to: 12)
                if ending == "disposed" { subscription.dispose() }
                try scheduler.run()
            })
            #expect(released, "\(ending)")
            expectNoPendingWork(scheduler)
        }
    }
}

// MARK: Marbles

extension SingleTests {
    @Test("marbles: a single succeeds as --(a|) and fails as --#")
    func marbleSuccessAndFailure() throws {
        let scheduler = TestScheduler()
        let success = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            Single<String>.create { single in scheduler.schedule(after: .seconds(2)) { single(.success("a")) } }
        }
        expectMarbles(success, "--(a|)")
        let failureScheduler = TestScheduler()
        let failure = failureScheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            Single<String>.create { single in
                failureScheduler.schedule(after: .seconds(2)) { single(.failure(TestError("error"))) }
            }
        }
        expectMarbles(failure, "--#")
        expectNoPendingWork(scheduler)
        expectNoPendingWork(failureScheduler)
    }

    @Test("marbles: asSingle of -a--| is ----(a|)")
    func marbleAsSingle() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a--|")
        let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1000) { source.asSingle() }
        expectMarbles(observer, "----(a|)")
        expectSubscriptions(source, "^---!")
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: asSingle of -a-b-| is ---# with moreThanOneElement")
    func marbleAsSingleTwo() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1000) { source.asSingle() }
        expectMarbles(observer, "---#", error: SingleError.moreThanOneElement)
        expectSubscriptions(source, "^--!")
        expectNoPendingWork(scheduler)
    }
}

@Suite("Single catch and flatMap release what they switched to")
struct SingleSwitchReleaseTests {
    @Test("the replacement of catch and the inner of flatMap are unsubscribed when they end")
    func replacementsEnd() throws {
        let scheduler = TestScheduler()
        let failing = scheduler.createColdObservable([.error(10, TestError("down"), Int.self)])
        let replacement = scheduler.createColdObservable([.next(5, 7), .completed(5)])
        let caught = scheduler.start {
            failing.asSingle().catch { _ in replacement.asSingle() }
        }
        #expect(caught.events == [.next(215, 7), .completed(215)])
        #expect(replacement.subscriptions == [Subscription(210, 215)])

        let inner = scheduler.createColdObservable([.next(3, "x"), .completed(3)])
        let source = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let flattened = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            source.asSingle().flatMap { _ in inner.asSingle() }
        }
        #expect(flattened.events == [.next(1213, "x"), .completed(1213)])
        #expect(inner.subscriptions == [Subscription(1210, 1213)])
        expectNoPendingWork(scheduler)
    }
}
