// The spellings that open-source RxSwift apps write most and that Streams lacked: each test opens
// with the app's snippet as it is written there (only the imports and `PublishSubject` renamed),
// and then asserts its events at exact virtual times.
import Streams
import StreamsTesting
import Synchronization
import Testing
import XCTest

// MARK: - A custom binder, through `extension Reactive where Base: …`

/// A screen's view, as an app declares it: a main-actor class with a property to bind.
@MainActor
final class TitleView {
    var title = "" {
        didSet { shown.append(title) }
    }
    private(set) var shown: [String] = []
}

extension TitleView: ReactiveCompatible {}

extension Reactive where Base: TitleView {
    /// The app's binder, on the main queue.
    var title: Binder<String> {
        Binder(base) { view, title in view.title = title }
    }

    /// The same binder on a test's scheduler.
    func title(on scheduler: any Scheduler) -> Binder<String> {
        Binder(base, scheduler: scheduler) { view, title in view.title = title }
    }

    /// A binder of an optional, which takes an `Observable<String>` too.
    func subtitle(on scheduler: any Scheduler) -> Binder<String?> {
        Binder(base, scheduler: scheduler) { view, subtitle in view.title = subtitle ?? "–" }
    }
}

/// A view model used through `withUnretained(self)`: a search whose results the test scripts.
final class PhotoSearchModel: Sendable {
    let results: Observable<String>

    init(results: Observable<String>) {
        self.results = results
    }

    func search(_ query: String) -> Observable<String> {
        results.map { query + $0 }
    }

    /// The app's chain: `withUnretained(self)` in the middle, before `flatMapLatest`.
    func photos(for queries: Observable<String>) -> Observable<String> {
        queries
            .withUnretained(self)
            .flatMapLatest { model, query in model.search(query) }
    }
}

/// Holds an object strongly until the test releases it at a chosen tick.
final class Owner<Object: AnyObject & Sendable>: Sendable {
    private let held: Mutex<Object?>

    init(_ object: Object) {
        held = Mutex(object)
    }

    var object: Object? { held.withLock { $0 } }

    func release() {
        let released = held.withLock { $0.take() }
        _ = released
    }
}

@Suite("RxSwift app spellings")
@MainActor
struct RxSwiftAppSpellingsTests {
    // MARK: drive() and emit()

    @Test("driver.drive() subscribes and ignores; the driver stays connected until disposed")
    func driveWithoutArguments() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let seen = scheduler.createObserver(Int.self)
        let driver = source.asDriver(onErrorJustReturn: -1, scheduler: scheduler)
        let subscription = SerialDisposable()
        scheduler.scheduleAt(200) { subscription.disposable = driver.do(onNext: { seen.onNext($0) }).drive() }
        scheduler.scheduleAt(230) { subscription.dispose() }
        try scheduler.run()
        #expect(seen.events == [.next(210, 1), .next(220, 2)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("signal.emit() subscribes and ignores")
    func emitWithoutArguments() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let seen = scheduler.createObserver(Int.self)
        let signal = source.asSignal(onErrorJustReturn: -1, scheduler: scheduler)
        scheduler.scheduleAt(200) { _ = signal.do(onNext: { seen.onNext($0) }).emit() }
        try scheduler.run()
        #expect(seen.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a driver of Int drives, a signal emits to, and an observable binds to a BehaviorValue<Int?>")
    func intoOptionalTargets() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let driven = BehaviorValue<Int?>(nil)
        let emitted = PublishValue<Int?>()
        let bound = BehaviorValue<Int?>(nil)
        let subject = Subject<Int?>()
        let driving = scheduler.createObserver(Int?.self)
        let emitting = scheduler.createObserver(Int?.self)
        let binding = scheduler.createObserver(Int?.self)
        let subjectEvents = scheduler.createObserver(Int?.self)
        _ = driven.asObservable().subscribe(driving.asObserver())
        _ = emitted.asObservable().subscribe(emitting.asObserver())
        _ = bound.asObservable().subscribe(binding.asObserver())
        _ = subject.asObservable().subscribe(subjectEvents.asObserver())
        scheduler.scheduleAt(200) {
            _ = source.asDriver(onErrorJustReturn: 0, scheduler: scheduler).drive(driven)
            _ = source.asSignal(onErrorJustReturn: 0, scheduler: scheduler).emit(to: emitted)
            _ = source.bind(to: bound)
            _ = source.bind(to: subject)
        }
        try scheduler.run()
        #expect(driving.events == [.next(0, nil), .next(210, 1), .next(220, 2)])
        #expect(emitting.events == [.next(210, 1), .next(220, 2)])
        #expect(binding.events == [.next(0, nil), .next(210, 1), .next(220, 2)])
        #expect(subjectEvents.events == [.next(210, 1), .next(220, 2), .completed(230)])
        expectNoPendingWork(scheduler)
    }

    // MARK: withUnretained

    @Test("withUnretained(self) before flatMapLatest: pairs while the model lives, completes at the next query after it goes")
    func withUnretainedMidChain() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let queries = scheduler.createHotObservable([
            .next(210, "a"), .next(230, "b"), .next(250, "c"), .next(260, "d"), .completed(300),
        ])
        let results = scheduler.createColdObservable([.next(5, "1"), .completed(10)])
        let owner = Owner(PhotoSearchModel(results: results.asObservable()))
        weak let model = owner.object
        scheduler.scheduleAt(240) { owner.release() }

        let res = scheduler.start { owner.object!.photos(for: queries.asObservable()) }

        #expect(model == nil)
        #expect(res.events == [.next(215, "a1"), .next(235, "b1"), .completed(250)])
        #expect(queries.subscriptions == [Subscription(200, 250)])
        #expect(results.subscriptions == [Subscription(210, 220), Subscription(230, 240)])
    }

    @Test("withUnretained(_:resultSelector:) combines; a selector that throws fails the output")
    func withUnretainedSelector() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let owner = Owner(PhotoSearchModel(results: .empty()))
        let res = scheduler.start {
            source.withUnretained(owner.object!) { _, value in
                if value == 3 { throw TestError("three") }
                return value * 10
            }
        }
        #expect(res.events == [.next(210, 10), .next(220, 20), .error(230, TestError("three"))])
        #expect(source.subscriptions == [Subscription(200, 230)])
    }

    @Test("withUnretained forwards the source's end while the object lives")
    func withUnretainedForwardsTheEnd() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("boom"))])
        let owner = Owner(PhotoSearchModel(results: .empty()))
        let res = scheduler.start { source.withUnretained(owner.object!).map { $1 } }
        #expect(res.events == [.next(210, 1), .error(220, TestError("boom"))])
    }

    // MARK: Binder and Reactive

    @Test("a custom Binder through `extension Reactive`: bind, drive and emit set the view on its scheduler")
    func customBinder() throws {
        let scheduler = TestScheduler()
        let titles = scheduler.createHotObservable([.next(210, "Cats"), .next(220, "Dogs"), .completed(230)])
        let view = TitleView()
        let times = Mutex<[Int]>([])
        let binder = Binder<String>(view, scheduler: scheduler) { view, title in
            view.title = title
            times.withLock { $0.append(scheduler.clock) }
        }
        scheduler.scheduleAt(200) {
            _ = titles.bind(to: binder)
            _ = titles.asDriver(onErrorJustReturn: "", scheduler: scheduler).drive(view.rx.title(on: scheduler))
            _ = titles.asSignal(onErrorJustReturn: "", scheduler: scheduler).emit(to: view.rx.title(on: scheduler))
        }
        try scheduler.run()
        #expect(view.shown == ["Cats", "Cats", "Cats", "Dogs", "Dogs", "Dogs"])
        #expect(times.withLock { $0 } == [210, 220])
        expectNoPendingWork(scheduler)
    }

    @Test("a Binder<String?> takes an Observable<String>; the completion is ignored")
    func optionalBinder() throws {
        let scheduler = TestScheduler()
        let titles = scheduler.createHotObservable([.next(210, "Cats"), .completed(220)])
        let view = TitleView()
        scheduler.scheduleAt(200) { _ = titles.bind(to: view.rx.subtitle(on: scheduler)) }
        try scheduler.run()
        #expect(view.shown == ["Cats"])
        expectNoPendingWork(scheduler)
    }

    @Test("a Binder holds its target weakly: a value for a released view is dropped")
    func binderHoldsWeakly() throws {
        let scheduler = TestScheduler()
        let titles = scheduler.createHotObservable([.next(210, "Cats"), .next(230, "Dogs")])
        let shown = Mutex<[String]>([])
        weak var released: TitleView?
        do {
            let view = TitleView()
            released = view
            let binder = Binder<String>(view, scheduler: scheduler) { _, title in shown.withLock { $0.append(title) } }
            _ = titles.bind(to: binder)
            try scheduler.advance(to: 220)
        }
        try scheduler.advance(to: 240)
        #expect(released == nil)
        #expect(shown.withLock { $0 } == ["Cats"])
    }

    @Test("a nonisolated Binder runs its binding on its scheduler, for a target that is not UI")
    func nonisolatedBinder() throws {
        let scheduler = TestScheduler()
        let values = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let owner = Owner(PhotoSearchModel(results: .empty()))
        let seen = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = values.bind(to: Binder(nonisolated: owner.object!, scheduler: scheduler) { _, value in seen.onNext(value) })
        }
        try scheduler.advance(to: 300)
        #expect(seen.events == [.next(210, 1), .next(220, 2)])
    }

    @Test("`.rx` is on the type and on its values")
    func reactiveNamespace() {
        let view = TitleView()
        #expect(view.rx.base === view)
        #expect(TitleView.rx == Reactive<TitleView>.self)
    }

    // MARK: combineLatest and zip, wide and over collections

    @Test("Observable.combineLatest of six sources with a selector, as an app's form validation writes it")
    func combineLatestOfSix() throws {
        let scheduler = TestScheduler()
        let name = scheduler.createHotObservable([.next(210, "ann")])
        let email = scheduler.createHotObservable([.next(220, "a@b")])
        let password = scheduler.createHotObservable([.next(230, "secret")])
        let repeated = scheduler.createHotObservable([.next(240, "secret"), .next(270, "secrex")])
        let accepted = scheduler.createHotObservable([.next(250, true)])
        let age = scheduler.createHotObservable([.next(260, 30), .completed(280)])

        let res = scheduler.start {
            Observable.combineLatest(name, email, password, repeated, accepted, age) { name, email, password, repeated, accepted, age in
                !name.isEmpty && email.contains("@") && password == repeated && accepted && age >= 18
            }
        }

        #expect(res.events == [.next(260, true), .next(270, false)])
        #expect(age.subscriptions == [Subscription(200, 280)])
        #expect(name.subscriptions == [Subscription(200, 1000)])
    }

    @Test("combineLatest and zip of eight sources make tuples")
    func eightSources() throws {
        let scheduler = TestScheduler()
        let sources = (0..<8).map { index in
            scheduler.createHotObservable([.next(210 + index, index), .next(230 + index, index + 10), .completed(250)])
        }
        let s = sources.map { $0.asObservable() }
        let combined = scheduler.start {
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { "\($0)\($1)\($2)\($3)\($4)\($5)\($6)\($7)" }
        }
        #expect(combined.events.first == .next(217, "01234567"))
        #expect(combined.events.last == .completed(250))

        let zipper = TestScheduler()
        let zipSources = (0..<8).map { index in zipper.createHotObservable([.next(210 + index, index), .completed(230)]) }
        let z = zipSources.map { $0.asObservable() }
        let zipped = zipper.start {
            Observable.zip(z[0], z[1], z[2], z[3], z[4], z[5], z[6], z[7]) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
        }
        #expect(zipped.events == [.next(217, 28), .completed(230)])
    }

    @Test("combineLatest and zip over a collection with a selector, as RxSwift writes them")
    func collectionsWithSelectors() throws {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(250)])
        let b = scheduler.createHotObservable([.next(220, 2), .next(240, 4), .completed(250)])
        let sum = scheduler.start { Observable.combineLatest([a, b]) { values in values.reduce(0, +) } }
        #expect(sum.events == [.next(220, 3), .next(230, 5), .next(240, 7), .completed(250)])

        let zipper = TestScheduler()
        let c = zipper.createHotObservable([.next(210, 1), .next(230, 3), .completed(250)])
        let d = zipper.createHotObservable([.next(220, 2), .next(240, 4), .completed(250)])
        let pairs = zipper.start { Observable.zip([c, d]) { values in values.map { "\($0)" }.joined(separator: "+") } }
        #expect(pairs.events == [.next(220, "1+2"), .next(240, "3+4"), .completed(250)])
    }

    @Test("an empty collection: combineLatest emits the selector's empty result, zip completes")
    func emptyCollections() throws {
        let none: [Observable<Int>] = []
        let combined = TestScheduler().start { Observable.combineLatest(none) { $0.count } }
        #expect(combined.events == [.next(200, 0), .completed(200)])
        let zipped = TestScheduler().start { Observable.zip(none) { $0.count } }
        #expect(zipped.events == [.completed(200)])
    }
}

// MARK: - An RxTest test class with a subscription held between two scheduled closures

/// RxTest's own idiom, as RxSwift's tests write it, in Swift 6 mode: the subscription is a `var`
/// of the test case, set in one `scheduleAt` closure and disposed in another, and the closures
/// capture `self` (an `XCTestCase`, not `Sendable`).
final class SubscriptionAcrossClosuresRxTests: XCTestCase {
    var scheduler: TestScheduler!
    var subscription: Disposable!
    var disposeBag = DisposeBag()

    override func setUp() {
        super.setUp()
        scheduler = TestScheduler(initialClock: 0)
    }

    func testSubscribeAtOneTimeAndDisposeAtAnother() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
        let observer = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { self.subscription = source.map { $0 * 10 }.subscribe(observer) }
        scheduler.scheduleAt(230) { self.subscription.dispose() }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(210, 10), .next(220, 20)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testALocalVarAndTheDisposeBag() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .next(320, 3)])
        let observer = scheduler.createObserver(Int.self)
        let other = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        var actionsRun = 0

        scheduler.scheduleAt(200, action: {
            subscription = source.subscribe(other)
            actionsRun += 1
        })
        scheduler.scheduleAt(205) { source.subscribe(observer).disposed(by: self.disposeBag) }
        scheduler.scheduleAt(300) {
            subscription?.dispose()
            self.disposeBag = DisposeBag()
            actionsRun += 1
        }
        scheduler.start()

        XCTAssertEqual(actionsRun, 2)
        XCTAssertEqual(other.events, [.next(210, 1), .next(250, 2)])
        XCTAssertEqual(observer.events, [.next(210, 1), .next(250, 2)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300), Subscription(205, 300)])
    }

    func testStartCapturesSelf() {
        let source = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let observer = scheduler.start { source.delay(.seconds(5), scheduler: self.scheduler) }
        XCTAssertEqual(observer.events, [.next(215, 4), .completed(225)])
    }
}
