import Testing

/// A line of a Markdown file, where a test about a documentation example reports its issues.
struct DocLine: Sendable {
    /// The file's absolute path, so an editor can open it.
    let path: String
    /// The path relative to the package, for messages.
    let display: String
    let line: Int

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "DocExamplesTests/\(display)", filePath: path, line: line, column: 1)
    }
}
