import Streams
import Testing

/// Expects the events recorded by `observer` to be exactly those of the `expected` diagram.
///
/// The comparison is between events (value and tick), so it is exact even where a drawing is
/// ambiguous. On failure the two timelines are printed aligned, one above the other, so the
/// actual line pastes back into the test, followed by the events themselves:
///
/// ```
/// expected: -a--c---d-|
/// actual:   -a--c--d--|
/// ```
///
/// A mismatch, or an `expected` diagram that cannot be read, is reported to the framework
/// running the test (a Swift Testing issue, or `XCTFail`) at the caller's line.
///
/// - Parameters:
///   - observer: The recorder returned by ``TestScheduler/start(created:subscribed:disposed:fileID:filePath:line:column:_:)``.
///   - expected: The expected timeline, in absolute ticks; time tokens count at the
///     scheduler's resolution.
///   - values: What each glyph stands for.
///   - error: The error that `#` stands for.
///   - fileID: The file of the call, where a failure is reported.
///   - filePath: The path of that file, for XCTest.
///   - line: The line of the call, where a failure is reported.
///   - column: The column of the call.
public func expectMarbles<Element: Equatable>(
    _ observer: TestableObserver<Element>,
    _ expected: String,
    values: [Character: Element],
    error: any Error = TestError("error"),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let resolution = observer.scheduler.resolution
    compareTimelines(observer.events, expected, values: values, resolution: resolution, at: site) { () throws(MarbleError) in
        try Marbles.parse(expected, values: values, error: error, resolution: resolution).events
    }
}

/// Expects the string events recorded by `observer` to be exactly the glyphs of `expected`.
public func expectMarbles(
    _ observer: TestableObserver<String>,
    _ expected: String,
    error: any Error = TestError("error"),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let resolution = observer.scheduler.resolution
    compareTimelines(observer.events, expected, values: [:], resolution: resolution, at: site) { () throws(MarbleError) in
        try Marbles.parse(expected, error: error, resolution: resolution).events
    }
}

/// ``expectMarbles(_:_:values:error:fileID:filePath:line:column:)`` for a Swift Testing helper
/// that passes on a `sourceLocation` of its own, such as the line of a diagram in a
/// documentation file.
public func expectMarbles<Element: Equatable>(
    _ observer: TestableObserver<Element>,
    _ expected: String,
    values: [Character: Element],
    error: any Error = TestError("error"),
    sourceLocation: SourceLocation
) {
    let resolution = observer.scheduler.resolution
    compareTimelines(observer.events, expected, values: values, resolution: resolution, at: CallSite(sourceLocation)) {
        () throws(MarbleError) in try Marbles.parse(expected, values: values, error: error, resolution: resolution).events
    }
}

/// Expects `source` to have been subscribed exactly as the diagrams say, one diagram per
/// subscription in order: `"^---!"` subscribed at 0 and disposed at 4.
public func expectSubscriptions<Element>(
    _ source: TestableObservable<Element>,
    _ expected: String...,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    compareSubscriptions(source, expected, resolution: source.scheduler.resolution,
                         at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// ``expectSubscriptions(_:_:fileID:filePath:line:column:)`` for a Swift Testing helper that
/// passes on its own caller's `sourceLocation`.
public func expectSubscriptions<Element>(
    _ source: TestableObservable<Element>, _ expected: [String], sourceLocation: SourceLocation
) {
    compareSubscriptions(source, expected, resolution: source.scheduler.resolution, at: CallSite(sourceLocation))
}

/// Expects the scheduler to have no work left: every timer cancelled or run.
///
/// Call it at the end of a test, as swift-clocks' `checkSuspension()` closes a test: work left
/// behind usually means a subscription that was never disposed.
public func expectNoPendingWork(
    _ scheduler: TestScheduler,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let pending = scheduler.pendingTicks
    guard !pending.isEmpty else { return }
    reportFailure(pendingWorkMessage(scheduler, pending), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Compares recorded events with a diagram, and reports a difference as two aligned timelines.
func compareTimelines<Element: Equatable>(
    _ actual: [Recorded<Event<Element>>],
    _ expected: String,
    label: String = "",
    values: [Character: Element],
    resolution: Duration,
    at site: CallSite,
    scope: MarbleScope? = nil,
    parse: () throws(MarbleError) -> [Recorded<Event<Element>>]
) {
    let expectedEvents: [Recorded<Event<Element>>]
    do {
        expectedEvents = try parse()
    } catch {
        reportFailure("\(label)\(error)", at: site)
        return
    }
    guard actual != expectedEvents else { return }
    let glyph = { (element: Element) -> Character in
        if let key = values.filter({ $0.value == element }).keys.min() { return key }
        if let text = element as? String, text.count == 1, let first = text.first { return first }
        return "?"
    }
    let lines = Marbles.drawAligned(
        [Marbles.marks(of: expectedEvents, glyph: glyph), Marbles.marks(of: actual, glyph: glyph)],
        resolution: resolution
    )
    let diagrams = [expected] + (scope?.diagrams ?? [])
    let timed = diagrams.contains { (try? MarbleScanner.tokens(of: $0, resolution: resolution))?.contains { $0.glyph == nil } == true }
    let picture = FailurePicture.write(
        expected: expectedEvents, actual: actual, values: values, axis: timed ? .time(tick: resolution) : .ticks,
        subscribed: scope?.subscribed ?? 0, inputs: scope?.pictureInputs ?? [], at: site
    )
    reportFailure(
        """
        \(label)Timelines differ:
        expected: \(lines[0])
        actual:   \(lines[1])
        expected events: \(expectedEvents.map(\.debugDescription).joined(separator: ", "))
        actual events:   \(actual.map(\.debugDescription).joined(separator: ", "))
        """ + (picture.map { "\npicture: \($0)" } ?? ""),
        at: site
    )
}

/// Compares the subscription log of `source` with diagrams, one per subscription.
func compareSubscriptions<Element>(
    _ source: TestableObservable<Element>,
    _ expected: [String],
    label: String = "",
    resolution: Duration,
    at site: CallSite
) {
    let expectedSubscriptions: [Subscription]
    do {
        expectedSubscriptions = try expected.map { diagram throws(MarbleError) in
            try Marbles.parseSubscription(diagram, resolution: resolution)
        }
    } catch {
        reportFailure("\(label)\(error)", at: site)
        return
    }
    let actual = source.subscriptions
    guard actual != expectedSubscriptions else { return }
    let count = max(actual.count, expectedSubscriptions.count)
    var lines: [String] = []
    for index in 0..<count {
        let marks = [expectedSubscriptions, actual].map { log in
            index < log.count ? Marbles.marks(of: log[index]) : []
        }
        let drawn = Marbles.drawAligned(marks, resolution: resolution)
        lines.append("expected: \(index < expectedSubscriptions.count ? drawn[0] : "(none)")")
        lines.append("actual:   \(index < actual.count ? drawn[1] : "(none)")")
    }
    reportFailure(
        """
        \(label)Subscriptions differ:
        \(lines.joined(separator: "\n"))
        expected: \(expectedSubscriptions.map(\.debugDescription).joined(separator: ", "))
        actual:   \(actual.map(\.debugDescription).joined(separator: ", "))
        """,
        at: site
    )
}

/// ``expectNoPendingWork(_:fileID:filePath:line:column:)`` for a Swift Testing helper that
/// passes on its own caller's `sourceLocation`.
public func expectNoPendingWork(_ scheduler: TestScheduler, sourceLocation: SourceLocation) {
    let pending = scheduler.pendingTicks
    guard !pending.isEmpty else { return }
    reportFailure(pendingWorkMessage(scheduler, pending), at: CallSite(sourceLocation))
}

private func pendingWorkMessage(_ scheduler: TestScheduler, _ pending: [Int]) -> String {
    "TestScheduler still has \(pending.count) pending action(s), due at ticks "
        + "\(pending.prefix(10).map(String.init).joined(separator: ", ")); the clock is at \(scheduler.clock)."
}
