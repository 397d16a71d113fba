import Streams
import StreamsTesting
import Testing

@Suite("enumerated")
struct EnumeratedTests {
    @Test("pairs each value with its position")
    func pairs() {
        expectMarbles("---A-B|", values: ["A": "0b", "B": "1c"]) { m in
            m.hot("-a^b-c|", subscriptions: "--^---!").enumerated().map { "\($0.index)\($0.element)" }
        }
    }

    @Test("each subscription counts from zero")
    func perSubscription() {
        let indices = Observable.of("a", "b").enumerated().map(\.index)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        _ = indices.subscribe(onNext: { first.append($0) })
        _ = indices.subscribe(onNext: { second.append($0) })
        #expect(first.items == [0, 1])
        #expect(second.items == [0, 1])
    }

    @Test("errors and disposal pass through")
    func errorAndDisposal() {
        expectMarbles("---A-#", values: ["A": "0b"]) { m in
            m.hot("-a^b-#", subscriptions: "--^--!").enumerated().map { "\($0.index)\($0.element)" }
        }
        expectMarbles("-A-", values: ["A": "0a"]) { m in
            m.dispose(at: 2)
            return m.hot("-a-b-|", subscriptions: "^-!").enumerated().map { "\($0.index)\($0.element)" }
        }
    }

    @Test("a value sent re-entrantly gets the next position")
    func reentrant() {
        let source = ReentrantSource<String>()
        let seen = Recorder<String>()
        let subscription = source.observable.enumerated().subscribe(onNext: { pair in
            seen.append("\(pair.index)\(pair.element)")
            if pair.element == "a" { source.send(.next("b")) }
        })
        source.send(.next("a"))
        source.send(.next("c"))
        #expect(seen.items == ["0a", "1b", "2c"])
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, _ in source.enumerated().map(\.element) }
    }
}
