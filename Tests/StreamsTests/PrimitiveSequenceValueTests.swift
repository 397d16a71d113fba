import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

/// A maybe that reports each subscription and disposal, and answers only when told to, so a
/// test can await the subscription instead of sleeping.
private final class ControlledLookup: Sendable {
    let subscribed: AsyncStream<Void>
    private let subscribedContinuation: AsyncStream<Void>.Continuation
    private let state = Mutex<(subscriptions: Int, disposals: Int, answer: (@Sendable (MaybeEvent<String>) -> Void)?)>((0, 0, nil))

    init() {
        (subscribed, subscribedContinuation) = AsyncStream<Void>.makeStream()
    }

    var maybe: Maybe<String> {
        Maybe.create { [self] answer in
            state.withLock {
                $0.subscriptions += 1
                $0.answer = answer
            }
            subscribedContinuation.yield()
            return Disposables.create { [self] in state.withLock { $0.disposals += 1 } }
        }
    }

    /// The same work as a completable: `.success` and `.completed` complete it.
    var completable: Completable { maybe.asCompletable() }

    var subscriptions: Int { state.withLock { $0.subscriptions } }
    var disposals: Int { state.withLock { $0.disposals } }

    func answer(_ event: MaybeEvent<String>) {
        state.withLock { $0.answer }?(event)
    }

    func awaitSubscription() async {
        var iterator = subscribed.makeAsyncIterator()
        _ = await iterator.next()
    }
}

@Suite("Maybe and Completable value")
struct PrimitiveSequenceValueTests {
    @Test("a maybe's value is its value, nil when it completes empty, and its error is thrown")
    func maybeResults() async throws {
        #expect(try await Maybe.just("a").value == "a")
        #expect(try await Maybe<String>.empty().value == nil)
        await #expect(throws: TestError("x")) { try await Maybe<String>.error(TestError("x")).value }
        await #expect(throws: SingleError.moreThanOneElement) { try await Observable.of("a", "b").asMaybe().value }
    }

    @Test("a completable's value returns on completion and throws its error")
    func completableResults() async throws {
        let value: Void = try await Completable.empty().value
        _ = value
        await #expect(throws: TestError("x")) { try await Completable.error(TestError("x")).value }
    }

    @Test("value waits for an outcome that arrives later, from another thread, then disposes")
    func laterOutcome() async throws {
        let lookup = ControlledLookup()
        let task = Task { try await lookup.maybe.value }
        await lookup.awaitSubscription()
        DispatchQueue.global().async { lookup.answer(.completed) }
        #expect(try await task.value == nil)
        #expect(lookup.disposals == 1)

        let save = ControlledLookup()
        let saving = Task { try await save.completable.value }
        await save.awaitSubscription()
        DispatchQueue.global().async { save.answer(.error(TestError("offline"))) }
        await #expect(throws: TestError("offline")) { try await saving.value }
        #expect(save.disposals == 1)
    }

    @Test("value on a TestScheduler resumes when the scheduler reaches the outcome")
    func virtualTime() async throws {
        let scheduler = TestScheduler()
        let lookup = ControlledLookup()
        let delayedLookup = lookup.maybe.delay(.seconds(30), scheduler: scheduler)
        let task = Task { try await delayedLookup.value }
        await lookup.awaitSubscription()
        lookup.answer(.success("a"))
        try scheduler.advance(to: 30)
        #expect(try await task.value == "a")

        let save = ControlledLookup()
        let delayedSave = save.completable.delay(.seconds(5), scheduler: scheduler)
        let saving = Task { try await delayedSave.value }
        await save.awaitSubscription()
        save.answer(.completed)
        try scheduler.advance(to: 35)
        try await saving.value
        expectNoPendingWork(scheduler)
    }

    @Test("cancelling the awaiting task disposes the subscription and throws CancellationError at once")
    func cancellation() async throws {
        let lookup = ControlledLookup()
        let task = Task { try await lookup.maybe.value }
        await lookup.awaitSubscription()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(lookup.disposals == 1)
        lookup.answer(.success("late"))

        let save = ControlledLookup()
        let saving = Task { try await save.completable.value }
        await save.awaitSubscription()
        saving.cancel()
        await #expect(throws: CancellationError.self) { try await saving.value }
        #expect(save.disposals == 1)
        save.answer(.completed)
    }

    @Test("a task cancelled before reading value subscribes, disposes at once and throws (RxSwift)")
    func cancelledBefore() async throws {
        let lookup = ControlledLookup()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await lookup.maybe.value
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        let saving = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await lookup.completable.value
        }
        await #expect(throws: CancellationError.self) { try await saving.value }
        #expect(lookup.subscriptions == 2)
        #expect(lookup.disposals == 2)
    }

    @Test("an empty completion racing the cancellation resumes the task exactly once")
    func raceWithCancellation() async throws {
        for _ in 0..<200 {
            let lookup = ControlledLookup()
            let task = Task { try await lookup.maybe.value }
            await lookup.awaitSubscription()
            DispatchQueue.global().async { lookup.answer(.completed) }
            task.cancel()
            switch await task.result {
            case .success(let value): #expect(value == nil)
            case .failure(let error): #expect(error is CancellationError)
            }
        }
    }
}
