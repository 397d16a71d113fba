import Foundation
import Streams
import StreamsTesting
import Synchronization
import Testing

/// `asObservable(priority:)` runs on real tasks: each test awaits the events it expects (through
/// `values`, or a stream the subscriber feeds), never a sleep. `Observable.from(_:)` of an async
/// sequence is the same observable spelt from the other side; the tests marked with `spelling`
/// run through both.
@Suite("AsyncSequence.asObservable(priority:) and Observable.from(_:) of an async sequence")
struct AsyncSequenceObservableTests {
    /// The two spellings of an async sequence as an observable.
    enum Spelling: CaseIterable, CustomTestStringConvertible {
        case asObservable, from

        func observable<Source: AsyncSequence & Sendable>(_ source: Source) -> Observable<Source.Element> {
            switch self {
            case .asObservable: source.asObservable()
            case .from: Observable.from(source)
            }
        }

        var testDescription: String {
            switch self {
            case .asObservable: "sequence.asObservable()"
            case .from: "Observable.from(sequence)"
            }
        }
    }

    @Test("emits each element, then completes", arguments: Spelling.allCases)
    func completes(_ spelling: Spelling) async throws {
        let (numbers, continuation) = AsyncStream<Int>.makeStream()
        for i in 1...5 { continuation.yield(i) }
        continuation.finish()
        var collected: [Int] = []
        for try await value in spelling.observable(numbers).values { collected.append(value) }
        #expect(collected == [1, 2, 3, 4, 5])
    }

    @Test("forwards the error the sequence throws, after its elements", arguments: Spelling.allCases)
    func fails(_ spelling: Spelling) async {
        let (numbers, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish(throwing: TestError("x"))
        let collected = Recorder<Int>()
        await #expect(throws: TestError("x")) {
            for try await value in spelling.observable(numbers).values { collected.append(value) }
        }
        #expect(collected.items == [1, 2])
    }

    @Test("a CancellationError from the sequence completes, as in RxSwift")
    func cancellationErrorCompletes() async throws {
        let (numbers, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(1)
        continuation.finish(throwing: CancellationError())
        var collected: [Int] = []
        for try await value in numbers.asObservable().values { collected.append(value) }
        #expect(collected == [1])
    }

    @Test("disposing cancels the iterating task, which ends the sequence; nothing is delivered afterwards", arguments: Spelling.allCases)
    func disposalCancels(_ spelling: Spelling) async {
        let (terminated, terminatedContinuation) = AsyncStream<Void>.makeStream()
        let (numbers, numbersContinuation) = AsyncStream<Int>.makeStream()
        numbersContinuation.onTermination = { _ in
            terminatedContinuation.yield()
            terminatedContinuation.finish()
        }
        let (seen, seenContinuation) = AsyncStream<String>.makeStream()
        let subscription = spelling.observable(numbers).subscribe(
            onNext: { seenContinuation.yield("\($0)") },
            onError: { _ in seenContinuation.yield("error") },
            onCompleted: { seenContinuation.yield("completed") },
            onDisposed: { seenContinuation.finish() }
        )
        numbersContinuation.yield(1)
        var seenIterator = seen.makeAsyncIterator()
        #expect(await seenIterator.next() == "1")
        subscription.dispose()
        var terminatedIterator = terminated.makeAsyncIterator()
        await terminatedIterator.next()
        if case .terminated = numbersContinuation.yield(2) {} else {
            Issue.record("the async sequence should have been terminated by the cancellation")
        }
        #expect(await seenIterator.next() == nil, "nothing but the first value before the disposal")
    }

    @Test("events arrive off the subscribing main thread, in a task of the given priority")
    @MainActor
    func deliveryThreadAndPriority() async throws {
        let (numbers, continuation) = AsyncStream<Int>.makeStream()
        continuation.yield(1)
        continuation.finish()
        let seen = Recorder<String>()
        let (done, doneContinuation) = AsyncStream<Void>.makeStream()
        let subscription = numbers.asObservable(priority: .low).subscribe(
            onNext: { _ in
                seen.append(Thread.isMainThread ? "main" : "background")
                seen.append("\(Task.currentPriority)")
            },
            onCompleted: { doneContinuation.finish() }
        )
        for await _ in done {}
        #expect(seen.items == ["background", "\(TaskPriority.low)"])
        subscription.dispose()
    }

    @Test("each subscription iterates the sequence in a task of its own")
    func perSubscription() async throws {
        let source = Countdown(from: 3).asObservable()
        var first: [Int] = []
        for try await value in source.values { first.append(value) }
        var second: [Int] = []
        for try await value in source.values { second.append(value) }
        #expect(first == [3, 2, 1])
        #expect(second == [3, 2, 1])
    }
}
