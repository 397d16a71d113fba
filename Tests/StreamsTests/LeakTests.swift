import Streams
import StreamsTesting
import Testing

/// Every operator, subject and disposable lets go of what it holds when a subscription ends.
///
/// Each case builds an output from ``ReleaseFixture`` (a hot `source` that emits 1 at 210 and
/// ends at 220, a second hot input `other` that emits 5 at 205 and 6 at 212 and ends at 220,
/// and a probe the subscriber and the operator's closures hold) and runs three times: the
/// sources complete, the sources fail, or the subscriber disposes at 215. Each time the probe
/// must be gone once the subscription has ended, every upstream subscription must have ended,
/// and no scheduled work may be left (see ``expectReleasesProbe(ending:values:settledBy:sourceLocation:_:)``).
@Suite("No leaks: every operator releases its observer, closures and upstream when a subscription ends")
struct LeakTests {
    @Test("operator", arguments: ReleaseCase.all, SubscriptionEnding.allCases)
    func releases(_ operatorCase: ReleaseCase, ending: SubscriptionEnding) throws {
        try expectReleasesProbe(
            ending: ending,
            values: operatorCase.values(ending),
            settledBy: operatorCase.settledBy
        ) { fixture in
            operatorCase.make(fixture)
        }
    }

    @Test("a Subject lets its subscriber go on completion, on error, and on disposal", arguments: SubscriptionEnding.allCases)
    func subject(ending: SubscriptionEnding) {
        let subject = Subject<Int>()
        weak var weakProbe: LifetimeProbe?
        let subscription: any Disposable
        do {
            let probe = LifetimeProbe()
            weakProbe = probe
            subscription = subject.subscribe(onNext: { [probe] in _ = probe.pass($0) })
        }
        subject.onNext(1)
        #expect(weakProbe != nil)
        switch ending {
        case .completion: subject.onCompleted()
        case .error: subject.onError(TestError("x"))
        case .disposal: subscription.dispose()
        }
        #expect(weakProbe == nil)
        #expect(!subject.hasObservers)
        subscription.dispose()
    }

    @Test("a BehaviorValue is released with its owner, and its subscriber with it or on disposal")
    func behaviorValue() {
        weak var weakValue: BehaviorValue<Int>?
        weak var weakProbe: LifetimeProbe?
        let subscription: any Disposable
        do {
            let value = BehaviorValue(0)
            let probe = LifetimeProbe()
            weakValue = value
            weakProbe = probe
            subscription = value.subscribe(onNext: { [probe] in _ = probe.pass($0) })
            value.accept(1)
        }
        // Subscriptions refer to their subject weakly: the owner letting go frees it, and
        // with it the subscriber, which can receive nothing more.
        #expect(weakValue == nil)
        subscription.dispose()
        #expect(weakProbe == nil)
    }

    @Test("a subject whose owner let go does not keep its subscribers alive")
    func subjectOwnerLetsGo() {
        weak var weakSubject: Subject<Int>?
        weak var weakProbe: LifetimeProbe?
        let subscription: any Disposable
        do {
            let subject = Subject<Int>()
            let probe = LifetimeProbe()
            weakSubject = subject
            weakProbe = probe
            subscription = subject.subscribe(onNext: { [probe] in _ = probe.pass($0) })
        }
        #expect(weakSubject == nil)
        subscription.dispose()
        #expect(weakProbe == nil)
    }

    @Test("flatMap to synchronous inners lets its subscriber go when its source's owner lets go without ending")
    func flatMapSourceOwnerLetsGo() {
        weak var weakProbe: LifetimeProbe?
        let subscription: any Disposable
        do {
            let subject = Subject<Int>()
            let probe = LifetimeProbe()
            weakProbe = probe
            // Each inner completes during its subscription, so merge keeps its observer for the
            // next one; that spare holds the merge, and must go with the subject.
            subscription = subject.flatMap { Observable.just($0) }.subscribe(onNext: { [probe] in _ = probe.pass($0) })
            subject.onNext(1)
            subject.onNext(2)
        }
        #expect(weakProbe == nil)
        subscription.dispose()
    }

    @Test("a DisposeBag that goes away disposes what it holds and releases the subscribers")
    func disposeBag() {
        let subject = Subject<Int>()
        weak var weakProbe: LifetimeProbe?
        weak var weakBag: DisposeBag?
        do {
            let bag = DisposeBag()
            let probe = LifetimeProbe()
            weakBag = bag
            weakProbe = probe
            subject.map { [probe] in probe.pass($0) ? $0 : 0 }.subscribe(onNext: { _ in }).disposed(by: bag)
            subject.subscribe(onNext: { [probe] in _ = probe.pass($0) }).disposed(by: bag)
            subject.onNext(1)
            #expect(subject.hasObservers)
        }
        #expect(weakBag == nil)
        #expect(weakProbe == nil)
        #expect(!subject.hasObservers)
    }

    @Test("interval and timer: disposal releases the observer and cancels the scheduled work")
    func timers() throws {
        let scheduler = TestScheduler()
        weak var weakProbe: LifetimeProbe?
        let subscriptions: [any Disposable]
        do {
            let probe = LifetimeProbe()
            weakProbe = probe
            subscriptions = [
                Observable<Int>.interval(.seconds(10), scheduler: scheduler).subscribe(onNext: { [probe] in _ = probe.pass($0) }),
                Observable<Int>.timer(.seconds(500), scheduler: scheduler).subscribe(onNext: { [probe] in _ = probe.pass($0) }),
            ]
        }
        try scheduler.advance(to: 35)
        #expect(weakProbe != nil)
        for subscription in subscriptions { subscription.dispose() }
        #expect(weakProbe == nil)
        expectNoPendingWork(scheduler)
    }
}

/// One operator under the release check: how to build it and what the subscriber receives.
struct ReleaseCase: Sendable, CustomTestStringConvertible {
    let name: String
    /// When the output ends after the sources end (a delay), the tick by which it has.
    var settledBy = 220
    let values: @Sendable (SubscriptionEnding) -> [Int]
    let make: @Sendable (ReleaseFixture) -> Observable<Int>

    var testDescription: String { name }

    init(
        _ name: String,
        values: [Int] = [1],
        onError: [Int]? = nil,
        onDisposal: [Int]? = nil,
        settledBy: Int = 220,
        _ make: @escaping @Sendable (ReleaseFixture) -> Observable<Int>
    ) {
        self.name = name
        self.settledBy = settledBy
        self.values = { ending in
            switch ending {
            case .completion: values
            case .error: onError ?? values
            case .disposal: onDisposal ?? values
            }
        }
        self.make = make
    }

    static let all: [ReleaseCase] = basic + combining + time + traits

    static let basic: [ReleaseCase] = [
        ReleaseCase("map") { f in f.source.map { [p = f.probe] in p.pass($0) ? $0 : 0 } },
        ReleaseCase("compactMap") { f in f.source.compactMap { [p = f.probe] in p.pass($0) ? $0 : nil } },
        ReleaseCase("filter") { f in f.source.filter { [p = f.probe] in p.pass($0) } },
        ReleaseCase("scan") { f in f.source.scan(0) { [p = f.probe] sum, x in p.pass(x) ? sum + x : sum } },
        ReleaseCase("scan(into:)") { f in f.source.scan(into: 0) { [p = f.probe] sum, x in if p.pass(x) { sum += x } } },
        ReleaseCase("take") { f in f.source.take(5) },
        ReleaseCase("take(while:)") { f in f.source.take(while: { [p = f.probe] in p.pass($0) }) },
        ReleaseCase("take(until:)") { f in f.source.take(until: f.other.filter { $0 > 6 }) },
        ReleaseCase("skip") { f in f.source.skip(0) },
        ReleaseCase("startWith", values: [0, 1]) { f in f.source.startWith(0) },
        ReleaseCase("distinctUntilChanged") { f in f.source.distinctUntilChanged() },
        ReleaseCase("distinctUntilChanged(key)") { f in f.source.distinctUntilChanged { [p = f.probe] in p.pass($0) ? $0 : 0 } },
        ReleaseCase("distinctUntilChanged(comparer)") { f in
            f.source.distinctUntilChanged { [p = f.probe] (a: Int, b: Int) in p.pass(a) && a == b }
        },
        ReleaseCase("do") { f in
            let p = f.probe
            return f.source.do(
                onNext: { _ = p.pass($0) }, afterNext: { _ = p.pass($0) },
                onError: { _ in _ = p.pass(0) }, afterError: { _ in _ = p.pass(0) },
                onCompleted: { _ = p.pass(0) }, afterCompleted: { _ = p.pass(0) },
                onSubscribe: { _ = p.pass(0) }, onSubscribed: { _ = p.pass(0) },
                onDispose: { _ = p.pass(0) }
            )
        },
        ReleaseCase("catch", onError: [1, 9]) { f in f.source.catch { [p = f.probe] _ in p.pass(0) ? .just(9) : .empty() } },
        ReleaseCase("catch into a live input", onError: [1]) { f in
            f.source.catch { [p = f.probe] _ in f.other.map { p.pass($0) ? $0 : 0 } }
        },
        ReleaseCase("catchAndReturn", onError: [1, 9]) { f in f.source.catchAndReturn(9) },
        ReleaseCase("retry(1)") { f in f.source.retry(1) },
        ReleaseCase("deferred") { f in Observable.deferred { [p = f.probe, source = f.source] in p.pass(0) ? source : .empty() } },
        ReleaseCase("create") { f in
            Observable.create { [p = f.probe, source = f.source] observer in
                _ = p.pass(0)
                return source.subscribe(observer)
            }
        },
        ReleaseCase("share") { f in f.source.map { [p = f.probe] in p.pass($0) ? $0 : 0 }.share() },
        ReleaseCase("share(replay: 1)") { f in f.source.map { [p = f.probe] in p.pass($0) ? $0 : 0 }.share(replay: 1) },
        ReleaseCase("share(replay: 1, scope: .forever)") { f in
            f.source.map { [p = f.probe] in p.pass($0) ? $0 : 0 }.share(replay: 1, scope: .forever)
        },
        ReleaseCase("multicast(_:selector:)") { f in
            f.source.multicast({ Subject<Int>() }, selector: { [p = f.probe] in $0.map { p.pass($0) ? $0 : 0 } })
        },
    ]

    static let combining: [ReleaseCase] = [
        ReleaseCase("concat", values: [1, 7], onError: [1], onDisposal: [1]) { f in Observable.concat(f.source, .just(7)) },
        ReleaseCase("concat(_:) a live input") { f in f.source.concat(f.other) },
        ReleaseCase("concatMap") { f in f.source.concatMap { [p = f.probe] x in Observable.just(p.pass(x) ? x : 0) } },
        ReleaseCase("merge", values: [5, 1, 6]) { f in Observable.merge(f.source, f.other) },
        ReleaseCase("merge()", values: [5, 1, 6]) { f in Observable.of(f.source, f.other).merge() },
        ReleaseCase("merge(maxConcurrent:)", values: [5, 1, 6]) { f in Observable.of(f.source, f.other).merge(maxConcurrent: 2) },
        ReleaseCase("flatMap", values: [6]) { f in f.source.flatMap { [p = f.probe, other = f.other] _ in other.filter { p.pass($0) } } },
        ReleaseCase("flatMap to synchronous inners") { f in f.source.flatMap { [p = f.probe] in Observable.just($0).filter { p.pass($0) } } },
        ReleaseCase("flatMapLatest", values: [6]) { f in
            f.source.flatMapLatest { [p = f.probe, other = f.other] _ in other.filter { p.pass($0) } }
        },
        ReleaseCase("flatMapFirst", values: [6]) { f in
            f.source.flatMapFirst { [p = f.probe, other = f.other] _ in other.filter { p.pass($0) } }
        },
        ReleaseCase("switchLatest", values: [6]) { f in f.source.map { [other = f.other] _ in other }.switchLatest() },
        ReleaseCase("combineLatest", values: [15, 16]) { f in
            Observable.combineLatest(f.source, f.other) { [p = f.probe] a, b in p.pass(a) ? a * 10 + b : 0 }
        },
        ReleaseCase("combineLatest of three", values: [115, 116]) { f in
            Observable.combineLatest(f.source, f.other, f.source) { a, b, c in a * 100 + b + c * 10 }
        },
        ReleaseCase("combineLatest of an array", values: [6, 7]) { f in
            Observable.combineLatest([f.source, f.other]).map { $0.reduce(0, +) }
        },
        ReleaseCase("withLatestFrom", values: [5]) { f in f.source.withLatestFrom(f.other) },
        ReleaseCase("withLatestFrom(resultSelector:)", values: [6]) { f in
            f.source.withLatestFrom(f.other) { [p = f.probe] a, b in p.pass(a) ? a + b : 0 }
        },
    ]

    static let time: [ReleaseCase] = [
        ReleaseCase("throttle") { f in f.source.throttle(.seconds(3), scheduler: f.scheduler) },
        ReleaseCase("throttle(latest: false)") { f in f.source.throttle(.seconds(3), latest: false, scheduler: f.scheduler) },
        ReleaseCase("debounce") { f in f.source.debounce(.seconds(3), scheduler: f.scheduler) },
        ReleaseCase("delay", settledBy: 225) { f in f.source.delay(.seconds(3), scheduler: f.scheduler) },
        ReleaseCase("delaySubscription") { f in f.source.delaySubscription(.seconds(3), scheduler: f.scheduler) },
        ReleaseCase("observe(on:)") { f in f.source.observe(on: f.scheduler) },
        ReleaseCase("subscribe(on:)") { f in f.source.subscribe(on: f.scheduler) },
    ]

    static let traits: [ReleaseCase] = [
        ReleaseCase("asSingle", onError: [], onDisposal: []) { f in f.source.asSingle().asObservable() },
        ReleaseCase("Single.map", onError: [], onDisposal: []) { f in
            f.source.asSingle().map { [p = f.probe] in p.pass($0) ? $0 : 0 }.asObservable()
        },
        ReleaseCase("Single.flatMap", onError: [], onDisposal: []) { f in
            f.source.asSingle().flatMap { [p = f.probe] in Single.just(p.pass($0) ? $0 : 0) }.asObservable()
        },
        ReleaseCase("Single.catch", onError: [9], onDisposal: []) { f in
            f.source.asSingle().catch { [p = f.probe] _ in .just(p.pass(9) ? 9 : 0) }.asObservable()
        },
        ReleaseCase("Single.retry", onError: [], onDisposal: []) { f in f.source.asSingle().retry(1).asObservable() },
        ReleaseCase("Single.observe(on:)", onError: [], onDisposal: []) { f in
            f.source.asSingle().observe(on: f.scheduler).asObservable()
        },
        ReleaseCase("Single.delay", onError: [], onDisposal: [], settledBy: 225) { f in
            f.source.asSingle().delay(.seconds(3), scheduler: f.scheduler).asObservable()
        },
        ReleaseCase("Maybe.retry(when:)", onError: [], onDisposal: []) { f in
            f.source.asMaybe().retry(when: { [p = f.probe] errors in errors.take(while: { _ in !p.pass(0) }) }).asObservable()
        },
        ReleaseCase("Completable.retry(when:)", values: []) { f in
            f.source.ignoreElements().asCompletable()
                .retry(when: { [p = f.probe] errors in errors.take(while: { _ in !p.pass(0) }) })
                .asObservable().map { _ -> Int in }
        },
        ReleaseCase("Single.debug", onError: [], onDisposal: []) { f in
            f.source.asSingle().debug(sink: DebugSink { [p = f.probe] _ in _ = p.pass(0) }).asObservable()
        },
        ReleaseCase("Maybe.using", onError: [], onDisposal: []) { f in
            Maybe.using({ SingleAssignmentDisposable() }, primitiveSequenceFactory: { [p = f.probe, source = f.source] _ in
                source.asMaybe().map { p.pass($0) ? $0 : 0 }
            }).asObservable()
        },
        ReleaseCase("asSignal", onError: [1, 9]) { f in
            f.source.asSignal(onErrorJustReturn: 9, scheduler: f.scheduler).asObservable()
        },
        ReleaseCase("Signal.map and filter", onError: [1, 9]) { f in
            f.source.asSignal(onErrorJustReturn: 9, scheduler: f.scheduler)
                .map { [p = f.probe] in p.pass($0) ? $0 : 0 }
                .filter { [p = f.probe] in p.pass($0) }
                .asObservable()
        },
    ]
}
