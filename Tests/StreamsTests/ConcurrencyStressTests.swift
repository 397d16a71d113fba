import Dispatch
import Foundation
import Streams
import StreamsTesting
import Synchronization
import Testing

/// Several threads send while others subscribe and dispose; every subscriber audits what it got.
///
/// Each sender thread sends its own numbered run (`Stamp(sender:seq:)`, seq 0, 1, 2 …). Every
/// subscriber, short-lived or not, checks on each event that:
/// - no other call into it is running (an "entered" flag that must be clear on entry);
/// - from each sender it sees a gap-free, duplicate-free, in-order run, starting no earlier than
///   what that sender had sent before `subscribe` was called;
/// - at most one terminal event arrives, and nothing after it;
/// - nothing arrives after `dispose()` returned on the thread that delivers its events (a
///   subscriber that disposes itself from its handler), and at most the one event already being
///   delivered arrives after `dispose()` returned on another thread.
/// Subscribers that stay for the whole run must see every sender's complete run.
///
/// Sizes are fixed (no sleeps, no clocks); every test takes well under a second on 2 cores.
@Suite("Concurrency stress: serial, gap-free, duplicate-free delivery under churn")
struct ConcurrencyStressTests {
    static let senders = 4
    static let perSender = 2_400
    static let churners = 2
    static let churnRounds = 300
    static let window = 8

    @Test("Subject: 4 senders × 2400 events, 2 threads subscribing and disposing 300 times each")
    func subject() {
        let subject = Subject<Stamp>()
        let outcome = stress(sources: [subject.asObservable()], send: { _, stamp in subject.onNext(stamp) })
        outcome.expectClean()
        #expect(!subject.hasObservers)
    }

    @Test("BehaviorValue: the replayed current value and then a gap-free run, under the same load")
    func behaviorValue() {
        let value = BehaviorValue(Stamp(sender: -1, seq: 0))
        let outcome = stress(sources: [value.asObservable()], replaysLatest: true, send: { _, stamp in
            value.accept(stamp)
        })
        outcome.expectClean()
    }

    @Test("filter then map over a Subject keep each sender's run gap-free")
    func filterMap() {
        let subject = Subject<Stamp>()
        let evensHalved = subject
            .filter { $0.seq.isMultiple(of: 2) }
            .map { Stamp(sender: $0.sender, seq: $0.seq / 2) }
        let outcome = stress(sources: [evensHalved], sendsPerStamp: 2, send: { sender, stamp in
            subject.onNext(Stamp(sender: sender, seq: stamp.seq * 2))
            subject.onNext(Stamp(sender: sender, seq: stamp.seq * 2 + 1))
        })
        outcome.expectClean()
    }

    @Test("merge of one Subject per sender serializes 4 threads into each subscriber")
    func merge() {
        let subjects = (0..<Self.senders).map { _ in Subject<Stamp>() }
        let merged = Observable.merge(subjects.map { $0.asObservable() })
        let outcome = stress(sources: [merged], send: { sender, stamp in subjects[sender].onNext(stamp) })
        outcome.expectClean()
    }

    @Test("flatMap over one Subject per sender serializes 4 threads into each subscriber")
    func flatMap() {
        let subjects = (0..<Self.senders).map { _ in Subject<Stamp>() }
        let flattened = Observable.from(0..<Self.senders).flatMap { subjects[$0] }
        let outcome = stress(sources: [flattened], send: { sender, stamp in subjects[sender].onNext(stamp) })
        outcome.expectClean()
    }

    @Test("a shared Subject fanned out through map, filter and merge at once")
    func fanOut() {
        let subject = Subject<Stamp>()
        let twice = Observable.merge(
            subject.filter { $0.sender.isMultiple(of: 2) },
            subject.filter { !$0.sender.isMultiple(of: 2) }.map { $0 }
        )
        let outcome = stress(sources: [twice, subject.asObservable()], send: { _, stamp in subject.onNext(stamp) })
        outcome.expectClean()
    }

    @Test("observe(on:) a serial DispatchQueueScheduler: 4 senders into one queue, subscribers churning")
    func observeOnSerialQueue() {
        let subject = Subject<Stamp>()
        let queue = DispatchQueue(label: "stress.observeOn.serial")
        let observed = subject.observe(on: DispatchQueueScheduler(queue: queue))
        let outcome = stress(sources: [observed], drain: { queue.sync {} }, send: { _, stamp in subject.onNext(stamp) })
        outcome.expectClean()
    }

    @Test("observe(on:) a concurrent queue still delivers one event at a time, in order")
    func observeOnConcurrentQueue() {
        let subject = Subject<Stamp>()
        let queue = DispatchQueue(label: "stress.observeOn.concurrent", attributes: .concurrent)
        let observed = subject.map { $0 }.observe(on: DispatchQueueScheduler(queue: queue))
        let outcome = stress(sources: [observed], drain: { queue.sync(flags: .barrier) {} }, send: { _, stamp in
            subject.onNext(stamp)
        })
        outcome.expectClean()
    }

    @Test("racing terminal events: each subscriber sees exactly one, and nothing after it")
    func racingTerminals() {
        for round in 0..<200 {
            let subject = Subject<Stamp>()
            let audits = (0..<3).map { _ in Audit(floor: [:]) }
            let subscriptions = audits.map { subject.subscribe($0.observer) }
            runConcurrently(4) { thread in
                subject.onNext(Stamp(sender: thread, seq: 0))
                if thread.isMultiple(of: 2) {
                    subject.onCompleted()
                } else {
                    subject.onError(TestError("thread \(thread)"))
                }
                subject.onNext(Stamp(sender: thread, seq: 1))
            }
            for (audit, subscription) in zip(audits, subscriptions) {
                subscription.dispose()
                audit.didDispose()
                let report = audit.report()
                #expect(report.breaches == [], "round \(round)")
                #expect(report.terminals == 1, "round \(round)")
            }
        }
    }

    @Test("racing terminal events through merge: one terminal per subscriber")
    func racingTerminalsThroughMerge() {
        for round in 0..<200 {
            let subjects = (0..<4).map { _ in Subject<Stamp>() }
            let audit = Audit(floor: [:])
            let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(audit.observer)
            runConcurrently(4) { thread in
                subjects[thread].onNext(Stamp(sender: thread, seq: 0))
                if thread == 3 {
                    subjects[thread].onError(TestError("thread \(thread)"))
                } else {
                    subjects[thread].onCompleted()
                }
            }
            subscription.dispose()
            audit.didDispose()
            let report = audit.report()
            #expect(report.breaches == [], "round \(round)")
            #expect(report.terminals == 1, "round \(round)")
            #expect(subjects.allSatisfy { !$0.hasObservers }, "round \(round)")
        }
    }
}

// MARK: - The harness, and proof that it catches what it looks for

@Suite("Concurrency stress: the audit flags every breach it is meant to catch")
struct AuditSelfTests {
    @Test("a gap, a duplicate, a reordering and a stale value are flagged")
    func gaps() {
        let audit = Audit(floor: [0: 5])
        for seq in [4, 5, 6, 8, 8, 7] { audit.observer.onNext(Stamp(sender: 0, seq: seq)) }
        #expect(audit.report().breaches == [
            "sender 0: 4 was sent before subscribing (5)",
            "sender 0: 8 after 6",
            "sender 0: 8 after 8",
            "sender 0: 7 after 8",
        ])
    }

    @Test("a call that enters while another is running is flagged")
    func overlap() {
        let audit = Audit(floor: [:])
        audit.disposesItself(afterEvents: 1)
        // The handler disposes; this disposable calls back into the handler, as a source that
        // does not serialize would.
        audit.attach(Disposables.create { audit.observer.onNext(Stamp(sender: 0, seq: 1)) })
        audit.observer.onNext(Stamp(sender: 0, seq: 0))
        #expect(audit.report().breaches == ["entered while another call was running: next(0:1)"])
    }

    @Test("an event after dispose() returned in the handler, or a second one after it returned elsewhere, is flagged")
    func afterDisposal() {
        let inHandler = Audit(floor: [:])
        inHandler.disposesItself(afterEvents: 1)
        inHandler.attach(Disposables.create())
        inHandler.observer.onNext(Stamp(sender: 0, seq: 0))
        inHandler.observer.onNext(Stamp(sender: 0, seq: 1))
        #expect(inHandler.report().breaches == ["next(0:1) after dispose() returned in the handler"])

        let elsewhere = Audit(floor: [:])
        elsewhere.didDispose()
        elsewhere.observer.onNext(Stamp(sender: 0, seq: 0))
        elsewhere.observer.onNext(Stamp(sender: 0, seq: 1))
        #expect(elsewhere.report().breaches == ["next(0:1) after dispose() returned on another thread, not the first"])
        #expect(elsewhere.report().lateFromOtherThread == 2)
    }

    @Test("an event after a terminal event is flagged")
    func afterTerminal() {
        let audit = Audit(floor: [:])
        audit.observer.onCompleted()
        audit.observer.onError(TestError("late"))
        #expect(audit.report().terminals == 2)
        #expect(audit.report().breaches.count == 1)
    }
}

// MARK: - The harness

extension ConcurrencyStressTests {
    /// What one stress run observed.
    struct Outcome {
        var steady: [Audit.Report]
        var churned: [Audit.Report]
        var expectedRun: [Int]
        var senders: Int

        func expectClean(sourceLocation: SourceLocation = #_sourceLocation) {
            let all = steady + churned
            #expect(all.flatMap(\.breaches) == [], sourceLocation: sourceLocation)
            #expect(all.allSatisfy { $0.terminals == 0 }, sourceLocation: sourceLocation)
            for report in steady {
                for sender in 0..<senders {
                    #expect(report.seen[sender] == expectedRun, "steady subscriber, sender \(sender)",
                            sourceLocation: sourceLocation)
                }
            }
            // The run is pointless if churned subscribers never overlapped with the senders.
            #expect(churned.contains { !$0.seen.isEmpty }, sourceLocation: sourceLocation)
        }
    }

    /// Runs `senders` threads that send `perSender` stamps each through `send`, while `churners`
    /// threads subscribe to the sources in turn, keeping `window` subscriptions alive and
    /// disposing the oldest from their own thread, or letting a subscriber dispose itself from
    /// its handler after a few events; two steady subscribers per source watch everything.
    ///
    /// Senders and churners go in lockstep, so that subscribing and disposing really happen
    /// while others send, whatever the thread scheduling: each churner round hands every sender
    /// a token and waits until every sender has sent a block of stamps for it; senders take
    /// their tokens from the churners in turn. They block on semaphores; nothing sleeps or spins.
    /// Where delivery is asynchronous, `drain` waits until what was sent has been delivered;
    /// each churner round and the final check call it.
    func stress(
        sources: [Observable<Stamp>],
        replaysLatest: Bool = false,
        sendsPerStamp: Int = 1,
        drain: @escaping @Sendable () -> Void = {},
        send: @escaping @Sendable (Int, Stamp) -> Void
    ) -> Outcome {
        let blocks = Self.churners * Self.churnRounds
        let stampsPerBlock = Self.perSender / sendsPerStamp / blocks
        let stamps = blocks * stampsPerBlock
        // How many stamps each sender had sent when `send` returned.
        let sent = Mutex<[Int: Int]>([:])
        @Sendable func floor() -> [Int: Int] { sent.withLock { $0 } }
        let tokens = (0..<Self.churners).map { _ in (0..<Self.senders).map { _ in DispatchSemaphore(value: 0) } }
        let blocksSent = (0..<Self.churners).map { _ in DispatchSemaphore(value: 0) }
        let steady = sources.flatMap { source in
            (0..<2).map { _ in
                let audit = Audit(floor: floor(), replaysLatest: replaysLatest)
                return (audit, source.subscribe(audit.observer))
            }
        }
        let churned = Mutex<[Audit.Report]>([])
        runConcurrently(Self.senders + Self.churners) { thread in
            if thread < Self.senders {
                var seq = 0
                for block in 0..<blocks {
                    let churner = block % Self.churners
                    tokens[churner][thread].wait()
                    for _ in 0..<stampsPerBlock {
                        send(thread, Stamp(sender: thread, seq: seq))
                        seq += 1
                        sent.withLock { [seq] in $0[thread] = seq }
                    }
                    blocksSent[churner].signal()
                }
            } else {
                let churner = thread - Self.senders
                var live: [(Audit, any Disposable)] = []
                var reports: [Audit.Report] = []
                func disposeOldest() {
                    let (audit, subscription) = live.removeFirst()
                    subscription.dispose()
                    audit.didDispose()
                    reports.append(audit.report())
                }
                for round in 0..<Self.churnRounds {
                    let audit = Audit(floor: floor(), replaysLatest: replaysLatest)
                    if round.isMultiple(of: 2) { audit.disposesItself(afterEvents: 1 + round % 7) }
                    let subscription = sources[round % sources.count].subscribe(audit.observer)
                    audit.attach(subscription)
                    live.append((audit, subscription))
                    for semaphore in tokens[churner] { semaphore.signal() }
                    for _ in 0..<Self.senders { blocksSent[churner].wait() }
                    drain()
                    if live.count > Self.window { disposeOldest() }
                }
                while !live.isEmpty { disposeOldest() }
                churned.withLock { [reports] in $0 += reports }
            }
        }
        // Events a scheduler still holds reach the steady subscribers before they are checked.
        drain()
        var steadyReports: [Audit.Report] = []
        for (audit, subscription) in steady {
            subscription.dispose()
            audit.didDispose()
            steadyReports.append(audit.report())
        }
        return Outcome(
            steady: steadyReports,
            churned: churned.withLock { $0 },
            expectedRun: Array(0..<stamps),
            senders: Self.senders
        )
    }
}

/// Starts `count` threads running `body(index)` and returns when all of them have finished.
func runConcurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.start()
    }
    group.wait()
}

/// A value tagged with the thread that sent it and its position in that thread's run.
struct Stamp: Sendable, Hashable, CustomStringConvertible {
    var sender: Int
    var seq: Int

    var description: String { "\(sender):\(seq)" }
}

/// One subscriber that checks the event contract on every call and keeps what it saw.
final class Audit: Sendable {
    struct Report: Sendable {
        var breaches: [String]
        var seen: [Int: [Int]]
        var terminals: Int
        var lateFromOtherThread: Int
    }

    private struct Log {
        var floor: [Int: Int]
        var seen: [Int: [Int]] = [:]
        var events = 0
        var terminals = 0
        var breaches: [String] = []
        var lateFromOtherThread = 0
        var disposeAfter: Int?
        var subscription: (any Disposable)?
    }

    private let replaysLatest: Bool
    private let entered = Atomic<Bool>(false)
    /// 0: subscribed; 1: dispose() returned on another thread; 2: returned on the delivering thread.
    private let disposal = Atomic<Int>(0)
    private let log: Mutex<Log>

    init(floor: [Int: Int], replaysLatest: Bool = false) {
        self.replaysLatest = replaysLatest
        log = Mutex(Log(floor: floor))
    }

    /// Makes the handler dispose the subscription itself once it has seen `count` events and
    /// the subscription has been attached.
    func disposesItself(afterEvents count: Int) {
        log.withLock { $0.disposeAfter = count }
    }

    /// Hands over the subscription once `subscribe` has returned it.
    func attach(_ subscription: any Disposable) {
        log.withLock { $0.subscription = subscription }
    }

    var observer: AnyObserver<Stamp> {
        AnyObserver { [self] event in receive(event) }
    }

    /// Call right after `dispose()` returned; the first call counts.
    func didDispose(onDeliveringThread: Bool = false) {
        _ = disposal.compareExchange(expected: 0, desired: onDeliveringThread ? 2 : 1, ordering: .acquiringAndReleasing)
    }

    func report() -> Report {
        log.withLock { Report(breaches: $0.breaches, seen: $0.seen, terminals: $0.terminals,
                              lateFromOtherThread: $0.lateFromOtherThread) }
    }

    private func receive(_ event: Event<Stamp>) {
        if entered.exchange(true, ordering: .acquiringAndReleasing) {
            log.withLock { $0.breaches.append("entered while another call was running: \(event)") }
        }
        let disposalState = disposal.load(ordering: .acquiring)
        let disposeNow = log.withLock { log -> (any Disposable)? in
            switch disposalState {
            case 2: log.breaches.append("\(event) after dispose() returned in the handler")
            case 1:
                log.lateFromOtherThread += 1
                if log.lateFromOtherThread > 1 {
                    log.breaches.append("\(event) after dispose() returned on another thread, not the first")
                }
            default: break
            }
            if log.terminals > 0 { log.breaches.append("\(event) after a terminal event") }
            switch event {
            case .next(let stamp):
                check(stamp, in: &log)
            case .error, .completed:
                log.terminals += 1
            }
            log.events += 1
            guard let limit = log.disposeAfter, log.events >= limit, let subscription = log.subscription else {
                return nil
            }
            log.disposeAfter = nil
            return subscription
        }
        if let disposeNow {
            disposeNow.dispose()
            didDispose(onDeliveringThread: true)
        }
        entered.store(false, ordering: .releasing)
    }

    private func check(_ stamp: Stamp, in log: inout Log) {
        if stamp.sender < 0 {
            if log.events > 0 { log.breaches.append("initial value \(stamp) not first") }
            return
        }
        var run = log.seen[stamp.sender, default: []]
        if let last = run.last {
            if stamp.seq != last + 1 { log.breaches.append("sender \(stamp.sender): \(stamp.seq) after \(last)") }
        } else {
            // A BehaviorValue replays the value current at subscription: one step older at most.
            let replayAllowance = replaysLatest && log.events == 0 ? 1 : 0
            let floor = log.floor[stamp.sender, default: 0] - replayAllowance
            if stamp.seq < floor {
                log.breaches.append("sender \(stamp.sender): \(stamp.seq) was sent before subscribing (\(floor))")
            }
        }
        run.append(stamp.seq)
        log.seen[stamp.sender] = run
    }
}
