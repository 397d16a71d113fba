import Foundation
import StreamsTesting
import Testing

/// A marble diagram read from the documentation: labelled input lines, the operation, one or
/// more output lines, and the notes in parentheses after them.
///
/// An output line is labelled `output`, `early` or `late`, says when it subscribed
/// (`(subscribed at 4)`), or is labelled with its own expression (`just(a):  (a|)`,
/// `throttle(.seconds(4)):  -b---b-|`); every other labelled line is an input, except
/// `subscriptions`, which lists the first input's subscriptions, one per line.
struct DocDiagram: Sendable, CustomTestStringConvertible {
    struct Line: Sendable {
        let label: String
        let diagram: String
        let note: String
        let number: Int

        /// The tick a subscriber line subscribed at: its note says, or 0.
        var subscribedAt: Int {
            note.firstMatch(of: #/subscribed at (?:tick )?(\d+)/#).flatMap { Int($0.output.1) } ?? 0
        }

        var isOutput: Bool {
            ["output", "early", "late"].contains(label) || label.contains("(")
                || note.contains(#/subscribed at (?:tick )?\d/#)
        }
    }

    let file: String
    let line: Int
    let inputs: [Line]
    let operation: String
    let operationNote: String
    let outputs: [Line]
    /// The subscriptions to the first input, one diagram each.
    let subscriptions: [String]

    var testDescription: String { "\(file):\(line) \(operation.isEmpty ? outputs.map(\.label).joined(separator: ", ") : operation)" }

    /// Where a line of this diagram is, for issues.
    func location(of line: Line) -> SourceLocation {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let name = (file as NSString).lastPathComponent
        return SourceLocation(fileID: "Streams/\(name)", filePath: root.appendingPathComponent(file).path, line: line.number, column: 1)
    }

    /// What an output line shows: its own expression, the operation, or (with neither) the
    /// first input itself, as a subject or a behaviour value when it is labelled so.
    func expression(of output: Line) -> String {
        if output.label.contains("(") { return output.label }
        if !operation.isEmpty { return operation }
        let first = inputs.first?.label ?? ""
        return ["subject", "accept"].contains(first) ? first : ""
    }

    private var notes: [String] { inputs.map(\.note) + [operationNote] + outputs.map(\.note) }

    /// Whether an input is cold: its own note says so, or a note says "both cold" or names it
    /// ("x and y are cold"), or the diagram shows it subscribed more than once.
    func isCold(_ label: String) -> Bool {
        (subscriptions.count > 1 && label == inputs.first?.label)
            || inputs.contains { $0.label == label && $0.note.contains("cold") }
            || notes.contains { note in
                note.contains("cold") && (note.contains("both") || note.range(of: "\\b\(label)\\b", options: .regularExpression) != nil)
            }
    }

    /// An output's glyphs: each letter or digit stands for itself, unless a note names its
    /// value (`A = a1`, `x = 10`, `y = "ab"`).
    func values(of output: Line) -> [Character: String] {
        var values: [Character: String] = [:]
        for glyph in output.diagram where glyph.isLetter || glyph.isNumber { values[glyph] = String(glyph) }
        let pattern = #/([A-Za-z0-9]) = ("[^"]*"|\[[^\]]*\]|\([^)]*\)|[^,)\s]+)/#
        for note in [operationNote, output.note] {
            for match in note.matches(of: pattern) {
                var value = String(match.output.2)
                if value.hasPrefix("\"") { value = String(value.dropFirst().dropLast()) }
                values[Character(String(match.output.1))] = value
            }
        }
        return values
    }

    /// The error `#` stands for in an output: the one its note names, or the test error the
    /// inputs fail with.
    func error(of output: Line) -> any Error {
        if output.note.contains("SingleError.moreThanOneElement") { return SingleError.moreThanOneElement }
        if output.note.contains("SingleError.noElements") { return SingleError.noElements }
        if output.note.contains("TimeoutError"), let seconds = operation.firstMatch(of: #/timeout\(\.seconds\((\d+)\)/#) {
            return TimeoutError(dueTime: .seconds(Int(seconds.output.1)!))
        }
        return TestError("error")
    }

    /// Every diagram in `Sources/Streams`: the fenced blocks without a language in doc
    /// comments and articles, split at blank lines, that have an output line.
    static func all() -> [DocDiagram] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources/Streams")
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        var diagrams: [DocDiagram] = []
        for case let path as String in walker where path.hasSuffix(".swift") || path.hasSuffix(".md") {
            let text = (try? String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)) ?? ""
            diagrams += read("Sources/Streams/" + path, text)
        }
        return diagrams.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// The diagrams of one file's text: doc comments of a `.swift` file, or a whole article.
    static func read(_ file: String, _ text: String) -> [DocDiagram] {
        let lines: [String?] = text.split(separator: "\n", omittingEmptySubsequences: false).map { raw in
            guard file.hasSuffix(".swift") else { return String(raw) }
            let trimmed = raw.drop { $0 == " " }
            guard trimmed.hasPrefix("///") else { return nil }
            let comment = trimmed.dropFirst(3)
            return String(comment.hasPrefix(" ") ? comment.dropFirst() : comment)
        }
        var diagrams: [DocDiagram] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index]?.trimmingCharacters(in: .whitespaces) ?? ""
            guard fence == "```" else {
                index += 1
                // Skip a fenced block with a language (```swift): it is code, not a diagram.
                if fence.hasPrefix("```") {
                    while index < lines.count, lines[index]?.trimmingCharacters(in: .whitespaces) != "```" { index += 1 }
                    index += 1
                }
                continue
            }
            var group: [(Int, String)] = []
            index += 1
            while index < lines.count, let line = lines[index], line.trimmingCharacters(in: .whitespaces) != "```" {
                if line.trimmingCharacters(in: .whitespaces).isEmpty {
                    diagrams += diagram(file, group).map { [$0] } ?? []
                    group = []
                } else {
                    group.append((index + 1, line))
                }
                index += 1
            }
            diagrams += diagram(file, group).map { [$0] } ?? []
            index += 1
        }
        return diagrams
    }

    private static func diagram(_ file: String, _ group: [(Int, String)]) -> DocDiagram? {
        var labelled: [Line] = []
        var operation: (text: String, note: String)?
        var subscriptions: [String] = []
        for (number, text) in group {
            if let match = text.wholeMatch(of: #/([A-Za-z][\w ]*|[a-zA-Z]\w*\(.*\)):\s+(\S.*)/#), !match.output.1.contains("  ") {
                let (diagram, note) = splitNote(String(match.output.2))
                labelled.append(Line(label: String(match.output.1), diagram: diagram, note: note, number: number))
                if match.output.1 == "subscriptions" { subscriptions.append(diagram) }
            } else if operation == nil, labelled.last?.label != "subscriptions" {
                operation = splitNote(text.trimmingCharacters(in: .whitespaces))
            } else if labelled.last?.label == "subscriptions" {
                // More subscriptions, one per line, under the first.
                subscriptions.append(text.trimmingCharacters(in: .whitespaces))
            }
        }
        let outputs = labelled.filter { $0.isOutput }
        guard !outputs.isEmpty, let first = group.first, outputs.allSatisfy({ isTimeline($0.diagram) }) else { return nil }
        return DocDiagram(
            file: file, line: first.0,
            inputs: labelled.filter { !$0.isOutput && $0.label != "subscriptions" },
            operation: operation?.text ?? "", operationNote: operation?.note ?? "", outputs: outputs,
            subscriptions: subscriptions
        )
    }

    /// Whether text is drawn in marble glyphs (so `expected: …` in a failure report is not).
    private static func isTimeline(_ text: String) -> Bool {
        text.allSatisfy { $0.isLetter || $0.isNumber || "-|#()^! ".contains($0) }
    }

    /// `-a-b-|     (both cold)` → the diagram and the note; a note follows two spaces.
    private static func splitNote(_ text: String) -> (String, String) {
        guard let range = text.range(of: #"\s{2,}\("#, options: .regularExpression) else {
            return (text.trimmingCharacters(in: .whitespaces), "")
        }
        return (String(text[..<range.lowerBound]), String(text[range.lowerBound...]).trimmingCharacters(in: .whitespaces))
    }
}
