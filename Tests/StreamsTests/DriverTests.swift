import Streams
import StreamsTesting
import Synchronization
import Testing

/// `drive` runs its closures on the main actor, so these tests run there too, and run their
/// ``TestScheduler`` on the main thread: the promise a driver on the main queue keeps.
@Suite("Driver")
@MainActor
struct DriverTests {
    @Test("when the last subscriber leaves, the latest value is forgotten and the next one starts afresh")
    func forgetsWhenDisconnected() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 3)])
        let driver = source.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let subscriptions = Mutex<[any Disposable]>([])
        scheduler.scheduleAt(200) { subscriptions.withLock { $0.append(driver.asObservable().subscribe(first.asObserver())) } }
        scheduler.scheduleAt(215) { subscriptions.withLock { $0[0].dispose() } }
        scheduler.scheduleAt(220) { subscriptions.withLock { $0.append(driver.asObservable().subscribe(second.asObserver())) } }
        scheduler.scheduleAt(240) { subscriptions.withLock { $0[1].dispose() } }
        try scheduler.run()
        #expect(first.events == [.next(210, 1)])
        #expect(second.events == [.next(230, 3)])
        #expect(source.subscriptions == [Subscription(200, 215), Subscription(220, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("drive(onNext:onCompleted:onDisposed:) runs on the main actor: values, completion, then disposal")
    func driveClosures() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let screen = Screen()
        let disposed = Recorder<Int>()
        _ = source.asDriver(onErrorJustReturn: 0, scheduler: scheduler).drive(
            onNext: { screen.show($0) },               // Screen is @MainActor: no assumeIsolated
            onCompleted: { screen.show(-1) },
            onDisposed: { disposed.append(scheduler.clock) }
        )
        try scheduler.run()
        #expect(screen.shown == [1, -1])
        #expect(disposed.items == [220])
        expectNoPendingWork(scheduler)
    }

    @Test("drive(with:) stops calling once the object is released, and does not keep it alive")
    func driveWithReleasesObject() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let shown = Recorder<Int>()
        weak var weakScreen: Screen?
        let subscription: any Disposable
        do {
            let screen = Screen()
            weakScreen = screen
            subscription = source.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
                .drive(with: screen, onNext: { screen, value in
                    screen.show(value)
                    shown.append(value)
                })
            try scheduler.advance(to: 220)
            #expect(screen.shown == [1, 2])
        }
        #expect(weakScreen == nil)
        try scheduler.run()
        #expect(shown.items == [1, 2])
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("drive(_:) into several observers, values and relays")
    func driveInto() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let driver = source.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let value = BehaviorValue(0)
        let otherValue = BehaviorValue(0)
        let relay = PublishValue<Int>()
        let relayed = scheduler.createObserver(Int.self)
        let relaySubscription = relay.subscribe(relayed.asObserver())
        let subscriptions = [
            driver.drive(first.asObserver(), second.asObserver()),
            driver.drive(value, otherValue),
            driver.drive(relay),
        ]
        try scheduler.run()
        #expect(first.events == [.next(210, 1), .completed(220)])
        #expect(second.events == first.events)
        #expect(value.value == 1 && otherValue.value == 1)
        #expect(relayed.events == [.next(210, 1)])
        subscriptions.forEach { $0.dispose() }
        relaySubscription.dispose()
        expectNoPendingWork(scheduler)
    }


    @Test("re-entrant sends through asDriver are delivered in order, on the same tick")
    func reentrantAsDriver() throws {
        let scheduler = TestScheduler()
        let events = try recordCountingUpReentrantly(on: scheduler, completingAt: 20) { subject in
            subject.asDriver(onErrorJustReturn: 0, scheduler: scheduler).asObservable()
        }
        #expect(events == [.next(10, 1), .next(10, 2), .next(10, 3), .completed(20)])
        expectNoPendingWork(scheduler)
    }

    @Test("asDriver releases the subscriber and its source when the subscription ends", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: ending == .error ? [1, 9] : [1]) { f in
            f.source.asDriver(onErrorJustReturn: 9, scheduler: f.scheduler)
                .map { [p = f.probe] in p.pass($0) ? $0 : 0 }
                .filter { [p = f.probe] in p.pass($0) }
                .asObservable()
        }
    }

}

// MARK: Marble twins of the documented diagrams

extension DriverTests {
    @Test("marbles: -a-b-# as a driver with onErrorJustReturn x is -a-b-(x|)")
    func marbleOnErrorJustReturn() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-#")
        let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            source.asDriver(onErrorJustReturn: "x", scheduler: scheduler).asObservable()
        }
        expectMarbles(observer, "-a-b-(x|)")
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: -a-# continuing with the driver --x-y-| is -a--y-|")
    func marbleOnErrorDriveWith() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-#")
        let fallback = scheduler.createHotObservable("--x-y-|")
        let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            source.asDriver(
                onErrorDriveWith: fallback.asDriver(onErrorJustReturn: "e", scheduler: scheduler),
                scheduler: scheduler
            ).asObservable()
        }
        expectMarbles(observer, "-a--y-|")
        expectSubscriptions(fallback, "---^--!")
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: -a-# recovering with just(x) is -a-(x|)")
    func marbleOnErrorRecover() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-#")
        let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            source.asDriver(scheduler: scheduler) { _ in .just("x", scheduler: scheduler) }.asObservable()
        }
        expectMarbles(observer, "-a-(x|)")
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: drive(onNext:onCompleted:) on -a-b-| calls -a-b-|")
    func marbleDrive() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let calls = scheduler.createObserver(String.self)
        _ = source.asDriver(onErrorJustReturn: "x", scheduler: scheduler).drive(
            onNext: { calls.asObserver().onNext($0) },
            onCompleted: { calls.asObserver().onCompleted() }
        )
        try scheduler.run()
        expectMarbles(calls, "-a-b-|")
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: drive(with:) on -a-b-c-| with the object released at 4 calls -a-b----")
    func marbleDriveWith() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-c-|")
        let calls = scheduler.createObserver(String.self)
        let holder = Mutex<LifetimeProbe?>(LifetimeProbe())
        // The holder has the only strong reference; the driver holds the object weakly.
        let subscription = source.asDriver(onErrorJustReturn: "x", scheduler: scheduler)
            .drive(with: holder.withLock { $0! }, onNext: { _, value in calls.asObserver().onNext(value) })
        scheduler.scheduleAt(4) { holder.withLock { $0 = nil } }
        try scheduler.run()
        expectMarbles(calls, "-a-b----")
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: drive(observer) on -a-b-| sends -a-b-|; drive(value) from x gives xa-b---; drive(relay) gives -a-b---")
    func marbleDriveInto() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let driver = source.asDriver(onErrorJustReturn: "e", scheduler: scheduler)
        let observer = scheduler.createObserver(String.self)
        let value = BehaviorValue("x")
        let valueTimeline = scheduler.createObserver(String.self)
        let relay = PublishValue<String>()
        let relayTimeline = scheduler.createObserver(String.self)
        let subscriptions = [
            value.subscribe(valueTimeline.asObserver()),
            relay.subscribe(relayTimeline.asObserver()),
            driver.drive(observer.asObserver()),
            driver.drive(value),
            driver.drive(relay),
        ]
        try scheduler.run()
        expectMarbles(observer, "-a-b-|")
        expectMarbles(valueTimeline, "xa-b---")
        expectMarbles(relayTimeline, "-a-b---")
        subscriptions.forEach { $0.dispose() }
        expectNoPendingWork(scheduler)
    }
}

extension DriverTests {
    @Test("marbles (Traits guide): on -a-b-c-|, from tick 4 a Signal gives -----c-| and a Driver ----bc-|; a cold Observable from 3 runs anew")
    func marbleDriverSignalObservable() throws {
        let scheduler = TestScheduler()
        let hot = scheduler.createHotObservable("-a-b-c-|")
        let cold = scheduler.createColdObservable("-a-b-c-|")
        let signal = hot.asSignal(onErrorJustReturn: "x", scheduler: scheduler)
        let driver = hot.asDriver(onErrorJustReturn: "x", scheduler: scheduler)
        let observable = scheduler.createObserver(String.self)
        let signalLate = scheduler.createObserver(String.self)
        let driverLate = scheduler.createObserver(String.self)
        // An early subscriber keeps the signal and the driver connected from 0.
        let subscriptions = Mutex<[any Disposable]>([
            signal.asObservable().subscribe { _ in },
            driver.asObservable().subscribe { _ in },
        ])
        scheduler.scheduleAt(3) { subscriptions.withLock { $0.append(cold.subscribe(observable.asObserver())) } }
        scheduler.scheduleAt(4) {
            subscriptions.withLock {
                $0.append(signal.asObservable().subscribe(signalLate.asObserver()))
                $0.append(driver.asObservable().subscribe(driverLate.asObserver()))
            }
        }
        try scheduler.run()
        expectMarbles(observable, "----a-b-c-|")
        expectMarbles(signalLate, "-----c-|")
        expectMarbles(driverLate, "----bc-|")
        subscriptions.withLock { $0.forEach { $0.dispose() } }
        expectNoPendingWork(scheduler)
    }

    @Test("Getting started's FeedScreen renders what it is driven with, and is released with its bag")
    func gettingStartedFeedScreen() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(10, ["p1"]), .error(20, TestError("x"))])
        weak var weakScreen: FeedScreen?
        do {
            let screen = FeedScreen()
            weakScreen = screen
            screen.bind(source.asObservable(), scheduler: scheduler)
            try scheduler.advance(to: 10)
            #expect(screen.shown == ["p1"])
            try scheduler.advance(to: 20)
            #expect(screen.shown == [])
        }
        #expect(weakScreen == nil)
        expectNoPendingWork(scheduler)
    }

    @Test("the Traits guide's PhotosScreen shows what its driver delivers")
    func guidePhotosScreen() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(10, ["p1"]), .next(20, ["p1", "p2"])])
        let screen = PhotosScreen()
        screen.bind(source.asDriver(onErrorJustReturn: [], scheduler: scheduler))
        try scheduler.run()
        #expect(screen.photos == ["p1", "p2"])
    }
}

/// Getting started's example, compiled here; its `Photo` is any value.
@MainActor
final class FeedScreen {
    typealias Photo = String
    private let disposeBag = DisposeBag()
    private(set) var shown: [Photo] = []

    func bind(_ photos: Observable<[Photo]>, scheduler: any Scheduler) {
        photos
            .asDriver(onErrorJustReturn: [], scheduler: scheduler)
            .drive(with: self, onNext: { screen, photos in screen.render(photos) })
            .disposed(by: disposeBag)
    }

    func render(_ photos: [Photo]) {
        shown = photos
    }
}

/// The Traits guide's example, compiled here.
@MainActor
final class PhotosScreen {
    private(set) var photos: [String] = []
    private let disposeBag = DisposeBag()

    func bind(_ photos: Driver<[String]>) {
        photos
            .drive(with: self, onNext: { screen, photos in screen.photos = photos })
            .disposed(by: disposeBag)
    }
}

/// A screen as an app writes it: a `@MainActor` class, `Sendable` by its isolation.
@MainActor
final class Screen {
    private(set) var shown: [Int] = []

    func show(_ value: Int) {
        shown.append(value)
    }
}
