import Streams
import StreamsTesting
import Testing

@Suite("first")
struct FirstTests {
    /// `first()`'s optional drawn as a glyph: `n` is `nil`.
    private static let values: [Character: String?] = ["a": "a", "b": "b", "n": nil]

    @Test("succeeds with the first value at once and unsubscribes")
    func firstValue() {
        expectMarbles("---(a|)", values: Self.values) { m in
            m.hot("-x^a-b-|", subscriptions: "--^!").first()
        }
    }

    @Test("succeeds with nil when the source completes empty")
    func empty() {
        expectMarbles("---(n|)", values: Self.values) { m in m.hot("^--|", subscriptions: "^--!").first() }
    }

    @Test("fails with the source's error before a value")
    func error() {
        expectMarbles("--#", values: Self.values) { m in m.hot("^-#").first() }
    }

    @Test("disposal unsubscribes and delivers nothing")
    func disposal() {
        expectMarbles("---", values: Self.values) { m in
            m.dispose(at: 3)
            return m.hot("-----a|", subscriptions: "^--!").first()
        }
    }

    @Test("a value sent back into the source from inside the delivery is not delivered")
    func reentrant() {
        let subject = Subject<Int>()
        let results = Recorder<String>()
        let subscription = subject.first().subscribe { result in
            results.append("\(result)")
            subject.onNext(2)
        }
        subject.onNext(1)
        subject.onNext(3)
        #expect(results.items == ["success(Optional(1))"])
        #expect(!subject.hasObservers)
        subscription.dispose()
    }

    @Test("releases the observer once the first value has ended the subscription")
    func releases() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let released = try isReleased(subscribe: { probe in
            source.first().subscribe { [probe] _ in _ = probe }
        }, after: { _ in try scheduler.advance(to: 211) })
        #expect(released)
        #expect(source.subscriptions == [Subscription(0, 210)])
        try scheduler.run()
        expectNoPendingWork(scheduler)
    }

    @Test("releases the observer after an empty completion and an error before any value")
    func releasesWhenEmpty() throws {
        for ending in SubscriptionEnding.allCases {
            try expectReleasesProbe(ending: ending, values: ending == .completion ? [0] : []) { f in
                f.source.filter { _ in false }.first().asObservable().map { $0 ?? 0 }
            }
        }
    }
}

@Suite("ignoreElements")
struct IgnoreElementsTests {
    private static let none: [Character: Never] = [:]

    @Test("drops the values and keeps the completion")
    func completion() {
        expectMarbles("-------|", values: Self.none) { m in
            m.hot("-x^b-c-|", subscriptions: "--^----!").ignoreElements()
        }
    }

    @Test("keeps the error, and asCompletable wraps the result")
    func error() {
        expectMarbles("----#", values: Self.none) { m in m.hot("^a-b#", subscriptions: "^---!").ignoreElements().asCompletable() }
    }

    @Test("disposal unsubscribes")
    func disposal() {
        expectMarbles("---", values: Self.none) { m in
            m.dispose(at: 3)
            return m.hot("-a-b-|", subscriptions: "^--!").ignoreElements()
        }
    }

    @Test("an observer that sends into the source from inside the completion changes nothing")
    func reentrant() {
        let subject = Subject<Int>()
        let log = Recorder<String>()
        let subscription = subject.ignoreElements().subscribe { event in
            log.append("\(event)")
            subject.onNext(1)
            subject.onError(TestError("late"))
        }
        subject.onNext(0)
        subject.onCompleted()
        #expect(log.items == ["completed"])
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: []) { f in
            f.source.filter { f.probe.pass($0) }.ignoreElements().asCompletable().andThen(Observable<Int>.empty())
        }
    }
}

@Suite("ifEmpty")
struct IfEmptyTests {
    @Test("an empty source switches to the other sequence at its completion")
    func switches() {
        expectMarbles("----x|") { m in
            let fallback = m.cold("-x|", subscriptions: "---^-!")
            return m.hot("^--|", subscriptions: "^--!").ifEmpty(switchTo: fallback)
        }
    }

    @Test("a source with values passes through and never subscribes to the other")
    func passesThrough() {
        expectMarbles("-a-b|") { m in
            let fallback = m.cold("-x|")
            return m.hot("^a-b|").ifEmpty(switchTo: fallback).concat(Observable<String>.empty())
        }
        expectMarbles(hot: "^a-b|", { $0.ifEmpty(default: "x") }, "-a-b|")
    }

    @Test("ifEmpty(default:) emits the default with the completion")
    func defaultValue() {
        expectMarbles(hot: "^--|", { $0.ifEmpty(default: "x") }, "---(x|)")
    }

    @Test("errors pass through, from the source and from the other")
    func errors() {
        expectMarbles(hot: "^-#", { $0.ifEmpty(default: "x") }, "--#")
        expectMarbles("---#") { m in m.hot("^-|").ifEmpty(switchTo: m.cold("-#")) }
    }

    @Test("disposal cancels whichever sequence is running")
    func disposal() {
        expectMarbles("----") { m in
            m.dispose(at: 4)
            let fallback = m.cold("---x|", subscriptions: "--^-!")
            return m.hot("^-|").ifEmpty(switchTo: fallback)
        }
    }

    @Test("an observer that sends into the source from inside the other's delivery changes nothing")
    func reentrant() {
        let source = Subject<Int>()
        let other = Subject<Int>()
        let log = Recorder<String>()
        let subscription = source.ifEmpty(switchTo: other).subscribe { event in
            log.append("\(event)")
            source.onNext(99)
            if case .next(1) = event { other.onNext(2) }
        }
        source.onCompleted()
        other.onNext(1)
        other.onCompleted()
        #expect(log.items == ["next(1)", "next(2)", "completed"])
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal, with and without a switch",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { f in
            f.source.ifEmpty(switchTo: f.other.filter { f.probe.pass($0) })
        }
        try expectReleasesProbe(ending: ending, values: ending == .completion ? [7] : []) { f in
            f.source.filter { _ in false }.ifEmpty(default: 7).filter { f.probe.pass($0) }
        }
    }
}
