import Streams
import StreamsTesting
import Testing

/// RxSwift's `Observable+GenerateTests`, translated: on a scheduler that simulates RxTest's
/// processing delay the ticks are RxTest's; without it, every step runs at the subscription's
/// tick, one action after another.
@Suite("generate")
struct GenerateTests {
    @Test("a finite loop, on RxTest's ticks: one value per action, the completion in the action whose condition fails")
    func finiteWithRxTestTicks() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start {
            Observable.generate(initialState: 0, condition: { $0 <= 3 }, scheduler: scheduler) { $0 + 1 }
        }
        #expect(observer.events == [.next(201, 0), .next(202, 1), .next(203, 2), .next(204, 3), .completed(205)])
        expectNoPendingWork(scheduler)
    }

    @Test("a finite loop, without the processing delay: every step at the subscription's tick")
    func finite() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start {
            Observable.generate(initialState: 0, condition: { $0 <= 3 }, scheduler: scheduler) { $0 + 1 }
        }
        #expect(observer.events == [.next(200, 0), .next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
        expectNoPendingWork(scheduler)
    }

    @Test("an initial state that fails the condition completes without a value")
    func emptyLoop() throws {
        let scheduler = TestScheduler()
        let observer = scheduler.start {
            Observable.generate(initialState: 5, condition: { $0 < 3 }, scheduler: scheduler) { $0 + 1 }
        }
        #expect(observer.events == [.completed(200)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing condition fails the output in its step")
    func throwingCondition() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start {
            Observable.generate(initialState: 0, condition: { _ in throw TestError("condition") }, scheduler: scheduler) { $0 + 1 }
        }
        #expect(observer.events == [.error(201, TestError("condition"))])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing iterate fails the output in the step after the last value")
    func throwingIterate() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { (_: Int) -> Int in
                throw TestError("iterate")
            }
        }
        #expect(observer.events == [.next(201, 0), .error(202, TestError("iterate"))])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal stops an endless loop between two steps, at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start(disposed: 203) {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { $0 + 1 }
        }
        #expect(observer.events == [.next(201, 0), .next(202, 1)])
        expectNoPendingWork(scheduler)
    }

    @Test("take ends an endless loop on a scheduler: iterate runs only for the values taken")
    func take() throws {
        let scheduler = TestScheduler()
        let iterations = Recorder<Int>()
        let observer = scheduler.start {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { state in
                iterations.append(state)
                return state + 1
            }
            .take(4)
        }
        #expect(observer.events == [.next(200, 0), .next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
        #expect(iterations.items == [0, 1, 2])
        expectNoPendingWork(scheduler)
    }

    @Test("other work on the scheduler runs between two steps")
    func interleaves() throws {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        scheduler.scheduleAt(0) {
            _ = Observable.generate(initialState: 0, condition: { $0 < 3 }, scheduler: scheduler) { $0 + 1 }
                .subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("|") })
            _ = scheduler.schedule { log.append("other") }
        }
        try scheduler.run()
        #expect(log.items == ["0", "other", "1", "2", "|"])
        expectNoPendingWork(scheduler)
    }

    @Test("by default every step runs during subscribe, and a long loop does not grow the stack")
    func defaultScheduler() {
        let values = Recorder<Int>()
        let subscription = Observable.generate(initialState: 0, condition: { $0 < 100_000 }) { $0 + 1 }
            .subscribe(onNext: { values.append($0) })
        // Already all there when `subscribe` returns.
        #expect(values.items.count == 100_000)
        #expect(values.items.last == 99_999)
        subscription.dispose()
    }

    @Test("a state is released once the next one is made from it")
    func releasesStates() throws {
        let scheduler = TestScheduler(initialClock: 0)
        weak var firstState: Box?
        let observer = scheduler.createObserver(Int.self)
        do {
            let first = Box(0)
            firstState = first
            _ = Observable.generate(initialState: first, condition: { $0.value < 3 }, scheduler: scheduler) { Box($0.value + 1) }
                .map(\.value)
                .subscribe(observer)
        }
        try scheduler.advance(to: 1)
        #expect(firstState != nil, "released before it was iterated")
        try scheduler.advance(to: 2)
        #expect(firstState == nil)
        try scheduler.run()
        #expect(observer.events == [.next(1, 0), .next(2, 1), .next(3, 2), .completed(4)])
        expectNoPendingWork(scheduler)
    }

    @Test("releases the observer and the closures after completion, error and disposal",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        let scheduler = TestScheduler(initialClock: 0)
        let released = try isReleased(subscribe: { probe in
            Observable.generate(initialState: 0, condition: { [probe] in probe.pass($0) && $0 < 5 }, scheduler: scheduler) {
                state in
                if ending == .error, state == 2 { throw TestError("iterate") }
                return state + 1
            }
            .subscribe(AnyObserver { [probe] _ in _ = probe })
        }, after: { subscription in
            if ending == .disposal {
                try scheduler.advance(to: 2)
                subscription.dispose()
            }
            try scheduler.run()
        })
        #expect(released, "\(ending)")
        expectNoPendingWork(scheduler)
    }
}

/// A state with an identity, whose release a test can watch.
private final class Box: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
}
