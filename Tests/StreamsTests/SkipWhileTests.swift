import Streams
import StreamsTesting
import Testing

@Suite("skip(while:)")
struct SkipWhileTests {
    @Test("drops values while the predicate holds, then emits every value")
    func dropsLeadingValues() {
        expectMarbles(hot: "-a^b-c-a-|", { $0.skip(while: { $0 < "c" }) }, "-----c-a-|", subscriptions: "--^------!")
    }

    @Test("a predicate that throws fails the output and unsubscribes")
    func predicateThrows() {
        expectMarbles(hot: "-a^b-c-d-|", { $0.skip(while: { if $0 == "c" { throw TestError("error") }; return true }) },
                      "-----#", subscriptions: "--^--!")
    }

    @Test("completion and errors pass while values are still dropped")
    func terminalWhileSkipping() {
        expectMarbles(hot: "^a-b-|", { $0.skip(while: { _ in true }) }, "-----|", subscriptions: "^----!")
        expectMarbles(hot: "^a-b-#", { $0.skip(while: { _ in true }) }, "-----#", subscriptions: "^----!")
    }

    @Test("the predicate is not called after the first value that fails it")
    func predicateStopsBeingCalled() {
        let asked = Recorder<String>()
        expectMarbles(hot: "^a-b-a-|", { $0.skip(while: { asked.append($0); return $0 == "a" }) }, "---b-a-|")
        #expect(asked.items == ["a", "b"])
    }

    @Test("disposal unsubscribes at the disposal tick")
    func disposal() {
        expectMarbles("---b-") { m in
            m.dispose(at: 4)
            return m.hot("-a-b-c-|", subscriptions: "^---!").skip(while: { $0 == "a" })
        }
    }

    @Test("a value sent re-entrantly from the subscriber is delivered after the current one")
    func reentrant() {
        let source = ReentrantSource<Int>()
        let seen = Recorder<Int>()
        let subscription = source.observable.skip(while: { $0 < 2 }).subscribe(onNext: { value in
            seen.append(value)
            if value == 2 { source.send(.next(1)) }
        })
        source.send(.next(1))
        source.send(.next(2))
        #expect(seen.items == [2, 1])
        subscription.dispose()
    }

    @Test("releases the predicate and the observer after completion, error and disposal",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, probe in
            source.skip(while: { [probe] in !probe.pass($0) })
        }
    }
}

@Suite("skip(until:)")
struct SkipUntilTests {
    @Test("drops the source's values until the other emits")
    func dropsUntilOther() {
        expectMarbles("-----c-d-|") { m in
            m.hot("-a-b-c-d-|", subscriptions: "^--------!").skip(until: m.hot("----x---", subscriptions: "^---!"))
        }
    }

    @Test("an error from the other fails the output and unsubscribes both")
    func otherFails() {
        expectMarbles("---#") { m in
            m.hot("-a-b-c-|", subscriptions: "^--!").skip(until: m.hot("---#", subscriptions: "^--!"))
        }
    }

    @Test("an error from the source is forwarded, before and after the other emits")
    func sourceFails() {
        expectMarbles("---#") { m in
            m.hot("-a-#", subscriptions: "^--!").skip(until: m.hot("-----x", subscriptions: "^--!"))
        }
        expectMarbles("---b-#") { m in
            m.hot("-a-b-#", subscriptions: "^----!").skip(until: m.hot("--x", subscriptions: "^-!"))
        }
    }

    @Test("if the other completes without a value, nothing passes, not even the source's completion (RxSwift)")
    func otherCompletesEmpty() {
        expectMarbles("--------") { m in
            m.hot("-a-b-c-|", subscriptions: "^------!").skip(until: m.hot("--|", subscriptions: "^-!"))
        }
    }

    @Test("an other that fails while subscribing keeps the source from being subscribed")
    func otherFailsAtOnce() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, "a"), .completed(220)])
        let observer = scheduler.start { source.skip(until: Observable<Int>.error(TestError("now"))) }
        #expect(observer.events == [.error(200, TestError("now"))])
        #expect(source.subscriptions == [])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal unsubscribes both at the disposal tick")
    func disposal() {
        expectMarbles("-----c") { m in
            m.dispose(at: 6)
            return m.hot("-a-b-c-d-|", subscriptions: "^-----!").skip(until: m.hot("----x---", subscriptions: "^---!"))
        }
    }

    @Test("a value sent re-entrantly from the subscriber is delivered after the current one")
    func reentrant() {
        let source = ReentrantSource<Int>()
        let seen = Recorder<String>()
        let subscription = source.observable.skip(until: Observable.just(0)).subscribe(
            onNext: { value in
                seen.append("begin \(value)")
                if value == 1 {
                    source.send(.next(2))
                    source.send(.completed)
                }
                seen.append("end \(value)")
            },
            onCompleted: { seen.append("completed") }
        )
        source.send(.next(1))
        #expect(seen.items == ["begin 1", "end 1", "begin 2", "end 2", "completed"])
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { f in f.source.skip(until: f.other) }
    }
}
