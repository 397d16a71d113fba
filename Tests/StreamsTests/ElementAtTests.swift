import Streams
import StreamsTesting
import Testing

@Suite("element(at:)")
struct ElementAtTests {
    @Test("emits the value at the index and completes with it")
    func emitsAtIndex() {
        expectMarbles(hot: "-a^b-c-d-|", { $0.element(at: 1) }, "-----(c|)", subscriptions: "--^--!")
        expectMarbles(hot: "-a^b-c-d-|", { $0.element(at: 0) }, "---(b|)", subscriptions: "--^!")
    }

    @Test("a source that completes too soon fails with an out-of-range error that says why")
    func tooShort() {
        let error = ElementAtError.argumentOutOfRange(index: 5, count: 2)
        expectMarbles(hot: "^a-b-|", { $0.element(at: 5) }, "-----#", subscriptions: "^----!", error: error)
        #expect("\(error)" == "element(at: 5): the source completed after 2 values")
    }

    @Test("a source error is forwarded")
    func sourceFails() {
        expectMarbles(hot: "^a-#", { $0.element(at: 2) }, "---#", subscriptions: "^--!")
    }

    @Test("disposal unsubscribes at the disposal tick")
    func disposal() {
        expectMarbles("-") { m in
            m.dispose(at: 3)
            return m.hot("-a-b-c-|", subscriptions: "^--!").element(at: 2)
        }
    }

    @Test("a value sent re-entrantly after the one at the index is not delivered")
    func reentrant() {
        let source = ReentrantSource<Int>()
        let seen = Recorder<String>()
        let subscription = source.observable.element(at: 1).subscribe(
            onNext: { value in
                seen.append("next(\(value))")
                source.send(.next(value + 1))
            },
            onCompleted: { seen.append("completed") }
        )
        source.send(.next(1))
        source.send(.next(2))
        #expect(seen.items == ["next(2)", "completed"])
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal while waiting for the index",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: []) { f in f.source.element(at: 1) }
    }
}
