import Streams
import StreamsTesting
import Synchronization
import Testing

/// RxSwift's `Observable+WindowTests`, translated (a time span of 70 is `.seconds(70)`), and the
/// edges Streams adds: when windows open and close, the windows' own subscriptions keeping the
/// source, and threads.
@Suite("window(timeSpan:count:scheduler:)")
struct WindowTests {
    private static let values: [Recorded<Event<Int>>] = [
        .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
        .next(370, 7), .next(420, 8), .next(470, 9),
    ]

    /// Each value as "window value", the windows merged: RxSwift's tests' shape.
    private static func numbered(_ windows: Observable<Observable<Int>>) -> Observable<String> {
        windows.enumerated().map { window in window.element.map { "\(window.index) \($0)" } }.merge()
    }

    @Test("each value goes into the window open when it arrives; windows close when full or timed out")
    func basic() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let observer = scheduler.start {
            Self.numbered(source.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
        }
        #expect(observer.events == [
            .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
            .next(350, "2 6"), .next(370, "2 7"), .next(420, "3 8"), .next(470, "4 9"), .completed(600),
        ])
        #expect(source.subscriptions == [Subscription(200, 600)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error fails the open window and the output")
    func error() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.error(600, TestError("up"))])
        let observer = scheduler.start {
            Self.numbered(source.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
        }
        #expect(observer.events == [
            .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
            .next(350, "2 6"), .next(370, "2 7"), .next(420, "3 8"), .next(470, "4 9"), .error(600, TestError("up")),
        ])
        #expect(source.subscriptions == [Subscription(200, 600)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposing the output and the windows together unsubscribes the source at that tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(105, 0)] + Self.values + [.completed(600)])
        let observer = scheduler.start(disposed: 370) {
            Self.numbered(source.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
        }
        #expect(observer.events == [
            .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
            .next(350, "2 6"), .next(370, "2 7"),
        ])
        #expect(source.subscriptions == [Subscription(200, 370)])
        expectNoPendingWork(scheduler)
    }

    @Test("the first window opens at the subscription; each next one when the last closes")
    func openingTicks() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let observer = scheduler.start {
            source.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler).enumerated().map { $0.index }
        }
        #expect(observer.events == [
            .next(200, 0), .next(240, 1), .next(310, 2), .next(370, 3), .next(440, 4), .next(510, 5), .next(580, 6),
            .completed(600),
        ])
        expectNoPendingWork(scheduler)
    }

    @Test("each window completes when it closes, empty or not: what it held, at the tick it closed")
    func closingTicks() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let observer = scheduler.start {
            source.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler).concatMap { $0.toArray() }
        }
        #expect(observer.events == [
            .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
            .next(580, []), .next(600, []), .completed(600),
        ])
        expectNoPendingWork(scheduler)
    }

    @Test("a window is hot: subscribed late, it sends only the values after, then its completion")
    func lateWindowSubscriber() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let windows = Mutex<[Observable<Int>]>([])
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = source.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
                .subscribe(onNext: { window in windows.withLock { $0.append(window) } })
        }
        scheduler.scheduleAt(207) {
            _ = windows.withLock { $0[0] }.subscribe(late)
        }
        try scheduler.run()
        #expect(late.events == [.next(210, 2), .next(240, 3), .completed(240)])
        expectNoPendingWork(scheduler)
    }

    @Test("a window subscription keeps the source after the output is disposed, until the window closes (RxSwift's ref count)")
    func windowOutlivesOutput() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        // take(1) disposes the output at once; flatMap stays subscribed to window 0.
        let observer = scheduler.start {
            source.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler).take(1).flatMap { $0 }
        }
        #expect(observer.events == [.next(205, 1), .next(210, 2), .next(240, 3), .completed(240)])
        #expect(source.subscriptions == [Subscription(200, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("the source is unsubscribed when the last of the output and the window subscriptions ends")
    func lastSubscriptionReleases() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let window = Mutex<Observable<Int>?>(nil)
        let output = SerialDisposable()
        let windowSubscription = SerialDisposable()
        let seen = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            output.disposable = source.window(timeSpan: .seconds(1000), count: 1000, scheduler: scheduler)
                .subscribe(onNext: { first in window.withLock { $0 = $0 ?? first } })
            windowSubscription.disposable = window.withLock { $0 }!.subscribe(seen)
        }
        scheduler.scheduleAt(215) { output.dispose() }
        scheduler.scheduleAt(245) { windowSubscription.dispose() }
        try scheduler.run()
        #expect(seen.events == [.next(205, 1), .next(210, 2), .next(240, 3)])
        #expect(source.subscriptions == [Subscription(200, 245)])
        expectNoPendingWork(scheduler)
    }

    @Test("with nobody subscribed to a window, disposing the output unsubscribes the source at once")
    func outputAloneReleases() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let observer = scheduler.start(disposed: 250) {
            source.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler).map { _ in "window" }
        }
        #expect(observer.events == [.next(200, "window"), .next(240, "window")])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent back into the source from a window's subscriber goes in after the steps already decided")
    func reentrant() throws {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let observer = scheduler.createObserver(String.self)
        scheduler.scheduleAt(0) {
            _ = Self.numbered(subject.window(timeSpan: .seconds(100), count: 2, scheduler: scheduler)).subscribe { event in
                observer.on(event)
                if case .next("0 2") = event { subject.onNext(3) }
            }
            subject.onNext(1)
            subject.onNext(2)
        }
        scheduler.scheduleAt(50) { subject.onCompleted() }
        try scheduler.run()
        #expect(observer.events == [.next(0, "0 1"), .next(0, "0 2"), .next(0, "1 3"), .completed(50)])
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: the doc's diagram, each value drawn as the number of its window")
    func marbles() {
        expectMarbles("-00-1------3|") { m in
            m.hot("-ab-c------d|", subscriptions: "^-----------!")
                .window(timeSpan: .seconds(4), count: 2, scheduler: m.scheduler)
                .enumerated()
                .flatMap { window in window.element.map { _ in String(window.index) } }
        }
    }

    @Test("the observer is released after completion, error and disposal, with the windows subscribed")
    func releasesObserver() throws {
        try expectReleasesObserver { source, scheduler in
            source.window(timeSpan: .seconds(5), count: 3, scheduler: scheduler).flatMap { $0 }
        }
    }

    @Test("on dispatch queues, with the timer racing the values: every value once, in order, never after its window closed")
    func dispatchQueues() throws {
        let values = DispatchQueueScheduler(label: "WindowTests.values")
        let timers = DispatchQueueScheduler(label: "WindowTests.timers")
        let events = try Observable.from(0..<1_000, scheduler: values)
            .window(timeSpan: .microseconds(200), count: 7, scheduler: timers)
            .enumerated()
            .flatMap { window in window.element.materialize().map { (window.index, $0) } }
            .toBlocking(timeout: .seconds(60))
            .toArray()
        #expect(events.compactMap { $0.1.element } == Array(0..<1_000))
        var closed = Set<Int>()
        var counts: [Int: Int] = [:]
        for (window, event) in events {
            #expect(!closed.contains(window), "window \(window) sent \(event) after it closed")
            if event.isStopEvent { closed.insert(window) } else { counts[window, default: 0] += 1 }
        }
        #expect(counts.values.allSatisfy { $0 <= 7 })
    }
}
