import Streams
import StreamsTesting
import Testing

/// RxSwift's `Observable+BufferTests`, translated (a time span of 70 is `.seconds(70)`), and the
/// edges Streams adds.
@Suite("buffer(timeSpan:count:scheduler:)")
struct BufferTests {
    private static let values: [Recorded<Event<Int>>] = [
        .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
        .next(370, 7), .next(420, 8), .next(470, 9),
    ]

    @Test("a buffer is emitted when full or when the time span has passed, empty or not; the last one at the completion")
    func basic() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let observer = scheduler.start { source.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        #expect(observer.events == [
            .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
            .next(580, []), .next(600, []), .completed(600),
        ])
        #expect(source.subscriptions == [Subscription(200, 600)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error is forwarded at once and drops the buffer in progress")
    func error() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.error(600, TestError("up"))])
        let observer = scheduler.start { source.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        #expect(observer.events == [
            .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
            .next(580, []), .error(600, TestError("up")),
        ])
        #expect(source.subscriptions == [Subscription(200, 600)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal unsubscribes at the disposal tick and cancels the timer")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let observer = scheduler.start(disposed: 370) { source.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        #expect(observer.events == [.next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7])])
        #expect(source.subscriptions == [Subscription(200, 370)])
        expectNoPendingWork(scheduler)
    }

    @Test("a full buffer restarts the time span: the next buffer times out a whole span after it")
    func fullRestartsTimer() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(205, 1), .next(260, 2), .completed(400)])
        let observer = scheduler.start { source.buffer(timeSpan: .seconds(100), count: 1, scheduler: scheduler) }
        #expect(observer.events == [
            .next(205, [1]), .next(260, [2]), .next(360, []), .next(400, []), .completed(400),
        ])
        expectNoPendingWork(scheduler)
    }

    @Test("a value on the tick a buffer times out goes into the buffer that is still open, as the source was scheduled first")
    func valueOnTimeoutTick() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(205, 1), .next(210, 2), .completed(215)])
        let observer = scheduler.start { source.buffer(timeSpan: .seconds(10), count: 5, scheduler: scheduler) }
        #expect(observer.events == [.next(210, [1, 2]), .next(215, []), .completed(215)])
        expectNoPendingWork(scheduler)
    }

    @Test("an empty source: one empty buffer at its completion, as in RxSwift")
    func emptySource() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([Recorded<Event<Int>>.completed(250)])
        let observer = scheduler.start { source.buffer(timeSpan: .seconds(100), count: 3, scheduler: scheduler) }
        #expect(observer.events == [.next(250, []), .completed(250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent back into the source from onNext goes into the next buffer")
    func reentrant() throws {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let observer = scheduler.createObserver([Int].self)
        scheduler.scheduleAt(0) {
            _ = subject.buffer(timeSpan: .seconds(100), count: 2, scheduler: scheduler).subscribe { event in
                observer.on(event)
                if case .next(let buffer) = event, buffer == [1, 2] { subject.onNext(3) }
            }
            subject.onNext(1)
            subject.onNext(2)
        }
        scheduler.scheduleAt(50) { subject.onCompleted() }
        try scheduler.run()
        #expect(observer.events == [.next(0, [1, 2]), .next(50, [3]), .completed(50)])
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: the doc's diagram, with the source's subscription")
    func marbles() {
        expectMarbles("--A---B---C-(D|)", values: ["A": ["a", "b"], "B": ["c"], "C": [], "D": ["d"]]) { m in
            m.hot("-ab-c------d|", subscriptions: "^-----------!")
                .buffer(timeSpan: .seconds(4), count: 2, scheduler: m.scheduler)
        }
    }

    @Test("the observer is released after completion, error and disposal")
    func releasesObserver() throws {
        try expectReleasesObserver { source, scheduler in
            source.buffer(timeSpan: .seconds(5), count: 3, scheduler: scheduler).map(\.count)
        }
    }

    @Test("on dispatch queues, with the timer racing the values: every value once, in order, no buffer over the count")
    func dispatchQueues() throws {
        let values = DispatchQueueScheduler(label: "BufferTests.values")
        let timers = DispatchQueueScheduler(label: "BufferTests.timers")
        let buffers = try Observable.from(0..<1_000, scheduler: values)
            .buffer(timeSpan: .microseconds(200), count: 7, scheduler: timers)
            .toBlocking(timeout: .seconds(60))
            .toArray()
        #expect(buffers.flatMap { $0 } == Array(0..<1_000))
        #expect(buffers.allSatisfy { $0.count <= 7 })
    }

    @Test("RxSwift's background test: the second buffer of a range on one queue")
    func backgroundQueue() throws {
        let queue = DispatchQueueScheduler(label: "BufferTests.background")
        let second = try Observable.from(1...10, scheduler: queue)
            .buffer(timeSpan: .seconds(1000), count: 3, scheduler: queue)
            .skip(1)
            .toBlocking(timeout: .seconds(60))
            .first()
        #expect(second == [4, 5, 6])
    }
}
