import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("retry(when:) on Maybe and Completable")
struct PrimitiveSequenceRetryWhenTests {
    @Test("a maybe retried on its own errors succeeds with the attempt that succeeds")
    func maybeRetriesUntilSuccess() {
        let scheduler = TestScheduler()
        let attempts = Mutex(0)
        let flaky = Maybe<Int>.deferred {
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            return attempt < 3 ? .error(TestError("busy")) : .just(attempt)
        }
        let observer = scheduler.start { flaky.retry(when: { errors in errors }).asObservable() }
        #expect(observer.events == [.next(200, 3), .completed(200)])
        expectNoPendingWork(scheduler)
    }

    @Test("each trigger value makes a new attempt at its tick; the trigger's completion completes the maybe empty")
    func maybeTriggerCompletes() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.error(20, TestError("x"))] as [Recorded<Event<Int>>])
        let trigger = scheduler.createHotObservable([.next(240, "x"), .completed(280)])
        let observer = scheduler.start { source.asMaybe().retry(when: { _ in trigger }).asObservable() }
        #expect(observer.events == [.completed(280)])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(240, 260)])
        #expect(trigger.subscriptions == [Subscription(200, 280)])
    }

    @Test("the trigger's error fails a completable")
    func completableTriggerFails() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.error(10, TestError("x"))] as [Recorded<Event<Never>>])
        let trigger = scheduler.createHotObservable([.next(230, 1), .error(250, TestError("give up"))])
        let observer = scheduler.start { source.asCompletable().retry(when: { _ in trigger }).asObservable() }
        #expect(observer.events == [.error(250, TestError("give up"))])
        #expect(source.subscriptions == [Subscription(200, 210), Subscription(230, 240)])
    }

    @Test("a completable that completes after a retry completes; its errors reach the handler in order")
    func completableRetriesAndCompletes() {
        let scheduler = TestScheduler()
        let attempts = Mutex(0)
        let seen = Recorder<String>()
        let save = Completable.deferred {
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            return attempt == 1 ? .error(TestError("offline")) : .empty()
        }
        let observer = scheduler.start {
            save.retry(when: { errors in errors.do(onNext: { seen.append("\($0)") }) }).asObservable()
        }
        #expect(observer.events == [.completed(200)])
        #expect(seen.items == ["offline"])
    }

    @Test("disposing ends the attempt and the trigger")
    func disposal() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.error(20, TestError("x"))] as [Recorded<Event<Int>>])
        let trigger = scheduler.createHotObservable([.next(240, "x")])
        let observer = scheduler.start(disposed: 250) { source.asMaybe().retry(when: { _ in trigger }).asObservable() }
        #expect(observer.events == [])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(240, 250)])
        #expect(trigger.subscriptions == [Subscription(200, 250)])
    }
}
