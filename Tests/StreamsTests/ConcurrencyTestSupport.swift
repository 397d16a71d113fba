import Dispatch
import Streams
import StreamsTesting
import Synchronization

/// Tracks the calls of a handler that are running at once: nested (re-entrant) calls on one
/// thread, or overlapping calls on several. It backs every "the observer is called one at a
/// time" and "a send from inside the observer does not nest" test.
final class CallDepth: Sendable {
    private let running = Atomic<Int>(0)
    private let overlapCount = Atomic<Int>(0)

    /// Runs `body` as one call and hands it its depth: 1, or more while other calls are running.
    /// A depth above 1 counts as an overlap.
    func run<Result>(_ body: (_ depth: Int) throws -> Result) rethrows -> Result {
        let depth = running.add(1, ordering: .sequentiallyConsistent).newValue
        if depth != 1 { overlapCount.add(1, ordering: .relaxed) }
        defer { running.subtract(1, ordering: .sequentiallyConsistent) }
        return try body(depth)
    }

    /// Runs `body` as one call.
    func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try run { _ in try body() }
    }

    /// How many calls started while another was running.
    var overlaps: Int { overlapCount.load(ordering: .relaxed) }
}

/// A subscriber that records the values it receives and its completions, and counts handlers
/// running at the same time.
final class SerialProbe: Sendable {
    private let calls = CallDepth()
    private let received = Mutex<[Int]>([])
    private let completionCount = Atomic<Int>(0)

    func receive(_ value: Int) {
        calls.run { received.withLock { $0.append(value) } }
    }

    /// An observer that records values and counts completions, each as one handler call.
    var observer: AnyObserver<Int> {
        AnyObserver { [self] event in
            calls.run {
                switch event {
                case .next(let value): received.withLock { $0.append(value) }
                case .error: break
                case .completed: completionCount.add(1, ordering: .relaxed)
                }
            }
        }
    }

    var overlaps: Int { calls.overlaps }
    var values: [Int] { received.withLock { $0 } }
    var completions: Int { completionCount.load(ordering: .relaxed) }

    /// The values sent by ``sendConcurrently(_:from:)``, split by the subject that sent them and
    /// numbered from 0 within each, in the order they arrived.
    func valuesBySource(_ sources: Int, perSource: Int) -> [[Int]] {
        let values = self.values
        return (0..<sources).map { source in
            values.filter { $0 / perSource == source }.map { $0 % perSource }
        }
    }
}

/// Sends `perSource` values and then a completion from each of `sources`, every subject on its
/// own thread, all at once, and returns when all are done. Subject `i` sends
/// `i * perSource + 0 ..< (i + 1) * perSource`.
func sendConcurrently(_ perSource: Int, from sources: [Subject<Int>]) {
    DispatchQueue.concurrentPerform(iterations: sources.count) { index in
        for value in 0..<perSource { sources[index].onNext(index * perSource + value) }
        sources[index].onCompleted()
    }
}
