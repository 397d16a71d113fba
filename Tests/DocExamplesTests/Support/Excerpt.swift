import Foundation
import Testing

/// Checks that a block marked `excerpt of <path>` is still in that file: its lines, without
/// their indentation, follow one another there. A file that cannot be read is reported at the
/// marker's line, with the path it names.
func expectExcerpt(_ block: [String], of path: String, in package: String, marker: DocLine, at line: DocLine) {
    let file: String
    do {
        file = try String(contentsOfFile: package + "/" + path, encoding: .utf8)
    } catch {
        let message = "\(marker.display):\(marker.line): the block is marked `excerpt of \(path)`, but \(path) cannot be read "
            + "in the package: name the test file the block is quoted from, relative to the package."
        Issue.record(Comment(rawValue: message), sourceLocation: marker.sourceLocation)
        return
    }
    let fileLines = file.split(separator: "\n", omittingEmptySubsequences: false).map(trimmed)
    let blockLines = block.map(trimmed)
    /// Whether the file holds the block's first `count` lines in a row.
    func holds(_ count: Int) -> Bool {
        let wanted = blockLines[..<count]
        return fileLines.indices.contains { start in fileLines[start...].starts(with: wanted) }
    }
    guard !holds(blockLines.count) else { return }
    let missing = (0..<blockLines.count).first { !holds($0 + 1) } ?? 0
    Issue.record(
        """
        \(line.display):\(line.line + missing): the block is marked `excerpt of \(path)`, but that file does not hold its lines in a row from this one on:
          \(block[missing])
        Copy the test's current lines into the block, or compile the block here instead of quoting it.
        """,
        sourceLocation: DocLine(path: line.path, display: line.display, line: line.line + missing).sourceLocation
    )
}

private func trimmed(_ line: some StringProtocol) -> String {
    String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
}
