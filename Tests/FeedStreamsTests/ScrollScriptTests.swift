import FeedStreams
import Testing

@Suite("Scroll scripts")
struct ScrollScriptTests {
    // MARK: Steps

    @Test("reads every kind of step")
    func everyStep() throws {
        let text = """
            wait 300ms
            wait 1.5s
            drag to 2400
            drag to 2400 over 800ms
            fling 3000
            fling -4500.5pt/s
            scroll to bottom
            scroll to top
            pull to refresh
            tap 5
            tap at 120 300.5
            tap retry
            memory warning
            Memory  WARNING   # the system's step, in any case
            """
        let steps = try ScrollScript.parse(text, fileName: "all.scroll")
        #expect(steps == [
            .wait(.milliseconds(300)),
            .wait(.milliseconds(1500)),
            .drag(to: 2400, over: .milliseconds(500)),
            .drag(to: 2400, over: .milliseconds(800)),
            .fling(velocity: 3000),
            .fling(velocity: -4500.5),
            .scrollToBottom,
            .scrollToTop,
            .pullToRefresh,
            .tap(index: 5),
            .tapAt(x: 120, y: 300.5),
            .tapRetry,
            .memoryWarning,
            .memoryWarning,
        ])
    }

    @Test("skips comments and blank lines, and ignores case, extra spaces, tabs and CRLF")
    func commentsAndSpacing() throws {
        let text = "# A header comment\n\n   \n  WAIT\t250ms   # settle\r\nDrag To 600pt Over 1s\r\n\t# indented comment\n"
        let steps = try ScrollScript.parse(text)
        #expect(steps == [.wait(.milliseconds(250)), .drag(to: 600, over: .seconds(1))])
    }

    @Test("an empty script has no steps")
    func empty() throws {
        #expect(try ScrollScript.parse("").isEmpty)
        #expect(try ScrollScript.parse("# only a comment\n\n").isEmpty)
    }

    @Test("writes each step back as a line that parses to the same step")
    func roundTrip() throws {
        let steps: [ScrollStep] = [
            .wait(.milliseconds(300)), .wait(.seconds(2)), .wait(.milliseconds(1250)),
            .drag(to: 2400, over: .milliseconds(500)), .drag(to: -12.5, over: .seconds(1)),
            .fling(velocity: -3000), .scrollToBottom, .scrollToTop, .pullToRefresh, .tap(index: 7),
            .tapAt(x: 10, y: 20), .tapRetry, .memoryWarning,
        ]
        let lines = steps.map(ScrollScript.line(for:))
        #expect(lines == [
            "wait 300ms", "wait 2s", "wait 1250ms", "drag to 2400 over 500ms", "drag to -12.5 over 1s",
            "fling -3000", "scroll to bottom", "scroll to top", "pull to refresh", "tap 7", "tap at 10 20",
            "tap retry", "memory warning",
        ])
        #expect(try ScrollScript.parse(lines.joined(separator: "\n")) == steps)
    }

    // MARK: Errors

    /// The error `parse` throws for `text`, or `nil` when it parses.
    private func error(_ text: String) -> ScrollScriptError? {
        do {
            _ = try ScrollScript.parse(text, fileName: "s.scroll")
            return nil
        } catch {
            return error
        }
    }

    @Test("reports each bad line with its file, line, column, what was expected and what was found",
          arguments: [
              ("jump 3", 1, 1, #"s.scroll:1: expected a step (wait, drag, fling, scroll, pull, tap or memory warning), got "jump""#),
              ("warning", 1, 1, #"s.scroll:1: expected a step (wait, drag, fling, scroll, pull, tap or memory warning), got "warning""#),
              ("memory", 1, 7, #"s.scroll:1: expected "warning", got end of line"#),
              ("memory low", 1, 8, #"s.scroll:1: expected "warning", got "low""#),
              ("memory warning 2", 1, 16, #"s.scroll:1: expected the end of the line, got "2""#),
              ("wait", 1, 5, "s.scroll:1: expected a duration such as 300ms or 1.5s, got end of line"),
              ("wait 300", 1, 6, #"s.scroll:1: expected a duration such as 300ms or 1.5s, got "300""#),
              ("wait -5ms", 1, 6, #"s.scroll:1: expected a duration such as 300ms or 1.5s, got "-5ms""#),
              ("wait 2h", 1, 6, #"s.scroll:1: expected a duration such as 300ms or 1.5s, got "2h""#),
              ("wait 1e3ms", 1, 6, #"s.scroll:1: expected a duration such as 300ms or 1.5s, got "1e3ms""#),
              ("wait 7200s", 1, 6, #"s.scroll:1: expected a duration of at most 1 hour, got "7200s""#),
              ("drag to 10 over 3601s", 1, 17, #"s.scroll:1: expected a duration of at most 1 hour, got "3601s""#),
              ("wait 300 ms", 1, 6, #"s.scroll:1: expected a duration such as 300ms or 1.5s, got "300""#),
              ("drag 2400", 1, 6, #"s.scroll:1: expected "to", got "2400""#),
              ("drag to", 1, 8, "s.scroll:1: expected an offset in points, such as 2400, got end of line"),
              ("drag to far", 1, 9, #"s.scroll:1: expected an offset in points, such as 2400, got "far""#),
              ("drag to nan", 1, 9, #"s.scroll:1: expected an offset in points, such as 2400, got "nan""#),
              ("drag to 10 in 3s", 1, 12, #"s.scroll:1: expected "over" or the end of the line, got "in""#),
              ("drag to 10 over", 1, 16, "s.scroll:1: expected a duration such as 300ms or 1.5s, got end of line"),
              ("fling", 1, 6, "s.scroll:1: expected a velocity in points per second, such as 3000, got end of line"),
              ("fling fast", 1, 7, #"s.scroll:1: expected a velocity in points per second, such as 3000, got "fast""#),
              ("fling 90000", 1, 7, #"s.scroll:1: expected a velocity of at most 50000 pt/s either way, got "90000""#),
              ("scroll", 1, 7, #"s.scroll:1: expected "to", got end of line"#),
              ("scroll to middle", 1, 11, #"s.scroll:1: expected "top" or "bottom", got "middle""#),
              ("scroll to", 1, 10, #"s.scroll:1: expected "top" or "bottom", got end of line"#),
              ("pull", 1, 5, #"s.scroll:1: expected "to", got end of line"#),
              ("pull to reload", 1, 9, #"s.scroll:1: expected "refresh", got "reload""#),
              ("tap", 1, 4, #"s.scroll:1: expected a photo index (0 or more) or "at", got end of line"#),
              ("tap -1", 1, 5, #"s.scroll:1: expected a photo index (0 or more) or "at", got "-1""#),
              ("tap 99999999999999999999", 1, 5,
               #"s.scroll:1: expected a photo index (0 or more) or "at", got "99999999999999999999""#),
              ("tap at 10", 1, 10, "s.scroll:1: expected a y coordinate in points, got end of line"),
              ("tap at x 10", 1, 8, #"s.scroll:1: expected an x coordinate in points, got "x""#),
              ("tap 5 now", 1, 7, #"s.scroll:1: expected the end of the line, got "now""#),
              ("scroll to top please # polite", 1, 15, #"s.scroll:1: expected the end of the line, got "please""#),
          ])
    func errors(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(self.error(text))
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error.description == message)
    }

    @Test("counts lines from 1, including comments and blank lines, and stops at the first bad one")
    func lineNumbers() throws {
        let text = "# tour\nwait 1s\n\nfling 3000\nfling\nbogus\n"
        let error = try #require(self.error(text))
        #expect(error.line == 5)
        #expect(error.description == "s.scroll:5: expected a velocity in points per second, such as 3000, got end of line")
    }

    @Test("the excerpt shows the line with a caret under the column")
    func excerpt() throws {
        let error = try #require(self.error("wait 1s\n  wait 300 # oops"))
        #expect(error.excerpt == """
            s.scroll:2: expected a duration such as 300ms or 1.5s, got "300"
                  wait 300 # oops
                       ^
            """)
    }

    // MARK: Bounds

    /// The error `parse` throws for `text` with a photo count, or `nil` when it parses.
    private func error(_ text: String, photoCount: Int?) -> ScrollScriptError? {
        do {
            _ = try ScrollScript.parse(text, fileName: "s.scroll", photoCount: photoCount)
            return nil
        } catch {
            return error
        }
    }

    @Test("a tap at or past the photos the feed can ever show is an error at its line; taps at points and retry are not")
    func tapPastTheCatalog() throws {
        #expect(error("tap 59\ntap at 500 500\ntap retry", photoCount: 60) == nil)
        #expect(error("tap 1000", photoCount: nil) == nil)
        let past = try #require(error("wait 1s\ntap 60", photoCount: 60))
        #expect((past.line, past.column) == (2, 5))
        #expect(past.description == #"s.scroll:2: expected a photo index from 0 to 59 (the feed can show at most 60 photos), got "60""#)
        #expect(error("tap 1", photoCount: 1)?.description
            == #"s.scroll:1: expected photo index 0 (the feed can show at most 1 photo), got "1""#)
        #expect(error("tap 0", photoCount: 0)?.description
            == #"s.scroll:1: expected no tap on a photo (the feed has no photos), got "0""#)
    }

    @Test("a script's drags last at most an hour in all; the line that goes past says how much was left")
    func dragTime() throws {
        #expect(error("wait 3600s\nwait 3600s\ndrag to 5 over 3600s") == nil)
        let over = try #require(error("drag to 100 over 3000s\n# more\ndrag to 0 over 601s"))
        #expect((over.line, over.column) == (3, 16))
        #expect(over.description
            == #"s.scroll:3: expected a drag of at most 600s (a script's drags last at most 1 hour in all), got "601s""#)
        // A drag without `over` takes 500 ms, and is pointed at by its offset.
        let implicit = try #require(error("drag to 100 over 3600s\ndrag to 0"))
        #expect((implicit.line, implicit.column) == (2, 9))
        #expect(implicit.description == #"s.scroll:2: expected a drag of at most 0ms (a script's drags last at most 1 hour in all), got "0""#)
    }

    @Test("a script has at most 1,000 steps; comments and blank lines do not count")
    func stepCount() throws {
        let taps = Array(repeating: "tap 1", count: ScrollScript.maximumStepCount)
        #expect(error((["# many taps", ""] + taps).joined(separator: "\n")) == nil)
        let tooMany = try #require(error((taps + ["wait 1s"]).joined(separator: "\n")))
        #expect((tooMany.line, tooMany.column) == (1001, 1))
        #expect(tooMany.description == #"s.scroll:1001: expected the end of the script (a script has at most 1000 steps), got "wait""#)
    }
}
