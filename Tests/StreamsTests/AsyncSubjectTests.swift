import StreamsTesting
import Synchronization
import Testing

@Suite("AsyncSubject")
struct AsyncSubjectTests {
    /// Sends 1 at 10, 2 at 20 and `ending` at 30 into a new subject; subscribes one observer at
    /// 0 and one at 40, after the end; runs the scheduler and returns both.
    private static func run(ending: Event<Int>, values: [Int] = [1, 2]) -> (early: TestableObserver<Int>, late: TestableObserver<Int>) {
        let scheduler = TestScheduler()
        let subject = AsyncSubject<Int>()
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        subject.subscribe(early).disposed(by: bag)
        for (index, value) in values.enumerated() {
            scheduler.scheduleAt(10 * (index + 1)) { subject.onNext(value) }
        }
        scheduler.scheduleAt(30) { subject.on(ending) }
        scheduler.scheduleAt(40) { subject.subscribe(late).disposed(by: bag) }
        scheduler.start()
        expectNoPendingWork(scheduler)
        return (early, late)
    }

    @Test("at completion, the last value and the completion, to current and later subscribers")
    func lastValueAtCompletion() {
        let (early, late) = Self.run(ending: .completed)
        #expect(early.events == [.next(30, 2), .completed(30)])
        #expect(late.events == [.next(40, 2), .completed(40)])
    }

    @Test("an error goes out without the value, to current and later subscribers")
    func errorWithoutValue() {
        let (early, late) = Self.run(ending: .error(TestError("failed")))
        #expect(early.events == [.error(30, TestError("failed"))])
        #expect(late.events == [.error(40, TestError("failed"))])
    }

    @Test("no value, then completion: the completion alone")
    func completionWithoutValue() {
        let (early, late) = Self.run(ending: .completed, values: [])
        #expect(early.events == [.completed(30)])
        #expect(late.events == [.completed(40)])
    }

    @Test("nothing before the end; events after it are ignored")
    func eventsAfterEndIgnored() {
        let scheduler = TestScheduler()
        let subject = AsyncSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        _ = subject.subscribe(observer)
        scheduler.scheduleAt(10) { subject.onNext(1) }
        scheduler.scheduleAt(20) { #expect(observer.events.isEmpty) }
        scheduler.scheduleAt(30) { subject.onCompleted() }
        scheduler.scheduleAt(40) {
            subject.onNext(2)
            subject.onError(TestError("late"))
            subject.onCompleted()
        }
        scheduler.start()
        #expect(observer.events == [.next(30, 1), .completed(30)])
        #expect(!subject.hasObservers)
    }

    @Test("a subscription disposed before the end receives nothing, and releases its observer")
    func disposal() {
        let subject = AsyncSubject<Int>()
        let released = isReleased(subscribe: { probe in
            subject.subscribe(AnyObserver { _ in _ = probe })
        }, after: { subscription in
            subject.onNext(1)
            subscription.dispose()
            subject.onCompleted()
        })
        #expect(released)
        #expect(!subject.hasObservers)
    }

    @Test("a subscriber is released when the subject ends", arguments: [Event<Int>.completed, .error(TestError("x"))])
    func releasesOnEnd(ending: Event<Int>) {
        let subject = AsyncSubject<Int>()
        let released = isReleased(subscribe: { probe in
            subject.subscribe(AnyObserver { _ in _ = probe })
        }, after: { _ in
            subject.onNext(1)
            subject.on(ending)
        })
        #expect(released)
    }

    @Test("a send from inside a subscriber's handler is ignored after the end, and the outcome stays in order")
    func reentrantSend() {
        let subject = AsyncSubject<Int>()
        let log = Recorder<String>()
        _ = subject.subscribe(onNext: { value in
            log.append("first \(value)")
            subject.onNext(value + 1)
        }, onCompleted: { log.append("first |") })
        _ = subject.subscribe(onNext: { log.append("second \($0)") }, onCompleted: { log.append("second |") })
        subject.onNext(1)
        subject.onCompleted()
        #expect(log.items == ["first 1", "second 1", "first |", "second |"])
    }

    @Test("a value it replaces is released after its lock: its deinit may send into the subject")
    func replacedValueReleasedOutsideTheLock() {
        let subject = AsyncSubject<Tripwire>()
        let log = Recorder<String>()
        _ = subject.subscribe(onNext: { log.append($0.name) }, onCompleted: { log.append("|") })
        subject.onNext(Tripwire("a") { log.append("a released"); subject.onNext(Tripwire("sent by a")) })
        subject.onNext(Tripwire("b"))
        subject.onCompleted()
        #expect(log.items == ["a released", "sent by a", "|"])
    }

    @Test("a value an error drops is released after its lock: its deinit may send into the subject")
    func droppedValueReleasedOutsideTheLock() {
        let subject = AsyncSubject<Tripwire>()
        let log = Recorder<String>()
        _ = subject.subscribe(onNext: { log.append($0.name) }, onError: { _ in log.append("error") })
        subject.onNext(Tripwire("a") { log.append("a released"); subject.onNext(Tripwire("after the end")) })
        subject.onError(TestError("failed"))
        // The value is released once the error is decided, before or after it is delivered.
        #expect(log.items.sorted() == ["a released", "error"])
    }
}
