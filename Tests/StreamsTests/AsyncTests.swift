import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("async bridge")
struct AsyncTests {
    // MARK: values

    @Test("values yields each value and finishes when the source completes")
    func valuesCompletes() async throws {
        let subject = Subject<Int>()
        let stream = subject.values
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        var collected: [Int] = []
        for try await value in stream { collected.append(value) }
        #expect(collected == [1, 2])
        #expect(!subject.hasObservers)
    }

    @Test("values throws the source's error after its values")
    func valuesFails() async {
        let subject = Subject<Int>()
        let stream = subject.values
        subject.onNext(1)
        subject.onError(TestError("x"))
        let collected = Mutex<[Int]>([])
        await #expect(throws: TestError("x")) {
            for try await value in stream { collected.withLock { $0.append(value) } }
        }
        #expect(collected.withLock { $0 } == [1])
    }

    @Test("values of a synchronous source delivers everything it emitted while subscribing")
    func valuesSynchronous() async throws {
        var collected: [Int] = []
        for try await value in Observable.of(1, 2, 3).values { collected.append(value) }
        #expect(collected == [1, 2, 3])
    }

    @Test("cancelling the iterating task disposes the subscription, and the loop throws CancellationError")
    func valuesCancellation() async throws {
        let subject = Subject<Int>()
        let disposed = Mutex(false)
        let source = Observable<Int>.create { observer in
            let inner = subject.subscribe(observer)
            return Disposables.create {
                disposed.withLock { $0 = true }
                inner.dispose()
            }
        }
        let (received, receivedContinuation) = AsyncStream<Int>.makeStream()
        let stream = source.values
        let task = Task {
            defer { receivedContinuation.finish() }
            for try await value in stream { receivedContinuation.yield(value) }
        }
        subject.onNext(1)
        var receivedIterator = received.makeAsyncIterator()
        #expect(await receivedIterator.next() == 1)
        #expect(!disposed.withLock { $0 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(disposed.withLock { $0 })
        #expect(!subject.hasObservers)
        #expect(await receivedIterator.next() == nil)
    }

    // MARK: from(_:) an async sequence

    // `from` emitting, failing and cancelling on disposal: AsyncSequenceObservableTests, which
    // runs those tests through both spellings.

    @Test("each subscription iterates in its own task")
    func fromPerSubscription() async throws {
        let source = Observable.from(Countdown(from: 3))
        var first: [Int] = []
        for try await value in source.values { first.append(value) }
        var second: [Int] = []
        for try await value in source.values { second.append(value) }
        #expect(first == [3, 2, 1])
        #expect(second == [3, 2, 1])
    }
}

/// A restartable async sequence: 3, 2, 1 (also used by AsyncSequenceObservableTests).
struct Countdown: AsyncSequence, Sendable {
    let from: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var current: Int

        mutating func next() async -> Int? {
            guard current > 0 else { return nil }
            defer { current -= 1 }
            return current
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(current: from)
    }
}
