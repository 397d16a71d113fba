import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

/// A single that reports each subscription and each disposal, and answers only when told to,
/// so a test can await the subscription instead of sleeping.
private final class ControlledRequest: Sendable {
    let subscribed: AsyncStream<Void>
    private let subscribedContinuation: AsyncStream<Void>.Continuation
    private let state = Mutex<(subscriptions: Int, disposals: Int, answer: (@Sendable (SingleEvent<String>) -> Void)?)>((0, 0, nil))

    init() {
        (subscribed, subscribedContinuation) = AsyncStream<Void>.makeStream()
    }

    var single: Single<String> {
        Single.create { [self] answer in
            state.withLock {
                $0.subscriptions += 1
                $0.answer = answer
            }
            subscribedContinuation.yield()
            return Disposables.create { [self] in state.withLock { $0.disposals += 1 } }
        }
    }

    var subscriptions: Int { state.withLock { $0.subscriptions } }
    var disposals: Int { state.withLock { $0.disposals } }

    /// Answers the current subscription.
    func answer(_ result: SingleEvent<String>) {
        state.withLock { $0.answer }?(result)
    }

    /// Suspends until the single has been subscribed once more.
    func awaitSubscription() async {
        var iterator = subscribed.makeAsyncIterator()
        _ = await iterator.next()
    }
}

@Suite("Single value")
struct SingleValueTests {
    @Test("value returns the value of a success and throws the error of a failure")
    func results() async throws {
        #expect(try await Single.just("a").value == "a")
        await #expect(throws: TestError("x")) { try await Single<String>.error(TestError("x")).value }
        await #expect(throws: SingleError.noElements) { try await Observable<String>.empty().asSingle().value }
    }

    @Test("value waits for a result that arrives later, from another thread")
    func laterResult() async throws {
        let request = ControlledRequest()
        let task = Task { try await request.single.value }
        await request.awaitSubscription()
        DispatchQueue.global().async { request.answer(.success("page 1")) }
        #expect(try await task.value == "page 1")
        #expect(request.disposals == 1)
    }

    @Test("value of a single on a TestScheduler resumes when the scheduler reaches the result")
    func virtualTime() async throws {
        let scheduler = TestScheduler()
        let request = ControlledRequest()
        let delayed = request.single.delay(.seconds(30), scheduler: scheduler)
        let task = Task { try await delayed.value }
        await request.awaitSubscription()
        request.answer(.success("a"))
        try scheduler.advance(to: 30)
        #expect(try await task.value == "a")
        expectNoPendingWork(scheduler)
    }

    @Test("cancelling the awaiting task disposes the subscription and throws CancellationError at once")
    func cancellation() async throws {
        let request = ControlledRequest()
        let task = Task { try await request.single.value }
        await request.awaitSubscription()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(request.disposals == 1)
        // A result after the cancellation is dropped: the continuation was resumed once.
        request.answer(.success("late"))
    }

    @Test("a task cancelled before reading value subscribes, disposes at once and throws (RxSwift)")
    func cancelledBefore() async throws {
        let request = ControlledRequest()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await request.single.value
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(request.subscriptions == 1)
        #expect(request.disposals == 1)
    }

    @Test("a result racing the cancellation resumes the task exactly once")
    func raceWithCancellation() async throws {
        for _ in 0..<200 {
            let request = ControlledRequest()
            let task = Task { try await request.single.value }
            await request.awaitSubscription()
            DispatchQueue.global().async { request.answer(.success("a")) }
            task.cancel()
            switch await task.result {
            case .success(let value): #expect(value == "a")
            case .failure(let error): #expect(error is CancellationError)
            }
        }
    }

    @Test("value releases the single's subscription and the value once it returns")
    func releases() async throws {
        struct Watched: Sendable { weak var probe: LifetimeProbe? }
        let watched = Mutex(Watched())
        let single = Single<LifetimeProbe>.create { answer in
            let probe = LifetimeProbe()
            watched.withLock { $0.probe = probe }
            answer(.success(probe))
            return Disposables.create { _ = probe }
        }
        _ = try await single.value
        #expect(watched.withLock { $0.probe } == nil)
    }

    @Test("a single that answers while it is being subscribed resumes the task (re-entrant answer)")
    func synchronousAnswer() async throws {
        let subscriptions = Mutex(0)
        let single = Single<Int>.create { answer in
            let count = subscriptions.withLock { count in
                count += 1
                return count
            }
            answer(.success(count))
            answer(.success(-1))
            return Disposables.create()
        }
        #expect(try await single.value == 1)
        #expect(try await single.value == 2)
    }
}
