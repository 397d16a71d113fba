import Streams
import StreamsTesting
import Synchronization
import Testing

/// `emit` runs its closures on the main actor; these tests run their scheduler there.
@Suite("Signal on the main actor")
@MainActor
struct SignalMainActorTests {
    @Test("emit updates a @MainActor screen without assumeIsolated")
    func emitToScreen() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(10, 1), .completed(20)])
        let screen = Screen()
        _ = source.asSignal(onErrorJustReturn: 0, scheduler: scheduler).emit(
            onNext: { screen.show($0) },
            onCompleted: { screen.show(-1) }
        )
        try scheduler.run()
        #expect(screen.shown == [1, -1])
        expectNoPendingWork(scheduler)
    }

    @Test("emit(with:) releases the object and stops calling; the signal's source subscription ends with it")
    func emitWithReleases() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(10, 1), .next(20, 2)])
        weak var weakScreen: Screen?
        let subscription: any Disposable
        do {
            let screen = Screen()
            weakScreen = screen
            subscription = source.asSignal(onErrorJustReturn: 0, scheduler: scheduler)
                .emit(with: screen, onNext: { screen, value in screen.show(value) })
            try scheduler.advance(to: 10)
            #expect(screen.shown == [1])
        }
        #expect(weakScreen == nil)
        try scheduler.advance(to: 30)
        subscription.dispose()
        #expect(source.subscriptions == [Subscription(0, 30)])
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: emit(onNext:onCompleted:) on -a-b-| calls -a-b-|")
    func marbleEmit() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let calls = scheduler.createObserver(String.self)
        _ = source.asSignal(onErrorJustReturn: "x", scheduler: scheduler).emit(
            onNext: { calls.asObserver().onNext($0) },
            onCompleted: { calls.asObserver().onCompleted() }
        )
        try scheduler.run()
        expectMarbles(calls, "-a-b-|")
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: emit(to: relay) on -a-b-| gives -a-b---")
    func marbleEmitToRelay() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let relay = PublishValue<String>()
        let relayTimeline = scheduler.createObserver(String.self)
        let subscriptions = [
            relay.subscribe(relayTimeline.asObserver()),
            source.asSignal(onErrorJustReturn: "x", scheduler: scheduler).emit(to: relay),
        ]
        try scheduler.run()
        expectMarbles(relayTimeline, "-a-b---")
        subscriptions.forEach { $0.dispose() }
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: emit(to: value) on -a-b-| from x gives xa-b---; emit(to: subject) gives -a-b-|")
    func marbleEmitToValueAndSubject() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let signal = source.asSignal(onErrorJustReturn: "e", scheduler: scheduler)
        let value = BehaviorValue("x")
        let valueTimeline = scheduler.createObserver(String.self)
        let subject = Subject<String>()
        let subjectTimeline = scheduler.createObserver(String.self)
        let subscriptions = [
            value.subscribe(valueTimeline.asObserver()),
            subject.subscribe(subjectTimeline.asObserver()),
            signal.emit(to: value),
            signal.emit(to: subject),
        ]
        try scheduler.run()
        expectMarbles(valueTimeline, "xa-b---")
        expectMarbles(subjectTimeline, "-a-b-|")
        subscriptions.forEach { $0.dispose() }
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: emit(with:) on -a-b-c-| with the object released at 4 calls -a-b----")
    func marbleEmitWith() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-c-|")
        let calls = scheduler.createObserver(String.self)
        let holder = Mutex<LifetimeProbe?>(LifetimeProbe())
        // The holder has the only strong reference; the signal holds the object weakly.
        let subscription = source.asSignal(onErrorJustReturn: "x", scheduler: scheduler)
            .emit(with: holder.withLock { $0! }, onNext: { _, value in calls.asObserver().onNext(value) })
        scheduler.scheduleAt(4) { holder.withLock { $0 = nil } }
        try scheduler.run()
        expectMarbles(calls, "-a-b----")
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent back into the source from emit(with:) reaches the subscriber after the current one")
    func reentrantEmitWith() throws {
        let scheduler = TestScheduler()
        let relay = PublishValue<Int>()
        let screen = Screen()
        let subscription = relay.asSignal(onErrorJustReturn: 0, scheduler: scheduler).emit(with: screen, onNext: { screen, value in
            screen.show(value)
            if value < 3 { relay.accept(value + 1) }
        })
        scheduler.scheduleAt(10) { relay.accept(1) }
        try scheduler.run()
        #expect(screen.shown == [1, 2, 3])
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }
}
