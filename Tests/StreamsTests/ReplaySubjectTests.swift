import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("ReplaySubject")
struct ReplaySubjectTests {
    @Test("a new subscriber gets the latest bufferSize values, then the live ones")
    func replaysBuffer() throws {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Int>(bufferSize: 2)
        let late = scheduler.createObserver(Int.self)
        let subscription = SerialDisposable()
        scheduler.scheduleAt(10) { subject.onNext(1) }
        scheduler.scheduleAt(11) { subject.onNext(2) }
        scheduler.scheduleAt(12) { subject.onNext(3) }
        scheduler.scheduleAt(20) { subscription.disposable = subject.subscribe(late.asObserver()) }
        scheduler.scheduleAt(30) { subject.onNext(4) }
        try scheduler.run()
        #expect(late.events == [.next(20, 2), .next(20, 3), .next(30, 4)])
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("after the end, a new subscriber gets the buffer and then the terminal event")
    func replaysAfterEnd() throws {
        for end in [Event<Int>.completed, .error(TestError("x"))] {
            let scheduler = TestScheduler()
            let subject = ReplaySubject<Int>(bufferSize: 1)
            let late = scheduler.createObserver(Int.self)
            subject.onNext(1)
            subject.onNext(2)
            subject.on(end)
            subject.onNext(3)
            _ = subject.subscribe(late.asObserver())
            #expect(late.events == [.next(0, 2), Recorded(time: 0, value: end)])
            #expect(!subject.hasObservers)
        }
    }

    @Test("a value sent from inside a subscriber is queued, and the buffer stays in order")
    func reentrant() throws {
        let scheduler = TestScheduler()
        let events = try recordCountingUpReentrantly(on: scheduler, completingAt: nil) { subject in
            let replay = ReplaySubject<Int>(bufferSize: 2)
            return Observable.create { observer in
                CompositeDisposable([replay.subscribe(observer), subject.bind(to: replay)])
            }
        }
        #expect(events == [.next(10, 1), .next(10, 2), .next(10, 3), .completed(10)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposing a subscription releases its observer; the buffer keeps only values")
    func releasesObserver() {
        let subject = ReplaySubject<Int>(bufferSize: 3)
        let released = isReleased(subscribe: { probe in
            subject.subscribe(AnyObserver { [probe] _ in _ = probe })
        }, after: { subscription in
            subject.onNext(1)
            subscription.dispose()
        })
        #expect(released)
    }

    @Test("the observer is released when the subject completes")
    func releasesOnCompletion() {
        let subject = ReplaySubject<Int>(bufferSize: 3)
        let released = isReleased(subscribe: { probe in
            subject.subscribe(AnyObserver { [probe] _ in _ = probe })
        }, after: { _ in subject.onCompleted() })
        #expect(released)
    }

    @Test("marbles: with bufferSize 2, a subscriber from tick 4 to -a-b-----c-| gets ----(ab)-c-|")
    func marbles() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-----c-|")
        let subject = ReplaySubject<String>(bufferSize: 2)
        let feeding = source.bind(to: subject)
        let early = scheduler.createObserver(String.self)
        let late = scheduler.createObserver(String.self)
        let subscriptions = Mutex<[any Disposable]>([subject.subscribe(early.asObserver())])
        scheduler.scheduleAt(4) { subscriptions.withLock { $0.append(subject.subscribe(late.asObserver())) } }
        try scheduler.run()
        expectMarbles(early, "-a-b-----c-|")
        expectMarbles(late, "----(ab)-c-|")
        subscriptions.withLock { $0.forEach { $0.dispose() } }
        feeding.dispose()
        expectNoPendingWork(scheduler)
    }
}
