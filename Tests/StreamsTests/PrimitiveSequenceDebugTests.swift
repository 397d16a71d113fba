import Streams
import StreamsTesting
import Testing

@Suite("debug on Single, Maybe and Completable")
struct PrimitiveSequenceDebugTests {
    /// A sink that keeps each entry's time in ticks and its message.
    private static func recording() -> (DebugSink, Recorder<String>) {
        let lines = Recorder<String>()
        return (DebugSink { entry in lines.append("\(entry.label) \(entry.time.map { "\(Int($0 / .seconds(1)))" } ?? "-") \(entry.message)") }, lines)
    }

    @Test("a single passes its outcome unchanged and logs it")
    func single() {
        let (sink, lines) = Self.recording()
        let scheduler = TestScheduler()
        let observer = scheduler.start {
            Single.just(1).delay(.seconds(5), scheduler: scheduler).debug("page", scheduler: scheduler, sink: sink).asObservable()
        }
        #expect(observer.events == [.next(205, 1), .completed(205)])
        #expect(lines.items == ["page 200 subscribed", "page 205 next(1)", "page 205 completed", "page 205 disposed"])
    }

    @Test("an empty maybe and a failing completable log their end; the trait is kept")
    func maybeAndCompletable() {
        let (sink, lines) = Self.recording()
        let maybe: Maybe<Int> = Maybe.empty().debug("cache", sink: sink)
        let completable: Completable = Completable.error(TestError("x")).debug("save", sink: sink)
        let scheduler = TestScheduler()
        let empty = scheduler.createObserver(Int.self)
        let failed = scheduler.createObserver(Never.self)
        _ = maybe.asObservable().subscribe(empty)
        _ = completable.asObservable().subscribe(failed)
        #expect(empty.events == [.completed(0)])
        #expect(failed.events == [.error(0, TestError("x"))])
        #expect(lines.items == [
            "cache - subscribed", "cache - completed", "cache - disposed",
            "save - subscribed", "save - error(x)", "save - disposed",
        ])
    }

    @Test("disposing a single before its outcome is logged once")
    func disposal() {
        let (sink, lines) = Self.recording()
        let scheduler = TestScheduler()
        let observer = scheduler.start(disposed: 250) {
            Single<Int>.never().debug("slow", scheduler: scheduler, sink: sink).asObservable()
        }
        #expect(observer.events == [])
        #expect(lines.items == ["slow 200 subscribed", "slow 250 disposed"])
    }
}
