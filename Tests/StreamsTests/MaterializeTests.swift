import Streams
import StreamsTesting
import Testing

/// An event as the diagrams' notes write it: `next(a)`, `error` or `completed`.
private func label(_ event: Event<String>) -> String {
    switch event {
    case .next(let value): "next(\(value))"
    case .error: "error"
    case .completed: "completed"
    }
}

@Suite("materialize")
struct MaterializeTests {
    @Test("values, errors and completion become values; the output then completes")
    func materializes() {
        expectMarbles("---A-B-(E|)", values: ["A": "next(b)", "B": "next(c)", "E": "error"]) { m in
            m.hot("-a^b-c-#", subscriptions: "--^----!").materialize().map(label)
        }
        expectMarbles("-A-(C|)", values: ["A": "next(a)", "C": "completed"]) { m in
            m.hot("-a-|", subscriptions: "^--!").materialize().map(label)
        }
    }

    @Test("disposal unsubscribes at the disposal tick")
    func disposal() {
        expectMarbles("-A-", values: ["A": "next(a)"]) { m in
            m.dispose(at: 2)
            return m.hot("-a-b-|", subscriptions: "^-!").materialize().map(label)
        }
    }

    @Test("an event sent re-entrantly after the terminal one is not delivered")
    func reentrant() {
        let source = ReentrantSource<String>()
        let seen = Recorder<String>()
        let subscription = source.observable.materialize().subscribe(
            onNext: { event in
                seen.append(label(event))
                source.send(.next("late"))
            },
            onCompleted: { seen.append("done") }
        )
        source.send(.completed)
        #expect(seen.items == ["completed", "done"])
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: ending == .disposal ? [1] : [1, 0]) { f in
            f.source.materialize().map { event in if case .next(let value) = event { value } else { 0 } }
        }
    }
}

@Suite("dematerialize")
struct DematerializeTests {
    @Test("turns event values back into events")
    func dematerializes() {
        expectMarbles("---b-c-#") { m in m.hot("-a^b-c-#", subscriptions: "--^----!").materialize().dematerialize() }
        expectMarbles("-a-|") { m in m.hot("-a-|").materialize().dematerialize() }
    }

    @Test("an error or completion value ends the output and unsubscribes")
    func terminalValues() {
        let values: [Character: Event<String>] = ["a": .next("a"), "e": .error(TestError("error")), "c": .completed]
        expectMarbles("-a-#") { m in m.hot("-a-e-a-|", values: values, subscriptions: "^--!").dematerialize() }
        expectMarbles("-a-|") { m in m.hot("-a-c-a-|", values: values, subscriptions: "^--!").dematerialize() }
    }

    @Test("the source's own error is forwarded")
    func sourceFails() {
        expectMarbles("-a-#") { m in m.hot("-a-#", values: ["a": Event<String>.next("a")]).dematerialize() }
    }

    @Test("an event value sent re-entrantly after a terminal one is not delivered")
    func reentrant() {
        let source = ReentrantSource<Event<Int>>()
        let seen = Recorder<String>()
        let subscription = source.observable.dematerialize().subscribe(
            onNext: { seen.append("next(\($0))") },
            onCompleted: {
                seen.append("completed")
                source.send(.next(.next(9)))
            }
        )
        source.send(.next(.next(1)))
        source.send(.next(.completed))
        #expect(seen.items == ["next(1)", "completed"])
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, _ in source.materialize().dematerialize() }
    }
}
