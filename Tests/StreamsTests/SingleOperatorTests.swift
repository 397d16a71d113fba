import Streams
import StreamsTesting
import Synchronization
import Testing

/// The text of a single's result in these tests: its value, or "failure <error>".
private func describe(_ result: SingleEvent<String>) -> String {
    switch result {
    case .success(let value): value
    case .failure(let error): "failure \(error)"
    }
}

/// Subscribes to `single` and, from inside its result, subscribes to it again: the nested
/// subscription gets its own result, delivered inside the outer one, since a single holds no
/// lock while it delivers, and each subscription gets exactly one result.
private func expectResubscribesFromResult(
    _ single: Single<String>, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let log = Recorder<String>()
    let nested = SerialDisposable()
    let outer = single.subscribe { result in
        log.append("begin \(describe(result))")
        if log.items.count == 1 {
            nested.disposable = single.subscribe { log.append("nested \(describe($0))") }
        }
        log.append("end \(describe(result))")
    }
    #expect(log.items == ["begin \(expected)", "nested \(expected)", "end \(expected)"], sourceLocation: sourceLocation)
    outer.dispose()
    nested.dispose()
}

/// The values a release check's subscriber receives from a single of the fixture's source:
/// its one value when the source completes, nothing otherwise.
private func singleValues(_ ending: SubscriptionEnding) -> [Int] {
    ending == .completion ? [1] : []
}

// MARK: - map, flatMap and catch

@Suite("Single map, flatMap and catch, as drawn")
struct SingleMapTests {
    @Test("map of --(a|) is --(A|)")
    func map() {
        expectMarbles("--(A|)") { m in m.hot("--(a|)").asSingle().map { $0.uppercased() } }
    }

    @Test("flatMap subscribes to the next single at the first one's value")
    func flatMap() {
        expectMarbles("---(b|)") { m in
            let next = m.cold("--(b|)", subscriptions: "-^-!").asSingle()
            return m.hot("-(a|)").asSingle().flatMap { _ in next }
        }
    }

    @Test("catch subscribes to the fallback at the failure")
    func catchFailure() {
        expectMarbles("---(x|)") { m in
            let fallback = m.cold("-(x|)", subscriptions: "--^!").asSingle()
            return m.hot("--#").asSingle().catch { _ in fallback }
        }
    }

    @Test("map and flatMap release the observer and their closures", arguments: SubscriptionEnding.allCases)
    func releases(_ ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: singleValues(ending)) { fixture in
            let probe = fixture.probe
            return fixture.source.asSingle()
                .map { value in probe.pass(value) ? value : 0 }
                .flatMap { value in Single.just(value).map { probe.pass($0) ? $0 : 0 } }
                .asObservable()
        }
    }

    @Test("a subscriber that subscribes again from its result gets a nested result of its own")
    func reentrancy() {
        expectResubscribesFromResult(Single.just("a").map { $0.uppercased() }.flatMap { .just($0 + "!") }, "A!")
    }
}

// MARK: - do

@Suite("Single do(onSuccess:…)")
struct SingleDoTests {
    @Test("do passes --(a|) through and sees its value")
    func marbles() {
        let log = Recorder<String>()
        expectMarbles("--(a|)") { m in m.hot("--(a|)").asSingle().do(onSuccess: { log.append($0) }) }
        #expect(log.items == ["a"])
    }

    @Test("the handlers run in order around a success and a failure; subscribe ends the subscription before delivering")
    func order() throws {
        for (input, expected) in [
            ("--(a|)", ["subscribe", "subscribed", "success a", "dispose", "delivered a", "after success a"]),
            ("--#", ["subscribe", "subscribed", "error error", "dispose", "delivered failure error", "after error error"]),
        ] {
            let scheduler = TestScheduler()
            let source = scheduler.createHotObservable(input)
            let log = Recorder<String>()
            let single = source.asSingle().do(
                onSuccess: { log.append("success \($0)") },
                afterSuccess: { log.append("after success \($0)") },
                onError: { log.append("error \($0)") },
                afterError: { log.append("after error \($0)") },
                onSubscribe: { log.append("subscribe") },
                onSubscribed: { log.append("subscribed") },
                onDispose: { log.append("dispose") }
            )
            let subscription = single.subscribe { log.append("delivered \(describe($0))") }
            try scheduler.run()
            #expect(log.items == expected)
            subscription.dispose()
            expectNoPendingWork(scheduler)
        }
    }

    @Test("a result delivered during subscribe (Single.just) reaches the subscriber before onDispose, which follows onSubscribed")
    func orderWhenSynchronous() {
        let log = Recorder<String>()
        let subscription = Single.just("a")
            .do(onSuccess: { log.append("success \($0)") }, afterSuccess: { log.append("after success \($0)") },
                onSubscribe: { log.append("subscribe") }, onSubscribed: { log.append("subscribed") },
                onDispose: { log.append("dispose") })
            .subscribe { log.append("delivered \(describe($0))") }
        #expect(log.items == ["subscribe", "success a", "delivered a", "after success a", "subscribed", "dispose"])
        subscription.dispose()
    }

    @Test("disposal before the result runs onDispose once, and no result handler")
    func disposal() throws {
        let log = Recorder<String>()
        let subscription = Single<Int>.create { _ in Disposables.create { log.append("request cancelled") } }
            .do(onSuccess: { _ in log.append("success") }, onError: { _ in log.append("error") },
                onDispose: { log.append("dispose") })
            .subscribe { _ in log.append("delivered") }
        subscription.dispose()
        subscription.dispose()
        #expect(log.items == ["request cancelled", "dispose"])
    }

    @Test("a throwing onSuccess fails the single instead; a throwing onError replaces the error")
    func throwingHandlers() {
        let results = Recorder<String>()
        _ = Single.just("a").do(onSuccess: { _ in throw TestError("onSuccess") }).subscribe { results.append(describe($0)) }
        _ = Single<String>.error(TestError("x")).do(onError: { _ in throw TestError("onError") })
            .subscribe { results.append(describe($0)) }
        #expect(results.items == ["failure onSuccess", "failure onError"])
    }

    @Test("a throwing onSuccess still yields a well-formed single: one error, nothing after")
    func throwingHandlerAsObservable() {
        expectMarbles("--#", error: TestError("onSuccess")) { m in
            m.hot("--(a|)").asSingle().do(onSuccess: { _ in throw TestError("onSuccess") })
        }
    }

    @Test("releases the observer and the handlers when the subscription ends", arguments: SubscriptionEnding.allCases)
    func releases(_ ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: singleValues(ending)) { fixture in
            let probe = fixture.probe
            return fixture.source.asSingle()
                .do(onSuccess: { _ = probe.pass($0) }, onError: { _ in _ = probe }, onDispose: { _ = probe })
                .asObservable()
        }
    }

    @Test("a subscriber that subscribes again from its result gets a nested result of its own")
    func reentrancy() {
        let log = Recorder<String>()
        expectResubscribesFromResult(Single.just("a").do(onSuccess: { log.append($0) }, afterSuccess: { log.append("after \($0)") }), "a")
        #expect(log.items == ["a", "a", "after a", "after a"])
    }
}

// MARK: - zip

@Suite("Single.zip")
struct SingleZipTests {
    @Test("zip succeeds with both values when the later single succeeds")
    func two() {
        expectMarbles("---(A|)", values: ["A": "a1"]) { m in
            Single.zip(m.hot("---(a|)").asSingle(), m.hot("-(1|)").asSingle()) { $0 + $1 }
        }
        expectMarbles("---(A|)", values: ["A": "a1x"]) { m in
            Single.zip(m.hot("---(a|)").asSingle(), m.hot("-(1|)").asSingle(), m.hot("--(x|)").asSingle()) { $0 + $1 + $2 }
        }
    }

    @Test("the tuple forms pair the values in order")
    func tuples() {
        expectMarbles("---(A|)", values: ["A": "(a, 1)"]) { m in
            Single.zip(m.hot("---(a|)").asSingle(), m.hot("-(1|)").asSingle()).map { "(\($0), \($1))" }
        }
        expectMarbles("---(A|)", values: ["A": "(a, 1, x)"]) { m in
            Single.zip(m.hot("---(a|)").asSingle(), m.hot("-(1|)").asSingle(), m.hot("--(x|)").asSingle())
                .map { "(\($0), \($1), \($2))" }
        }
    }

    @Test("the array form gathers the values in the order of the singles")
    func array() {
        expectMarbles("---(A|)", values: ["A": "[a, 1, x]"]) { m in
            Single.zip([m.hot("---(a|)").asSingle(), m.hot("-(1|)").asSingle(), m.hot("--(x|)").asSingle()])
                .map { "[\($0.joined(separator: ", "))]" }
        }
    }

    @Test("an empty array succeeds at once with an empty array")
    func emptyArray() {
        let results = Recorder<String>()
        _ = Single<Int>.zip([]).subscribe { results.append("\($0)") }
        #expect(results.items == ["success([])"])
    }

    @Test("a failure fails the zip at once and disposes the other single")
    func failure() {
        expectMarbles("-#") { m in
            Single.zip(m.cold("---(a|)", subscriptions: "^!").asSingle(), m.cold("-#", subscriptions: "^!").asSingle()) { $0 + $1 }
        }
        expectMarbles("--#") { m in
            Single.zip([m.cold("--#", subscriptions: "^-!").asSingle(), m.cold("----(b|)", subscriptions: "^-!").asSingle()])
                .map { $0.joined() }
        }
    }

    @Test("a throwing selector fails the zip")
    func throwingSelector() {
        expectMarbles("--#", error: TestError("selector")) { m in
            Single.zip(m.hot("--(a|)").asSingle(), m.hot("-(b|)").asSingle()) { _, _ -> String in throw TestError("selector") }
        }
    }

    @Test("disposal disposes both singles")
    func disposal() {
        expectMarbles("---") { m in
            m.dispose(at: 3)
            return Single.zip(m.cold("-(a|)", subscriptions: "^!").asSingle(), m.cold("-----(b|)", subscriptions: "^--!").asSingle()) {
                $0 + $1
            }
        }
    }

    @Test("releases the observer and the selector when the subscription ends", arguments: SubscriptionEnding.allCases)
    func releases(_ ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: singleValues(ending)) { fixture in
            let probe = fixture.probe
            return Single.zip(fixture.source.asSingle(), fixture.other.take(1).asSingle()) { value, _ in probe.pass(value) ? value : 0 }
                .asObservable()
        }
    }

    @Test("a subscriber that subscribes again from its result gets a nested result of its own")
    func reentrancy() {
        expectResubscribesFromResult(Single.zip(Single.just("a"), Single.just("b")) { $0 + $1 }, "ab")
        expectResubscribesFromResult(Single.zip([Single.just("a"), Single.just("b")]).map { $0.joined() }, "ab")
    }

    @Test("values sent into the sources from inside the result are not delivered")
    func reentrantSources() {
        let first = Subject<String>()
        let second = Subject<String>()
        let results = Recorder<String>()
        let subscription = Single.zip(first.asSingle(), second.asSingle()) { $0 + $1 }.subscribe { result in
            results.append(describe(result))
            first.onNext("again")
            second.onNext("again")
        }
        first.onNext("a")
        first.onCompleted()
        second.onNext("b")
        second.onCompleted()
        #expect(results.items == ["ab"])
        #expect(!first.hasObservers && !second.hasObservers)
        subscription.dispose()
    }
}

// MARK: - timeout

@Suite("Single timeout")
struct SingleTimeoutTests {
    private static let threeSeconds = TimeoutError(dueTime: .seconds(3))

    @Test("a result within the window is the result")
    func inTime() {
        expectMarbles("--(a|)") { m in m.hot("--(a|)").asSingle().timeout(.seconds(3), scheduler: m.scheduler) }
        expectMarbles("--#") { m in m.hot("--#").asSingle().timeout(.seconds(3), scheduler: m.scheduler) }
    }

    @Test("a late result fails with TimeoutError, and the request is disposed")
    func late() {
        expectMarbles("---#", error: Self.threeSeconds) { m in
            m.cold("-----(a|)", subscriptions: "^--!").asSingle().timeout(.seconds(3), scheduler: m.scheduler)
        }
    }

    @Test("timeout(_:other:) switches to other at the end of the window")
    func other() {
        expectMarbles("----(x|)") { m in
            let other = m.cold("-(x|)", subscriptions: "---^!").asSingle()
            return m.cold("-----(a|)", subscriptions: "^--!").asSingle().timeout(.seconds(3), other: other, scheduler: m.scheduler)
        }
        expectMarbles("--(a|)") { m in
            let other = m.cold("-(x|)").asSingle()
            return m.hot("--(a|)").asSingle().timeout(.seconds(3), other: other, scheduler: m.scheduler)
        }
    }

    @Test("disposal before the window closes cancels the timer and the request")
    func disposal() throws {
        let scheduler = TestScheduler()
        let request = scheduler.createColdObservable([.next(100, 1), .completed(100)])
        let observer = scheduler.start(disposed: 250) { request.asSingle().timeout(.seconds(80), scheduler: scheduler) }
        #expect(observer.events.isEmpty)
        #expect(request.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("releases the observer when the subscription ends", arguments: SubscriptionEnding.allCases)
    func releases(_ ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: singleValues(ending)) { fixture in
            fixture.source.asSingle()
                .timeout(.seconds(1000), other: fixture.other.take(1).asSingle(), scheduler: fixture.scheduler)
                .asObservable()
        }
    }

    @Test("releases the observer after a timeout switched to other")
    func releasesAfterSwitch() throws {
        let scheduler = TestScheduler()
        let request = scheduler.createColdObservable([.next(100, "late"), .completed(100)])
        #expect(try isReleased(subscribe: { probe in
            request.asSingle().timeout(.seconds(5), other: .just("cached"), scheduler: scheduler)
                .subscribe { [probe] _ in _ = probe }
        }, after: { _ in try scheduler.run() }))
        #expect(request.subscriptions == [Subscription(0, 5)])
        expectNoPendingWork(scheduler)
    }

    @Test("a subscriber that subscribes again from its result gets a nested result of its own")
    func reentrancy() {
        let scheduler = TestScheduler()
        expectResubscribesFromResult(Single.just("a").timeout(.seconds(3), scheduler: scheduler), "a")
        expectResubscribesFromResult(Single.just("a").timeout(.seconds(3), other: .just("b"), scheduler: scheduler), "a")
        expectNoPendingWork(scheduler)
    }
}

// MARK: - retry(when:) and retry with back-off

@Suite("Single retry(when:) and retry with back-off")
struct SingleRetryWhenTests {
    /// Counts the attempts of a single, from any thread.
    private final class Attempts: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }

        /// Counts one more attempt and returns its number, from 1.
        func next() -> Int {
            count.withLock { count in
                count += 1
                return count
            }
        }
    }

    /// A single that fails its first `failures` attempts, each at once, and then succeeds
    /// with the attempt's number.
    private static func flaky(failing failures: Int, attempts: Attempts) -> Single<String> {
        Single.create { single in
            let attempt = attempts.next()
            single(attempt <= failures ? .failure(TestError("attempt \(attempt)")) : .success("attempt \(attempt)"))
            return Disposables.create()
        }
    }

    @Test("each trigger value makes a new attempt; the trigger's error fails the single")
    func marbles() {
        expectMarbles("--------#") { m in
            let trigger = m.hot("----x---#", subscriptions: "^-------!")
            return m.cold("--#", subscriptions: "^-!", "----^-!").asSingle().retry(when: { _ in trigger })
        }
    }

    @Test("an attempt that succeeds is the result")
    func succeeds() throws {
        let scheduler = TestScheduler()
        let attempts = Attempts()
        let single = Self.flaky(failing: 2, attempts: attempts)
            .retry(when: { errors in errors.delay(.seconds(10), scheduler: scheduler) })
        let observer = scheduler.start { single }
        #expect(observer.events == [.next(220, "attempt 3"), .completed(220)])
        #expect(attempts.value == 3)
        expectNoPendingWork(scheduler)
    }

    @Test("the trigger completing while an attempt waits fails the single with noElements")
    func triggerCompletes() {
        expectMarbles("-------#", error: SingleError.noElements) { m in
            let trigger = m.hot("-------|")
            return m.cold("-#", subscriptions: "^!").asSingle().retry(when: { _ in trigger })
        }
    }

    @Test("retry with back-off waits longer each time and gives up with the last error")
    func backoff() {
        expectMarbles("------#") { m in
            m.cold("-#", subscriptions: "^!", "--^!", "-----^!").asSingle()
                .retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 3), scheduler: m.scheduler)
        }
    }

    @Test("retry with back-off stops at the first success")
    func backoffSucceeds() throws {
        let scheduler = TestScheduler()
        let attempts = Attempts()
        let single = Self.flaky(failing: 2, attempts: attempts)
            .retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 5), scheduler: scheduler)
        let observer = scheduler.start { single }
        #expect(observer.events == [.next(203, "attempt 3"), .completed(203)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal while waiting for the trigger cancels the wait")
    func disposal() throws {
        let scheduler = TestScheduler()
        let request = scheduler.createColdObservable([Recorded<Event<Int>>.error(1, TestError("down"))])
        let observer = scheduler.start(disposed: 205) {
            request.asSingle().retry(.exponential(initial: .seconds(10), max: .seconds(10)), scheduler: scheduler)
        }
        #expect(observer.events.isEmpty)
        #expect(request.subscriptions == [Subscription(200, 201)])
        expectNoPendingWork(scheduler)
    }

    @Test("releases the observer and the handler when the subscription ends", arguments: SubscriptionEnding.allCases)
    func releases(_ ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: singleValues(ending)) { fixture in
            let probe = fixture.probe
            return fixture.source.asSingle()
                .retry(when: { errors in errors.map { error -> Bool in throw probe.pass(0) ? error : TestError("unreachable") } })
                .asObservable()
        }
        try expectReleasesProbe(ending: ending, values: singleValues(ending)) { fixture in
            fixture.source.asSingle()
                .retry(.exponential(initial: .seconds(1000), max: .seconds(1000), maxAttempts: 1), scheduler: fixture.scheduler)
                .asObservable()
        }
    }

    @Test("a subscriber that subscribes again from its result gets a nested result of its own")
    func reentrancy() {
        let attempts = Attempts()
        let alternating = Single<String>.create { single in
            let attempt = attempts.next()
            single(attempt.isMultiple(of: 2) ? .success("a") : .failure(TestError("odd")))
            return Disposables.create()
        }
        expectResubscribesFromResult(alternating.retry(when: { $0 }), "a")
        #expect(attempts.value == 4)
    }

    @Test("with back-off, a subscriber that subscribes again from its result gets its own retries")
    func backoffReentrancy() throws {
        let scheduler = TestScheduler()
        let attempts = Attempts()
        let single = Self.flaky(failing: 1, attempts: attempts)
            .retry(.exponential(initial: .seconds(2), max: .seconds(2)), scheduler: scheduler)
        let log = Recorder<String>()
        let nested = SerialDisposable()
        let outer = single.subscribe { result in
            log.append("begin \(describe(result)) at \(scheduler.clock)")
            nested.disposable = single.subscribe { log.append("nested \(describe($0)) at \(scheduler.clock)") }
            log.append("end \(describe(result))")
        }
        try scheduler.run()
        // The nested single's first attempt is the third in all, and succeeds at once.
        #expect(log.items == ["begin attempt 2 at 2", "nested attempt 3 at 2", "end attempt 2"])
        outer.dispose()
        nested.dispose()
        expectNoPendingWork(scheduler)
    }
}
