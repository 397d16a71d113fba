import StreamsTesting
import Synchronization
import Testing

/// The clock-moving vocabulary of combine-schedulers, swift-clocks and RxTest on
/// `TestScheduler`: none of it throws, and a mistake is an issue at the caller's line.
@Suite("TestScheduler: advance(by:), advance(to:) and advanceTo, as combine-schedulers and RxTest spell them")
struct TestSchedulerAdvanceTests {
    @Test("a combine-schedulers test: advance(by: .milliseconds(299)) runs nothing, one more millisecond runs the debounced search")
    func combineSchedulersStyle() {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let queries = Subject<String>()
        let searched = Recorder<String>()
        let subscription = queries
            .debounce(.milliseconds(300), scheduler: scheduler)
            .subscribe(onNext: { searched.append($0) })

        queries.onNext("c")
        scheduler.advance(by: .milliseconds(100))
        queries.onNext("cat")
        scheduler.advance(by: .milliseconds(299))
        #expect(searched.items == [])

        scheduler.advance(by: .milliseconds(1))
        #expect(searched.items == ["cat"])
        #expect(scheduler.now == .milliseconds(400))
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("half a tick is a failure at the caller's line that names the resolution, and the clock does not move")
    func halfATick() {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let ran = Recorder<Int>()
        scheduler.scheduleAt(1) { ran.append(scheduler.clock) }
        let line = #line + 2
        withKnownIssue {
            scheduler.advance(by: .microseconds(500))
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.description.contains(
                    "advance(by: 0.0005 seconds) is not a whole number of ticks: this TestScheduler's resolution is 0.001 seconds per tick, "
                        + "and virtual time is never rounded. Pass a multiple of 0.001 seconds, or make the scheduler finer: "
                        + "TestScheduler(resolution: .microseconds(1)).")
        }
        #expect(scheduler.clock == 0)
        #expect(ran.items.isEmpty)

        let seconds = TestScheduler()
        withKnownIssue {
            seconds.advance(to: .milliseconds(1500))
        } matching: { issue in
            issue.description.contains("advance(to: 1.5 seconds) is not a whole number of ticks: this TestScheduler's resolution is 1.0 seconds per tick")
                && issue.description.contains("TestScheduler(resolution: .milliseconds(1))")
        }
        #expect(seconds.clock == 0)
    }

    @Test("advance(to:) takes the virtual time since tick 0, and advance() runs what is due now")
    func advanceToATime() {
        let scheduler = TestScheduler(resolution: .milliseconds(10))
        let ran = Recorder<Int>()
        scheduler.scheduleAt(0) { ran.append(scheduler.clock) }
        scheduler.scheduleAt(30) { ran.append(scheduler.clock) }
        scheduler.advance()
        #expect(ran.items == [0])
        scheduler.advance(to: .milliseconds(290))
        #expect(ran.items == [0])
        #expect(scheduler.clock == 29)
        scheduler.advance(to: .milliseconds(300))
        #expect(ran.items == [0, 30])
        expectNoPendingWork(scheduler)
    }

    @Test("moving the clock back is a failure at the caller's line, for advanceTo and advance(to:) alike")
    func backwards() {
        let scheduler = TestScheduler()
        scheduler.advanceTo(10)
        #expect(scheduler.clock == 10)
        let first = #line + 2
        withKnownIssue {
            scheduler.advanceTo(5)
            scheduler.advance(to: .seconds(4))
            scheduler.advance(by: .seconds(-1))
        } matching: { issue in
            issue.description.contains("TestScheduler cannot move its clock back from tick 10")
                && issue.sourceLocation.map { (first...first + 2).contains($0.line) } == true
        }
        #expect(scheduler.clock == 10)
    }

    @Test("RxTest's initialClock starts the clock there; an event scheduled before it is reported at the run")
    func initialClock() {
        let scheduler = TestScheduler(initialClock: 100)
        #expect(scheduler.clock == 100)
        #expect(scheduler.now == .seconds(100))
        let source = scheduler.createHotObservable([.next(50, "early"), .next(150, "a")])
        let observer = scheduler.createObserver(String.self)
        let subscription = source.subscribe(observer)
        let line = #line + 2
        withKnownIssue {
            scheduler.start()
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.description.contains("an action was scheduled at tick 50, but the clock is already at 100")
        }
        scheduler.start()
        #expect(observer.events == [.next(150, "a")])
        subscription.dispose()
    }
}
