import Streams
import StreamsTesting
import Testing

@Suite("map")
struct MapTests {
    @Test("transforms each value at the tick it arrives")
    func transforms() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(300)])
        let observer = scheduler.start { source.map { $0 * 10 } }
        #expect(observer.events == [.next(210, 20), .next(220, 30), .completed(300)])
        #expect(source.subscriptions == [Subscription(200, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing transform ends the sequence with its error and unsubscribes")
    func throwing() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let observer = scheduler.start {
            source.map { value -> Int in
                if value == 2 { throw TestError("two") }
                return value
            }
        }
        #expect(observer.events == [.next(210, 1), .error(220, TestError("two"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal stops delivery")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let observer = scheduler.start(disposed: 225) { source.map { $0 + 1 } }
        #expect(observer.events == [.next(210, 2), .next(220, 3)])
        #expect(source.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("forwards an upstream error and unsubscribes at its tick")
    func upstreamError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(250, TestError("up")), .next(260, 2)])
        let observer = scheduler.start { source.map { $0 * 10 } }
        #expect(observer.events == [.next(210, 10), .error(250, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("an empty source completes without calling the transform")
    func empty() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.completed(30, Int.self)])
        let calls = Recorder<Int>()
        let observer = scheduler.start { source.map { value -> Int in calls.append(value); return value } }
        #expect(observer.events == [.completed(230)])
        #expect(calls.items.isEmpty)
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("subject re-entrant send is delivered after the current event")
    func reentrant() throws {
        let subject = Subject<Int>()
        let seen = Recorder<Int>()
        let d = subject.map { $0 }.subscribe(onNext: { value in
            seen.append(value)
            if value == 1 { subject.onNext(2) }
        })
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(3)
        #expect(seen.items == [1, 2])
        d.dispose()
    }
}

@Suite("compactMap")
struct CompactMapTests {
    @Test("emits the non-nil results and drops the nil ones")
    func dropsNil() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, "0"), .next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(300),
        ])
        let observer = scheduler.start { source.compactMap { Int($0) } }
        #expect(observer.events == [.next(210, 1), .next(230, 3), .completed(300)])
        #expect(source.subscriptions == [Subscription(200, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("forwards an upstream error and unsubscribes at its tick")
    func upstreamError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError("up"))])
        let observer = scheduler.start { source.compactMap { $0.isMultiple(of: 2) ? $0 : nil } }
        #expect(observer.events == [.next(220, 2), .error(230, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("completes while every value so far was dropped")
    func completesAfterDrops() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 3), .completed(240)])
        let observer = scheduler.start { source.compactMap { $0.isMultiple(of: 2) ? $0 : nil } }
        #expect(observer.events == [.completed(240)])
        #expect(source.subscriptions == [Subscription(200, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing transform ends the sequence with its error and unsubscribes")
    func throwing() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let observer = scheduler.start {
            source.compactMap { value -> Int? in
                if value == 2 { throw TestError("two") }
                return value
            }
        }
        #expect(observer.events == [.next(210, 1), .error(220, TestError("two"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal stops delivery and unsubscribes at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let observer = scheduler.start(disposed: 225) { source.compactMap { $0 } }
        #expect(observer.events == [.next(210, 1), .next(220, 2)])
        #expect(source.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent into the source from inside the subscriber arrives after the current one")
    func reentrant() {
        let subject = Subject<Int>()
        let seen = Recorder<Int>()
        let subscription = subject.compactMap { $0 > 0 ? $0 : nil }.subscribe(onNext: { value in
            seen.append(value)
            if value == 1 {
                subject.onNext(-1)
                subject.onNext(2)
            }
            seen.append(-value)
        })
        subject.onNext(1)
        #expect(seen.items == [1, -1, 2, -2])
        subscription.dispose()
    }

    @Test("releases the transform and the observer once the sequence ends")
    func releases() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        weak var weakProbe: MapProbe?
        let observer = scheduler.createObserver(Int.self)
        let subscription: any Disposable
        do {
            let probe = MapProbe()
            weakProbe = probe
            subscription = source.compactMap { [probe] value in probe.pass(value) }.subscribe(observer.asObserver())
        }
        #expect(weakProbe != nil)
        try scheduler.advance(to: 220)
        #expect(weakProbe == nil)
        #expect(observer.events == [.next(210, 1), .completed(220)])
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }
}

private final class MapProbe: Sendable {
    func pass(_ value: Int) -> Int? { value }
}
