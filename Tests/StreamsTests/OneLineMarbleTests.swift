import StreamsTesting
import Testing

@Suite("one-line marble tests")
struct OneLineMarbleTests {
    @Test("a hot input's '^' sets the subscription tick, and the output lines up under it")
    func hotInput() {
        expectMarbles(hot: "-a^b-c|", { $0.map { $0.uppercased() } }, "---B-C|", subscriptions: "--^---!")
        expectMarbles(hot: "-1^2-3|", { $0.map { $0 * 10 } }, "---x-y|",
                      values: ["1": 1, "2": 2, "3": 3, "x": 20, "y": 30])
    }

    @Test("a cold input is subscribed at tick 0")
    func coldInput() {
        expectMarbles(cold: "-a-b|", { $0.filter { $0 == "b" } }, "---b|", subscriptions: "^---!")
    }

    @Test("several inputs and the subscriptions of inner observables, from one scope")
    func severalInputs() {
        expectMarbles("---x-x-|") { m in
            let xs = m.hot("-a^b-c-|", subscriptions: "--^----!")
            let ys = m.cold("x|", subscriptions: "---^!", "-----^!")
            return xs.flatMap { _ in ys }
        }
    }

    @Test("time operators take the scope's scheduler, and time tokens count at its resolution")
    func timed() {
        expectMarbles("-a 299ms c 102ms |", resolution: .milliseconds(1)) { m in
            m.hot("-abc 400ms |").throttle(.milliseconds(300), scheduler: m.scheduler)
        }
    }

    @Test("a mismatch prints two aligned diagrams that paste back")
    func mismatch() {
        withKnownIssue {
            expectMarbles(hot: "-a^b-c|", { $0.map { $0.uppercased() } }, "---B--C|")
        } matching: { issue in
            issue.description.contains("expected: ---B--C|\nactual:   ---B-C|")
        }
    }

    @Test("inputs with different '^' are reported")
    func twoSubscriptionPoints() {
        withKnownIssue {
            expectMarbles("--ab") { m in Observable.merge(m.hot("-^a").asObservable(), m.hot("--^b").asObservable()) }
        } matching: { issue in
            issue.description.contains("inputs share one subscription point")
        }
    }

    @Test("the README's examples")
    func readme() {
        expectMarbles("-a--c---d-|") { m in
            m.hot("-abc----d-|").throttle(.seconds(3), scheduler: m.scheduler)
        }
        expectMarbles(hot: "-a^b-c|", { $0.map { $0.uppercased() } }, "---B-C|")
    }

    @Test("long gaps print as time tokens, aligned between the two lines, and each line reads back")
    func mismatchWithTimeTokens() {
        withKnownIssue {
            expectMarbles("-a 298ms b 1s |", resolution: .milliseconds(1)) { m in
                m.hot("-a 299ms b 1s |")
            }
        } matching: { issue in
            issue.description.contains("expected: -a 298ms b 1s     |\nactual:   -a 298ms -b 999ms -|")
        }
    }

    @Test("wrong subscriptions print each subscription as two aligned diagrams")
    func subscriptionMismatch() {
        withKnownIssue {
            expectMarbles(cold: "-a|", { $0.concat($0) }, "-a-a|", subscriptions: "^-!", "--^!")
        } matching: { issue in
            issue.description.contains("expected: --^!\nactual:   --^-!")
        }
    }
}
