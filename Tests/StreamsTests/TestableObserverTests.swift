import StreamsTesting
import Synchronization
import Testing

/// RxTest's observer goes wherever an observer goes; so does this one.
@Suite("TestableObserver")
@MainActor
struct TestableObserverTests {
    @Test("subscribe, bind(to:), drive and emit(to:) take the observer, which records each event at its tick")
    func acceptedAsAnObserver() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let subscribed = scheduler.createObserver(Int.self)
        let bound = scheduler.createObserver(Int.self)
        let driven = scheduler.createObserver(Int.self)
        let emitted = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.scheduleAt(200) {
            source.subscribe(subscribed).disposed(by: bag)
            source.bind(to: bound).disposed(by: bag)
            source.asDriver(onErrorJustReturn: 0, scheduler: scheduler).drive(driven).disposed(by: bag)
            source.asSignal(onErrorJustReturn: 0, scheduler: scheduler).emit(to: emitted).disposed(by: bag)
        }
        scheduler.start()
        let expected: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .completed(230)]
        #expect(subscribed.events == expected)
        #expect(bound.events == expected)
        #expect(driven.events == expected)
        #expect(emitted.events == expected)
        #expect(subscribed.values == [1, 2])
    }

    @Test("onNext, onError and onCompleted record at the current tick, as RxTest's ObserverType")
    func observerMethods() {
        let scheduler = TestScheduler(initialClock: 5)
        let observer = scheduler.createObserver(Int.self)
        observer.onNext(1)
        scheduler.advanceTo(7)
        observer.onError(TestError("x"))
        observer.onCompleted()
        #expect(observer.events == [.next(5, 1), .error(7, TestError("x")), .completed(7)])
    }

    @Test("start() runs everything, and reports a schedule that never ends at the caller's line")
    func startRunsEverything() {
        let scheduler = TestScheduler(stepLimit: 20)
        let observer = scheduler.createObserver(Int.self)
        let ticks = Observable<Int>.interval(.seconds(1), scheduler: scheduler).subscribe(observer)
        let line = #line + 2
        withKnownIssue {
            scheduler.start()
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.description.contains("TestScheduler ran 20 actions and stopped at tick 20")
        }
        ticks.dispose()
        #expect(observer.values == Array(0..<20))
        expectNoPendingWork(scheduler)
    }
}
