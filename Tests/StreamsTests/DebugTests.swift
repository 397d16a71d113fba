import Streams
import StreamsTesting
import Testing

@Suite("debug")
struct DebugTests {
    /// A sink that keeps each entry's time (in ticks of one second) and message.
    private static func recording() -> (DebugSink, Recorder<String>) {
        let lines = Recorder<String>()
        return (DebugSink { entry in lines.append("\(entry.label) \(entry.time.map { "\(Int($0 / .seconds(1)))" } ?? "-") \(entry.message)") }, lines)
    }

    @Test("forwards every event unchanged and logs subscription, events, completion and disposal")
    func logsCompletion() {
        let (sink, lines) = Self.recording()
        expectMarbles("---b-c|") { m in
            m.hot("-a^b-c|", subscriptions: "--^---!").debug("search", scheduler: m.scheduler, sink: sink)
        }
        #expect(lines.items == [
            "search 2 subscribed", "search 3 next(b)", "search 5 next(c)", "search 6 completed", "search 6 disposed",
        ])
    }

    @Test("logs the error, then the disposal, once")
    func logsError() {
        let (sink, lines) = Self.recording()
        expectMarbles("-a-#") { m in
            m.hot("-a-#", subscriptions: "^--!").debug("page", scheduler: m.scheduler, sink: sink)
        }
        #expect(lines.items == ["page 0 subscribed", "page 1 next(a)", "page 3 error(error)", "page 3 disposed"])
    }

    @Test("disposal unsubscribes the source and is logged once, at its tick")
    func logsDisposal() throws {
        let (sink, lines) = Self.recording()
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let observer = scheduler.start(disposed: 220) { source.debug("x", scheduler: scheduler, sink: sink) }
        #expect(observer.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        #expect(lines.items == ["x 200 subscribed", "x 210 next(1)", "x 220 disposed"])
        expectNoPendingWork(scheduler)
    }

    @Test("without a scheduler, lines carry no time; the line names label, time, thread and event")
    func lineFormat() {
        let (sink, lines) = Self.recording()
        _ = Observable.of(1).debug(sink: sink).subscribe()
        #expect(lines.items == ["debug - subscribed", "debug - next(1)", "debug - completed", "debug - disposed"])
        let entry = DebugEntry(label: "search", time: .seconds(1), thread: "main", message: "next(a)")
        #expect("\(entry)" == "[search] 1.0 seconds, thread main: next(a)")
        #expect("\(DebugEntry(label: "l", time: nil, thread: "42", message: "completed"))" == "[l] thread 42: completed")
        let thread = Recorder<String>()
        _ = Observable.just(1).debug(sink: DebugSink { thread.append($0.thread) }).subscribe()
        #expect(thread.items.allSatisfy { !$0.isEmpty } && thread.items.count == 4)
    }

    @Test("a value sent back into the source from onNext is logged and delivered after the current one")
    func reentrancy() throws {
        let (sink, lines) = Self.recording()
        let scheduler = TestScheduler()
        let events = try recordCountingUpReentrantly(on: scheduler, completingAt: nil) { subject in
            subject.debug("r", scheduler: scheduler, sink: sink)
        }
        #expect(events == [.next(10, 1), .next(10, 2), .next(10, 3), .completed(10)])
        #expect(lines.items == ["r 10 subscribed", "r 10 next(1)", "r 10 next(2)", "r 10 next(3)", "r 10 completed", "r 10 disposed"])
        expectNoPendingWork(scheduler)
    }

    @Test("releases the observer and the sink when the subscription ends", arguments: SubscriptionEnding.allCases)
    func releases(_ ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, probe in
            source.debug("leak", sink: DebugSink { _ in _ = probe.pass(0) })
        }
    }
}
