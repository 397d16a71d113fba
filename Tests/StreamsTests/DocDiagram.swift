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
        /// Where the diagram starts in its line: lines of one diagram share a column for each tick.
        let column: Int

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
    /// The name of its pictures in `Streams.docc/Resources/Marbles`: `name.svg` and `name~dark.svg`.
    var pictureName = ""
    /// The picture its block shows for it (`![…](name)` after the closing fence), if any.
    var pictureReference: String?
    /// The line of its block's closing fence, after which its picture is shown.
    var blockEnd = 0
    /// The file whose runners run it, when another file shows its picture: `SharedSequenceOperators.swift`
    /// shows `map`'s, and runs its diagram through a driver.
    var runnerFile: String?

    /// The tick a line's first column stands for: the columns of the first output line start
    /// at tick 0.
    func tick(ofColumnOf line: Line) -> Int {
        line.column - (outputs.first?.column ?? line.column)
    }

    /// The package's root directory.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The words of its picture in the documentation: what it shows.
    var altText: String {
        "\(operation.isEmpty ? outputs.map(\.label).joined(separator: ", ") : operation), drawn from a run"
    }

    var testDescription: String { "\(file):\(line) \(operation.isEmpty ? outputs.map(\.label).joined(separator: ", ") : operation)" }

    /// Where a line of this diagram is, for issues.
    func location(of line: Line) -> SourceLocation {
        let name = (file as NSString).lastPathComponent
        return SourceLocation(fileID: "Streams/\(name)", filePath: Self.root.appendingPathComponent(file).path, line: line.number, column: 1)
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
        sources().flatMap { read($0.file, $0.text) }.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// The files of `Sources/Streams` that hold documentation, `.swift` and `.md`, by their
    /// path from the package root, with their text.
    static func sources() -> [(file: String, text: String)] {
        let sources = Self.root.appendingPathComponent("Sources/Streams")
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        var files: [(file: String, text: String)] = []
        for case let path as String in walker where path.hasSuffix(".swift") || path.hasSuffix(".md") {
            let text = (try? String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)) ?? ""
            files.append(("Sources/Streams/" + path, text))
        }
        return files
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
            var block: [DocDiagram] = []
            index += 1
            while index < lines.count, let line = lines[index], line.trimmingCharacters(in: .whitespaces) != "```" {
                if line.trimmingCharacters(in: .whitespaces).isEmpty {
                    block += diagram(file, group).map { [$0] } ?? []
                    group = []
                } else {
                    group.append((index + 1, line))
                }
                index += 1
            }
            block += diagram(file, group).map { [$0] } ?? []
            let references = pictureReferences(after: index, in: lines)
            for (position, var diagram) in block.enumerated() {
                diagram.blockEnd = index + 1
                diagram.pictureReference = position < references.count ? references[position] : nil
                diagrams.append(diagram)
            }
            index += 1
        }
        return named(diagrams, file: file)
    }

    /// The pictures shown after the closing fence at `fence`: `![…](name)` lines, possibly
    /// separated by blank lines.
    private static func pictureReferences(after fence: Int, in lines: [String?]) -> [String] {
        var references: [String] = []
        var index = fence + 1
        while index < lines.count, let line = lines[index]?.trimmingCharacters(in: .whitespaces) {
            if let match = line.wholeMatch(of: #/!\[.*\]\(([^()\s]+)\)/#) {
                references.append(String(match.output.1))
            } else if !line.isEmpty {
                break
            }
            index += 1
        }
        return references
    }

    /// Gives each diagram of a file its picture name: the file's name, then what the diagram
    /// shows (`throttle-throttle-seconds-3`), numbered from the second of the same kind
    /// (`throttle-throttle-seconds-3_2`).
    private static func named(_ diagrams: [DocDiagram], file: String) -> [DocDiagram] {
        // A guide's pictures start with `guide-`: FlatMap.md and FlatMap.swift show the same operators.
        let stem = (file.hasSuffix(".md") ? "guide-" : "") + ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var seen: [String: Int] = [:]
        return diagrams.map { diagram in
            var diagram = diagram
            let subject = !diagram.operation.isEmpty ? diagram.operation
                : diagram.outputs.first.map(\.label).flatMap { $0.contains("(") ? $0 : nil } ?? diagram.inputs.first?.label ?? "diagram"
            let base = slug(stem + " " + subject)
            seen[base, default: 0] += 1
            diagram.pictureName = seen[base] == 1 ? base : "\(base)_\(seen[base]!)"
            return diagram
        }
    }

    /// `Throttle throttle(.seconds(3))` → `throttle-throttle-seconds-3`, at most 48 characters.
    private static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.count > 48, let dash = slug.lastIndex(of: "-") { slug = String(slug[..<dash]) }
        while slug.last == "-" { slug.removeLast() }
        return slug
    }

    private static func diagram(_ file: String, _ group: [(Int, String)]) -> DocDiagram? {
        var labelled: [Line] = []
        var operation: (text: String, note: String)?
        var subscriptions: [String] = []
        for (number, text) in group {
            if let match = text.wholeMatch(of: #/([A-Za-z][\w ]*|[a-zA-Z]\w*\(.*\)):\s+(\S.*)/#), !match.output.1.contains("  ") {
                let (diagram, note) = splitNote(String(match.output.2))
                let column = text.distance(from: text.startIndex, to: match.output.2.startIndex)
                labelled.append(Line(label: String(match.output.1), diagram: diagram, note: note, number: number, column: column))
                if match.output.1 == "subscriptions" { subscriptions.append(diagram) }
            } else if operation == nil, labelled.last?.label != "subscriptions" {
                operation = splitNote(text.trimmingCharacters(in: .whitespaces))
            } else if labelled.last?.label == "subscriptions" {
                // More subscriptions, one per line, under the first.
                subscriptions.append(text.trimmingCharacters(in: .whitespaces))
            }
        }
        // A binding's diagram ends with what it drives (`value:`, `relay:`, `calls:`).
        let binds = operation?.text.hasPrefix("bind(") == true
        let isOutput = { (line: Line) in line.isOutput || (binds && line.number == labelled.last?.number) }
        let outputs = labelled.filter(isOutput)
        guard !outputs.isEmpty, let first = group.first, outputs.allSatisfy({ isTimeline($0.diagram) }) else { return nil }
        return DocDiagram(
            file: file, line: first.0,
            inputs: labelled.filter { !isOutput($0) && $0.label != "subscriptions" },
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
