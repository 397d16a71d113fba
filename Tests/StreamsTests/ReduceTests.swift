import Streams
import StreamsTesting
import Testing

@Suite("reduce")
struct ReduceTests {
    @Test("emits the final result with the completion")
    func final() {
        expectMarbles(hot: "-1^2-3-|", { $0.reduce(0, accumulator: +) }, "-------(5|)",
                      values: ["1": 1, "2": 2, "3": 3, "5": 5], subscriptions: "--^----!")
    }

    @Test("an empty source emits the seed")
    func empty() {
        expectMarbles(hot: "^--|", { $0.reduce(7, accumulator: +) }, "---(7|)", values: ["7": 7])
    }

    @Test("a source error is forwarded and the result so far is dropped")
    func sourceFails() {
        expectMarbles(hot: "^a-b-#", { $0.reduce(into: "") { $0 += $1 } }, "-----#", subscriptions: "^----!")
    }

    @Test("an accumulator that throws fails the output and unsubscribes")
    func accumulatorThrows() {
        expectMarbles(hot: "^a-b-c-|", { $0.reduce(into: "") { if $1 == "b" { throw TestError("error") }; $0 += $1 } },
                      "---#", subscriptions: "^--!")
    }

    @Test("disposal unsubscribes at the disposal tick and emits nothing")
    func disposal() {
        expectMarbles("----") { m in
            m.dispose(at: 4)
            return m.hot("-a-b-c-|", subscriptions: "^---!").reduce(into: "") { $0 += $1 }
        }
    }

    @Test("a value the source sends from inside the accumulator is accumulated after the current one")
    func reentrantAccumulator() {
        let source = ReentrantSource<Int>()
        let seen = Recorder<[Int]>()
        let subscription = source.observable.reduce(into: [Int]()) { all, value in
            all.append(value)
            if value == 1 { source.send(.next(2)) }
        }.subscribe(onNext: { seen.append($0) })
        source.send(.next(1))
        source.send(.next(3))
        source.send(.completed)
        #expect(seen.items == [[1, 2, 3]])
        subscription.dispose()
    }

    @Test("releases the accumulator and the observer after completion, error and disposal",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: ending == .completion ? [1] : []) { f in
            f.source.reduce(0) { [probe = f.probe] in probe.pass($1) ? $0 + $1 : $0 }
        }
    }
}

@Suite("toArray")
struct ToArrayTests {
    @Test("collects every value into one array, emitted with the completion")
    func collects() {
        expectMarbles("-------(A|)", values: ["A": ["b", "c"]]) { m in
            m.hot("-a^b-c-|", subscriptions: "--^----!").toArray().asObservable()
        }
    }

    @Test("an empty source gives an empty array; an error fails the single")
    func emptyAndError() {
        expectMarbles("--(A|)", values: ["A": [String]()]) { m in m.hot("--|").toArray().asObservable() }
        expectMarbles("---#", values: [:] as [Character: [String]]) { m in m.hot("-a-#").toArray().asObservable() }
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: ending == .completion ? [1] : []) { f in
            f.source.toArray().asObservable().map { $0.count }
        }
    }
}
