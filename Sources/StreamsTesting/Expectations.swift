import Streams
import Testing

/// Expects the events recorded by `observer` to be exactly those of the `expected` diagram.
///
/// The comparison is between events (value and tick), so it is exact even where a drawing is
/// ambiguous; on failure the two timelines are printed one above the other, followed by the
/// events themselves:
///
/// ```
/// expected: -a--c---d-|
/// actual:   -a--c--d--|
/// ```
///
/// - Parameters:
///   - observer: The recorder returned by ``Streams/TestScheduler/start(created:subscribed:disposed:_:)``.
///   - expected: The expected timeline, in absolute ticks.
///   - values: What each glyph stands for.
///   - error: The error that `#` stands for.
///   - sourceLocation: Where to report a mismatch; defaults to the caller's line.
public func expectMarbles<Element: Equatable>(
    _ observer: TestableObserver<Element>,
    _ expected: String,
    values: [Character: Element],
    error: any Error = TestError("error"),
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let expectedEvents: [Recorded<Event<Element>>]
    do {
        expectedEvents = try Marbles.parse(expected, value: { values[$0] }, error: error).events
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return
    }
    let actualEvents = observer.events
    guard actualEvents != expectedEvents else { return }
    let glyph = { (element: Element) -> Character in
        if let key = values.filter({ $0.value == element }).keys.min() { return key }
        if let text = element as? String, text.count == 1, let first = text.first { return first }
        return "?"
    }
    Issue.record(
        """
        Timelines differ:
        expected: \(Marbles.render(expectedEvents, glyph: glyph))
        actual:   \(Marbles.render(actualEvents, glyph: glyph))
        expected events: \(expectedEvents.map(\.debugDescription).joined(separator: ", "))
        actual events:   \(actualEvents.map(\.debugDescription).joined(separator: ", "))
        """,
        sourceLocation: sourceLocation
    )
}

/// Expects the string events recorded by `observer` to be exactly the glyphs of `expected`.
public func expectMarbles(
    _ observer: TestableObserver<String>,
    _ expected: String,
    error: any Error = TestError("error"),
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectMarbles(observer, expected, values: glyphValues(expected), error: error, sourceLocation: sourceLocation)
}

/// Expects `source` to have been subscribed exactly as the diagrams say, one diagram per
/// subscription in order: `"^---!"` subscribed at 0 and disposed at 4.
public func expectSubscriptions<Element>(
    _ source: TestableObservable<Element>,
    _ expected: String...,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let expectedSubscriptions: [Subscription]
    do {
        expectedSubscriptions = try expected.map { diagram throws(MarbleError) in try Marbles.parseSubscription(diagram) }
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return
    }
    let actual = source.subscriptions
    guard actual != expectedSubscriptions else { return }
    Issue.record(
        """
        Subscriptions differ:
        expected: \(expectedSubscriptions.map(Marbles.render).joined(separator: "  "))
        actual:   \(actual.map(Marbles.render).joined(separator: "  "))
        (\(expectedSubscriptions.map(\.debugDescription).joined(separator: ", ")) vs \(actual.map(\.debugDescription).joined(separator: ", ")))
        """,
        sourceLocation: sourceLocation
    )
}

/// Expects the scheduler to have no work left: every timer cancelled or run.
///
/// Call it at the end of a test, as swift-clocks' `checkSuspension()` closes a test: work left
/// behind usually means a subscription that was never disposed.
public func expectNoPendingWork(_ scheduler: TestScheduler, sourceLocation: SourceLocation = #_sourceLocation) {
    let pending = scheduler.pendingTicks
    guard !pending.isEmpty else { return }
    Issue.record(
        "TestScheduler still has \(pending.count) pending action(s), due at ticks \(pending.prefix(10).map(String.init).joined(separator: ", ")); the clock is at \(scheduler.clock).",
        sourceLocation: sourceLocation
    )
}
