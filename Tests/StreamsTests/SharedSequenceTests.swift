import Streams
import StreamsTesting
import Testing

// RxSwift app code extends drivers and signals through RxCocoa's generic type, constrained by
// strategy: these compile as they are written there.

extension SharedSequence where SharingStrategy == DriverSharingStrategy {
    func count<Item: Sendable>() -> Driver<Int> where Element == [Item] {
        map { $0.count }
    }
}

extension SharedSequence where SharingStrategy == SignalSharingStrategy {
    func mapToVoid() -> Signal<Void> {
        map { _ in }
    }

    func unwrapped<Wrapped: Sendable>() -> Signal<Wrapped> where Element == Wrapped? {
        compactMap { $0 }
    }
}

extension SharedSequence {
    /// Written once for drivers and signals, as the library's own operators are.
    func pairs() -> SharedSequence<SharingStrategy, String> where Element == String {
        scan("") { last, value in String((last + value).suffix(2)) }.skip(1)
    }
}

/// What drivers and signals do alike, tested on both; and what tells them apart, their sharing,
/// tested side by side.
@Suite("Driver and Signal: one SharedSequence")
struct SharedSequenceTests {
    /// The two kinds of shared sequence, made from the same observable.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case driver, signal

        var testDescription: String { rawValue }

        func make<Element: Sendable>(
            _ source: Observable<Element>,
            onErrorJustReturn element: Element,
            scheduler: any Scheduler
        ) -> Observable<Element> {
            switch self {
            case .driver: source.asDriver(onErrorJustReturn: element, scheduler: scheduler).asObservable()
            case .signal: source.asSignal(onErrorJustReturn: element, scheduler: scheduler).asObservable()
            }
        }

        /// `source` made this kind, subscribed by each call of the result: `drive(onNext:)` of a
        /// driver, `emit(onNext:)` of a signal.
        func subscriber<Element: Sendable>(
            _ source: Observable<Element>,
            onErrorJustReturn element: Element,
            scheduler: any Scheduler
        ) -> (@escaping @MainActor @Sendable (Element) -> Void) -> any Disposable {
            switch self {
            case .driver:
                let driver = source.asDriver(onErrorJustReturn: element, scheduler: scheduler)
                return { driver.drive(onNext: $0) }
            case .signal:
                let signal = source.asSignal(onErrorJustReturn: element, scheduler: scheduler)
                return { signal.emit(onNext: $0) }
            }
        }
    }

    @Test("drive and emit release their closures after completion and after disposal", arguments: Kind.allCases)
    @MainActor // drive and emit run their closures on the main actor
    func releasesClosures(_ kind: Kind) throws {
        for disposing in [false, true] {
            let scheduler = TestScheduler()
            let source = scheduler.createHotObservable(disposing ? [.next(10, 1)] : [.next(10, 1), .error(12, TestError("x"))])
            let subscribe = kind.subscriber(source.asObservable(), onErrorJustReturn: 0, scheduler: scheduler)
            let released = try isReleased(subscribe: { probe in
                subscribe { [probe] _ in _ = probe }
            }, after: { subscription in
                try scheduler.advance(to: 12)
                if disposing { subscription.dispose() }
                try scheduler.run()
            })
            #expect(released, "disposing: \(disposing)")
            #expect(source.subscriptions == [Subscription(0, 12)])
            expectNoPendingWork(scheduler)
        }
    }

    @Test("a value sent back into the source from drive or emit reaches every subscriber after the current one",
          arguments: Kind.allCases)
    @MainActor
    func reentrant(_ kind: Kind) throws {
        let scheduler = TestScheduler()
        let relay = PublishValue<Int>()
        let log = Recorder<String>()
        let subscribe = kind.subscriber(relay.asObservable(), onErrorJustReturn: 0, scheduler: scheduler)
        let first = subscribe { value in
            log.append("first \(value)")
            if value == 1 { relay.accept(2) }
        }
        let second = subscribe { log.append("second \($0)") }
        scheduler.scheduleAt(10) { relay.accept(1) }
        try scheduler.run()
        #expect(log.items == ["first 1", "second 1", "first 2", "second 2"])
        first.dispose()
        second.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("Driver and Signal are SharedSequence with their strategy")
    func aliases() {
        #expect(Driver<Int>.self == SharedSequence<DriverSharingStrategy, Int>.self)
        #expect(Signal<Int>.self == SharedSequence<SignalSharingStrategy, Int>.self)
    }

    @Test("onErrorJustReturn emits the replacement and completes in place of the error", arguments: Kind.allCases)
    func onErrorJustReturn(_ kind: Kind) throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError("x"))])
        let observer = scheduler.start { kind.make(source.asObservable(), onErrorJustReturn: 0, scheduler: scheduler) }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .next(230, 0), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("a late subscriber: a driver replays the latest value at once, a signal gives later values only; one source subscription")
    func lateSubscriber() throws {
        for (kind, late) in [(Kind.driver, "----bc-d-|"), (.signal, "-----c-d-|")] {
            let scheduler = TestScheduler()
            let source = scheduler.createHotObservable("-a-b-c-d-|")
            let shared = kind.make(source.asObservable(), onErrorJustReturn: "x", scheduler: scheduler)
            let early = scheduler.createObserver(String.self)
            let lateObserver = scheduler.createObserver(String.self)
            let earlySubscription = shared.subscribe(early.asObserver())
            let lateSubscription = SerialDisposable()
            scheduler.scheduleAt(4) { lateSubscription.disposable = shared.subscribe(lateObserver.asObserver()) }
            try scheduler.run()
            expectMarbles(early, "-a-b-c-d-|")
            expectMarbles(lateObserver, late)
            expectSubscriptions(source, "^--------!")
            earlySubscription.dispose()
            lateSubscription.dispose()
            expectNoPendingWork(scheduler)
        }
    }

    @Test("just and empty deliver on the scheduler", arguments: Kind.allCases)
    func justAndEmpty(_ kind: Kind) throws {
        let scheduler = TestScheduler()
        let just = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            kind == .driver
                ? Driver.just("a", scheduler: scheduler).asObservable()
                : Signal.just("a", scheduler: scheduler).asObservable()
        }
        expectMarbles(just, "(a|)")
        let emptyScheduler = TestScheduler()
        let empty = emptyScheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            kind == .driver
                ? Driver<String>.empty(scheduler: emptyScheduler).asObservable()
                : Signal<String>.empty(scheduler: emptyScheduler).asObservable()
        }
        expectMarbles(empty, "|")
        expectNoPendingWork(scheduler)
        expectNoPendingWork(emptyScheduler)
    }

    @Test("map and filter keep the scheduler: -a-b-c-| filtered and mapped is -A---C-|", arguments: Kind.allCases)
    func mapAndFilter(_ kind: Kind) throws {
        let scheduler = TestScheduler()
        let letters = scheduler.createHotObservable("-a-b-c-|")
        let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            kind == .driver
                ? letters.asDriver(onErrorJustReturn: "x", scheduler: scheduler)
                    .filter { $0 != "b" }.map { $0.uppercased() }.asObservable()
                : letters.asSignal(onErrorJustReturn: "x", scheduler: scheduler)
                    .filter { $0 != "b" }.map { $0.uppercased() }.asObservable()
        }
        expectMarbles(observer, "-A---C-|")
        expectNoPendingWork(scheduler)
    }

    @Test("an app's extensions constrained to a driver or a signal, and one for both, work as in RxCocoa")
    func appExtensions() throws {
        let scheduler = TestScheduler()
        let lists = scheduler.createHotObservable([.next(210, [1, 2]), .next(220, [3]), .completed(230)])
        let counts = scheduler.start { lists.asDriver(onErrorJustReturn: [], scheduler: scheduler).count().asObservable() }
        #expect(counts.events == [.next(210, 2), .next(220, 1), .completed(230)])

        let taps = scheduler.createHotObservable([.next(1210, Int?.some(1)), .next(1220, nil), .next(1230, 3)])
        let signal = taps.asSignal(onErrorJustReturn: nil, scheduler: scheduler)
        let unwrapped = scheduler.createObserver(Int.self)
        let voids = scheduler.createObserver(String.self)
        let subscriptions = [
            signal.unwrapped().asObservable().subscribe(unwrapped.asObserver()),
            signal.mapToVoid().map { "()" }.asObservable().subscribe(voids.asObserver()),
        ]
        try scheduler.advance(to: 1300)
        #expect(unwrapped.events == [.next(1210, 1), .next(1230, 3)])
        #expect(voids.events.count == 3)
        subscriptions.forEach { $0.dispose() }

        let letters = scheduler.createHotObservable([.next(1310, "a"), .next(1320, "b"), .next(1330, "c")])
        let driverPairs = scheduler.createObserver(String.self)
        let signalPairs = scheduler.createObserver(String.self)
        let more = [
            letters.asDriver(onErrorJustReturn: "", scheduler: scheduler).pairs().asObservable().subscribe(driverPairs.asObserver()),
            letters.asSignal(onErrorJustReturn: "", scheduler: scheduler).pairs().asObservable().subscribe(signalPairs.asObserver()),
        ]
        try scheduler.advance(to: 1400)
        #expect(driverPairs.events == [.next(1320, "ab"), .next(1330, "bc")])
        #expect(signalPairs.events == driverPairs.events)
        more.forEach { $0.dispose() }
        expectNoPendingWork(scheduler)
    }
}
