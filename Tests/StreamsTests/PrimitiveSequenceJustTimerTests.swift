import Streams
import StreamsTesting
import Testing

@Suite("Single and Maybe just(_:scheduler:) and timer(_:scheduler:)")
struct PrimitiveSequenceJustTimerTests {
    @Test("just(_:scheduler:) sends the value and the completion as actions on the scheduler")
    func justOnScheduler() throws {
        let scheduler = TestScheduler()
        let single = scheduler.createObserver(Int.self)
        let maybe = scheduler.createObserver(Int.self)
        _ = Single.just(1, scheduler: scheduler).asObservable().subscribe(single)
        _ = Maybe.just(2, scheduler: scheduler).asObservable().subscribe(maybe)
        #expect(single.events == [])
        try scheduler.advance(by: 0)
        #expect(single.events == [.next(0, 1), .completed(0)])
        #expect(maybe.events == [.next(0, 2), .completed(0)])
        expectNoPendingWork(scheduler)
    }

    @Test("just(_:scheduler:) on the immediate scheduler succeeds during subscribe")
    func justImmediate() throws {
        #expect(try Single.just(1, scheduler: ImmediateScheduler.instance).toBlocking().first() == 1)
        #expect(try Maybe.just(1, scheduler: ImmediateScheduler.instance).toBlocking().first() == 1)
    }

    @Test("disposing before the action runs sends nothing")
    func justDisposed() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.createObserver(Int.self)
        Single.just(1, scheduler: scheduler).asObservable().subscribe(observer).dispose()
        try scheduler.advance(by: 1)
        #expect(observer.events == [])
    }

    @Test("timer(_:scheduler:) succeeds with 0 once the time has passed")
    func timer() {
        let scheduler = TestScheduler()
        let single = scheduler.start { Single<Int>.timer(.seconds(2), scheduler: scheduler).asObservable() }
        #expect(single.events == [.next(202, 0), .completed(202)])
        expectNoPendingWork(scheduler)
        let other = TestScheduler()
        let maybe = other.start { Maybe<Int64>.timer(.seconds(3), scheduler: other).asObservable() }
        #expect(maybe.events == [.next(203, 0), .completed(203)])
        expectNoPendingWork(other)
    }

    @Test("disposing a timer before it fires sends nothing and leaves no work")
    func timerDisposed() {
        let scheduler = TestScheduler()
        let observer = scheduler.start(disposed: 205) { Single<Int>.timer(.seconds(10), scheduler: scheduler).asObservable() }
        #expect(observer.events == [])
        expectNoPendingWork(scheduler)
    }
}
