import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing
import XCTest

@Suite("RxBlocking's toBlocking(), for tests")
struct ToBlockingTests {
    @Test("toArray, first, last and single of a synchronous sequence")
    func synchronous() throws {
        let source = Observable.from([1, 2, 3]).map { $0 * 2 }
        #expect(try source.toBlocking().toArray() == [2, 4, 6])
        #expect(try source.toBlocking().first() == 2)
        #expect(try source.toBlocking().last() == 6)
        #expect(try Observable.just(7).toBlocking().single() == 7)
        #expect(try Observable<Int>.empty().toBlocking().first() == nil)
    }

    @Test("single() of no value and of two values throws SingleError")
    func singleErrors() {
        #expect(throws: SingleError.noElements) { try Observable<Int>.empty().toBlocking().single() }
        #expect(throws: SingleError.moreThanOneElement) { try Observable.of(1, 2).toBlocking().single() }
    }

    @Test("the sequence's error is thrown, and materialize keeps the values before it")
    func errors() {
        let failing = Observable.from([1, 2]).concat(Observable<Int>.error(TestError("boom")))
        #expect(throws: TestError("boom")) { try failing.toBlocking().toArray() }
        guard case .failed(let elements, let error) = failing.toBlocking().materialize() else {
            Issue.record("expected a failure")
            return
        }
        #expect(elements == [1, 2])
        #expect(error as? TestError == TestError("boom"))
        guard case .completed(let all) = Observable.of(3, 4).toBlocking().materialize() else {
            Issue.record("expected a completion")
            return
        }
        #expect(all == [3, 4])
    }

    @Test("waits for values delivered on another thread")
    func anotherThread() throws {
        let queue = DispatchQueueScheduler(queue: DispatchQueue(label: "toBlocking"))
        let source = Observable.from([1, 2, 3]).subscribe(on: queue)
        #expect(try source.toBlocking().toArray() == [1, 2, 3])
    }

    @Test("first() disposes the subscription after the first value")
    func firstDisposes() throws {
        let subject = BehaviorSubject(value: 1)
        #expect(try subject.toBlocking().first() == 1)
        #expect(!subject.hasObservers)
    }

    @Test("a sequence that never ends times out")
    func timeout() {
        #expect(throws: BlockingObservable<Int>.Failure.timeout) {
            try Observable<Int>.never().toBlocking(timeout: .milliseconds(20)).first()
        }
        guard case .failed(let elements, let error) = Observable.just(1).concat(Observable.never())
            .toBlocking(timeout: .milliseconds(20)).materialize()
        else {
            Issue.record("expected a failure")
            return
        }
        #expect(elements == [1])
        #expect(error as? BlockingObservable<Int>.Failure == .timeout)
    }
}

@Suite("RxTest's Recorded.events and trait event equality")
struct RecordedEventsTests {
    @Test("Recorded.events builds the list, variadic or from an array")
    func recordedEvents() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable(Recorded.events(.next(210, 1), .next(220, 2), .completed(230)))
        let observer = scheduler.start { xs.map { $0 + 1 } }
        #expect(observer.events == Recorded.events(.next(210, 2), .next(220, 3), .completed(230)))
        #expect(Recorded.events([.next(1, "a")]) == [Recorded.next(1, "a")])
    }

    @Test("maybe, completable and single events compare by value and by error description")
    func traitEvents() {
        #expect([MaybeEvent.success(1), .completed] == [.success(1), .completed])
        #expect(MaybeEvent<Int>.error(TestError("a")) != .error(TestError("b")))
        #expect([CompletableEvent.completed] == [.completed])
        #expect(CompletableEvent.error(TestError("a")) == .error(TestError("a")))
        let singles: [SingleEvent<Int>] = [.success(1), .failure(TestError("a"))]
        #expect(singles == [.success(1), .failure(TestError("a"))])
        #expect(!(singles == [.success(1), .failure(TestError("b"))]))
        #expect(!(singles == [.success(1)]))
    }
}

/// RxTest's XCTAssertEqual over trait events, as RxSwift's own trait tests write it.
final class TraitEventAssertionRxTests: XCTestCase {
    func testSingleMaybeAndCompletableEvents() {
        let singleEvents = Mutex<[SingleEvent<Int>]>([])
        _ = Single.just(1).subscribe { event in singleEvents.withLock { $0.append(event) } }
        XCTAssertEqual(singleEvents.withLock { $0 }, [.success(1)])

        let maybeEvents = Mutex<[MaybeEvent<Int>]>([])
        _ = Maybe<Int>.empty().subscribe { event in maybeEvents.withLock { $0.append(event) } }
        XCTAssertEqual(maybeEvents.withLock { $0 }, [.completed])

        let completableEvents = Mutex<[CompletableEvent]>([])
        _ = Completable.empty().subscribe { event in completableEvents.withLock { $0.append(event) } }
        XCTAssertEqual(completableEvents.withLock { $0 }, [.completed])
    }
}

@Suite("RxSwift's range(start:count:) and from(optional:)")
struct RangeAndFromOptionalTests {
    @Test("range emits count integers from start, and nothing for a count of zero or less")
    func range() throws {
        #expect(try Observable.range(start: 1, count: 3).toBlocking().toArray() == [1, 2, 3])
        #expect(try Observable.range(start: -2, count: 2).toBlocking().toArray() == [-2, -1])
        #expect(try Observable.range(start: 5, count: 0).toBlocking().toArray() == [])
        #expect(try Observable.range(start: 5, count: -4).toBlocking().toArray() == [])
    }

    @Test("range stops at Int.max, included, instead of overflowing")
    func rangeAtTheEnd() throws {
        #expect(try Observable.range(start: .max - 1, count: 5).toBlocking().toArray() == [.max - 1, .max])
        #expect(try Observable.range(start: .max, count: 1).toBlocking().toArray() == [.max])
        #expect(try Observable.range(start: .min, count: 2).toBlocking().toArray() == [.min, .min + 1])
    }

    @Test("from(optional:) emits the value and completes, or completes at once")
    func fromOptional() {
        let scheduler = TestScheduler()
        let some = scheduler.start { Observable.from(optional: 7) }
        #expect(some.events == [.next(200, 7), .completed(200)])
        let none = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { Observable<Int>.from(optional: nil) }
        #expect(none.events == [.completed(1200)])
    }
}
