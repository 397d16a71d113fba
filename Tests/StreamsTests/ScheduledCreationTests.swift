import Streams
import StreamsTesting
import Testing

@Suite("from(optional:scheduler:), range(start:count:scheduler:), repeatElement(_:scheduler:)")
struct ScheduledCreationTests {
    @Test("from(optional:scheduler:) sends the value and the completion as actions on the scheduler")
    func fromOptional() throws {
        #expect(Self.run { Observable.from(optional: Int?.some(5), scheduler: $0) } == [.next(200, 5), .completed(200)])
        #expect(Self.run { Observable.from(optional: Int?.none, scheduler: $0) } == [.completed(200)])

        let scheduler = TestScheduler()
        let later = scheduler.createObserver(Int.self)
        _ = Observable.from(optional: 1, scheduler: scheduler).subscribe(later)
        #expect(later.events == [])
        try scheduler.advance(by: 0)
        #expect(later.events == [.next(0, 1), .completed(0)])
        expectNoPendingWork(scheduler)
    }

    @Test("range(start:count:scheduler:) emits the integers in order, up to and including Int.max")
    func range() {
        #expect(Self.run { Observable.range(start: Int.max, count: 1, scheduler: $0) } == [.next(200, Int.max), .completed(200)])
        #expect(Self.run { Observable.range(start: 0, count: 0, scheduler: $0) } == [.completed(200)])
        #expect(Self.run { Observable.range(start: Int.max - 1, count: 5, scheduler: $0) } == [
            .next(200, Int.max - 1), .next(200, Int.max), .completed(200),
        ])
        #expect(Self.run { Observable.range(start: 3, count: -2, scheduler: $0) } == [.completed(200)])
        #expect(Self.run { Observable.range(start: -2, count: 3, scheduler: $0) } == [
            .next(200, -2), .next(200, -1), .next(200, 0), .completed(200),
        ])
    }

    @Test("range(start:count:scheduler:) stops at a disposal made between two values")
    func rangeDisposal() {
        let scheduler = TestScheduler()
        let observer = scheduler.createObserver(Int.self)
        let subscription = SingleAssignmentDisposable()
        // The disposal is scheduled while the first value is delivered: it runs before the
        // action of the second.
        let range = Observable.range(start: -10, count: 5, scheduler: scheduler)
            .do(onNext: { _ in _ = scheduler.schedule { subscription.dispose() } })
        scheduler.scheduleAt(200) { subscription.setDisposable(range.subscribe(observer)) }
        scheduler.start()
        #expect(observer.events == [.next(200, -10)])
        expectNoPendingWork(scheduler)
    }

    @Test("range(start:count:scheduler:) on the immediate scheduler emits during subscribe")
    func rangeImmediate() throws {
        #expect(try Observable.range(start: 1, count: 3, scheduler: ImmediateScheduler.instance).toBlocking().toArray() == [1, 2, 3])
    }

    @Test("repeatElement(_:scheduler:) repeats until disposed, one action per value")
    func repeatElement() {
        #expect(Self.run { Observable.repeatElement(42, scheduler: $0).take(3) } == [
            .next(200, 42), .next(200, 42), .next(200, 42), .completed(200),
        ])
    }

    @Test("repeatElement(_:scheduler:) lets other work on the scheduler run between two values")
    func repeatElementInterleaves() {
        let scheduler = TestScheduler()
        let observer = scheduler.createObserver(String.self)
        let subscription = SingleAssignmentDisposable()
        let repeated = Observable.repeatElement("a", scheduler: scheduler)
            .do(onNext: { _ in _ = scheduler.schedule { subscription.dispose() } })
        scheduler.scheduleAt(200) { subscription.setDisposable(repeated.subscribe(observer)) }
        scheduler.start()
        #expect(observer.events == [.next(200, "a")])
        expectNoPendingWork(scheduler)
    }

    /// The events of `make`'s observable, subscribed at 200 on a new scheduler, which must have
    /// no work left afterwards.
    private static func run<Element: Sendable>(
        _ make: (TestScheduler) -> Observable<Element>
    ) -> [Recorded<Event<Element>>] {
        let scheduler = TestScheduler()
        let observable = make(scheduler)
        let events = scheduler.start { observable }.events
        expectNoPendingWork(scheduler)
        return events
    }
}
