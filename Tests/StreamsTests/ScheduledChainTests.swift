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
    func fromWhenTheFirstActionRunsAtOnce() {
        let scheduler = FirstRunsAtOnceScheduler()
        let events = Recording<Int>()
        let subscription = Observable.from(0..<4, scheduler: scheduler).subscribe(events.observer)
        #expect(events.events == [.next(0)])
        scheduler.runQueued()
        #expect(events.events == [.next(0), .next(1), .next(2), .next(3), .completed])
        subscription.dispose()
    }

    @Test("generate goes on when its first action runs before schedule returns")
    func generateWhenTheFirstActionRunsAtOnce() {
        let scheduler = FirstRunsAtOnceScheduler()
        let events = Recording<Int>()
        let subscription = Observable.generate(initialState: 1, condition: { $0 < 20 }, scheduler: scheduler) { $0 * 3 }
            .subscribe(events.observer)
        scheduler.runQueued()
        #expect(events.events == [.next(1), .next(3), .next(9), .completed])
        subscription.dispose()
    }

    @Test("interval goes on ticking when its first tick runs before schedule returns, and stops when disposed")
    func intervalWhenTheFirstTickRunsAtOnce() {
        let scheduler = FirstRunsAtOnceScheduler()
        let events = Recording<Int>()
        let subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler).subscribe(events.observer)
        #expect(events.events == [.next(0)])
        scheduler.runQueued(count: 3)
        #expect(events.events == [.next(0), .next(1), .next(2), .next(3)])
        subscription.dispose()
        scheduler.runQueued()
        #expect(events.events == [.next(0), .next(1), .next(2), .next(3)])
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

/// A scheduler that runs the first action it is given before `schedule` returns, as a dispatch
/// queue's thread can while the scheduling thread waits to be run, and keeps every later action,
/// delayed or not, until the test runs it.
private final class FirstRunsAtOnceScheduler: Scheduler {
    private struct State {
        var hasRunFirst = false
        var queued: [(action: @Sendable () -> Void, isCancelled: Flag)] = []
    }

    private let state = Mutex(State())

    var now: Duration { .zero }

    func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        let isCancelled = Flag()
        let runsNow = state.withLock { state in
            defer { state.hasRunFirst = true }
            if state.hasRunFirst { state.queued.append((action, isCancelled)) }
            return !state.hasRunFirst
        }
        if runsNow { action() }
        return Disposables.create { isCancelled.set() }
    }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        schedule(action)
    }

    /// Runs queued actions, and those they queue, in order, skipping cancelled ones: at most
    /// `count` of them.
    func runQueued(count: Int = .max) {
        for _ in 0..<count {
            guard let next = state.withLock({ $0.queued.isEmpty ? nil : $0.queued.removeFirst() }) else { return }
            if !next.isCancelled.isSet { next.action() }
        }
    }
}

/// A flag that is set once, from any thread.
private final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

/// The events an observer received, in order.
private final class Recording<Element: Sendable & Equatable>: Sendable {
    private let received = Mutex<[Event<Element>]>([])
    var events: [Event<Element>] { received.withLock { $0 } }
    var observer: AnyObserver<Element> { AnyObserver { [self] event in received.withLock { $0.append(event) } } }
}
