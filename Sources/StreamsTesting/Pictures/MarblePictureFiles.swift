import Foundation
import Testing

/// Committed marble pictures: where they are, how they are named, and the environment variables
/// that redraw them or draw a failing test.
public enum MarblePictures {
    /// Set to `1`, ``expectMarblePicture(_:named:in:redrawCommand:fileID:filePath:line:column:)``
    /// writes the pictures it would otherwise compare: the record mode of snapshot tests.
    public static let redrawVariable = "STREAMS_REDRAW_PICTURES"
    /// Set to a directory (or `1`, for one in the temporary directory), a failing marble
    /// expectation also draws the expected and the actual timelines side by side there, and
    /// names the file in its failure message.
    public static let failureVariable = "STREAMS_FAILURE_PICTURES"

    /// `name.svg` for the light appearance and `name~dark.svg` for the dark one, the names DocC
    /// pairs.
    public static func fileName(_ name: String, _ appearance: MarbleAppearance) -> String {
        appearance == .dark ? "\(name)~dark.svg" : "\(name).svg"
    }

    /// Whether this run redraws pictures (`STREAMS_REDRAW_PICTURES=1`), for a suite that also
    /// deletes the pictures nothing draws any more.
    public static var isRedrawing: Bool { isSet(redrawVariable) }

    static func isSet(_ variable: String) -> Bool {
        guard let value = ProcessInfo.processInfo.environment[variable] else { return false }
        return !value.isEmpty && value != "0"
    }
}

/// Expects the committed pictures of `diagram`, `name.svg` and `name~dark.svg` in `directory`,
/// to be exactly what it draws today.
///
/// A picture that differs or is missing is a failure that names the file and how to redraw
/// it. With `STREAMS_REDRAW_PICTURES=1` in the environment the pictures are written instead,
/// so one filtered test run redraws every picture of a suite:
///
/// ```
/// STREAMS_REDRAW_PICTURES=1 swift test --filter ThrottlePictureTests
/// ```
///
/// - Parameters:
///   - diagram: The diagram drawn from the run.
///   - name: The pictures' name, without `.svg`.
///   - directory: Where the pictures are committed.
///   - redrawCommand: The command the failure message gives for redrawing; by default, to run
///     the test again with `STREAMS_REDRAW_PICTURES=1`.
///   - fileID: The file of the call, for the failure.
///   - filePath: The path of the file of the call, for the failure.
///   - line: The line of the call, for the failure.
///   - column: The column of the call, for the failure.
public func expectMarblePicture(
    _ diagram: MarbleDiagram,
    named name: String,
    in directory: URL,
    redrawCommand: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    comparePicture(diagram, name, directory, redrawCommand, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// ``expectMarblePicture(_:named:in:redrawCommand:fileID:filePath:line:column:)`` for a Swift
/// Testing helper that passes on a `sourceLocation` of its own, such as the line of a diagram
/// in a documentation file.
public func expectMarblePicture(
    _ diagram: MarbleDiagram, named name: String, in directory: URL, redrawCommand: String? = nil, sourceLocation: SourceLocation
) {
    comparePicture(diagram, name, directory, redrawCommand, at: CallSite(sourceLocation))
}

private func comparePicture(_ diagram: MarbleDiagram, _ name: String, _ directory: URL, _ redrawCommand: String?, at site: CallSite) {
    let redraw = MarblePictures.isRedrawing
    let how = redrawCommand ?? "run the test again with \(MarblePictures.redrawVariable)=1 in its environment"
    for appearance in MarbleAppearance.allCases {
        let file = directory.appendingPathComponent(MarblePictures.fileName(name, appearance))
        let drawn = diagram.svg(appearance)
        let committed = try? String(contentsOf: file, encoding: .utf8)
        guard committed != drawn else { continue }
        if redraw {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try drawn.write(to: file, atomically: true, encoding: .utf8)
            } catch {
                reportFailure("could not write the marble picture \(file.path): \(error)", at: site)
            }
            continue
        }
        guard let committed else {
            reportFailure("no marble picture at \(file.path); draw it: \(how)", at: site)
            continue
        }
        reportFailure(
            "the marble picture \(file.path) is not what the code draws today (\(firstDifference(committed, drawn))); "
                + "if the change is intended, redraw it: \(how)",
            at: site
        )
    }
}

/// `line 12: committed "…", drawn "…"`.
private func firstDifference(_ committed: String, _ drawn: String) -> String {
    let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
    let new = drawn.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(old.count, new.count) {
        let before = index < old.count ? String(old[index]) : "(end of file)"
        let after = index < new.count ? String(new[index]) : "(end of file)"
        if before != after { return "line \(index + 1): committed \(before.prefix(160)), drawn \(after.prefix(160))" }
    }
    return "they differ"
}
