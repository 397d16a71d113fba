import Streams
import StreamsTesting
import Synchronization
import Testing

/// What `#` and `|` stand for on a completable's timeline: it has no values.
private let none: [Character: Never] = [:]

/// A marble input as a completable: its values dropped.
private func completable(_ source: TestableObservable<String>) -> Completable {
    source.ignoreElements().asCompletable()
}

@Suite("Completable")
struct CompletableTests {
    // MARK: create and the factories

    @Test("create delivers a completion as --| and a failure as --#")
    func createOutcomes() {
        for (outcome, expected) in [(CompletableEvent.completed, "--|"), (.error(TestError("error")), "--#")] {
            expectMarbles(expected, values: none) { m in
                let scheduler = m.scheduler
                return Completable.create { completable in scheduler.schedule(after: .seconds(2)) { completable(outcome) } }
            }
        }
    }

    @Test("create keeps the first outcome only and then disposes the work")
    func createFirstOutcomeOnly() {
        let disposed = Mutex(false)
        let outcomes = Recorder<String>()
        let work = Completable.create { completable in
            completable(.error(TestError("x")))
            completable(.completed)
            return Disposables.create { disposed.withLock { $0 = true } }
        }
        let subscription = work.subscribe { outcomes.append("\($0)") }
        #expect(outcomes.items == ["error(x)"])
        #expect(disposed.withLock { $0 })
        subscription.dispose()
    }

    @Test("an outcome reported again from inside the observer is ignored")
    func createReentrant() {
        let report = Mutex<(@Sendable (CompletableEvent) -> Void)?>(nil)
        let work = Completable.create { completable in
            report.withLock { $0 = completable }
            return Disposables.create()
        }
        let outcomes = Recorder<String>()
        let subscription = work.subscribe { outcome in
            outcomes.append("\(outcome)")
            report.withLock { $0 }?(.error(TestError("again")))
        }
        report.withLock { $0 }?(.completed)
        #expect(outcomes.items == ["completed"])
        subscription.dispose()
    }

    @Test("empty, error and never")
    func factories() {
        expectMarbles("|", values: none) { _ in Completable.empty() }
        expectMarbles("#", values: none) { _ in Completable.error(TestError("error")) }
        expectMarbles("----", values: none) { m in
            m.dispose(at: 4)
            return Completable.never()
        }
    }

    @Test("deferred builds the completable per subscriber, and a throwing factory fails it")
    func deferred() {
        let builds = Mutex(0)
        let work = Completable.deferred {
            let count = builds.withLock { count in
                count += 1
                return count
            }
            if count == 2 { throw TestError("second") }
            return .empty()
        }
        let outcomes = Recorder<String>()
        for _ in 0..<2 { _ = work.subscribe { outcomes.append("\($0)") } }
        #expect(outcomes.items == ["completed", "error(second)"])
    }

    @Test("the factories release the observer once they end, and never's once disposed")
    func factoriesRelease() {
        let factories: [(String, Completable)] = [
            ("empty", .empty()), ("error", .error(TestError("x"))), ("never", .never()), ("deferred", .deferred { .empty() }),
            ("create", .create { $0(.completed); return Disposables.create() }),
        ]
        expectFactoriesRelease(factories.map { name, work in (name, { probe in work.subscribe { [probe] _ in _ = probe } }) })
    }

    // MARK: subscribing

    @Test("subscribe(onCompleted:onError:onDisposed:) reports the outcome, then the disposal")
    func subscribeClosures() {
        let log = Recorder<String>()
        for work in [Completable.empty(), .error(TestError("x"))] {
            _ = work.subscribe(
                onCompleted: { log.append("completed") },
                onError: { log.append("error \($0)") },
                onDisposed: { log.append("disposed") }
            )
        }
        #expect(log.items == ["completed", "disposed", "error x", "disposed"])
    }

    @Test("disposing before the outcome runs onDisposed once; disposing from inside onCompleted too")
    func subscribeDisposal() {
        let log = Recorder<String>()
        let subject = Subject<Int>()
        let subscription = subject.ignoreElements().asCompletable().subscribe(
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        subscription.dispose()
        subscription.dispose()
        subject.onCompleted()
        #expect(log.items == ["disposed"])
        #expect(!subject.hasObservers)

        let inside = SerialDisposable()
        inside.disposable = Completable.empty().subscribe(
            onCompleted: {
                log.append("completed")
                inside.dispose()
            },
            onDisposed: { log.append("disposed") }
        )
        #expect(log.items == ["disposed", "completed", "disposed"])
    }

    // MARK: andThen

    @Test("andThen subscribes to the single when the completable completes: save, then reload")
    func andThenSingle() {
        expectMarbles("---(p|)") { m in
            let reload = m.cold("-(p|)", subscriptions: "--^!")
            return completable(m.hot("--|")).andThen(reload.asSingle())
        }
    }

    @Test("andThen never subscribes to what follows a failed completable")
    func andThenAfterFailure() {
        let subscribed = Mutex(false)
        expectMarbles("--#") { m in
            completable(m.hot("-a#")).andThen(Single<String>.deferred {
                subscribed.withLock { $0 = true }
                return .just("p")
            })
        }
        #expect(!subscribed.withLock { $0 })
    }

    @Test("andThen a maybe, a completable or an observable")
    func andThenOthers() {
        expectMarbles("---|") { m in completable(m.hot("--|")).andThen(m.cold("-|").asMaybe()) }
        expectMarbles("-----|", values: none) { m in
            completable(m.hot("--|")).andThen(completable(m.cold("---|", subscriptions: "--^--!")))
        }
        expectMarbles("---a-b|") { m in
            completable(m.hot("--|")).andThen(m.cold("-a-b|", subscriptions: "--^---!").asObservable())
        }
        expectMarbles("---#") { m in completable(m.hot("--|")).andThen(m.cold("-#").asObservable()) }
    }

    @Test("disposing andThen cancels whichever part is running")
    func andThenDisposal() {
        expectMarbles("---") { m in
            m.dispose(at: 3)
            return completable(m.hot("-----|", subscriptions: "^--!")).andThen(m.cold("-(p|)").asSingle())
        }
        expectMarbles("----") { m in
            m.dispose(at: 4)
            let reload = m.cold("---(p|)", subscriptions: "--^-!")
            return completable(m.hot("--|")).andThen(reload.asSingle())
        }
    }

    @Test("andThen has let go of the completable by the time the next part is subscribed, and sends nothing it sends later")
    func andThenLetsGoOfTheCompletable() {
        let save = Subject<Never>()
        let log = Recorder<String>()
        let reload = Single<String>.deferred {
            log.append("reload subscribed; save observed: \(save.hasObservers)")
            return .just("page")
        }
        let subscription = save.asCompletable().andThen(reload).subscribe { log.append("\($0)") }
        #expect(save.hasObservers)
        save.onCompleted()
        save.onError(TestError("after the end"))
        #expect(log.items == ["reload subscribed; save observed: false", "success(\"page\")"])
        #expect(!save.hasObservers)
        subscription.dispose()
    }

    @Test("an observer that sends into the first completable's source from inside the second's delivery changes nothing")
    func andThenReentrant() {
        let first = Subject<Int>()
        let second = Subject<String>()
        let log = Recorder<String>()
        let subscription = first.ignoreElements().asCompletable().andThen(second.asObservable()).subscribe { event in
            log.append("\(event)")
            first.onError(TestError("late"))
            if case .next("a") = event { second.onNext("b") }
        }
        first.onCompleted()
        second.onNext("a")
        second.onCompleted()
        #expect(log.items == ["next(a)", "next(b)", "completed"])
        subscription.dispose()
    }

    // MARK: errors, threads, side effects

    @Test("catch replaces a failure with another completable; a throwing handler fails")
    func catchFailure() {
        expectMarbles("---|", values: none) { m in
            let fallback = completable(m.cold("-|", subscriptions: "--^!"))
            return completable(m.hot("--#")).catch { _ in fallback }
        }
        expectMarbles("--|", values: none) { m in completable(m.hot("--|")).catch { _ in .never() } }
        expectMarbles("--#", values: none) { m in completable(m.hot("--#")).catch { _ in throw TestError("error") } }
    }

    @Test("retry resubscribes after a failure, up to the attempt count")
    func retry() {
        expectMarbles("---#", values: none) { m in completable(m.cold("-#", subscriptions: "^!", "-^!", "--^!")).retry(3) }
        expectMarbles("--|", values: none) { m in completable(m.cold("--|", subscriptions: "^-!")).retry(3) }
    }

    @Test("observe(on:) delivers the outcome on the scheduler")
    func observeOn() throws {
        let target = TestScheduler()
        let outcomes = Recorder<String>()
        let subscription = Completable.empty().observe(on: target).subscribe { outcomes.append("\($0)") }
        #expect(outcomes.items.isEmpty)
        try target.run()
        #expect(outcomes.items == ["completed"])
        subscription.dispose()
        expectNoPendingWork(target)
    }

    @Test("do runs its handlers around the outcome, and a throwing onCompleted fails it")
    func doHandlers() {
        let log = Recorder<String>()
        expectMarbles("--|", values: none) { m in
            completable(m.hot("--|")).do(
                onCompleted: { log.append("completed") }, afterCompleted: { log.append("after") },
                onSubscribe: { log.append("subscribe") }, onDispose: { log.append("dispose") }
            )
        }
        // The marble runner disposes its subscription as the completion reaches it, so
        // onDispose runs before afterCompleted.
        #expect(log.items == ["subscribe", "completed", "dispose", "after"])
        expectMarbles("--#", values: none) { m in completable(m.hot("--|")).do(onCompleted: { throw TestError("error") }) }
    }

    @Test("Single.flatMapCompletable runs a completable after the single's value")
    func singleFlatMapCompletable() {
        expectMarbles("---|", values: none) { m in
            let x = completable(m.cold("--|", subscriptions: "-^-!"))
            return m.hot("-(a|)").asSingle().flatMapCompletable { _ in x }
        }
        expectMarbles("--#", values: none) { m in m.hot("--#").asSingle().flatMapCompletable { _ in .empty() } }
        expectMarbles("-#", values: none) { m in m.hot("-(a|)").asSingle().flatMapCompletable { _ in throw TestError("error") } }
    }

    @Test("delay shifts the completion and forwards a failure at once")
    func delay() {
        expectMarbles("---|", values: none) { m in completable(m.hot("-|")).delay(.seconds(2), scheduler: m.scheduler) }
        expectMarbles("-#", values: none) { m in completable(m.hot("-#")).delay(.seconds(2), scheduler: m.scheduler) }
    }

    @Test("delay releases the observer and leaves no work; a nested subscription gets its own outcome")
    func delayReleaseAndReentrancy() throws {
        for ending in SubscriptionEnding.allCases {
            try expectReleasesProbe(ending: ending, values: ending == .completion ? [1] : [], settledBy: 222) { f in
                f.source.ignoreElements().asCompletable().delay(.seconds(2), scheduler: f.scheduler)
                    .andThen(Observable.just(1)).filter { f.probe.pass($0) }
            }
        }
        let scheduler = TestScheduler()
        let work = Completable.empty().delay(.seconds(2), scheduler: scheduler)
        #expect(try recordNestedSubscription(on: scheduler, work.subscribe) == ["outer completed at 2", "nested completed at 4"])
        expectNoPendingWork(scheduler)
    }

    @Test("timeout fails a slow completable, or switches to the other one, and lets a quick one through")
    func timeout() {
        expectMarbles("---#", values: none, error: TimeoutError(dueTime: .seconds(3))) { m in
            completable(m.hot("-----|", subscriptions: "^--!")).timeout(.seconds(3), scheduler: m.scheduler)
        }
        expectMarbles("--|", values: none) { m in completable(m.hot("--|")).timeout(.seconds(3), scheduler: m.scheduler) }
        expectMarbles("----|", values: none) { m in
            let other = completable(m.cold("-|", subscriptions: "---^!"))
            return completable(m.hot("-----|")).timeout(.seconds(3), other: other, scheduler: m.scheduler)
        }
    }

    // MARK: several completables

    @Test("zip runs them at once and completes with the last; a failure ends it and disposes the others")
    func zip() {
        expectMarbles("----|", values: none) { m in Completable.zip(completable(m.hot("--|")), completable(m.hot("----|"))) }
        expectMarbles("--#", values: none) { m in
            Completable.zip([completable(m.hot("--#")), completable(m.hot("----|", subscriptions: "^-!"))])
        }
        expectMarbles("|", values: none) { _ in Completable.zip([]) }
    }

    @Test("concat runs them one after another")
    func concat() {
        expectMarbles("-----|", values: none) { m in
            Completable.concat(completable(m.cold("--|")), completable(m.cold("---|", subscriptions: "--^--!")))
        }
        expectMarbles("--#", values: none) { m in Completable.concat([completable(m.cold("--#")), .never()]) }
    }

    // MARK: release and re-entrancy, for every operator

    static let operators = [
        "asCompletable", "create", "deferred", "andThen(Single)", "andThen(Maybe)", "andThen(Completable)",
        "andThen(Observable)", "catch", "retry", "observe(on:)", "do", "zip", "concat", "Maybe.asCompletable",
        "Single.asCompletable", "Single.flatMapCompletable", "timeout", "timeout(other:)",
    ]

    /// The operator `name` applied to `source` as a completable, with `probe` held by its
    /// closures, as an observable that sends 1 when it completes.
    static func apply(_ name: String, to source: Observable<Int>, probe: LifetimeProbe, scheduler: TestScheduler) -> Observable<Int> {
        let work = source.ignoreElements().asCompletable()
        let keep: @Sendable () -> Void = { [probe] in _ = probe.pass(0) }
        let one = Single.deferred { keep(); return .just(1) }
        let result: Completable
        switch name {
        case "asCompletable": result = work
        case "create":
            result = Completable.create { report in
                source.subscribe(onError: { report(.error($0)) }, onCompleted: { keep(); report(.completed) })
            }
        case "deferred": result = Completable.deferred { keep(); return work }
        case "andThen(Single)": return work.andThen(one).asObservable()
        case "andThen(Maybe)": return work.andThen(one.asMaybe()).asObservable()
        case "andThen(Completable)": result = work.andThen(Completable.deferred { keep(); return .empty() })
        case "andThen(Observable)": return work.andThen(one.asObservable())
        case "catch": result = work.catch { _ in keep(); return .empty() }
        // One attempt: a second one would subscribe to the hot fixture after its error and wait.
        case "retry": result = work.retry(1).do(onCompleted: keep)
        case "observe(on:)": result = work.observe(on: scheduler).do(onCompleted: keep)
        case "do": result = work.do(onError: { _ in keep() }, onCompleted: keep, onDispose: keep)
        case "zip": result = Completable.zip(work, .deferred { keep(); return .empty() })
        case "concat": result = Completable.concat(work, .deferred { keep(); return .empty() })
        case "Maybe.asCompletable": result = source.asMaybe().map { _ in keep() }.asCompletable()
        case "timeout": result = work.timeout(.seconds(1000), scheduler: scheduler).do(onCompleted: keep)
        case "timeout(other:)": result = work.timeout(.seconds(1000), other: .never(), scheduler: scheduler).do(onCompleted: keep)
        case "Single.flatMapCompletable": result = source.asSingle().flatMapCompletable { _ in keep(); return .empty() }
        case "Single.asCompletable": result = source.asSingle().map { _ in keep() }.asCompletable()
        default: result = .error(TestError("no operator \(name)"))
        }
        return result.andThen(Observable.just(1))
    }

    @Test("releases the observer and its closures after completion, failure and disposal",
          arguments: operators, SubscriptionEnding.allCases)
    func releases(name: String, ending: SubscriptionEnding) throws {
        let recovers = name == "catch" && ending == .error
        try expectReleasesProbe(ending: ending, values: ending == .completion || recovers ? [1] : []) { f in
            Self.apply(name, to: f.source, probe: f.probe, scheduler: f.scheduler)
        }
    }

    @Test("an observer that subscribes to the same completable from inside its delivery gets its own outcome",
          arguments: operators)
    func reentrantSubscription(name: String) throws {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        let output = Self.apply(name, to: .just(1), probe: LifetimeProbe(), scheduler: scheduler)
        let nested = SerialDisposable()
        let outer = output.subscribe { event in
            log.append("outer \(event)")
            if case .next = event { nested.disposable = output.subscribe { log.append("nested \($0)") } }
        }
        try scheduler.run()
        // Sorted: observe(on:) delivers the nested outcome after the outer one.
        #expect(log.items.sorted() == ["nested completed", "nested next(1)", "outer completed", "outer next(1)"], "\(name)")
        outer.dispose()
        nested.dispose()
        expectNoPendingWork(scheduler)
    }
}

@Suite("Maybe and Completable where an operator takes another sequence")
struct TraitCompositionTests {
    @Test("save, then reload: flatMapLatest of a completable followed by a single")
    func saveThenReload() {
        expectMarbles("----p----(q|)") { m in
            let saves = m.hot("--a----b-|")
            let save = m.cold("-|")
            let reload = m.cold("-(p|)")
            return saves.flatMapLatest { edit in
                completable(save).andThen(reload.asSingle()).map { edit == "a" ? $0 : "q" }
            }
        }
    }

    @Test("a maybe and a completable fit in flatMap, concat and withLatestFrom")
    func convertible() {
        expectMarbles("--a-|") { m in
            m.hot("--x-|").flatMap { _ in Maybe.just("a") }
        }
        expectMarbles("--x-|") { m in
            m.hot("--x-|").concat(Maybe<String>.empty())
        }
        expectMarbles("--x---|") { m in
            m.hot("--x-|").concat(completable(m.cold("--|")).andThen(Observable<String>.empty()))
        }
        expectMarbles("-----c|") { m in
            m.hot("-----x|").withLatestFrom(m.hot("--(c|)").asMaybe())
        }
        expectMarbles("--#", values: none) { m in
            m.hot("--x-|").flatMap { _ in Completable.error(TestError("error")) }
        }
    }
}

@Suite("Single, Maybe and Completable subscribe(with:)")
struct TraitSubscribeWithTests {
    final class Screen: Sendable {
        let log = Recorder<String>()
    }

    @Test("hands the object to each closure while it is alive")
    func handsTheObject() {
        let screen = Screen()
        _ = Maybe.just(1).subscribe(with: screen, onSuccess: { $0.log.append("success \($1)") },
                                    onDisposed: { $0.log.append("disposed") })
        _ = Maybe<Int>.empty().subscribe(with: screen, onCompleted: { $0.log.append("completed") })
        _ = Completable.error(TestError("x")).subscribe(with: screen, onError: { $0.log.append("error \($1)") },
                                                       onDisposed: { $0.log.append("disposed") })
        _ = Completable.empty().subscribe(with: screen, onCompleted: { $0.log.append("completed") })
        _ = Single.just(2).subscribe(with: screen, onSuccess: { $0.log.append("success \($1)") },
                                     onDisposed: { $0.log.append("disposed") })
        _ = Single<Int>.error(TestError("y")).subscribe(with: screen, onFailure: { $0.log.append("failure \($1)") })
        #expect(screen.log.items == [
            "success 1", "disposed", "completed", "error x", "disposed", "completed", "success 2", "disposed", "failure y",
        ])
    }

    @Test("holds the object weakly and calls nothing once it is released")
    func weak() {
        let calls = Recorder<String>()
        let subject = Subject<Int>()
        weak var released: Screen?
        let subscriptions: [any Disposable]
        do {
            let screen = Screen()
            released = screen
            subscriptions = [
                subject.asMaybe().subscribe(with: screen, onSuccess: { _, _ in calls.append("success") },
                                            onCompleted: { _ in calls.append("completed") }),
                subject.ignoreElements().asCompletable().subscribe(with: screen, onCompleted: { _ in calls.append("completed") }),
                subject.asSingle().subscribe(with: screen, onSuccess: { _, _ in calls.append("success") },
                                             onFailure: { _, _ in calls.append("failure") }),
            ]
        }
        #expect(released == nil)
        subject.onNext(1)
        subject.onCompleted()
        #expect(calls.items.isEmpty)
        for subscription in subscriptions { subscription.dispose() }
    }
}
