import Streams
import Testing

@Suite("map")
struct MapTests {
    @Test("transforms each value at the tick it arrives")
    func transforms() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(300)])
        let observer = try scheduler.start { source.map { $0 * 10 } }
        #expect(observer.events == [.next(210, 20), .next(220, 30), .completed(300)])
        #expect(source.subscriptions == [Subscription(200, 300)])
        #expect(scheduler.pendingTicks.isEmpty)
    }

    @Test("a throwing transform ends the sequence with its error and unsubscribes")
    func throwing() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let observer = try scheduler.start {
            source.map { value -> Int in
                if value == 2 { throw TestError("two") }
                return value
            }
        }
        #expect(observer.events == [.next(210, 1), .error(220, TestError("two"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
    }

    @Test("disposal stops delivery")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let observer = try scheduler.start(disposed: 225) { source.map { $0 + 1 } }
        #expect(observer.events == [.next(210, 2), .next(220, 3)])
        #expect(source.subscriptions == [Subscription(200, 225)])
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

import Synchronization
final class Recorder<T: Sendable>: Sendable {
    private let storage = Mutex<[T]>([])
    func append(_ item: T) { storage.withLock { $0.append(item) } }
    var items: [T] { storage.withLock { $0 } }
}
