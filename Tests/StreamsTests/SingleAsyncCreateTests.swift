import Streams
import StreamsTesting
import Testing

/// `Single.create(detached:priority:work:)` runs on real tasks: each test awaits the result
/// (`value`) or a stream the work feeds, never a sleep.
@Suite("Single.create(detached:priority:work:)")
struct SingleAsyncCreateTests {
    @TaskLocal static var tag: String?

    @Test("succeeds with what the work returns, once per subscription")
    func succeeds() async throws {
        let runs = Recorder<Int>()
        let single = Single.create {
            runs.append(1)
            return 42
        }
        #expect(try await single.value == 42)
        #expect(try await single.value == 42)
        #expect(runs.items == [1, 1])
    }

    @Test("fails with what the work throws")
    func fails() async {
        let single = Single<Int>.create { throw TestError("work") }
        await #expect(throws: TestError("work")) { try await single.value }
    }

    @Test("disposing cancels the work's task")
    func disposalCancels() async {
        let (never, neverContinuation) = AsyncStream<Int>.makeStream()
        let (cancelled, cancelledContinuation) = AsyncStream<Bool>.makeStream()
        let subscription = Single<Int>.create {
            for await _ in never {}
            cancelledContinuation.yield(Task.isCancelled)
            cancelledContinuation.finish()
            return 1
        }.subscribe(onSuccess: { _ in })
        subscription.dispose()
        var iterator = cancelled.makeAsyncIterator()
        #expect(await iterator.next() == true)
        neverContinuation.finish()
    }

    @Test("a task that is not detached inherits the subscriber's task-local values; a detached one does not")
    func detached() async throws {
        let inherited = Single.create { Self.tag ?? "none" }
        let detached = Single.create(detached: true) { Self.tag ?? "none" }
        let (results, continuation) = AsyncStream<String>.makeStream()
        Self.$tag.withValue("subscriber") {
            _ = inherited.subscribe(onSuccess: { continuation.yield("inherited: \($0)") })
        }
        var iterator = results.makeAsyncIterator()
        #expect(await iterator.next() == "inherited: subscriber")
        Self.$tag.withValue("subscriber") {
            _ = detached.subscribe(onSuccess: { continuation.yield("detached: \($0)") })
        }
        #expect(await iterator.next() == "detached: none")
    }

    @Test("the task runs at the given priority")
    func priority() async throws {
        let single = Single.create(detached: true, priority: .low) { "\(Task.currentPriority)" }
        #expect(try await single.value == "\(TaskPriority.low)")
    }
}
