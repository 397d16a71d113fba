import Synchronization
import Testing

/// What the examples print while a test runs them, line by line.
final class PrintedOutput: Sendable {
    private let text = Mutex("")

    func write(_ string: String) {
        text.withLock { $0 += string }
    }

    var lines: [String] {
        let all = text.withLock { $0 }
        var lines = all.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The output of the example running in this task, if a test captures it.
    @TaskLocal static var current: PrintedOutput?
}

/// The examples' `print`: the generated code lives in this module, so this one shadows the
/// standard library's and an example's output can be compared with what its comments promise.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator) + terminator
    if let output = PrintedOutput.current {
        output.write(text)
    } else {
        Swift.print(text, terminator: "")
    }
}

/// Runs an example and checks that its printed lines, joined with ", ", are the text its
/// `// prints` comments promise; a difference is reported at the comment's line.
func expectPrinted(
    _ promised: String,
    at line: DocLine,
    _ example: @MainActor () async throws -> Void
) async throws {
    let output = PrintedOutput()
    try await PrintedOutput.$current.withValue(output) { try await example() }
    let printed = output.lines.joined(separator: ", ")
    if printed != promised {
        Issue.record(
            """
            \(line.display):\(line.line): the example's `// prints` comments say it prints
              "\(promised)"
            but it printed
              "\(printed)"
            """,
            sourceLocation: line.sourceLocation
        )
    }
}
