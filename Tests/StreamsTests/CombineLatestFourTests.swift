import Streams
import StreamsTesting
import Testing

@Suite("combineLatest of four")
struct CombineLatestFourTests {
    @Test("emits once all four have a value, then on every value from any")
    func combines() {
        expectMarbles("----A-BC--|", values: ["A": "a1xu", "B": "b1xu", "C": "b1xv"]) { m in
            Observable.combineLatest(m.hot("-a----b---|", subscriptions: "^---------!"), m.hot("--1-------|"),
                                     m.hot("---x------|"), m.hot("----u--v--|")) { $0 + $1 + $2 + $3 }
        }
        expectMarbles("----A-BC--|", values: ["A": "a1xu", "B": "b1xu", "C": "b1xv"]) { m in
            Observable.combineLatest(m.hot("-a----b---|"), m.hot("--1-------|"), m.hot("---x------|"), m.hot("----u--v--|"))
                .map { $0 + $1 + $2 + $3 }
        }
    }

    @Test("an error from any source fails at once and unsubscribes all; a throwing selector too")
    func errors() {
        expectMarbles("-----#") { m in
            Observable.combineLatest(m.hot("-a------|", subscriptions: "^----!"), m.hot("--1-----|"),
                                     m.hot("---x-----|"), m.hot("-----#", subscriptions: "^----!")) { $0 + $1 + $2 + $3 }
        }
        expectMarbles("----#") { m in
            Observable.combineLatest(m.hot("-a------|", subscriptions: "^---!"), m.hot("--1-----|"), m.hot("---x----|"),
                                     m.hot("----u---|", subscriptions: "^---!")) { _, _, _, _ -> String in throw TestError("error") }
        }
    }

    @Test("completes when all have completed, keeping completed sources' last values")
    func completion() {
        expectMarbles("----A--B|", values: ["A": "a1xu", "B": "a1xv"]) { m in
            Observable.combineLatest(m.hot("-a|", subscriptions: "^-!"), m.hot("--1|"), m.hot("---x|"),
                                     m.hot("----u--v|")) { $0 + $1 + $2 + $3 }
        }
    }

    @Test("disposal unsubscribes all four")
    func disposal() {
        expectMarbles("----A-") { m in
            m.dispose(at: 5)
            return Observable.combineLatest(m.hot("-a-----|", subscriptions: "^----!"), m.hot("--1----|", subscriptions: "^----!"),
                                            m.hot("---x---|", subscriptions: "^----!"), m.hot("----A--|", subscriptions: "^----!"))
            { $0 + $1 + $2 + $3 }.map { _ in "A" }
        }
    }

    @Test("a value sent re-entrantly from the subscriber is delivered after the current one")
    func reentrant() {
        let a = BehaviorValue(1), b = BehaviorValue(2), c = BehaviorValue(3), d = Subject<Int>()
        let seen = Recorder<String>()
        let subscription = Observable.combineLatest(a, b, c, d) { $0 + $1 + $2 + $3 }.subscribe(onNext: { sum in
            seen.append("begin \(sum)")
            if sum == 10 { a.accept(11) }
            seen.append("end \(sum)")
        })
        d.onNext(4)
        #expect(seen.items == ["begin 10", "end 10", "begin 20", "end 20"])
        subscription.dispose()
    }

    @Test("releases the selector and the observer after completion, error and disposal",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: [16, 17, 19]) { f in
            Observable.combineLatest(f.source, f.other, f.other.map { $0 * 2 }, Observable.just(0)) { [probe = f.probe] in
                probe.pass($0) ? $0 + $1 + $2 + $3 : 0
            }
        }
    }
}
