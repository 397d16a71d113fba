import Streams
import StreamsTesting
import Testing

@Suite("marble diagrams")
struct MarbleTests {
    @Test("each character is one tick and spaces are ignored")
    func ticks() throws {
        let parsed = try Marbles.parse("-a- -b|", value: { String($0) }, error: TestError())
        #expect(parsed.events == [.next(1, "a"), .next(4, "b"), .completed(5)])
        #expect(parsed.subscriptionTick == nil)
    }

    @Test("a group puts its events on the tick of '(' and spans its width")
    func groups() throws {
        let parsed = try Marbles.parse("-(ab)-c#", value: { String($0) }, error: TestError("boom"))
        #expect(parsed.events == [.next(1, "a"), .next(1, "b"), .next(6, "c"), .error(7, TestError("boom"))])
    }

    @Test("'^' marks the subscription tick of a hot diagram")
    func subscriptionPoint() throws {
        let parsed = try Marbles.parse("--a-^-b-|", value: { String($0) }, error: TestError())
        #expect(parsed.subscriptionTick == 4)
        #expect(parsed.events.map(\.time) == [2, 6, 8])
    }

    @Test("values come from the dictionary")
    func dictionaryValues() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable("-x-y|", values: ["x": 10, "y": 20])
        #expect(source.recordedEvents == [.next(1, 10), .next(3, 20), .completed(4)])
    }

    @Test("malformed diagrams say what is wrong and at which tick", arguments: [
        ("-a-(b", "tick 5: '(' is never closed"),
        ("-a|b", "tick 3: value 'b' after the terminal event"),
        ("-((a))", "tick 2: groups cannot be nested"),
        ("-a)", "tick 2: ')' without '('"),
        ("-(a-b)", "tick 3: '-' inside a group; a group holds events only"),
        ("-a--!", "tick 4: '!' belongs in subscription diagrams such as \"^--!\""),
        ("-z-", "tick 1: no value for glyph 'z'"),
    ])
    func malformed(diagram: String, message: String) {
        #expect {
            _ = try Marbles.parse(diagram, value: { $0 == "z" ? nil : String($0) }, error: TestError())
        } throws: { error in
            "\(error)".hasSuffix(message)
        }
    }

    @Test("rendering is the inverse of parsing")
    func roundTrip() throws {
        for diagram in ["-a-b-|", "--(ab)--c-#", "a", "---", "(a|)"] {
            let parsed = try Marbles.parse(diagram, value: { String($0) }, error: TestError())
            let rendered = Marbles.render(parsed.events, glyph: { Character($0) })
            #expect(rendered == diagram.trimmingTrailingDashes(), "\(diagram)")
        }
    }

    @Test("subscription diagrams")
    func subscriptions() throws {
        #expect(try Marbles.parseSubscription("--^--!") == Subscription(2, 5))
        #expect(try Marbles.parseSubscription("^") == Subscription(0))
        #expect(Marbles.render(Subscription(2, 5)) == "--^--!")
        #expect(Marbles.render(Subscription(3)) == "---^")
        #expect(throws: MarbleError.self) { try Marbles.parseSubscription("--!") }
    }

    @Test("a marble test reads as input, expression, expected output")
    func marbleTest() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-1-2-3-4-|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
        let observer = try scheduler.start(created: 0, subscribed: 0) { source.filter { $0.isMultiple(of: 2) } }
        expectMarbles(observer, "---2---4-|", values: ["2": 2, "4": 4])
        expectSubscriptions(source, "^--------!")
        expectNoPendingWork(scheduler)
    }

    @Test("a diagram that cannot be read is reported, and the hot or cold source emits nothing")
    func unreadableDiagram() throws {
        let scheduler = TestScheduler()
        withKnownIssue {
            let hot = scheduler.createHotObservable("-a-(b|")
            let cold = scheduler.createColdObservable("-a-b", values: ["a": 1])
            #expect(hot.recordedEvents.isEmpty)
            #expect(cold.recordedEvents.isEmpty)
        } matching: { issue in
            let text = issue.description
            return text.contains("'(' is never closed") || text.contains("no value for glyph 'b'")
        }
    }

    @Test("a mismatch is reported with both timelines")
    func mismatchReport() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let observer = try scheduler.start(created: 0, subscribed: 0) { source }
        withKnownIssue {
            expectMarbles(observer, "-a--b|")
        } matching: { issue in
            let text = issue.description
            return text.contains("expected: -a--b|") && text.contains("actual:   -a-b-|")
        }
    }
}

extension String {
    fileprivate func trimmingTrailingDashes() -> String {
        var copy = self
        while copy.hasSuffix("-") { copy.removeLast() }
        return copy
    }
}
