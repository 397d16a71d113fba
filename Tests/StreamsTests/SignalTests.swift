import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("Signal")
struct SignalTests {
    @Test("a completion passes through")
    func completion() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let observer = scheduler.start { source.asSignal(onErrorJustReturn: 0, scheduler: scheduler).asObservable() }
        #expect(observer.events == [.next(210, 1), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("events wait for the signal's scheduler")
    @MainActor // emit runs its closures on the main actor
    func deliversOnScheduler() throws {
        let target = TestScheduler()
        try target.advance(to: 5)
        let subject = Subject<Int>()
        let values = Recorder<Int>()
        let subscription = subject.asSignal(onErrorJustReturn: 0, scheduler: target).emit(onNext: { values.append($0) })
        subject.onNext(1)
        subject.onError(TestError("x"))
        #expect(values.items.isEmpty)
        try target.run()
        #expect(values.items == [1, 0])
        subscription.dispose()
        expectNoPendingWork(target)
    }

    @Test("on a dispatch queue, events arrive on the queue")
    func dispatchQueue() {
        let queue = DispatchQueue(label: "SignalTests.dispatchQueue")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 1)
        let subject = Subject<Int>()
        let done = DispatchSemaphore(value: 0)
        let seen = Recorder<String>()
        let subscription = subject
            .asSignal(onErrorJustReturn: -1, scheduler: DispatchQueueScheduler(queue: queue))
            .asObservable() // emit's closures are for the main actor; this queue is not it
            .subscribe(
                onNext: { seen.append("\($0) onQueue=\(DispatchQueue.getSpecific(key: key) == 1)") },
                onCompleted: { done.signal() }
            )
        subject.onNext(1)
        subject.onError(TestError("x"))
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(seen.items == ["1 onQueue=true", "-1 onQueue=true"])
        subscription.dispose()
    }

    @Test("subscribers share one source subscription, which ends when the last one leaves")
    func shared() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4)])
        let signal = source.asSignal(onErrorJustReturn: 0, scheduler: scheduler)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let subscriptions = Mutex<[String: any Disposable]>([:])
        scheduler.scheduleAt(200) { subscriptions.withLock { $0["first"] = signal.asObservable().subscribe(first.asObserver()) } }
        scheduler.scheduleAt(215) { subscriptions.withLock { $0["second"] = signal.asObservable().subscribe(second.asObserver()) } }
        scheduler.scheduleAt(225) { subscriptions.withLock { $0["first"] }?.dispose() }
        scheduler.scheduleAt(235) { subscriptions.withLock { $0["second"] }?.dispose() }
        scheduler.scheduleAt(250) { subscriptions.withLock { $0["third"] = signal.asObservable().subscribe(first.asObserver()) } }
        scheduler.scheduleAt(260) { subscriptions.withLock { $0["third"] }?.dispose() }
        try scheduler.run()
        #expect(first.events == [.next(210, 1), .next(220, 2)])
        #expect(second.events == [.next(220, 2), .next(230, 3)])
        #expect(source.subscriptions == [Subscription(200, 235), Subscription(250, 260)])
        expectNoPendingWork(scheduler)
    }

    @Test("after the source ends, the next subscriber starts a new subscription")
    @MainActor // emit runs its closures on the main actor
    func reconnectsAfterCompletion() {
        let subscribes = Mutex(0)
        let source = Observable<Int>.deferred {
            let count = subscribes.withLock { count in
                count += 1
                return count
            }
            return .just(count)
        }
        let signal = source.asSignal(onErrorJustReturn: 0, scheduler: ImmediateScheduler.instance)
        let values = Recorder<Int>()
        _ = signal.emit(onNext: { values.append($0) })
        _ = signal.emit(onNext: { values.append($0) })
        #expect(values.items == [1, 2])
    }

    @Test("onErrorSignalWith continues with the other signal from the error on")
    func onErrorSignalWith() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(230, TestError("x"))])
        let fallback = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(250)])
        let observer = scheduler.start {
            source.asSignal(
                onErrorSignalWith: fallback.asSignal(onErrorJustReturn: -1, scheduler: scheduler),
                scheduler: scheduler
            ).asObservable()
        }
        #expect(observer.events == [.next(210, 1), .next(240, 20), .completed(250)])
        #expect(fallback.subscriptions == [Subscription(230, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("onErrorRecover builds the continuation from the error")
    func onErrorRecover() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, "a"), .error(230, TestError("x"))])
        let observer = scheduler.start {
            source.asSignal(scheduler: scheduler) { error in .just("recovered from \(error)", scheduler: scheduler) }
                .asObservable()
        }
        #expect(observer.events == [.next(210, "a"), .next(230, "recovered from x"), .completed(230)])
        expectNoPendingWork(scheduler)
    }

    @Test("emit(onNext:onCompleted:onDisposed:) reports values, completion, then disposal")
    @MainActor // emit runs its closures on the main actor
    func emitClosures() {
        let log = Recorder<String>()
        let subject = Subject<Int>()
        let subscription = subject.asSignal(onErrorJustReturn: 0, scheduler: ImmediateScheduler.instance).emit(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        subject.onNext(1)
        subject.onCompleted()
        subscription.dispose()
        #expect(log.items == ["next 1", "completed", "disposed"])
    }

    @Test("emit(to:) updates a BehaviorValue and feeds a Subject")
    func emitTo() {
        let subject = Subject<Int>()
        let signal = subject.asSignal(onErrorJustReturn: 0, scheduler: ImmediateScheduler.instance)
        let value = BehaviorValue(-1)
        let relay = Subject<Int>()
        let relayed = Recorder<String>()
        let relaySubscription = relay.subscribe { relayed.append("\($0)") }
        let toValue = signal.emit(to: value)
        let toSubject = signal.emit(to: relay)
        subject.onNext(5)
        #expect(value.value == 5)
        subject.onCompleted()
        #expect(value.value == 5)
        #expect(relayed.items == ["next(5)", "completed"])
        toValue.dispose()
        toSubject.dispose()
        relaySubscription.dispose()
    }

}

// MARK: Marbles

extension SignalTests {
    @Test("marbles: -a-# continuing with the signal --x-y-| is -a--y-|")
    func marbleOnErrorSignalWith() throws {
        expectMarbles("-a--y-|") { m in
            let source = m.hot("-a-#")
            let fallback = m.hot("--x-y-|", subscriptions: "---^--!")
            return source.asSignal(
                onErrorSignalWith: fallback.asSignal(onErrorJustReturn: "e", scheduler: m.scheduler),
                scheduler: m.scheduler
            ).asObservable()
        }
    }
}
