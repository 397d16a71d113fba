import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("Maybe")
struct MaybeTests {
    // MARK: create and the factories

    @Test("create delivers a success as --(a|), an empty completion as --| and a failure as --#")
    func createResults() {
        let cases: [(MaybeEvent<String>, String)] = [(.success("a"), "--(a|)"), (.completed, "--|"), (.error(TestError("error")), "--#")]
        for (result, expected) in cases {
            expectMarbles(expected) { m in
                let scheduler = m.scheduler
                return Maybe<String>.create { maybe in scheduler.schedule(after: .seconds(2)) { maybe(result) } }
            }
        }
    }

    @Test("create keeps the first result only and then disposes the work")
    func createFirstResultOnly() {
        let disposed = Mutex(false)
        let results = Recorder<String>()
        let maybe = Maybe<Int>.create { maybe in
            maybe(.completed)
            maybe(.success(2))
            maybe(.error(TestError("x")))
            return Disposables.create { disposed.withLock { $0 = true } }
        }
        let subscription = maybe.subscribe { results.append("\($0)") }
        #expect(results.items == ["completed"])
        #expect(disposed.withLock { $0 })
        subscription.dispose()
    }

    @Test("create lets exactly one of several racing results through")
    func createRacingResults() {
        for _ in 0..<20 {
            let results = Recorder<String>()
            let done = DispatchSemaphore(value: 0)
            let maybe = Maybe<Int>.create { maybe in
                DispatchQueue.global().async {
                    DispatchQueue.concurrentPerform(iterations: 8) { maybe($0.isMultiple(of: 2) ? .success($0) : .completed) }
                    done.signal()
                }
                return Disposables.create()
            }
            let subscription = maybe.subscribe { results.append("\($0)") }
            #expect(done.wait(timeout: .now() + 10) == .success)
            #expect(results.items.count == 1)
            subscription.dispose()
        }
    }

    @Test("a result reported again from inside the observer is ignored")
    func createReentrant() {
        let report = Mutex<(@Sendable (MaybeEvent<Int>) -> Void)?>(nil)
        let maybe = Maybe<Int>.create { maybe in
            report.withLock { $0 = maybe }
            return Disposables.create()
        }
        let results = Recorder<String>()
        let subscription = maybe.subscribe { result in
            results.append("\(result)")
            report.withLock { $0 }?(.success(2))
            report.withLock { $0 }?(.completed)
        }
        report.withLock { $0 }?(.success(1))
        #expect(results.items == ["success(1)"])
        subscription.dispose()
    }

    @Test("just, empty, error and never")
    func factories() {
        expectMarbles("(a|)") { _ in Maybe.just("a") }
        expectMarbles("|") { _ in Maybe<String>.empty() }
        expectMarbles("#") { _ in Maybe<String>.error(TestError("error")) }
        expectMarbles("----") { m in
            m.dispose(at: 4)
            return Maybe<String>.never()
        }
    }

    @Test("the factories release the observer once they end, and never's once disposed")
    func factoriesRelease() throws {
        let factories: [(String, Maybe<Int>)] = [
            ("just", .just(1)), ("empty", .empty()), ("error", .error(TestError("x"))), ("never", .never()),
            ("deferred", .deferred { .just(1) }), ("create", .create { $0(.completed); return Disposables.create() }),
        ]
        expectFactoriesRelease(factories.map { name, maybe in (name, { probe in maybe.subscribe { [probe] _ in _ = probe } }) })
    }

    @Test("deferred builds the maybe per subscriber, and a throwing factory fails it")
    func deferred() {
        let builds = Mutex(0)
        let maybe = Maybe<Int>.deferred {
            let count = builds.withLock { count in
                count += 1
                return count
            }
            if count == 2 { throw TestError("second") }
            return count == 1 ? .just(count) : .empty()
        }
        let results = Recorder<String>()
        for _ in 0..<3 { _ = maybe.subscribe { results.append("\($0)") } }
        #expect(results.items == ["success(1)", "error(second)", "completed"])
    }

    // MARK: subscribing

    @Test("subscribe(onSuccess:onError:onCompleted:onDisposed:) reports the result, then the disposal")
    func subscribeClosures() {
        let log = Recorder<String>()
        for maybe in [Maybe.just(1), .empty(), .error(TestError("x"))] {
            _ = maybe.subscribe(
                onSuccess: { log.append("success \($0)") },
                onError: { log.append("error \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
        }
        #expect(log.items == ["success 1", "disposed", "completed", "disposed", "error x", "disposed"])
    }

    @Test("disposing a subscription before the result runs onDisposed once and nothing else")
    func subscribeDisposal() {
        let log = Recorder<String>()
        let subject = Subject<Int>()
        let subscription = subject.asMaybe().subscribe(
            onSuccess: { log.append("success \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        subscription.dispose()
        subscription.dispose()
        subject.onNext(1)
        subject.onCompleted()
        #expect(log.items == ["disposed"])
        #expect(!subject.hasObservers)
    }

    @Test("disposing from inside onSuccess runs onDisposed once")
    func subscribeDisposesFromInside() {
        let log = Recorder<String>()
        let subscription = SerialDisposable()
        subscription.disposable = Maybe.just(1).subscribe(
            onSuccess: { _ in
                log.append("success")
                subscription.dispose()
            },
            onDisposed: { log.append("disposed") }
        )
        #expect(log.items == ["success", "disposed"])
    }

    // MARK: asMaybe

    @Test("asMaybe holds the value until the source completes")
    func asMaybeOne() {
        expectMarbles(hot: "-a^b--|", { $0.asMaybe() }, "------(b|)", subscriptions: "--^---!")
    }

    @Test("asMaybe completes empty when the source does")
    func asMaybeEmpty() {
        expectMarbles(hot: "-a^--|", { $0.asMaybe() }, "-----|", subscriptions: "--^--!")
    }

    @Test("asMaybe fails with moreThanOneElement at the second value and unsubscribes")
    func asMaybeTwo() {
        expectMarbles(hot: "^a-b-|", { $0.asMaybe() }, "---#", subscriptions: "^--!", error: SingleError.moreThanOneElement)
    }

    @Test("asMaybe passes an error through and drops the held value")
    func asMaybeError() {
        expectMarbles(hot: "^a-#", { $0.asMaybe() }, "---#", subscriptions: "^--!")
    }

    @Test("asMaybe disposal ends the source subscription")
    func asMaybeDisposal() {
        expectMarbles("---") { m in
            m.dispose(at: 3)
            return m.hot("-a---|", subscriptions: "^--!").asMaybe()
        }
    }

    @Test("a value sent back into the source when the maybe succeeds is not delivered")
    func asMaybeReentrant() {
        let source = ReentrantSource<Int>()
        let results = Recorder<String>()
        let subscription = source.observable.asMaybe().subscribe { result in
            results.append("\(result)")
            source.send(.next(99))
            source.send(.completed)
        }
        source.send(.next(1))
        source.send(.completed)
        #expect(results.items == ["success(1)"])
        subscription.dispose()
    }
}

// MARK: - Operators

@Suite("Maybe operators")
struct MaybeOperatorTests {
    @Test("map transforms the value, keeps an empty maybe empty, and a throwing transform fails")
    func map() {
        expectMarbles(hot: "^-a|", { $0.asMaybe().map { $0.uppercased() } }, "---(A|)")
        expectMarbles(hot: "^--|", { $0.asMaybe().map { $0.uppercased() } }, "---|")
        expectMarbles(hot: "^-a|", { $0.asMaybe().map { _ -> String in throw TestError("error") } }, "---#")
    }

    @Test("filter keeps a passing value and completes empty otherwise, for a maybe and a single")
    func filter() {
        expectMarbles(hot: "^-a|", { $0.asMaybe().filter { $0 != "b" } }, "---(a|)")
        expectMarbles(hot: "^-b|", { $0.asMaybe().filter { $0 != "b" } }, "---|")
        expectMarbles(hot: "^-a|", { $0.asSingle().filter { $0 != "b" } }, "---(a|)")
        expectMarbles(hot: "^-b|", { $0.asSingle().filter { $0 != "b" } }, "---|")
        expectMarbles(hot: "^-#", { $0.asSingle().filter { $0 != "b" } }, "--#")
    }

    @Test("flatMap chains a second maybe after the first one's value")
    func flatMap() {
        expectMarbles("---(y|)") { m in
            let x = m.cold("--(y|)", subscriptions: "-^-!")
            return m.hot("-(a|)", subscriptions: "^!").asMaybe().flatMap { _ in x.asMaybe() }
        }
    }

    @Test("flatMap of an empty maybe completes without calling the selector; failures fail it")
    func flatMapEmptyAndFailures() {
        let calls = Mutex(0)
        expectMarbles(hot: "^-|", { source in
            source.asMaybe().flatMap { value -> Maybe<String> in
                calls.withLock { $0 += 1 }
                return .just(value)
            }
        }, "--|")
        #expect(calls.withLock { $0 } == 0)
        expectMarbles(hot: "^-a|", { $0.asMaybe().flatMap { _ -> Maybe<String> in throw TestError("error") } }, "---#")
        expectMarbles(hot: "^-a|", { $0.asMaybe().flatMap { _ in Maybe<String>.error(TestError("error")) } }, "---#")
        expectMarbles(hot: "^-#", { $0.asMaybe().flatMap { Maybe.just($0) } }, "--#")
    }

    @Test("catch replaces a failure with another maybe; a throwing handler fails")
    func catchFailure() {
        expectMarbles("---|") { m in
            let fallback = m.cold("-|", subscriptions: "--^!")
            return m.hot("--#").asMaybe().catch { _ in fallback.asMaybe() }
        }
        expectMarbles(hot: "^-a|", { $0.asMaybe().catch { _ in .just("z") } }, "---(a|)")
        expectMarbles(hot: "^-#", { $0.asMaybe().catch { _ in throw TestError("error") } }, "--#")
        expectMarbles(hot: "^-#", { $0.asMaybe().catchAndReturn("x") }, "--(x|)")
        expectMarbles(hot: "^-|", { $0.asMaybe().catchAndReturn("x") }, "--|")
    }

    @Test("ifEmpty(default:) turns an empty maybe into a single of the default")
    func ifEmptyDefault() {
        expectMarbles(hot: "^-|", { $0.asMaybe().ifEmpty(default: "x") }, "--(x|)")
        expectMarbles(hot: "^-a|", { $0.asMaybe().ifEmpty(default: "x") }, "---(a|)")
        expectMarbles(hot: "^-#", { $0.asMaybe().ifEmpty(default: "x") }, "--#")
    }

    @Test("ifEmpty(switchTo:) subscribes to the single or maybe only when the maybe is empty")
    func ifEmptySwitch() {
        expectMarbles("---(x|)") { m in
            let network = m.cold("-(x|)", subscriptions: "--^!")
            return m.hot("--|").asMaybe().ifEmpty(switchTo: network.asSingle())
        }
        let subscribed = Mutex(false)
        expectMarbles("--(a|)") { m in
            m.hot("--(a|)").asMaybe().ifEmpty(switchTo: Single.deferred {
                subscribed.withLock { $0 = true }
                return .just("x")
            })
        }
        #expect(!subscribed.withLock { $0 })
        expectMarbles("----|") { m in
            let other = m.cold("--|", subscriptions: "--^-!")
            return m.hot("--|").asMaybe().ifEmpty(switchTo: other.asMaybe())
        }
    }

    @Test("retry resubscribes after a failure, up to the attempt count")
    func retry() {
        expectMarbles("---#") { m in
            m.cold("-#", subscriptions: "^!", "-^!", "--^!").asMaybe().retry(3)
        }
        expectMarbles("--|") { m in
            m.cold("--|", subscriptions: "^-!").asMaybe().retry(3)
        }
    }

    @Test("observe(on:) delivers the result on the scheduler")
    func observeOn() throws {
        let target = TestScheduler()
        try target.advance(to: 50)
        let results = Recorder<String>()
        let subscription = Maybe<Int>.empty().observe(on: target).subscribe { results.append("\($0)") }
        #expect(results.items.isEmpty)
        try target.run()
        #expect(results.items == ["completed"])
        subscription.dispose()
        expectNoPendingWork(target)
    }

    @Test("asCompletable of a maybe or a single forgets the value and keeps the end")
    func asCompletable() {
        let none: [Character: Never] = [:]
        expectMarbles("--|", values: none) { m in m.hot("--(a|)").asMaybe().asCompletable() }
        expectMarbles("--|", values: none) { m in m.hot("--|").asMaybe().asCompletable() }
        expectMarbles("--#", values: none) { m in m.hot("--#").asMaybe().asCompletable() }
        expectMarbles("--|", values: none) { m in m.hot("--(a|)").asSingle().asCompletable() }
        expectMarbles("--#", values: none) { m in m.hot("--#").asSingle().asCompletable() }
    }

    @Test("do runs onNext around a value and onCompleted only for an empty maybe; a throwing onNext fails it")
    func doHandlers() {
        let log = Recorder<String>()
        expectMarbles("--(a|)") { m in
            m.hot("--(a|)").asMaybe().do(
                onNext: { log.append("next \($0)") }, afterNext: { log.append("after \($0)") },
                onCompleted: { log.append("completed") }, afterCompleted: { log.append("after completed") },
                onSubscribe: { log.append("subscribe") }, onDispose: { log.append("dispose") }
            )
        }
        #expect(log.items == ["subscribe", "next a", "after a", "dispose"])
        let empty = Recorder<String>()
        expectMarbles("--|") { m in
            m.hot("--|").asMaybe().do(
                onNext: { empty.append("next \($0)") }, onCompleted: { empty.append("completed") },
                afterCompleted: { empty.append("after completed") }, onDispose: { empty.append("dispose") }
            )
        }
        #expect(empty.items == ["completed", "dispose", "after completed"])
        expectMarbles("--#") { m in m.hot("--(a|)").asMaybe().do(onNext: { _ in throw TestError("error") }) }
    }

    @Test("do(onCompleted:) means an empty maybe, whether the value comes from a hot source, during subscribe, or to an observable")
    func doOnCompletedIsTheEmptyResult() throws {
        let scheduler = TestScheduler()
        let hot = scheduler.createHotObservable("--(a|)")
        let emptyHot = scheduler.createHotObservable("---|")
        let log = Recorder<String>()
        func logged(_ maybe: Maybe<String>, _ name: String) -> Maybe<String> {
            maybe.do(onNext: { log.append("\(name): next \($0)") }, onCompleted: { log.append("\(name): onCompleted") },
                     onDispose: { log.append("\(name): dispose") })
        }
        let bag = DisposeBag()
        logged(hot.asMaybe(), "hot").subscribe(onSuccess: { log.append("hot: success \($0)") }).disposed(by: bag)
        logged(emptyHot.asMaybe(), "empty").subscribe(onCompleted: { log.append("empty: completed") }).disposed(by: bag)
        logged(.just("b"), "just").subscribe(onSuccess: { log.append("just: success \($0)") }).disposed(by: bag)
        logged(.just("c"), "observable").asObservable().subscribe(onNext: { log.append("observable: \($0)") }).disposed(by: bag)
        try scheduler.run()
        #expect(log.items == [
            "just: next b", "just: success b", "just: dispose",
            "observable: next c", "observable: c", "observable: dispose",
            "hot: next a", "hot: dispose", "hot: success a",
            "empty: onCompleted", "empty: dispose", "empty: completed",
        ])
    }

    @Test("Single.flatMapMaybe chains a maybe after the single's value")
    func singleFlatMapMaybe() {
        expectMarbles("---|") { m in
            let x = m.cold("--|", subscriptions: "-^-!")
            return m.hot("-(a|)").asSingle().flatMapMaybe { _ in x.asMaybe() }
        }
        expectMarbles("---(y|)") { m in
            let x = m.cold("--(y|)")
            return m.hot("-(a|)").asSingle().flatMapMaybe { _ in x.asMaybe() }
        }
        expectMarbles(hot: "^-#", { $0.asSingle().flatMapMaybe { Maybe.just($0) } }, "--#")
        expectMarbles(hot: "^-(a|)", { $0.asSingle().flatMapMaybe { _ -> Maybe<String> in throw TestError("error") } }, "--#")
    }

    @Test("delay shifts a success and an empty completion, and forwards a failure at once")
    func delay() {
        expectMarbles("---(a|)") { m in m.hot("-(a|)").asMaybe().delay(.seconds(2), scheduler: m.scheduler) }
        expectMarbles("---|") { m in m.hot("-|").asMaybe().delay(.seconds(2), scheduler: m.scheduler) }
        expectMarbles("-#") { m in m.hot("-#").asMaybe().delay(.seconds(2), scheduler: m.scheduler) }
    }

    @Test("delay releases the observer and leaves no work; a nested subscription gets its own result")
    func delayReleaseAndReentrancy() throws {
        for ending in SubscriptionEnding.allCases {
            try expectReleasesProbe(ending: ending, values: ending == .completion ? [1] : [], settledBy: 222) { f in
                f.source.asMaybe().delay(.seconds(2), scheduler: f.scheduler).filter { f.probe.pass($0) }.asObservable()
            }
        }
        let scheduler = TestScheduler()
        let maybe = Maybe.just(1).delay(.seconds(2), scheduler: scheduler)
        #expect(try recordNestedSubscription(on: scheduler, maybe.subscribe) == ["outer success(1) at 2", "nested success(1) at 4"])
        expectNoPendingWork(scheduler)
    }

    @Test("timeout fails a slow maybe, or switches to the other one, and lets a quick one through")
    func timeout() {
        expectMarbles("---#", error: TimeoutError(dueTime: .seconds(3))) { m in
            m.hot("-----(a|)", subscriptions: "^--!").asMaybe().timeout(.seconds(3), scheduler: m.scheduler)
        }
        expectMarbles("--(a|)") { m in m.hot("--(a|)").asMaybe().timeout(.seconds(3), scheduler: m.scheduler) }
        expectMarbles("----|") { m in
            let other = m.cold("-|", subscriptions: "---^!").asMaybe()
            return m.hot("-----(a|)").asMaybe().timeout(.seconds(3), other: other, scheduler: m.scheduler)
        }
    }

    @Test("compactMap keeps a non-nil result, completes empty on nil, and a throwing transform fails")
    func compactMap() {
        expectMarbles(hot: "^-7|", { $0.asMaybe().compactMap { Int($0) }.map(String.init) }, "---(7|)")
        expectMarbles(hot: "^-x|", { $0.asMaybe().compactMap { Int($0) }.map(String.init) }, "---|")
        expectMarbles(hot: "^--|", { $0.asMaybe().compactMap { Int($0) }.map(String.init) }, "---|")
        expectMarbles(hot: "^-7|", { $0.asMaybe().compactMap { _ -> Int? in throw TestError("error") }.map(String.init) }, "---#")
    }

    @Test("zip pairs two successes, completes empty once both have ended if one is empty, fails when one fails, and disposes the other")
    func zip() {
        expectMarbles("---(A|)", values: ["A": "a1"]) { m in
            Maybe.zip(m.hot("---(a|)", subscriptions: "^--!").asMaybe(), m.hot("-(1|)", subscriptions: "^!").asMaybe()) { $0 + $1 }
        }
        expectMarbles("---|") { m in
            Maybe.zip(m.hot("---(a|)", subscriptions: "^--!").asMaybe(), m.hot("-|").asMaybe()) { $0 + $1 }
        }
        expectMarbles("------") { m in
            m.dispose(at: 5)
            return Maybe.zip(m.hot("-|").asMaybe(), m.hot("-----", subscriptions: "^----!").asMaybe()) { $0 + $1 }
        }
        expectMarbles("--#") { m in
            Maybe.zip(m.hot("----(a|)", subscriptions: "^-!").asMaybe(), m.hot("--#").asMaybe()) { $0 + $1 }
        }
        expectMarbles("-#") { m in
            Maybe.zip(m.hot("-(a|)").asMaybe(), m.hot("-(1|)").asMaybe()) { _, _ -> String in throw TestError("error") }
        }
        expectMarbles("--(A|)", values: ["A": "a1x"]) { m in
            Maybe.zip(m.hot("-(a|)").asMaybe(), m.hot("--(1|)").asMaybe(), m.hot("-(x|)").asMaybe()) { $0 + $1 + $2 }
        }
        expectMarbles("--(A|)", values: ["A": "a/1"]) { m in
            Maybe.zip(m.hot("-(a|)").asMaybe(), m.hot("--(1|)").asMaybe()).map { "\($0)/\($1)" }
        }
        expectMarbles("--|") { m in
            Maybe.zip(m.hot("-(a|)").asMaybe(), m.hot("--|").asMaybe(), m.hot("-(x|)").asMaybe()).map { "\($0)\($1)\($2)" }
        }
    }

    @Test("zip of a list gathers the values in order; an empty list succeeds with an empty array")
    func zipList() {
        expectMarbles("---(A|)", values: ["A": "a,1"]) { m in
            Maybe.zip([m.hot("---(a|)").asMaybe(), m.hot("-(1|)").asMaybe()]).map { $0.joined(separator: ",") }
        }
        expectMarbles("---|") { m in
            Maybe.zip([m.hot("---(a|)", subscriptions: "^--!").asMaybe(), m.hot("-|").asMaybe()]).map { $0.joined() }
        }
        expectMarbles("(e|)") { _ in Maybe<String>.zip([]).map { $0.isEmpty ? "e" : "?" } }
    }

    @Test("delaySubscription subscribes later; disposing before then never subscribes and leaves no work")
    func delaySubscription() throws {
        expectMarbles("---(a|)") { m in
            m.cold("-(a|)", subscriptions: "--^!").asMaybe().delaySubscription(.seconds(2), scheduler: m.scheduler)
        }
        expectMarbles("--#") { m in m.cold("#").asMaybe().delaySubscription(.seconds(2), scheduler: m.scheduler) }
        let scheduler = TestScheduler()
        let lookup = scheduler.createColdObservable([.next(1, "a"), .completed(1)])
        let subscription = lookup.asMaybe().delaySubscription(.seconds(5), scheduler: scheduler).subscribe(onSuccess: { _ in })
        scheduler.advanceTo(3)
        subscription.dispose()
        scheduler.start()
        #expect(lookup.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("Single.asMaybe keeps the success and the failure")
    func singleAsMaybe() {
        expectMarbles("--(a|)") { m in m.hot("--(a|)").asSingle().asMaybe() }
        expectMarbles("--#") { m in m.hot("--#").asSingle().asMaybe() }
    }

    // MARK: release and re-entrancy, for every operator

    static let operators = [
        "asMaybe", "empty", "error", "deferred", "create", "map", "filter", "Single.filter", "flatMap",
        "catch", "catchAndReturn", "ifEmpty(default:)", "ifEmpty(switchTo: Single)", "ifEmpty(switchTo: Maybe)", "retry",
        "observe(on:)", "Single.asMaybe", "do", "Single.flatMapMaybe", "timeout", "timeout(other:)",
        "compactMap", "zip", "zip([])", "delaySubscription",
    ]

    /// The operator `name` applied to `maybe` (or to `source` for the ones that start from an
    /// observable), with `probe` held by its closures.
    static func apply(
        _ name: String, to source: Observable<Int>, probe: LifetimeProbe, scheduler: TestScheduler
    ) -> Maybe<Int> {
        let maybe = source.asMaybe()
        let keep: @Sendable (Int) -> Bool = { [probe] in probe.pass($0) }
        switch name {
        case "asMaybe": return maybe.filter(keep)
        case "empty": return Maybe<Int>.empty().ifEmpty(switchTo: maybe)
        case "error": return Maybe<Int>.error(TestError("x")).catch { _ in maybe }
        case "deferred": return Maybe.deferred { _ = keep(0); return maybe }
        case "create":
            return Maybe.create { report in
                source.subscribe(onError: { report(.error($0)) }, onCompleted: { report(keep(1) ? .success(1) : .completed) })
            }
        case "map": return maybe.map { keep($0) ? $0 : 0 }
        case "filter": return maybe.filter(keep)
        case "Single.filter": return source.asSingle().filter(keep)
        case "flatMap": return maybe.flatMap { value in keep(value) ? .just(value) : .empty() }
        case "catch": return maybe.catch { _ in keep(0) ? .empty() : .never() }
        case "catchAndReturn": return maybe.catchAndReturn(7).filter(keep).filter { $0 != 7 }
        case "ifEmpty(default:)": return maybe.ifEmpty(default: 7).filter(keep).filter { $0 != 7 }
        case "ifEmpty(switchTo: Single)": return maybe.ifEmpty(switchTo: Single.just(7)).filter(keep).filter { $0 != 7 }
        case "ifEmpty(switchTo: Maybe)": return maybe.ifEmpty(switchTo: Maybe.empty()).filter(keep)
        // One attempt: a second one would subscribe to the hot fixture after its error and wait.
        case "retry": return maybe.retry(1).filter(keep)
        case "observe(on:)": return maybe.observe(on: scheduler).filter(keep)
        case "do": return maybe.do(onNext: { _ = keep($0) }, onCompleted: { _ = keep(0) }, onDispose: { _ = keep(0) })
        case "Single.flatMapMaybe": return source.asSingle().flatMapMaybe { keep($0) ? .just($0) : .empty() }
        case "timeout": return maybe.timeout(.seconds(1000), scheduler: scheduler).filter(keep)
        case "timeout(other:)": return maybe.timeout(.seconds(1000), other: .never(), scheduler: scheduler).filter(keep)
        case "Single.asMaybe": return source.asSingle().asMaybe().filter(keep)
        case "compactMap": return maybe.compactMap { keep($0) ? $0 : nil }
        case "zip": return Maybe.zip(maybe, .just(0)) { value, _ in keep(value) ? value : 0 }
        case "zip([])": return Maybe.zip([maybe, .just(0)]).map { keep($0[0]) ? $0[0] : 0 }
        case "delaySubscription": return maybe.delaySubscription(.zero, scheduler: scheduler).filter(keep)
        default: return .error(TestError("no operator \(name)"))
        }
    }

    @Test("releases the observer and its closures after success, failure and disposal",
          arguments: operators, SubscriptionEnding.allCases)
    func releases(name: String, ending: SubscriptionEnding) throws {
        // The value arrives at 210 and is held until the completion at 220.
        try expectReleasesProbe(ending: ending, values: ending == .completion ? [1] : []) { f in
            Self.apply(name, to: f.source, probe: f.probe, scheduler: f.scheduler).asObservable()
        }
    }

    @Test("an observer that subscribes to the same maybe from inside its delivery gets its own result",
          arguments: operators)
    func reentrantSubscription(name: String) throws {
        let scheduler = TestScheduler()
        let maybe = Self.apply(name, to: .just(1), probe: LifetimeProbe(), scheduler: scheduler)
        #expect(try recordNestedSubscription(on: scheduler, maybe.subscribe) == ["outer success(1) at 0", "nested success(1) at 0"],
                "\(name)")
        expectNoPendingWork(scheduler)
    }
}
