import Streams
import Testing

/// Test observables drawn as marble diagrams. Time tokens (` 10ms `) count at the scheduler's
/// resolution. A diagram that cannot be read is reported to the running test framework at the
/// caller's line, with the column and a caret, and the source then emits nothing.
extension TestScheduler {
    /// A hot observable whose glyphs stand for the values in `values`; its events play at
    /// the absolute ticks of their columns, and `^` marks where a test should subscribe
    /// (``TestableObservable/subscriptionTick``).
    public func createHotObservable<Element>(
        _ diagram: String,
        values: [Character: Element],
        error: any Error = TestError("error"),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> TestableObservable<Element> {
        marbleSource(.hot, diagram, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            () throws(MarbleError) in try Marbles.parse(diagram, values: values, error: error, resolution: resolution)
        }
    }

    /// A hot observable of the glyphs of `diagram` (`"-a-b-|"` emits `"a"` and `"b"`).
    public func createHotObservable(
        _ diagram: String,
        error: any Error = TestError("error"),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> TestableObservable<String> {
        marbleSource(.hot, diagram, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            () throws(MarbleError) in try Marbles.parse(diagram, error: error, resolution: resolution)
        }
    }

    /// A cold observable whose glyphs stand for the values in `values`, replayed for each
    /// subscriber at ticks counted from its subscription; `^` is an error.
    public func createColdObservable<Element>(
        _ diagram: String,
        values: [Character: Element],
        error: any Error = TestError("error"),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> TestableObservable<Element> {
        marbleSource(.cold, diagram, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            () throws(MarbleError) in try Marbles.parse(diagram, values: values, error: error, resolution: resolution)
        }
    }

    /// A cold observable of the glyphs of `diagram`, replayed for each subscriber.
    public func createColdObservable(
        _ diagram: String,
        error: any Error = TestError("error"),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> TestableObservable<String> {
        marbleSource(.cold, diagram, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            () throws(MarbleError) in try Marbles.parse(diagram, error: error, resolution: resolution)
        }
    }

    /// ``createHotObservable(_:values:error:fileID:filePath:line:column:)`` for a Swift Testing
    /// helper that passes on its own caller's `sourceLocation`.
    public func createHotObservable<Element>(
        _ diagram: String, values: [Character: Element], error: any Error = TestError("error"), sourceLocation: SourceLocation
    ) -> TestableObservable<Element> {
        marbleSource(.hot, diagram, at: CallSite(sourceLocation)) {
            () throws(MarbleError) in try Marbles.parse(diagram, values: values, error: error, resolution: resolution)
        }
    }

    /// ``createHotObservable(_:error:fileID:filePath:line:column:)`` for a Swift Testing helper
    /// that passes on its own caller's `sourceLocation`.
    public func createHotObservable(
        _ diagram: String, error: any Error = TestError("error"), sourceLocation: SourceLocation
    ) -> TestableObservable<String> {
        marbleSource(.hot, diagram, at: CallSite(sourceLocation)) {
            () throws(MarbleError) in try Marbles.parse(diagram, error: error, resolution: resolution)
        }
    }

    /// ``createColdObservable(_:values:error:fileID:filePath:line:column:)`` for a Swift Testing
    /// helper that passes on its own caller's `sourceLocation`.
    public func createColdObservable<Element>(
        _ diagram: String, values: [Character: Element], error: any Error = TestError("error"), sourceLocation: SourceLocation
    ) -> TestableObservable<Element> {
        marbleSource(.cold, diagram, at: CallSite(sourceLocation)) {
            () throws(MarbleError) in try Marbles.parse(diagram, values: values, error: error, resolution: resolution)
        }
    }

    /// ``createColdObservable(_:error:fileID:filePath:line:column:)`` for a Swift Testing
    /// helper that passes on its own caller's `sourceLocation`.
    public func createColdObservable(
        _ diagram: String, error: any Error = TestError("error"), sourceLocation: SourceLocation
    ) -> TestableObservable<String> {
        marbleSource(.cold, diagram, at: CallSite(sourceLocation)) {
            () throws(MarbleError) in try Marbles.parse(diagram, error: error, resolution: resolution)
        }
    }

    /// The source of a parsed diagram, or an empty one after reporting why it could not be read.
    func marbleSource<Element>(
        _ kind: TestableObservable<Element>.Kind,
        _ diagram: String,
        at site: CallSite,
        _ parse: () throws(MarbleError) -> (events: [Recorded<Event<Element>>], subscriptionTick: Int?)
    ) -> TestableObservable<Element> {
        do {
            let parsed = try parse()
            if kind == .cold, parsed.subscriptionTick != nil {
                let column = (diagram.firstIndex(of: "^").map { diagram.distance(from: diagram.startIndex, to: $0) } ?? 0) + 1
                throw MarbleError(diagram: diagram, column: column,
                                  reason: "'^' marks a hot source's subscription; a cold source starts when subscribed")
            }
            return TestableObservable(kind: kind, events: parsed.events, scheduler: self, subscriptionTick: parsed.subscriptionTick)
        } catch {
            reportFailure("\(error)", at: site)
            return TestableObservable(kind: kind, events: [], scheduler: self)
        }
    }
}
