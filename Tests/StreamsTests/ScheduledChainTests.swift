import Foundation
import Streams
import StreamsTesting
import Synchronization
import Testing

/// Chains of scheduled actions in which each action schedules the next: `from(_:scheduler:)`,
/// `generate` and the periodic timers of `interval` and `timer`.
///
/// The first action of a chain is scheduled from the subscribing thread; on a dispatch queue it
/// can run, and schedule the second, before `schedule` has returned the first's disposable.
/// Until the chain numbered its steps (`SerialDisposable.setDisposable(_:step:)`), that first
/// disposable then replaced the second's and disposed it, and the chain stopped: a
/// `from(0..<5_000, scheduler:)` stopped after a few hundred values about once in 40 runs on a
/// loaded machine, and every `flatMap`, `window`, `buffer` and `groupBy` test fed by one hung.
@Suite("scheduled chains")
struct ScheduledChainTests {
    @Test("a step's disposable that arrives after a later step's is disposed at once; the later one stays until dispose")
    func numberedSteps() {
        let serial = SerialDisposable()
        let first = Flag(), second = Flag()
        serial.setDisposable(Disposables.create { second.set() }, step: 1)
        serial.setDisposable(Disposables.create { first.set() }, step: 0)
        #expect(first.isSet)
        #expect(!second.isSet)
        serial.dispose()
        #expect(second.isSet)
    }

    @Test("a later step replaces an earlier one and disposes it; a step set after dispose is disposed at once")
    func laterStepReplaces() {
        let serial = SerialDisposable()
        let first = Flag(), second = Flag(), late = Flag()
        serial.setDisposable(Disposables.create { first.set() }, step: 0)
        serial.setDisposable(Disposables.create { second.set() }, step: 1)
        #expect(first.isSet)
        #expect(!second.isSet)
        serial.dispose()
        #expect(second.isSet)
        serial.setDisposable(Disposables.create { late.set() }, step: 2)
        #expect(late.isSet)
    }

    @Test("from(_:scheduler:) goes on when its first action runs before schedule returns")
    func fromWhenTheFirstActionRunsAtOnce() throws {
        let scheduler = TestScheduler()
        let values = scheduler.createObserver(Int.self)
        let subscription = Observable.from(0..<4, scheduler: FirstActionAtOnce(scheduler)).subscribe(values.asObserver())
        #expect(values.events == [.next(0, 0)])
        try scheduler.run()
        #expect(values.events == [.next(0, 0), .next(0, 1), .next(0, 2), .next(0, 3), .completed(0)])
        subscription.dispose()
    }

    @Test("generate goes on when its first action runs before schedule returns")
    func generateWhenTheFirstActionRunsAtOnce() throws {
        let scheduler = TestScheduler()
        let values = scheduler.createObserver(Int.self)
        let subscription = Observable.generate(initialState: 1, condition: { $0 < 20 }, scheduler: FirstActionAtOnce(scheduler)) { $0 * 3 }
            .subscribe(values.asObserver())
        try scheduler.run()
        #expect(values.events == [.next(0, 1), .next(0, 3), .next(0, 9), .completed(0)])
        subscription.dispose()
    }

    @Test("interval goes on ticking when its first tick runs before schedule returns, and stops when disposed")
    func intervalWhenTheFirstTickRunsAtOnce() throws {
        let scheduler = TestScheduler()
        let values = scheduler.createObserver(Int.self)
        let subscription = Observable<Int>.interval(.seconds(1), scheduler: FirstActionAtOnce(scheduler))
            .subscribe(values.asObserver())
        #expect(values.events == [.next(0, 0)])
        // The first tick ran at once; the later ones keep to their due times, start + n × period.
        try scheduler.advance(to: 4)
        #expect(values.events == [.next(0, 0), .next(2, 1), .next(3, 2), .next(4, 3)])
        subscription.dispose()
        try scheduler.run()
        #expect(values.events == [.next(0, 0), .next(2, 1), .next(3, 2), .next(4, 3)])
    }

    @Test("flatMap with the outer sequence on one dispatch queue and the inner ones on another: every value once, then the completion")
    func flatMapAcrossQueues() throws {
        let values = DispatchQueueScheduler(label: "ScheduledChainTests.values")
        let inners = DispatchQueueScheduler(label: "ScheduledChainTests.inners")
        let events = try Observable.from(0..<5_000, scheduler: values)
            .flatMap { value in Observable.just(value).observe(on: inners) }
            .toBlocking(timeout: .seconds(60))
            .toArray()
        #expect(events.sorted() == Array(0..<5_000))
    }
}

/// A ``TestScheduler`` whose first action runs at once, before `schedule` returns, as it can on a
/// dispatch queue's thread while the thread that scheduled it waits to run; later actions run
/// on the test scheduler's virtual time. (FeedStreamsTests' ScrollSimulatorTests has its own
/// copy: the two test targets share no support target.)
private final class FirstActionAtOnce: Scheduler {
    private let base: TestScheduler
    private let hasRunFirst = Mutex(false)

    init(_ base: TestScheduler) {
        self.base = base
    }

    var now: Duration { base.now }

    func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        schedule(after: .zero, action)
    }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let isFirst = hasRunFirst.withLock { hasRun in
            defer { hasRun = true }
            return !hasRun
        }
        guard isFirst else {
            return base.schedule(after: delay, action)
        }
        action()
        return Disposables.create()
    }
}

/// A flag that is set once, from any thread.
private final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
