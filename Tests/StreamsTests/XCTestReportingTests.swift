import StreamsTesting
import XCTest

/// The helpers under XCTest: every mistake is reported through `XCTFail` at the caller's file
/// and line, never silently. Each test catches what `XCTFail` records (by overriding the
/// method XCTest funnels every failure through), so the suite stays green while it proves that
/// the failure really fired, on Linux too, where `XCTExpectFailure` does not exist.
final class XCTestReportingTests: XCTestCase {
    private struct Failure {
        let message: String
        let file: String
        let line: Int
    }

    private var caught: [Failure]?

    /// Runs `body`, returning the failures it reported instead of failing this test.
    private func failures(_ body: () throws -> Void) rethrows -> [Failure] {
        caught = []
        defer { caught = nil }
        try body()
        return caught ?? []
    }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        guard caught != nil else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        caught?.append(Failure(message: issue.compactDescription, file: location?.fileURL.path ?? "", line: location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard caught != nil else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        caught?.append(Failure(message: description, file: filePath, line: lineNumber))
    }
    #endif

    private func assertOneFailure(
        _ failures: [Failure], at line: Int, containing text: String, file: StaticString = #filePath, assertLine: UInt = #line
    ) {
        XCTAssertEqual(failures.count, 1, "\(failures.map(\.message))", file: file, line: assertLine)
        guard let failure = failures.first else { return }
        XCTAssertTrue(failure.message.contains(text), failure.message, file: file, line: assertLine)
        XCTAssertEqual(failure.line, line, file: file, line: assertLine)
        XCTAssertTrue(failure.file.hasSuffix("XCTestReportingTests.swift"), failure.file, file: file, line: assertLine)
    }

    func testAMatchingTimelinePasses() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let observer = scheduler.start(created: 0, subscribed: 0) { source.map { $0.uppercased() } }
        let reported = failures {
            expectMarbles(observer, "-A-B-|")
            expectSubscriptions(source, "^----!")
            expectNoPendingWork(scheduler)
        }
        XCTAssertTrue(reported.isEmpty, "\(reported.map(\.message))")
    }

    func testAWrongExpectationFailsAtTheCallersLine() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let observer = scheduler.start(created: 0, subscribed: 0) { source }
        var line = 0
        let reported = failures {
            line = #line + 1
            expectMarbles(observer, "-a--b|")
        }
        assertOneFailure(reported, at: line, containing: "expected: -a--b|\nactual:   -a-b-|")
    }

    func testATypoedDiagramFails() throws {
        let scheduler = TestScheduler()
        var line = 0
        let reported = failures {
            line = #line + 1
            _ = scheduler.createHotObservable("-a-(b|")
        }
        assertOneFailure(reported, at: line, containing: "column 4: '(' is never closed")
    }

    func testALookAlikeGlyphFails() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let observer = scheduler.start(created: 0, subscribed: 0) { source }
        var line = 0
        let reported = failures {
            line = #line + 1
            expectMarbles(observer, "-a—b-|")
        }
        assertOneFailure(reported, at: line, containing: "'—' (U+2014 EM DASH) looks like '-'")
    }

    func testAnLTypedForABarFails() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        let observer = scheduler.start(created: 0, subscribed: 0) { source }
        var line = 0
        let reported = failures {
            line = #line + 1
            expectMarbles(observer, "-a-b-l")
        }
        assertOneFailure(reported, at: line, containing: "did you mean '|' (completed)?")
    }

    func testWrongSubscriptionsAndLeftoverWorkFail() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b-|")
        _ = scheduler.start(created: 0, subscribed: 0) { source }
        _ = scheduler.scheduleAt(2000) {}
        var lines: [Int] = []
        let reported = failures {
            lines.append(#line + 1)
            expectSubscriptions(source, "^---!")
            lines.append(#line + 1)
            expectNoPendingWork(scheduler)
        }
        XCTAssertEqual(reported.map(\.line), lines)
        XCTAssertEqual(reported.count, 2)
        XCTAssertTrue(reported.first?.message.contains("Subscriptions differ") == true)
        XCTAssertTrue(reported.last?.message.contains("due at ticks 2000") == true)
    }

    func testAOneLineMarbleTestReportsUnderXCTest() {
        var line = 0
        let reported = failures {
            line = #line + 1
            expectMarbles(hot: "-a^b-c|", { $0.map { $0.uppercased() } }, "---B-C-|")
        }
        assertOneFailure(reported, at: line, containing: "actual:   ---B-C|")
    }

    func testAStartWhoseSubscriptionHasPassedFailsAtTheCallersLine() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        _ = scheduler.start { source }
        var line = 0
        let reported = failures {
            line = #line + 1
            _ = scheduler.start { source }
        }
        assertOneFailure(reported, at: line, containing: "start(subscribed: 200, …) on a TestScheduler whose clock is already at 1000")
    }

    func testHalfATickFailsAtTheCallersLineNamingTheResolution() {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        var line = 0
        let reported = failures {
            line = #line + 1
            scheduler.advance(by: .microseconds(500))
        }
        assertOneFailure(reported, at: line, containing: "this TestScheduler's resolution is 0.001 seconds per tick")
        XCTAssertEqual(scheduler.clock, 0)
    }

    func testMovingTheClockBackWithAdvanceToFailsAtTheCallersLine() {
        let scheduler = TestScheduler(initialClock: 10)
        var line = 0
        let reported = failures {
            line = #line + 1
            scheduler.advanceTo(5)
        }
        assertOneFailure(reported, at: line, containing: "cannot move its clock back from tick 10 to tick 5")
    }
}
