import Streams
import StreamsTesting
import Testing

@Suite("marble diagrams")
struct MarbleTests {
    @Test("each character is one tick and spaces are ignored")
    func ticks() throws {
        let parsed = try Marbles.parse("-a- -b|")
        #expect(parsed.events == [.next(1, "a"), .next(4, "b"), .completed(5)])
        #expect(parsed.subscriptionTick == nil)
    }

    @Test("a group puts its events on the tick of '(' and spans its width")
    func groups() throws {
        let parsed = try Marbles.parse("-(ab)-c#", error: TestError("boom"))
        #expect(parsed.events == [.next(1, "a"), .next(1, "b"), .next(6, "c"), .error(7, TestError("boom"))])
    }

    @Test("'^' marks the subscription tick of a hot diagram and takes a tick")
    func subscriptionPoint() throws {
        let parsed = try Marbles.parse("--a-^-b-|")
        #expect(parsed.subscriptionTick == 4)
        #expect(parsed.events.map(\.time) == [2, 6, 8])
    }

    @Test("values come from the dictionary")
    func dictionaryValues() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable("-x-y|", values: ["x": 10, "y": 20])
        #expect(source.recordedEvents == [.next(1, 10), .next(3, 20), .completed(4)])
    }

    @Test("time tokens advance by their duration at the resolution", arguments: [
        ("-a 98ms b|", Duration.milliseconds(1), [1, 100, 101]),
        ("a 1.5s b", .milliseconds(1), [0, 1501]),
        ("a 2m b", .seconds(1), [0, 121]),
        ("10ms a", .milliseconds(10), [1]),
        ("a 20ms (bc) 30ms |", .milliseconds(10), [0, 3, 3, 10]),
    ])
    func timeProgression(diagram: String, resolution: Duration, ticks: [Int]) throws {
        let parsed = try Marbles.parse(diagram, resolution: resolution)
        #expect(parsed.events.map(\.time) == ticks)
    }

    @Test("a word that is not a time token is a run of glyphs")
    func notATimeToken() throws {
        let parsed = try Marbles.parse("-ab 12 c")
        #expect(parsed.events.map(\.value.element) == ["a", "b", "1", "2", "c"])
    }

    @Test("malformed diagrams say what is wrong, at which column, with a caret", arguments: [
        ("-a-(b", 4, "'(' is never closed"),
        ("-a|b", 4, "'b' after the terminal event '|'"),
        ("-a|-", 4, "'-' after the terminal event '|'"),
        ("-a# 2s", 5, "time progression '2s' after the terminal event '#'"),
        ("-((a))", 3, "groups cannot be nested"),
        ("-a)", 3, "')' without '('"),
        ("-(a-b)", 4, "'-' inside a group"),
        ("-a--!", 5, "'!' belongs in subscription diagrams"),
        ("-^-^", 4, "a second '^'"),
        ("a 15ms", 3, "'15ms' is not a whole number of ticks"),
        ("-a-%", 4, "'%' is not a marble glyph"),
    ])
    func malformed(diagram: String, column: Int, message: String) {
        let resolution: Duration = diagram.contains("15ms") ? .milliseconds(10) : .seconds(1)
        #expect {
            _ = try Marbles.parse(diagram, resolution: resolution)
        } throws: { error in
            guard let error = error as? MarbleError else { return false }
            return error.column == column && error.reason.contains(message)
                && "\(error)".contains("\n    \(diagram)\n    \(String(repeating: " ", count: column - 1))^")
        }
    }

    @Test("a glyph missing from the values dictionary is an error, not a value")
    func unknownGlyph() {
        #expect {
            _ = try Marbles.parse("-a-b|", values: ["a": 1])
        } throws: { error in
            "\(error)".contains("column 4: no value for glyph 'b'")
        }
    }

    @Test("look-alike characters are errors that name the character", arguments: [
        ("-a—b|", 3, "'—' (U+2014 EM DASH) looks like '-'"),
        ("-a–b|", 3, "'–' (U+2013 EN DASH) looks like '-'"),
        ("-a-bl", 5, "'l' is not a value here; did you mean '|' (completed)?"),
        ("-a-bI", 5, "'I' is not a value here; did you mean '|' (completed)?"),
        ("-a-b｜", 5, "'｜' (U+FF5C FULLWIDTH VERTICAL LINE) looks like '|'"),
        ("-ａ-b|", 2, "'ａ' (U+FF41 FULLWIDTH LATIN SMALL LETTER A) looks like 'a'"),
        ("-a\u{3000}b|", 3, "(U+3000 IDEOGRAPHIC SPACE) looks like ' '"),
    ])
    func lookAlikes(diagram: String, column: Int, message: String) {
        #expect {
            _ = try Marbles.parse(diagram)
        } throws: { error in
            guard let error = error as? MarbleError else { return false }
            return error.column == column && error.reason.contains(message)
        }
    }

    @Test("a caret under a full-width character accounts for its double width")
    func wideCaret() {
        let error = MarbleError(diagram: "ａｂ|", column: 3, reason: "test")
        #expect("\(error)".hasSuffix("    ａｂ|\n        ^"))
    }

    @Test("'l' is a value when the dictionary names it")
    func lInDictionary() throws {
        let parsed = try Marbles.parse("-l|", values: ["l": 7])
        #expect(parsed.events == [.next(1, 7), .completed(2)])
    }

    @Test("rendering is the inverse of parsing")
    func roundTrip() throws {
        for diagram in ["-a-b-|", "--(ab)--c-#", "a", "---", "(a|)"] {
            let parsed = try Marbles.parse(diagram)
            let rendered = Marbles.render(parsed.events, glyph: { Character($0) })
            #expect(rendered == diagram.trimmingTrailingDashes(), "\(diagram)")
        }
    }

    @Test("long gaps render as time tokens that parse back")
    func renderTimeTokens() throws {
        let events: [Recorded<Event<String>>] = [.next(1, "a"), .next(300, "b"), .completed(1301)]
        let rendered = Marbles.render(events, resolution: .milliseconds(1), glyph: { Character($0) })
        #expect(rendered == "-a 298ms b 1s |")
        #expect(try Marbles.parse(rendered, resolution: .milliseconds(1)).events == events)
    }

    @Test("subscription diagrams")
    func subscriptions() throws {
        #expect(try Marbles.parseSubscription("--^--!") == Subscription(2, 5))
        #expect(try Marbles.parseSubscription("^") == Subscription(0))
        #expect(try Marbles.parseSubscription("^ 10ms !", resolution: .milliseconds(1)) == Subscription(0, 11))
        #expect(Marbles.render(Subscription(2, 5)) == "--^--!")
        #expect(Marbles.render(Subscription(3)) == "---^")
        #expect(throws: MarbleError.self) { try Marbles.parseSubscription("--!") }
        #expect(throws: MarbleError.self) { try Marbles.parseSubscription("^--!-") }
        #expect(throws: MarbleError.self) { try Marbles.parseSubscription("^—!") }
    }

    @Test("a marble test reads as input, expression, expected output")
    func marbleTest() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-1-2-3-4-|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
        let observer = scheduler.start(created: 0, subscribed: 0) { source.filter { $0.isMultiple(of: 2) } }
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

    @Test("a mismatch is reported with both timelines, aligned")
    func mismatchReport() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let observer = scheduler.start(created: 0, subscribed: 0) { source }
        withKnownIssue {
            expectMarbles(observer, "-a--b|")
        } matching: { issue in
            let text = issue.description
            return text.contains("expected: -a--b|") && text.contains("actual:   -a-b-|")
        }
    }

    @Test("a typo'd expectation fails instead of passing")
    func typoFails() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let observer = scheduler.start(created: 0, subscribed: 0) { source }
        withKnownIssue {
            expectMarbles(observer, "-a-b-l")
        } matching: { issue in
            issue.description.contains("did you mean '|'")
        }
        withKnownIssue {
            expectMarbles(observer, "-a—b-|")
        } matching: { issue in
            issue.description.contains("U+2014 EM DASH")
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
