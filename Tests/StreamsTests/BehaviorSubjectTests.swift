import StreamsTesting
import Synchronization
import Testing

@Suite("BehaviorSubject")
struct BehaviorSubjectTests {
    @Test("a subscriber gets the current value at once, then every new one")
    func currentValueFirst() throws {
        let scheduler = TestScheduler()
        let subject = BehaviorSubject(value: 0)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        subject.subscribe(early).disposed(by: bag)
        scheduler.scheduleAt(10) { subject.onNext(1) }
        scheduler.scheduleAt(11) { subject.onNext(2) }
        scheduler.scheduleAt(20) { subject.subscribe(late).disposed(by: bag) }
        scheduler.scheduleAt(30) { subject.onNext(3) }
        scheduler.start()
        #expect(early.events == [.next(0, 0), .next(10, 1), .next(11, 2), .next(30, 3)])
        #expect(late.events == [.next(20, 2), .next(30, 3)])
        #expect(try subject.value() == 3)
    }

    @Test("after the end, a subscriber gets the terminal event alone, and later events are ignored")
    func terminalEventAlone() throws {
        for end in [Event<Int>.completed, .error(TestError("x"))] {
            let scheduler = TestScheduler()
            let subject = BehaviorSubject(value: 1)
            let late = scheduler.createObserver(Int.self)
            subject.onNext(2)
            subject.on(end)
            subject.onNext(3)
            _ = subject.subscribe(late)
            #expect(late.events == [Recorded(time: 0, value: end)])
            #expect(!subject.hasObservers)
        }
    }

    @Test("value() is the latest value, still after a completion, and throws the error after a failure")
    func value() throws {
        let completed = BehaviorSubject(value: "a")
        completed.onNext("b")
        completed.onCompleted()
        #expect(try completed.value() == "b")
        let failed = BehaviorSubject(value: "a")
        failed.onError(TestError("offline"))
        #expect(throws: TestError("offline")) { try failed.value() }
    }

    @Test("a send from inside a subscriber is queued behind the current delivery, not nested")
    func reentrantSend() {
        let subject = BehaviorSubject(value: 0)
        let log = Recorder<String>()
        let first = subject.subscribe(onNext: { value in
            log.append("first \(value)")
            if value == 1 { subject.onNext(2) }
        })
        let second = subject.subscribe(onNext: { log.append("second \($0)") })
        subject.onNext(1)
        #expect(log.items == ["first 0", "second 0", "first 1", "second 1", "first 2", "second 2"])
        first.dispose()
        second.dispose()
        #expect(!subject.hasObservers)
    }
}
