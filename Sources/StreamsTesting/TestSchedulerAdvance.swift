import Streams

/// RxTest's, combine-schedulers' and swift-clocks' ways to move the clock of a
/// ``TestScheduler`` in a test: `advanceTo(300)`, `advance(by: .milliseconds(300))`,
/// `advance(to: .seconds(2))`.
///
/// Like RxTest's and combine-schedulers' own, none of them throws: a mistake is reported to the
/// test framework that is running, at the caller's line. They are the throwing
/// ``TestScheduler/advance(to:fileID:line:)`` and
/// ``TestScheduler/advance(by:fileID:line:)`` of `Streams`, for code outside tests
/// (the demo's clock), with the reporting of this library.
extension TestScheduler {
    /// Runs every action due up to and including `tick`, then sets the clock there: RxTest's
    /// `advanceTo(_:)`.
    ///
    /// A `tick` before `TestScheduler.clock` is reported at this line with
    /// `TestSchedulerError.clockMovedBackwards`, and the
    /// clock stays where it is.
    ///
    /// - Parameters:
    ///   - tick: The tick to move the clock to.
    ///   - fileID: The file of the call, where a mistake is reported.
    ///   - filePath: The path of that file, for the test framework.
    ///   - line: The line of the call, where a mistake is reported.
    ///   - column: The column of the call, for the test framework.
    public func advanceTo(
        _ tick: Int, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        reportingMisuse(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            () throws(TestSchedulerError) in try advance(to: tick, fileID: fileID, line: line)
        }
    }

    /// Moves the clock forward by `duration`, running every action due on the way:
    /// combine-schedulers' and swift-clocks' `advance(by:)`. With no argument it runs what is
    /// due now.
    ///
    /// `duration` must be a whole number of ticks: at one tick per millisecond,
    /// `.milliseconds(299)` is 299 ticks, but at one tick per second it is a mistake, reported
    /// at this line with the scheduler's resolution, and the clock does not move. It is never
    /// rounded, since a rounded step would run actions the test did not reach.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(resolution: .milliseconds(1))
    /// scheduler.advance(by: .milliseconds(299))   // tick 299
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How far to move the clock; zero or more.
    ///   - fileID: The file of the call, where a mistake is reported.
    ///   - filePath: The path of that file, for the test framework.
    ///   - line: The line of the call, where a mistake is reported.
    ///   - column: The column of the call, for the test framework.
    public func advance(
        by duration: Duration = .zero,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let ticks = wholeTicks(in: duration, call: "advance(by: \(duration))", at: site) else { return }
        reportingMisuse(at: site) { () throws(TestSchedulerError) in try advance(by: ticks, fileID: fileID, line: line) }
    }

    /// Moves the clock to the virtual time `time` (`TestScheduler.now` is the time
    /// so far), running every action due up to and including it: combine-schedulers' and
    /// swift-clocks' `advance(to:)`.
    ///
    /// `time` must be a whole number of ticks, and not before `TestScheduler.now`;
    /// either mistake is reported at this line, and the clock does not move.
    ///
    /// - Parameters:
    ///   - time: The virtual time to move the clock to, from tick 0.
    ///   - fileID: The file of the call, where a mistake is reported.
    ///   - filePath: The path of that file, for the test framework.
    ///   - line: The line of the call, where a mistake is reported.
    ///   - column: The column of the call, for the test framework.
    public func advance(
        to time: Duration,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let tick = wholeTicks(in: time, call: "advance(to: \(time))", at: site) else { return }
        reportingMisuse(at: site) { () throws(TestSchedulerError) in try advance(to: tick, fileID: fileID, line: line) }
    }

    /// The ticks in `duration`, or `nil` after reporting that it is not a whole number of them.
    private func wholeTicks(in duration: Duration, call: String, at site: CallSite) -> Int? {
        if let ticks = ticks(exactly: duration) { return ticks }
        // The coarsest resolution that would take this duration: the scheduler to suggest.
        let units: [(attoseconds: Int64, spelled: String)] = [
            (1_000_000_000_000_000, ".milliseconds(1)"), (1_000_000_000_000, ".microseconds(1)"), (1_000_000_000, ".nanoseconds(1)"),
        ]
        let finer = units.first { duration.components.attoseconds % $0.attoseconds == 0 }
        reportFailure(
            "\(call) is not a whole number of ticks: this TestScheduler's resolution is \(resolution) per tick, "
                + "and virtual time is never rounded. Pass a multiple of \(resolution)"
                + (finer.map { ", or make the scheduler finer: TestScheduler(resolution: \($0.spelled))" } ?? "") + ".",
            at: site
        )
        return nil
    }
}
