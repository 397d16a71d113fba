import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

/// RxSwift's argument shapes, written as RxSwift's own tests and apps write them.
@Suite("RxSwift's shapes: observers, disposables, take and reduce")
struct RxSwiftShapesTests {
    // MARK: Any observer

    /// An observer of an app's own: it writes `on(_:)` and gets the rest.
    final class Journal: ObserverType {
        let lines = Mutex<[String]>([])

        func on(_ event: Event<Int>) {
            lines.withLock { $0.append("\(event)") }
        }
    }

    @Test("xs.subscribe(subject), AnyObserver(subject) and a type of one's own that writes on(_:)")
    func subscribeAnObserver() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let subject = Subject<Int>()
        let observer = scheduler.createObserver(Int.self)
        _ = subject.subscribe(observer)
        let journal = Journal()
        _ = subject.subscribe(AnyObserver(journal))
        scheduler.scheduleAt(200) { _ = source.subscribe(subject) }
        try scheduler.run()
        #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(journal.lines.withLock { $0 } == ["next(1)", "next(2)", "completed"])
    }

    @Test("onNext, onError, onCompleted and asObserver are written once, for every observer")
    func theSpellingsOfEveryObserver() {
        let journal = Journal()
        journal.onNext(1)
        journal.asObserver().onNext(2)
        journal.onError(TestError("x"))
        journal.onCompleted()
        #expect(journal.lines.withLock { $0 } == ["next(1)", "next(2)", "error(x)", "completed"])
    }

    @Test("bind(to:) any observer: a BehaviorSubject, several subjects, an optional-typed one")
    func bindToAnyObserver() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError("up"))])
        let behavior = BehaviorSubject(value: 0)
        let first = Subject<Int>(), second = Subject<Int>()
        let optional = Subject<Int?>()
        let seen = scheduler.createObserver(Int.self)
        let seenFirst = scheduler.createObserver(Int.self)
        let seenSecond = scheduler.createObserver(Int.self)
        let seenOptional = scheduler.createObserver(Int?.self)
        _ = behavior.subscribe(seen)
        _ = first.subscribe(seenFirst)
        _ = second.subscribe(seenSecond)
        _ = optional.subscribe(seenOptional)
        scheduler.scheduleAt(200) {
            _ = source.bind(to: behavior)
            _ = source.bind(to: first, second)
            _ = source.bind(to: optional)
        }
        try scheduler.run()
        #expect(seen.events == [.next(0, 0), .next(210, 1), .next(220, 2), .error(230, TestError("up"))])
        #expect(seenFirst.events == [.next(210, 1), .next(220, 2), .error(230, TestError("up"))])
        #expect(seenSecond.events == seenFirst.events)
        #expect(seenOptional.events == [.next(210, 1), .next(220, 2), .error(230, TestError("up"))])
    }

    @Test("drive(_:) and emit(to:) into subjects, binders and optional-typed targets")
    func driveAndEmitIntoObservers() throws {
        let scheduler = TestScheduler()
        let driver = scheduler.createHotObservable([.next(210, 1), .completed(230)]).asDriver(onErrorJustReturn: -1, scheduler: scheduler)
        let signal = scheduler.createHotObservable([.next(215, 5), .completed(235)]).asSignal(onErrorJustReturn: -1, scheduler: scheduler)
        let driven = Subject<Int>(), drivenOptional = Subject<Int?>(), emitted = Subject<Int>()
        let applied = Mutex<[Int?]>([])
        let target = Journal()  // a binder holds its target weakly
        let binder = Binder<Int?>(nonisolated: target, scheduler: scheduler) { _, value in applied.withLock { $0.append(value) } }
        let observers = (scheduler.createObserver(Int.self), scheduler.createObserver(Int?.self), scheduler.createObserver(Int.self))
        _ = driven.subscribe(observers.0)
        _ = drivenOptional.subscribe(observers.1)
        _ = emitted.subscribe(observers.2)
        scheduler.scheduleAt(200) {
            _ = driver.drive(driven)
            _ = driver.drive(drivenOptional)
            _ = signal.emit(to: emitted)
            _ = signal.emit(to: binder)
        }
        try scheduler.run()
        #expect(observers.0.events == [.next(210, 1), .completed(230)])
        #expect(observers.1.events == [.next(210, 1), .completed(230)])
        #expect(observers.2.events == [.next(215, 5), .completed(235)])
        #expect(applied.withLock { $0 } == [5])
        withExtendedLifetime(target) {}
    }

    // MARK: Disposables

    /// A disposable that counts its disposals.
    final class Counted: Disposable {
        let disposals = Mutex(0)

        func dispose() {
            disposals.withLock { $0 += 1 }
        }

        var count: Int { disposals.withLock { $0 } }
    }

    @Test("DisposeBag(disposing:), DisposeBag { … }, insert(a, b) and insert { … } dispose everything once")
    func disposeBagShapes() {
        let parts = (0..<7).map { _ in Counted() }
        var bag: DisposeBag? = DisposeBag(disposing: parts[0], parts[1])
        bag?.insert(parts[2], parts[3], parts[4])
        bag?.insert {
            parts[5]
            parts[6]
        }
        #expect(parts.map(\.count) == [0, 0, 0, 0, 0, 0, 0])
        bag = nil
        #expect(parts.map(\.count) == [1, 1, 1, 1, 1, 1, 1])

        let late = (Counted(), Counted())
        let built = DisposeBag {
            late.0
        }
        built.dispose()
        #expect(late.0.count == 1)
        built.insert(late.1, Counted())
        #expect(late.1.count == 1, "a bag that has disposed disposes what comes late, at once")
    }

    @Test("CompositeDisposable(a, b, c) holds them all and disposes each once")
    func compositeOfSeveral() {
        let parts = (Counted(), Counted(), Counted())
        let composite = CompositeDisposable(parts.0, parts.1, parts.2)
        #expect(composite.count == 3)
        composite.dispose()
        composite.dispose()
        #expect([parts.0.count, parts.1.count, parts.2.count] == [1, 1, 1])
    }

    // MARK: take and reduce

    @Test("take(while:behavior:) and take(until:behavior:): the value that ends them, emitted or not")
    func takeWithBehavior() throws {
        let events: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)]
        for (behavior, expected) in [
            (TakeBehavior.exclusive, [Recorded<Event<Int>>.next(210, 1), .next(220, 2), .completed(230)]),
            (.inclusive, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)]),
        ] {
            let scheduler = TestScheduler()
            let source = scheduler.createHotObservable(events)
            #expect(scheduler.start { source.take(while: { $0 < 3 }, behavior: behavior) }.events == expected, "\(behavior)")
            #expect(source.subscriptions == [Subscription(200, 230)])
            let again = TestScheduler()
            let other = again.createHotObservable(events)
            #expect(again.start { other.take(until: { $0 == 3 }, behavior: behavior) }.events == expected, "\(behavior)")
        }
    }

    @Test("take(until:) with a predicate that throws sends the error")
    func takeUntilThrows() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let observer = scheduler.start {
            source.take(until: { value in if value == 2 { throw TestError("no") }; return false })
        }
        #expect(observer.events == [.next(210, 1), .error(220, TestError("no"))])
    }

    @Test("reduce(_:accumulator:mapResult:) maps the final result; a mapResult that throws sends the error")
    func reduceWithMapResult() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        #expect(scheduler.start { source.reduce(0, accumulator: +, mapResult: { "\($0 * 10)" }) }.events == [
            .next(250, "60"), .completed(250),
        ])
        let failing = TestScheduler()
        let other = failing.createHotObservable([.next(210, 1), .completed(250)])
        let observer = failing.start { other.reduce(0, accumulator: +, mapResult: { _ -> Int in throw TestError("map") }) }
        #expect(observer.events == [.error(250, TestError("map"))])
    }

    // MARK: Creating on a scheduler

    @Test("just, of and from with a scheduler: each value an action of its own, at the tick of the subscription")
    func createOnAScheduler() throws {
        let scheduler = TestScheduler()
        #expect(scheduler.start { Observable.just(7, scheduler: scheduler) }.events == [.next(200, 7), .completed(200)])
        let again = TestScheduler()
        #expect(again.start { Observable.of(1, 2, 3, scheduler: again) }.events == [
            .next(200, 1), .next(200, 2), .next(200, 3), .completed(200),
        ])
        // Work scheduled for the same tick before the subscription runs between the values.
        let interleaved = TestScheduler()
        let order = Mutex<[String]>([])
        _ = Observable.from(["a", "b"], scheduler: interleaved).subscribe(onNext: { value in order.withLock { $0.append(value) } })
        _ = interleaved.schedule { order.withLock { $0.append("other") } }
        try interleaved.run()
        #expect(order.withLock { $0 } == ["a", "other", "b"])
    }

    @Test("from(_:scheduler:) on a dispatch queue sends every value, in order, then completes")
    func createOnADispatchQueue() throws {
        let scheduler = DispatchQueueScheduler(queue: DispatchQueue(label: "from-scheduler"))
        #expect(try Observable.from(Array(0..<100), scheduler: scheduler).toBlocking().toArray() == Array(0..<100))
    }

    @Test("from(_:scheduler:) stops between two values when disposed")
    func createOnASchedulerDisposed() throws {
        let scheduler = TestScheduler()
        let seen = Mutex<[Int]>([])
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(Observable.from([1, 2, 3], scheduler: scheduler).subscribe(onNext: { value in
            seen.withLock { $0.append(value) }
            if value == 2 { subscription.dispose() }
        }))
        try scheduler.run()
        #expect(seen.withLock { $0 } == [1, 2])
        #expect(scheduler.pendingTicks.isEmpty)
    }

    @Test("from(_:scheduler:) on a scheduler that runs each action at once sends a long sequence without growing the stack")
    func createOnAnImmediateScheduler() throws {
        let count = Mutex(0)
        let completed = Mutex(false)
        _ = Observable.from(0..<200_000, scheduler: ImmediateScheduler.instance).subscribe(
            onNext: { _ in count.withLock { $0 += 1 } },
            onCompleted: { completed.withLock { $0 = true } }
        )
        #expect(count.withLock { $0 } == 200_000)
        #expect(completed.withLock { $0 })
    }

    @Test("skip(_:scheduler:) drops the values of the first duration, RxSwift's skip(.seconds(50), scheduler:)")
    func skipForADuration() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(300, 3), .completed(400)])
        let observer = scheduler.start { source.skip(.seconds(50), scheduler: scheduler) }
        #expect(observer.events == [.next(260, 2), .next(300, 3), .completed(400)])
        #expect(source.subscriptions == [Subscription(200, 400)])
        let early = TestScheduler()
        let ending = early.createHotObservable([.next(210, 1), .completed(220)])
        #expect(early.start { ending.skip(.seconds(50), scheduler: early) }.events == [.completed(220)])
    }

    @Test("Observable.catch(sequence:) goes on with the next source at each error and forwards the last error")
    func catchSequence() throws {
        let scheduler = TestScheduler()
        let first = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("one"))])
        let second = scheduler.createColdObservable([.next(5, 2), .error(10, TestError("two"))])
        let third = scheduler.createColdObservable([.next(5, 3), .completed(10)])
        let observer = scheduler.start { Observable.catch(sequence: [first.asObservable(), second.asObservable(), third.asObservable()]) }
        #expect(observer.events == [.next(210, 1), .next(225, 2), .next(235, 3), .completed(240)])
        #expect(first.subscriptions == [Subscription(200, 220)])
        #expect(second.subscriptions == [Subscription(220, 230)])
        #expect(third.subscriptions == [Subscription(230, 240)])

        let failing = TestScheduler()
        let only = failing.createColdObservable([.next(10, 1), .error(20, TestError("last"))])
        #expect(failing.start { Observable.catch(sequence: [only.asObservable()]) }.events == [.next(210, 1), .error(220, TestError("last"))])
        let none = TestScheduler()
        #expect(none.start { Observable<Int>.catch(sequence: []) }.events == [.completed(200)])
    }

    @Test("subscribe(on:) on a Single, a Maybe and a Completable subscribes on the scheduler and keeps the trait")
    func subscribeOnTraits() {
        let scheduler = TestScheduler()
        let subscribedAt = Mutex<[Int]>([])
        let single = Single<Int>.create { observer in
            subscribedAt.withLock { $0.append(scheduler.clock) }
            observer(.success(1))
            return Disposables.create()
        }
        let singleEvents = scheduler.start { single.subscribe(on: scheduler) }
        #expect(singleEvents.events == [.next(200, 1), .completed(200)])
        let forMaybe = TestScheduler()
        #expect(forMaybe.start { Maybe<Int>.empty().subscribe(on: forMaybe) }.events == [.completed(200)])
        let forCompletable = TestScheduler()
        #expect(forCompletable.start { Completable.empty().subscribe(on: forCompletable) }.events == [.completed(200)])
        #expect(subscribedAt.withLock { $0 } == [200])

        let delayed = TestScheduler(initialClock: 0)
        #expect(delayed.start { Single.just(2).subscribe(on: delayed) }.events == [.next(201, 2), .completed(201)])
    }

    @Test("Observable<Int64>.interval and Observable<UInt8>.timer count in their own type; the count wraps round")
    func timersOfOtherIntegers() {
        let scheduler = TestScheduler()
        #expect(scheduler.start(disposed: 235) { Observable<Int64>.interval(.seconds(10), scheduler: scheduler) }.events == [
            .next(210, Int64(0)), .next(220, 1), .next(230, 2),
        ])
        let once = TestScheduler()
        #expect(once.start { Observable<UInt8>.timer(.seconds(5), scheduler: once) }.events == [.next(205, UInt8(0)), .completed(205)])
        let wrapping = TestScheduler()
        let values = wrapping.start(disposed: 1000) { Observable<Int8>.interval(.seconds(1), scheduler: wrapping).take(130) }.values
        #expect(values.count == 130)
        #expect(values[127] == 127 && values[128] == -128, "Int8.max, then the count wraps round")
    }

    /// The error a typed `retry(when:)` handler expects.
    struct Flaky: Error, Equatable {}

    @Test("retry { (errors: Observable<E>) in … } gets the errors typed; an error of another type ends the output")
    func typedRetryWhen() {
        let scheduler = TestScheduler()
        let attempts = scheduler.createColdObservable([.next(10, 1), .error(20, Flaky())])
        let observer = scheduler.start {
            attempts.retry { (errors: Observable<Flaky>) in errors.take(2) }
        }
        // The second error's trigger value is take(2)'s last: it starts a third attempt, and the
        // trigger's completion, which follows it, waits for that attempt, as in RxSwift: when
        // the attempt fails, the output completes.
        #expect(observer.events == [.next(210, 1), .next(230, 1), .next(250, 1), .completed(260)])
        #expect(attempts.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])

        let other = TestScheduler()
        let failing = other.createColdObservable([.next(10, 1), .error(20, TestError("not flaky"))])
        let ended = other.start { failing.retry { (errors: Observable<Flaky>) in errors } }
        #expect(ended.events == [.next(210, 1), .error(220, TestError("not flaky"))])
    }
}
