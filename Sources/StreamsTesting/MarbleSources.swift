import Streams
import Testing

/// Marble-diagram sources for Swift Testing: a diagram that cannot be read is reported as a
/// test issue at the caller's line, and the source then emits nothing.
extension TestScheduler {
    /// A hot observable of the glyphs of `diagram` (`"-a-b-|"` emits `"a"` and `"b"`).
    public func createHotObservable(
        _ diagram: String,
        error: any Error = TestError("error"),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> TestableObservable<String> {
        createHotObservable(diagram, values: glyphValues(diagram), error: error, sourceLocation: sourceLocation)
    }

    /// A hot observable whose glyphs stand for the values in `values`.
    public func createHotObservable<Element>(
        _ diagram: String,
        values: [Character: Element],
        error: any Error = TestError("error"),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> TestableObservable<Element> {
        parsing(at: sourceLocation) {
            try createHotObservable(marbles: diagram, values: values, error: error)
        } orElse: {
            createHotObservable([])
        }
    }

    /// A cold observable of the glyphs of `diagram`, replayed for each subscriber.
    public func createColdObservable(
        _ diagram: String,
        error: any Error = TestError("error"),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> TestableObservable<String> {
        createColdObservable(diagram, values: glyphValues(diagram), error: error, sourceLocation: sourceLocation)
    }

    /// A cold observable whose glyphs stand for the values in `values`.
    public func createColdObservable<Element>(
        _ diagram: String,
        values: [Character: Element],
        error: any Error = TestError("error"),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> TestableObservable<Element> {
        parsing(at: sourceLocation) {
            try createColdObservable(marbles: diagram, values: values, error: error)
        } orElse: {
            createColdObservable([])
        }
    }
}

/// The source `make` builds from a diagram, or, when the diagram cannot be read, the `fallback`
/// source, after recording the reason as an issue at `sourceLocation`.
private func parsing<Element>(
    at sourceLocation: SourceLocation,
    _ make: () throws -> TestableObservable<Element>,
    orElse fallback: () -> TestableObservable<Element>
) -> TestableObservable<Element> {
    do {
        return try make()
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return fallback()
    }
}

/// Every glyph of a diagram mapped to itself as a string.
func glyphValues(_ diagram: String) -> [Character: String] {
    Dictionary(diagram.map { ($0, String($0)) }, uniquingKeysWith: { first, _ in first })
}
