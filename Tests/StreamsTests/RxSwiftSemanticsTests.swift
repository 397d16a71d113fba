import Streams
import StreamsTesting
import Synchronization
import Testing

// RxSwift's semantics, where RxSwift 6.10's own tests, ported by renames only, found Streams
// doing something else: each suite pins what Streams now does, RxSwift's way, or the difference
// it keeps on purpose (see "Deliberate differences" in Coming from RxSwift). Times are RxTest's
// (`TestScheduler(initialClock: 0)`, with its processing delay) where the RxSwift test's are.

@Suite("skip(until:), as RxSwift")
struct SkipUntilRxSwiftTests {
    @Test("a source that completes before the other emits ends the subscription without completing")
    func sourceCompletesFirst() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let other = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
        let observer = scheduler.start { source.skip(until: other) }
        #expect(observer.events == [])
        #expect(source.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("an other that completes empty lets nothing through, not even the source's completion")
    func otherCompletesEmpty() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 2), .next(230, 4), .completed(250)])
        let other = scheduler.createHotObservable([Recorded<Event<Int>>.completed(225)])
        let observer = scheduler.start { source.skip(until: other) }
        #expect(observer.events == [])
        #expect(source.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("the silent end disposes an other that never ends, and releases the observer")
    func silentEndDisposes() throws {
        let scheduler = TestScheduler()
        let otherDisposedAt = Mutex<Int?>(nil)
        let other = Observable<Int>.create { _ in
            Disposables.create { otherDisposedAt.withLock { $0 = scheduler.clock } }
        }
        let source = scheduler.createHotObservable([.next(10, 1), .completed(12)])
        let released = try isReleased(subscribe: { probe in
            source.skip(until: other).subscribe(AnyObserver { [probe] _ in _ = probe })
        }, after: { _ in try scheduler.run() })
        #expect(released)
        #expect(otherDisposedAt.withLock { $0 } == 12)
        #expect(source.subscriptions == [Subscription(0, 12)])
        expectNoPendingWork(scheduler)
    }

    @Test("the source's completion passes once the other has emitted, and its error always")
    func completionAfterOpening() {
        expectMarbles("-----c-|") { m in
            m.hot("-a-b-c-|", subscriptions: "^------!").skip(until: m.hot("----x", subscriptions: "^---!"))
        }
        expectMarbles("---#") { m in
            m.hot("-a-#", subscriptions: "^--!").skip(until: m.hot("--|", subscriptions: "^-!"))
        }
    }

    @Test("skip(_:scheduler:) still completes with a source that ends before its time is up, as RxSwift's")
    func skipForCompletesEarly() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let observer = scheduler.start { source.skip(.seconds(50), scheduler: scheduler) }
        #expect(observer.events == [.completed(220)])
        expectNoPendingWork(scheduler)
    }
}

@Suite("A trait's success through delay and observe(on:), as RxSwift")
struct TraitSuccessDeliveryTests {
    @Test("delay: the completion comes in an action of its own, a tick after the value on RxTest's scheduler")
    func delayOnRxTestTicks() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let single = scheduler.start { Single.just(1).delay(.seconds(2), scheduler: scheduler) }
        #expect(single.events == [.next(202, 1), .completed(203)])
        let maybe = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            Maybe.just(1).delay(.seconds(2), scheduler: scheduler)
        }
        #expect(maybe.events == [.next(1202, 1), .completed(1203)])
        let empty = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
            Maybe<Int>.empty().delay(.seconds(2), scheduler: scheduler)
        }
        #expect(empty.events == [.completed(2202)])
        expectNoPendingWork(scheduler)
    }

    @Test("observe(on:): the value one tick after the subscription, the completion one more, on RxTest's scheduler")
    func observeOnRxTestTicks() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let single = scheduler.start { Single.just(1).observe(on: scheduler) }
        #expect(single.events == [.next(201, 1), .completed(202)])
        let maybe = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            Maybe.just(1).observe(on: scheduler)
        }
        #expect(maybe.events == [.next(1201, 1), .completed(1202)])
        let completable = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
            Completable.empty().observe(on: scheduler)
        }
        #expect(completable.events == [.completed(2201)])
        expectNoPendingWork(scheduler)
    }

    @Test("without the processing delay, value and completion share the tick, as drawn")
    func asDrawn() throws {
        let scheduler = TestScheduler()
        let delayed = scheduler.start { Single.just(1).delay(.seconds(2), scheduler: scheduler) }
        #expect(delayed.events == [.next(202, 1), .completed(202)])
        let observed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            Maybe.just(1).observe(on: scheduler)
        }
        #expect(observed.events == [.next(1200, 1), .completed(1200)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposing between the value and the completion cancels the scheduled completion")
    func disposalCancelsCompletion() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start(disposed: 203) { Single.just(1).delay(.seconds(2), scheduler: scheduler) }
        #expect(observer.events == [.next(202, 1)])
        expectNoPendingWork(scheduler)
    }

    @Test("an observable's events due together are delivered by one action: no extra tick, unlike RxSwift")
    func observableDeliversInOneAction() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let observed = scheduler.start { Observable.of(1, 2).observe(on: scheduler) }
        #expect(observed.events == [.next(201, 1), .next(201, 2), .completed(201)])
        let delayed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            Observable.just(1).delay(.seconds(2), scheduler: scheduler)
        }
        #expect(delayed.events == [.next(1202, 1), .completed(1202)])
        expectNoPendingWork(scheduler)
    }
}

@Suite("subscribe(on:) disposal, as RxSwift")
struct SubscribeOnDisposalTests {
    @Test("disposing the output disposes the source by an action on the scheduler, a tick later on RxTest's")
    func disposalThroughScheduler() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
        let observer = scheduler.start { source.subscribe(on: scheduler) }
        #expect(observer.events == [.next(210, 2)])
        #expect(source.subscriptions == [Subscription(201, 1001)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source that ends itself is unsubscribed at its end: the test observable's log shows that tick, RxTest's the next")
    func terminatedSourceEndsItself() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let completing = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])
        let completed = scheduler.start { completing.subscribe(on: scheduler) }
        #expect(completed.events == [.completed(300)])
        #expect(completing.subscriptions == [Subscription(201, 300)])

        let failing = scheduler.createHotObservable([Recorded<Event<Int>>.error(1300, TestError("x"))])
        let failed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { failing.subscribe(on: scheduler) }
        #expect(failed.events == [.error(1300, TestError("x"))])
        #expect(failing.subscriptions == [Subscription(1201, 1300)])
        expectNoPendingWork(scheduler)
    }
}

@Suite("retry(when:) with a trigger that ends while an attempt runs, as RxSwift")
struct RetryWhenTriggerEndTests {
    @Test("a trigger that completes while the attempt runs lets it finish: its completion completes")
    func attemptCompletes() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let trigger = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let observer = scheduler.start(disposed: 300) { source.retry(when: { _ in trigger }) }
        #expect(observer.events == [.completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("when the attempt then fails, the output ends as the trigger did, without another attempt")
    func attemptFails() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(1, 1), .error(4, TestError("up"))])
        let completing = scheduler.createHotObservable([Recorded<Event<Int>>.completed(202)])
        let completed = scheduler.start { source.retry(when: { _ in completing }) }
        #expect(completed.events == [.next(201, 1), .completed(204)])
        #expect(source.subscriptions == [Subscription(200, 204)])

        let failing = scheduler.createHotObservable([Recorded<Event<Int>>.error(1202, TestError("trigger"))])
        let failed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            source.retry(when: { _ in failing })
        }
        #expect(failed.events == [.next(1201, 1), .error(1204, TestError("trigger"))])
        #expect(source.subscriptions.last == Subscription(1200, 1204))
        expectNoPendingWork(scheduler)
    }

    @Test("a trigger that ends while it is subscribed still lets the first attempt run")
    func triggerEndsAtOnce() throws {
        let scheduler = TestScheduler()
        let failing = scheduler.createColdObservable([.next(1, 1), .error(2, TestError("up"))])
        let observer = scheduler.start { failing.retry(when: { _ in Observable<Int>.empty() }) }
        #expect(observer.events == [.next(201, 1), .completed(202)])
        #expect(failing.subscriptions == [Subscription(200, 202)])

        let completing = scheduler.createColdObservable([.next(1, 1), .completed(2)])
        let completed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            completing.retry(when: { _ in Observable<Int>.error(TestError("trigger")) })
        }
        #expect(completed.events == [.next(1201, 1), .completed(1202)])
        expectNoPendingWork(scheduler)
    }
}

@Suite("Observable.create delivers the end, then disposes, as RxSwift")
struct CreateEndOrderTests {
    /// A source that sends `0` and then `end` at 300, logging its subscription and disposal.
    private func source(ending end: Event<Int>, on scheduler: TestScheduler, log: Recorder<String>) -> Observable<Int> {
        Observable<Int>.create { observer in
            log.append("source subscribed")
            let sending = scheduler.schedule(after: .seconds(100)) {
                observer.on(.next(0))
                observer.on(end)
            }
            return Disposables.create {
                sending.dispose()
                log.append("source disposed")
            }
        }
    }

    @Test("do(onCompleted:) runs before the source is disposed (RxSwift's testDoOnOrder_Completed_Async)")
    func doOrderCompleted() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let log = Recorder<String>()
        _ = scheduler.start {
            source(ending: .completed, on: scheduler, log: log).do(
                onNext: { _ in log.append("onNext") },
                onCompleted: { log.append("onCompleted") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
        }
        #expect(log.items == ["onSubscribe", "source subscribed", "onSubscribed", "onNext", "onCompleted", "source disposed", "onDispose"])
        expectNoPendingWork(scheduler)
    }

    @Test("the subscriber sees an error before the source is disposed")
    func errorBeforeDisposal() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let log = Recorder<String>()
        _ = scheduler.start {
            source(ending: .error(TestError("x")), on: scheduler, log: log).do(onError: { _ in log.append("onError") })
        }
        #expect(log.items == ["source subscribed", "onError", "source disposed"])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent while the end is being delivered is ignored")
    func sendDuringEnd() {
        let sink = Mutex<AnyObserver<Int>?>(nil)
        let seen = Recorder<String>()
        let source = Observable<Int>.create { observer in
            sink.withLock { $0 = observer }
            return Disposables.create()
        }
        let subscription = source.subscribe(
            onNext: { seen.append("\($0)") },
            onCompleted: {
                seen.append("completed")
                sink.withLock { $0 }?.onNext(9)
            }
        )
        sink.withLock { $0 }?.onNext(1)
        sink.withLock { $0 }?.onCompleted()
        #expect(seen.items == ["1", "completed"])
        subscription.dispose()
    }
}

@Suite("Cancelling values and a trait's value, as RxSwift")
struct CancellationRxSwiftTests {
    @Test("a cancelled for-try-await over values throws CancellationError, even without events")
    func valuesThrowsOnCancellation() async {
        let task = Task {
            for try await _ in Observable<Int>.never().values {}
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("values that have already ended are read to the end in a cancelled task")
    func valuesOfEndedSequence() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var seen: [Int] = []
            for try await value in Observable.of(1, 2).values { seen.append(value) }
            return seen
        }
        #expect(try await task.value == [1, 2])
    }

    @Test("in a cancelled task, value returns an outcome the trait gives while subscribing")
    func synchronousOutcomeWins() async throws {
        let maybe = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Maybe<Int>.empty().value
        }
        #expect(try await maybe.value == nil)
        let completable = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await Completable.empty().value
        }
        try await completable.value
        let single = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Single.just("a").value
        }
        #expect(try await single.value == "a")
    }

    @Test("in a cancelled task, value subscribes, disposes at once and throws when no outcome is there yet")
    func pendingOutcomeIsCancelled() async {
        let subscriptions = Mutex(0)
        let disposals = Mutex(0)
        let pending = Maybe<Int>.create { _ in
            subscriptions.withLock { $0 += 1 }
            return Disposables.create { disposals.withLock { $0 += 1 } }
        }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pending.value
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(subscriptions.withLock { $0 } == 1)
        #expect(disposals.withLock { $0 } == 1)
    }
}

@Suite("Subscribing from a terminal handler, and generate on the immediate scheduler: Streams' choices")
struct ReentrantOrderChoicesTests {
    @Test("multicast into a replay subject: a subscriber added during the end gets its replay after that delivery")
    func multicastForeverCompleted() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 3), .next(430, 2), .completed(435)])
        let connectable = xs.multicast(ReplaySubject<Int>(bufferSize: 1))
        let observer = scheduler.createObserver(Int.self)
        let subscriptions = CompositeDisposable()
        scheduler.scheduleAt(405) {
            subscriptions.insert(connectable.do(onCompleted: {
                subscriptions.insert(connectable.subscribe(observer))
            }).subscribe(observer))
        }
        scheduler.scheduleAt(420) { subscriptions.insert(connectable.connect()) }
        scheduler.scheduleAt(1000) { subscriptions.dispose() }
        scheduler.start()
        // RxSwift delivers the nested replay (2, completed) first, inside `onCompleted`; Streams'
        // subject serves the new subscriber once the completion in hand has been delivered.
        #expect(observer.events == [.next(430, 2), .completed(435), .next(435, 2), .completed(435)])
        expectNoPendingWork(scheduler)
    }

    @Test("generate on the immediate scheduler runs its whole loop during subscribe, even under take")
    func generateOnImmediateScheduler() {
        let iterations = Mutex(0)
        let values = Recorder<Int>()
        let subscription = Observable.generate(initialState: 0, condition: { $0 < 10 }) { state in
            iterations.withLock { $0 += 1 }
            return state + 1
        }
        .take(4)
        .subscribe(onNext: { values.append($0) })
        #expect(values.items == [0, 1, 2, 3])
        // RxSwift's trampoline hands `take` the disposable first, and iterate runs 3 times;
        // without one, `subscribe` has not returned it yet when `take` has had enough.
        #expect(iterations.withLock { $0 } == 10)
        subscription.dispose()
    }
}
