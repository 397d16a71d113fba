import Foundation

/// One ```swift block of a Markdown file, with the marker comment above it, if any.
public struct ExampleBlock {
    /// The line of the opening fence, counting from 1.
    let fenceLine: Int
    /// The code, without the fence's indentation.
    let lines: [String]
    let marker: ExampleMarker
    /// The line of the marker comment, or the fence's line when there is none.
    let markerLine: Int

    var firstCodeLine: Int { fenceLine + 1 }

    /// The scope the block compiles in: the marker's, or else the one its top-level lines show.
    var scope: ExampleMarker.Scope {
        if let scope = marker.scope { return scope }
        let topLevel = lines.filter { line in
            guard let first = line.first, !first.isWhitespace else { return false }
            return !["//", "}", ")", "]"].contains { line.hasPrefix($0) }
        }
        let declarationStarts = [
            "import ", "func ", "struct ", "class ", "final ", "enum ", "protocol ", "extension ",
            "actor ", "typealias ", "@", "private ", "fileprivate ", "internal ", "public ", "nonisolated ",
        ]
        let allDeclarations = topLevel.allSatisfy { line in declarationStarts.contains { line.hasPrefix($0) } }
        return !topLevel.isEmpty && allDeclarations ? .declarations : .statements
    }

    /// The output the block's comments promise: the text after each `// prints ` (except
    /// `// prints nothing …`), joined with ", ". `nil` when no comment says what it prints.
    var promisedOutput: String? {
        var promised: [String] = []
        var promises = false
        for line in lines {
            guard let range = line.range(of: "// prints ") else { continue }
            promises = true
            let text = line[range.upperBound...].trimmingWhitespace
            if !text.hasPrefix("nothing") { promised.append(text) }
        }
        return promises ? promised.joined(separator: ", ") : nil
    }

    /// Whether the block states expectations (`#expect`, `#require`): a block of statements
    /// that does is run by a test, as one that says what it prints is.
    var expects: Bool {
        lines.contains { $0.contains("#expect(") || $0.contains("#require(") }
    }

    /// The ```swift blocks of a Markdown text, in order.
    public static func all(in markdown: String) -> [ExampleBlock] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [ExampleBlock] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indent = line.prefix(while: { $0 == " " }).count
            guard line.dropFirst(indent).trimmingWhitespace == "```swift" else {
                index += 1
                continue
            }
            var end = index + 1
            while end < lines.count, !lines[end].dropFirst(indent).hasPrefix("```") { end += 1 }
            let code = lines[(index + 1)..<end].map { String($0.dropFirst(min(indent, $0.prefix(while: { $0 == " " }).count))) }
            let (marker, markerIndex) = marker(above: index, in: lines)
            blocks.append(ExampleBlock(fenceLine: index + 1, lines: code, marker: marker, markerLine: markerIndex + 1))
            index = end + 1
        }
        return blocks
    }

    /// The `<!-- example: … -->` comment on the nearest non-blank line above the fence.
    private static func marker(above fence: Int, in lines: [String]) -> (ExampleMarker, Int) {
        var index = fence - 1
        while index >= 0, lines[index].trimmingWhitespace.isEmpty { index -= 1 }
        guard index >= 0 else { return (ExampleMarker(), fence) }
        let text = lines[index].trimmingWhitespace
        guard text.hasPrefix("<!-- example:"), text.hasSuffix("-->") else { return (ExampleMarker(), fence) }
        let body = text.dropFirst("<!-- example:".count).dropLast("-->".count)
        return (ExampleMarker(String(body)), index)
    }
}
