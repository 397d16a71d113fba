import Foundation
import Streams
import Synchronization
import Testing

/// Runs code on named threads, one at a time, in an order a test dictates, and records what each
/// thread did: the interleavings in the Inside Streams series are runs, not drawings.
///
/// Each lane is one thread, which runs the work ``run(_:_:)`` gives it in order. Code under test
/// calls ``step(_:_:)`` at the points worth showing; a step taken on a lane is recorded there
/// (steps on other threads, such as the test's own set-up, are not), and when the test asked the
/// lane to stop at it (``stop(_:at:)``) the thread waits until the test lets it go
/// (``resume(_:from:)``). The test waits for a lane with ``finish(_:)`` or ``paused(_:at:)``, so
/// only one thread moves at a time and every run records the same interleaving. The waits are
/// bounded: a thread that never gets there is a test failure, not a hang.
final class Choreography: Sendable {
    private struct State {
        var steps: [Interleaving.Step] = []
        var lanes: [String: Lane] = [:]
        /// Where lanes stop, by lane and step, until they are resumed.
        var stops: [String: Stop] = [:]
    }

    /// Where a thread stops until the test resumes it.
    private final class Stop: Sendable {
        let arrived = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
    }

    private let state = Mutex(State())
    /// Whether each step is also written to standard output as it happens, for a run in a child
    /// process that may not live to return its recording (``Interleaving/init(lines:)``).
    private let echoes: Bool
    private static let patience = DispatchTimeInterval.seconds(20)

    init(echoingSteps: Bool = false) {
        echoes = echoingSteps
    }

    /// Records a step on the calling thread's lane, and waits there if the test asked it to.
    func step(_ text: String, _ kind: Interleaving.Kind = .action) {
        // The lane is found by its thread, not by `Thread.current.name`, which Linux's Foundation
        // may answer with the name of a dispatch queue the thread once served.
        let found = state.withLock { state -> (step: Interleaving.Step, stop: Stop?)? in
            guard let lane = state.lanes.first(where: { $0.value.isCurrentThread })?.key else { return nil }
            let step = Interleaving.Step(lane: lane, text: text, kind: kind)
            state.steps.append(step)
            return (step, state.stops[Self.key(lane, text)])
        }
        guard let (step, stop) = found else { return }
        if echoes { FileHandle.standardOutput.write(Data((step.line + "\n").utf8)) }
        guard let stop else { return }
        stop.arrived.signal()
        stop.go.wait()
    }

    /// An observer that records each event it receives as a step, `name receives event`; an
    /// event after the end breaks the grammar and is recorded as a failure.
    func observer(_ name: String) -> AnyObserver<Int> {
        let ended = Atomic(false)
        return AnyObserver { [self] event in
            let late = ended.load(ordering: .relaxed)
            if event.isStopEvent { ended.store(true, ordering: .relaxed) }
            step(late ? "\(name) receives \(event) after the end" : "\(name) receives \(event)", late ? .failure : .delivery)
        }
    }

    /// Makes `lane` wait at its next step `text` until ``resume(_:from:)``.
    func stop(_ lane: String, at text: String) {
        state.withLock { $0.stops[Self.key(lane, text)] = Stop() }
    }

    /// Runs `body` on the thread of `lane`, after the work it was given before.
    func run(_ lane: String, _ body: @escaping @Sendable () -> Void) {
        let thread = state.withLock { state in
            if let existing = state.lanes[lane] { return existing }
            let new = Lane(name: lane)
            state.lanes[lane] = new
            return new
        }
        thread.run(body)
    }

    /// Waits until `lane` has reached its step `text` and stopped there.
    func paused(_ lane: String, at text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let stop = state.withLock({ $0.stops[Self.key(lane, text)] }) else {
            Issue.record("\(lane) has no stop at \"\(text)\": call stop(_:at:) first", sourceLocation: sourceLocation)
            return
        }
        if stop.arrived.wait(timeout: .now() + Self.patience) == .timedOut {
            Issue.record("\(lane) did not reach \"\(text)\"", sourceLocation: sourceLocation)
        }
    }

    /// Lets `lane`, stopped at `text`, go on.
    func resume(_ lane: String, from text: String) {
        state.withLock { $0.stops.removeValue(forKey: Self.key(lane, text)) }?.go.signal()
    }

    /// Waits until `lane` has done all the work it was given.
    func finish(_ lane: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let thread = state.withLock({ $0.lanes[lane] }) else {
            Issue.record("no work was given to \(lane)", sourceLocation: sourceLocation)
            return
        }
        if !thread.finish(within: Self.patience) {
            Issue.record("\(lane) did not finish its work", sourceLocation: sourceLocation)
        }
    }

    /// Lets every lane's thread end once its work is done.
    func end() {
        for lane in state.withLock({ Array($0.lanes.values) }) { lane.end() }
    }

    /// The steps so far, in the order they were taken.
    var interleaving: Interleaving {
        Interleaving(steps: state.withLock { $0.steps })
    }

    private static func key(_ lane: String, _ text: String) -> String { "\(lane)\t\(text)" }
}

/// One named thread that runs the work it is given, in order, until it is ended.
private final class Lane: Sendable {
    private struct Work {
        var items: [@Sendable () -> Void] = []
        var given = 0
        var awaited = 0
    }

    private let work = Mutex(Work())
    private let available = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    /// The thread's identity, set as it starts.
    private let identity = Mutex<pthread_t?>(nil)
    /// Started: the thread has set ``identity``.
    private let started = DispatchSemaphore(value: 0)

    /// Whether the calling thread is this lane's.
    var isCurrentThread: Bool {
        identity.withLock { identity in identity.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    init(name: String) {
        let thread = Thread { [self] in
            identity.withLock { $0 = pthread_self() }
            started.signal()
            while true {
                available.wait()
                let next = work.withLock { work -> (@Sendable () -> Void)? in
                    work.items.isEmpty ? nil : work.items.removeFirst()
                }
                guard let next else { return }
                next()
                done.signal()
            }
        }
        thread.name = name
        thread.start()
        started.wait()
    }

    func run(_ body: @escaping @Sendable () -> Void) {
        work.withLock {
            $0.items.append(body)
            $0.given += 1
        }
        available.signal()
    }

    /// Waits for the work given so far; `false` if it did not end in time.
    func finish(within patience: DispatchTimeInterval) -> Bool {
        let waiting = work.withLock { work -> Int in
            defer { work.awaited = work.given }
            return work.given - work.awaited
        }
        for _ in 0..<waiting {
            if done.wait(timeout: .now() + patience) == .timedOut { return false }
        }
        return true
    }

    /// Ends the thread once the work given before is done.
    func end() {
        available.signal()
    }
}
