import Foundation
import Streams
import StreamsTesting
import Synchronization
import Testing

/// The operators of ``Driver`` and ``Signal``: each result keeps the three promises (never
/// fails, delivers on the scheduler, shared, and for a driver replays its latest value).
@Suite("Driver and Signal operators")
@MainActor
struct DriverOperatorTests {
    @Test("a debounced driver replays its latest value to a late subscriber and shares one source subscription")
    func debounceReplaysAndShares() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(211, 2), .next(220, 3), .next(230, 4)])
        let driver = source.asDriver(onErrorJustReturn: 0, scheduler: scheduler).debounce(.seconds(3))
        let late = scheduler.createObserver(Int.self)
        let lateSubscription = SerialDisposable()
        scheduler.scheduleAt(225) { lateSubscription.disposable = driver.asObservable().subscribe(late.asObserver()) }
        scheduler.scheduleAt(240) { lateSubscription.dispose() }
        let early = scheduler.start(disposed: 250) { driver }
        #expect(early.events == [.next(214, 2), .next(223, 3), .next(233, 4)])
        #expect(late.events == [.next(225, 3), .next(233, 4)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a behaviour value's driver starts with the current value, moves accepts to its scheduler and replays the latest to a late subscriber")
    func behaviorValueAsDriver() throws {
        let work = TestScheduler()
        let screen = TestScheduler()
        let value = BehaviorValue("a")
        let driver = value.asDriver(scheduler: screen)
        let early = screen.createObserver(String.self)
        let late = screen.createObserver(String.self)
        let first = driver.drive(early)
        #expect(early.events.isEmpty, "delivered on the screen's scheduler, not during subscribe")
        try screen.advance(to: 10)
        work.scheduleAt(15) { value.accept("b") }
        try work.advance(to: 20)
        #expect(early.events == [.next(0, "a")], "b waits for the screen's scheduler")
        try screen.advance(to: 20)
        let second = driver.drive(late)
        try screen.advance(to: 21)
        // Accepted at the work scheduler's 15, handed to the screen's scheduler at its clock (10).
        #expect(early.events == [.next(0, "a"), .next(10, "b")])
        #expect(late.events == [.next(20, "b")], "the latest, replayed at once to the late subscriber")
        first.dispose()
        second.dispose()
        expectNoPendingWork(screen)
    }

    @Test("a relay's signal delivers on its scheduler and replays nothing to a late subscriber")
    func publishValueAsSignal() throws {
        let scheduler = TestScheduler()
        let relay = PublishValue<String>()
        let signal = relay.asSignal(scheduler: scheduler)
        let early = scheduler.createObserver(String.self)
        let late = scheduler.createObserver(String.self)
        let first = signal.emit(to: early)
        scheduler.scheduleAt(10) { relay.accept("a") }
        let second = SerialDisposable()
        scheduler.scheduleAt(15) { second.disposable = signal.emit(to: late) }
        scheduler.scheduleAt(20) { relay.accept("b") }
        try scheduler.advance(to: 30)
        #expect(early.events == [.next(10, "a"), .next(20, "b")])
        #expect(late.events == [.next(20, "b")])
        first.dispose()
        second.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("debounce, throttle and delay time their values on the driver's scheduler, not the source's")
    func timersRunOnTheDriversScheduler() throws {
        let work = TestScheduler()
        let screen = TestScheduler()
        try screen.advance(to: 100)
        let source = work.createHotObservable([.next(10, 1), .next(11, 2), .completed(30)])
        let base = source.asDriver(onErrorJustReturn: 0, scheduler: screen)
        let debounced = screen.createObserver(Int.self)
        let throttled = screen.createObserver(Int.self)
        let delayed = screen.createObserver(Int.self)
        let subscriptions = [
            base.debounce(.seconds(3)).asObservable().subscribe(debounced.asObserver()),
            base.throttle(.seconds(3)).asObservable().subscribe(throttled.asObserver()),
            base.delay(.seconds(2)).asObservable().subscribe(delayed.asObserver()),
        ]
        try work.advance(to: 11)
        #expect(debounced.events.isEmpty && throttled.events.isEmpty && delayed.events.isEmpty)
        try screen.advance(to: 105)
        try work.run()
        try screen.run()
        #expect(debounced.events == [.next(103, 2), .completed(105)])
        #expect(throttled.events == [.next(100, 1), .next(103, 2), .completed(105)])
        #expect(delayed.events == [.next(102, 1), .next(102, 2), .completed(107)])
        subscriptions.forEach { $0.dispose() }
        expectNoPendingWork(work)
        expectNoPendingWork(screen)
    }

    @Test("on a dispatch queue, a throttled, debounced or delayed driver delivers every event on the queue")
    nonisolated func timeOperatorsOnAQueue() {
        let queue = DispatchQueue(label: "DriverOperatorTests.queue")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 1)
        let scheduler = DispatchQueueScheduler(queue: queue)
        let subject = Subject<Int>()
        let base = subject.asDriver(onErrorJustReturn: -1, scheduler: scheduler)
        let done = DispatchSemaphore(value: 0)
        let seen = Recorder<String>()
        let subscriptions = [base.throttle(.milliseconds(5)), base.debounce(.milliseconds(5)), base.delay(.milliseconds(5))]
            .enumerated().map { index, driver in
                driver.asObservable().subscribe(  // drive's closures are for the main actor; this queue is not it
                    onNext: { seen.append("\(index) \($0) \(DispatchQueue.getSpecific(key: key) == 1)") },
                    onCompleted: { done.signal() }
                )
            }
        subject.onNext(1)
        subject.onNext(2)
        subject.onError(TestError("x"))
        for _ in 0..<3 { #expect(done.wait(timeout: .now() + 10) == .success) }
        #expect(seen.items.allSatisfy { $0.hasSuffix("true") }, "\(seen.items)")
        #expect(Set(seen.items.map { $0.prefix(1) }) == ["0", "1", "2"])
        subscriptions.forEach { $0.dispose() }
    }

    @Test("flatMapLatest with drivers: an inner failure is the inner driver's replacement, never the result's error")
    func flatMapLatestInnerFailure() throws {
        let scheduler = TestScheduler()
        let pages = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
        let first = scheduler.createColdObservable([.next(5, 10), .error(10, TestError("offline"))])
        let second = scheduler.createColdObservable([.next(5, 20), .completed(10)])
        let observer = scheduler.start {
            pages.asDriver(onErrorJustReturn: 0, scheduler: scheduler).flatMapLatest { page in
                (page == 1 ? first : second).asDriver(onErrorJustReturn: -1, scheduler: scheduler)
            }
        }
        #expect(observer.events == [.next(215, 10), .next(220, -1), .next(235, 20), .completed(260)])
        #expect(first.subscriptions == [Subscription(210, 220)])
        #expect(second.subscriptions == [Subscription(230, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("flatMapFirst ignores values while an inner driver runs, and flatMap runs them all")
    func flatMapFirstAndFlatMap() throws {
        let scheduler = TestScheduler()
        let taps = scheduler.createHotObservable([.next(210, 1), .next(212, 2), .next(230, 3), .completed(250)])
            .asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let load: @Sendable (Int) -> Driver<Int> = { tap in
            Observable.just(tap * 10).delay(.seconds(5), scheduler: scheduler).asDriver(onErrorJustReturn: -1, scheduler: scheduler)
        }
        let first = scheduler.createObserver(Int.self)
        let all = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = taps.flatMapFirst(load).asObservable().subscribe(first.asObserver())
            _ = taps.flatMap(load).asObservable().subscribe(all.asObserver())
        }
        try scheduler.run()
        #expect(first.events == [.next(215, 10), .next(235, 30), .completed(250)])
        #expect(all.events == [.next(215, 10), .next(217, 20), .next(235, 30), .completed(250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a signal's flatMapLatest to drivers is a driver: a late subscriber gets the latest inner value at once")
    func signalFlatMapLatestToDrivers() throws {
        let scheduler = TestScheduler()
        let taps = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let driver = taps.asSignal(onErrorJustReturn: 0, scheduler: scheduler).flatMapLatest { tap in
            Driver.just(tap * 10, scheduler: scheduler)
        }
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(215) { _ = driver.asObservable().subscribe(late.asObserver()) }
        let early = scheduler.start { driver }
        #expect(early.events == [.next(210, 10), .next(220, 20), .completed(250)])
        #expect(late.events == [.next(215, 10), .next(220, 20), .completed(250)])
        #expect(taps.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("withLatestFrom reads a driver or a signal; a failed observable must become one first")
    func withLatestFrom() throws {
        let scheduler = TestScheduler()
        let taps = scheduler.createHotObservable([.next(205, 0), .next(215, 0), .next(235, 0), .completed(240)])
        let query = scheduler.createHotObservable([.next(210, "a"), .next(220, "ab"), .error(230, TestError("x"))])
        let form = query.asDriver(onErrorJustReturn: "", scheduler: scheduler)
        let submit = taps.asSignal(onErrorJustReturn: 0, scheduler: scheduler)
        let read = scheduler.createObserver(String.self)
        let combined = scheduler.createObserver(String.self)
        let subscriptions = [
            submit.withLatestFrom(form).asObservable().subscribe(read.asObserver()),
            taps.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
                .withLatestFrom(form) { "\($0)\($1)" }.asObservable().subscribe(combined.asObserver()),
        ]
        try scheduler.run()
        #expect(read.events == [.next(215, "a"), .next(235, ""), .completed(240)])
        #expect(combined.events == [.next(215, "0a"), .next(235, "0"), .completed(240)])
        #expect(query.subscriptions == [Subscription(0, 230)])
        subscriptions.forEach { $0.dispose() }
        expectNoPendingWork(scheduler)
    }

    @Test("startWith delivers its value on the scheduler at subscription, and replays it to a late subscriber")
    func startWith() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(220, 1), .completed(240)])
        let driver = source.asDriver(onErrorJustReturn: 0, scheduler: scheduler).startWith(-1)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(210) { _ = driver.asObservable().subscribe(late.asObserver()) }
        let early = scheduler.start { driver }
        #expect(early.events == [.next(200, -1), .next(220, 1), .completed(240)])
        #expect(late.events == [.next(210, -1), .next(220, 1), .completed(240)])
        #expect(source.subscriptions == [Subscription(200, 240)])
        // Not during the subscribe call: on the scheduler, as a driver's `just` is.
        let values = Recorder<Int>()
        let subscription = driver.asObservable().subscribe(onNext: { values.append($0) })
        #expect(values.items.isEmpty)
        try scheduler.run()
        #expect(values.items == [-1])
        subscription.dispose()
        try scheduler.run()
        expectNoPendingWork(scheduler)
    }

    @Test("do runs its handlers once per event however many subscribers drive the result")
    func doRunsOncePerEvent() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let log = Recorder<String>()
        let driver = source.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
            .do(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
                onSubscribe: { log.append("subscribe") }, onDispose: { log.append("dispose") })
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = driver.asObservable().subscribe(first.asObserver()) }
        scheduler.scheduleAt(205) { _ = driver.asObservable().subscribe(second.asObserver()) }
        try scheduler.run()
        #expect(log.items == ["subscribe", "next 1", "next 2", "completed", "dispose"])
        #expect(first.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(second.events == first.events)
        expectNoPendingWork(scheduler)
    }

    @Test("the value operators: compactMap, distinctUntilChanged (three forms), scan and skip")
    func valueOperators() {
        func run<Result: Equatable & Sendable>(_ make: @escaping @Sendable (Driver<Int>) -> Driver<Result>) -> [Recorded<Event<Result>>] {
            let scheduler = TestScheduler()
            let source = scheduler.createHotObservable([
                .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 4), .next(250, 5), .completed(260),
            ])
            let events = scheduler.start { make(source.asDriver(onErrorJustReturn: 0, scheduler: scheduler)) }.events
            #expect(source.subscriptions == [Subscription(200, 260)])
            return events
        }
        #expect(run { $0.compactMap { $0.isMultiple(of: 2) ? "\($0)" : nil } } == [.next(230, "2"), .next(240, "4"), .completed(260)])
        #expect(run { $0.distinctUntilChanged() } == [.next(210, 1), .next(230, 2), .next(240, 4), .next(250, 5), .completed(260)])
        #expect(run { $0.distinctUntilChanged { $0 / 2 } } == [.next(210, 1), .next(230, 2), .next(240, 4), .completed(260)])
        #expect(run { $0.distinctUntilChanged { abs($0 - $1) <= 1 } } == [.next(210, 1), .next(240, 4), .completed(260)])
        #expect(run { $0.scan(0, accumulator: +) } == [
            .next(210, 1), .next(220, 2), .next(230, 4), .next(240, 8), .next(250, 13), .completed(260),
        ])
        #expect(run { $0.skip(3) } == [.next(240, 4), .next(250, 5), .completed(260)])
    }

    @Test("Driver.combineLatest, zip and merge subscribe each driver once for all their subscribers")
    func combiningShares() throws {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(250)])
        let b = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(260)])
        let first = a.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let second = b.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let sum = Driver.combineLatest(first, second) { $0 + $1 }
        let pairs = Driver.zip(first, second)
        let merged = Driver.merge(first, second)
        let sums = scheduler.createObserver(Int.self)
        let lateSums = scheduler.createObserver(Int.self)
        let zipped = scheduler.createObserver(String.self)
        let mergedValues = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = sum.asObservable().subscribe(sums.asObserver())
            _ = pairs.map { "\($0)+\($1)" }.asObservable().subscribe(zipped.asObserver())
            _ = merged.asObservable().subscribe(mergedValues.asObserver())
        }
        scheduler.scheduleAt(235) { _ = sum.asObservable().subscribe(lateSums.asObserver()) }
        try scheduler.run()
        #expect(sums.events == [.next(220, 11), .next(230, 13), .next(240, 23), .completed(260)])
        #expect(lateSums.events == [.next(235, 13), .next(240, 23), .completed(260)])
        #expect(zipped.events == [.next(220, "1+10"), .next(240, "3+20"), .completed(260)])
        #expect(mergedValues.events == [.next(210, 1), .next(220, 10), .next(230, 3), .next(240, 20), .completed(260)])
        #expect(a.subscriptions == [Subscription(200, 250)])
        #expect(b.subscriptions == [Subscription(200, 260)])
        let three = TestScheduler()
        let c = three.createHotObservable([.next(210, "x"), .next(220, "y"), .completed(230)])
        let letters = c.asDriver(onErrorJustReturn: "", scheduler: three)
        let tuple = three.createObserver(String.self)
        let triple = three.createObserver(String.self)
        three.scheduleAt(200) {
            _ = Driver.combineLatest(letters, letters).map { $0 + $1 }.asObservable().subscribe(tuple.asObserver())
            _ = Driver.combineLatest(letters, letters, letters) { $0 + $1 + $2 }.asObservable().subscribe(triple.asObserver())
        }
        try three.run()
        #expect(tuple.events == [.next(210, "xx"), .next(220, "yx"), .next(220, "yy"), .completed(230)])
        #expect(triple.events == [.next(210, "xxx"), .next(220, "yxx"), .next(220, "yyx"), .next(220, "yyy"), .completed(230)])
        #expect(c.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
        expectNoPendingWork(three)
    }

    @Test("a throttled signal is shared and does not replay to a late subscriber")
    func signalThrottleDoesNotReplay() throws {
        let scheduler = TestScheduler()
        let taps = scheduler.createHotObservable([.next(210, 1), .next(211, 2), .next(220, 3), .completed(230)])
        let signal = taps.asSignal(onErrorJustReturn: 0, scheduler: scheduler).throttle(.seconds(5), latest: false)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(215) { _ = signal.asObservable().subscribe(late.asObserver()) }
        let early = scheduler.start { signal }
        #expect(early.events == [.next(210, 1), .next(220, 3), .completed(230)])
        #expect(late.events == [.next(220, 3), .completed(230)])
        #expect(taps.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("signal flatMapLatest, flatMapFirst, merge, debounce and delay keep the signal's events and scheduler")
    func signalOperators() throws {
        let scheduler = TestScheduler()
        let taps = scheduler.createHotObservable([.next(210, 1), .next(212, 2), .completed(240)])
        let signal = taps.asSignal(onErrorJustReturn: 0, scheduler: scheduler)
        let save: @Sendable (Int) -> Signal<Int> = { tap in
            Observable.just(tap).delay(.seconds(5), scheduler: scheduler).asSignal(onErrorJustReturn: -1, scheduler: scheduler)
        }
        let latest = scheduler.createObserver(Int.self)
        let first = scheduler.createObserver(Int.self)
        let merged = scheduler.createObserver(Int.self)
        let debounced = scheduler.createObserver(Int.self)
        let delayed = scheduler.createObserver(Int.self)
        let values = scheduler.createObserver(String.self)
        scheduler.scheduleAt(200) {
            _ = signal.flatMapLatest(save).asObservable().subscribe(latest.asObserver())
            _ = signal.flatMapFirst(save).asObservable().subscribe(first.asObserver())
            _ = Signal.merge(signal, signal.map { $0 * 10 }).asObservable().subscribe(merged.asObserver())
            _ = signal.debounce(.seconds(3)).asObservable().subscribe(debounced.asObserver())
            _ = signal.delay(.seconds(1)).asObservable().subscribe(delayed.asObserver())
            _ = signal.compactMap { $0 > 1 ? "\($0)" : nil }.scan("") { $0 + $1 }.skip(0).distinctUntilChanged()
                .do(onNext: { _ in }).filter { !$0.isEmpty }.asObservable().subscribe(values.asObserver())
        }
        try scheduler.run()
        #expect(latest.events == [.next(217, 2), .completed(240)])
        #expect(first.events == [.next(215, 1), .completed(240)])
        #expect(merged.events == [.next(210, 1), .next(210, 10), .next(212, 2), .next(212, 20), .completed(240)])
        #expect(debounced.events == [.next(215, 2), .completed(240)])
        #expect(delayed.events == [.next(211, 1), .next(213, 2), .completed(241)])
        #expect(values.events == [.next(212, "2"), .completed(240)])
        #expect(taps.subscriptions == [Subscription(200, 240)])
        expectNoPendingWork(scheduler)
    }
}

/// `delaySubscription` of ``Single`` and ``Completable``, as ``Maybe``'s.
@Suite("Single and Completable delaySubscription")
struct TraitDelaySubscriptionTests {
    @Test("a single is subscribed dueTime after the subscription; disposing before then never subscribes it")
    func single() throws {
        let scheduler = TestScheduler()
        let request = scheduler.createColdObservable([.next(3, "page"), .completed(3)])
        let observer = scheduler.start { request.asSingle().delaySubscription(.seconds(5), scheduler: scheduler) }
        #expect(observer.events == [.next(208, "page"), .completed(208)])
        #expect(request.subscriptions == [Subscription(205, 208)])
        let cancelled = TestScheduler()
        let never = cancelled.createColdObservable([.next(1, "page"), .completed(1)])
        let subscription = never.asSingle().delaySubscription(.seconds(5), scheduler: cancelled).subscribe(onSuccess: { _ in })
        try cancelled.advance(to: 4)
        subscription.dispose()
        try cancelled.run()
        #expect(never.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
        expectNoPendingWork(cancelled)
    }

    @Test("a completable is subscribed dueTime after the subscription; a failure then is delivered at once")
    func completable() throws {
        let scheduler = TestScheduler()
        let save = scheduler.createColdObservable([.completed(2)] as [Recorded<Event<Never>>])
        let observer = scheduler.start { save.asCompletable().delaySubscription(.seconds(3), scheduler: scheduler) }
        #expect(observer.events == [.completed(205)])
        #expect(save.subscriptions == [Subscription(203, 205)])
        let failingScheduler = TestScheduler()
        let failing = failingScheduler.createColdObservable([.error(1, TestError("disk full"))] as [Recorded<Event<Never>>])
        let failed = failingScheduler.start { failing.asCompletable().delaySubscription(.seconds(3), scheduler: failingScheduler) }
        #expect(failed.events == [.error(204, TestError("disk full"))])
        #expect(failing.subscriptions == [Subscription(203, 204)])
        expectNoPendingWork(failingScheduler)
        let cancelled = TestScheduler()
        let never = cancelled.createColdObservable([.completed(1)] as [Recorded<Event<Never>>])
        let subscription = never.asCompletable().delaySubscription(.seconds(5), scheduler: cancelled).subscribe()
        try cancelled.advance(to: 4)
        subscription.dispose()
        try cancelled.run()
        #expect(never.subscriptions.isEmpty)
        expectNoPendingWork(scheduler)
        expectNoPendingWork(cancelled)
    }
}
