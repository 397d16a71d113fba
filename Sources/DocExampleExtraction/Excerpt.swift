/// A block marked `<!-- example: excerpt of path -->`: lines quoted from a file of the package,
/// a test or a source file, checked line by line against that file whenever the examples are
/// generated, so that a quote which no longer matches its file fails the build at the Markdown
/// line that differs.
///
/// The quoted lines must follow one another in the file, compared without their indentation,
/// except where the quote says it leaves lines out. Two kinds of line are not looked for in the
/// file:
/// - a first line `// path`, naming the file for the reader, which must be the marker's path;
/// - a line `// …`, which stands for one or more lines of the file left out of the quote.
struct Excerpt {
    /// The quoted file, relative to the package.
    let path: String
    /// The block's lines, as the Markdown file has them.
    let lines: [String]

    /// The line that stands for lines left out.
    static let elision = "// …"

    /// Why a quote does not match its file.
    struct Mismatch: Equatable {
        /// The index, in the block's lines, of the first line that is not in its place.
        let line: Int
        let problem: String
    }

    /// The first line of the quote that `file` does not hold in its place, or `nil` when every
    /// quoted line is there.
    func mismatch(in file: String) -> Mismatch? {
        var quoted = Array(lines.enumerated())
        if let caption = quoted.first, let named = Self.captionPath(caption.element) {
            guard named == path else {
                return Mismatch(line: 0, problem: "the quote's first line names \(named), but the marker quotes \(path)")
            }
            quoted.removeFirst()
        }
        let fileLines = file.split(separator: "\n", omittingEmptySubsequences: false).map(\.trimmingWhitespace)
        // The quoted lines, each with whether lines of the file are left out just before it.
        var wanted: [(index: Int, text: String, afterGap: Bool)] = []
        var gap = false
        for (index, line) in quoted {
            let text = line.trimmingWhitespace
            if text == Self.elision {
                gap = !wanted.isEmpty
                continue
            }
            wanted.append((index, text, gap))
            gap = false
        }
        guard !wanted.isEmpty else {
            return Mismatch(line: 0, problem: "the quote of \(path) has no line to look for")
        }
        /// Where the first `count` quoted lines end in the file, placing each run as early as it
        /// fits (which leaves the most room for the runs after it); `nil` when they do not fit.
        func end(ofFirst count: Int) -> Int? {
            var position = 0
            var run: [String] = []
            func place() -> Bool {
                guard !run.isEmpty else { return true }
                guard position + run.count <= fileLines.count,
                      let start = (position...(fileLines.count - run.count)).first(where: { fileLines[$0...].starts(with: run) })
                else { return false }
                position = start + run.count
                run = []
                return true
            }
            for quotedLine in wanted[..<count] {
                if quotedLine.afterGap {
                    guard place() else { return nil }
                    position += 1
                }
                run.append(quotedLine.text)
            }
            return place() ? position : nil
        }
        if end(ofFirst: wanted.count) != nil { return nil }
        let fits = (0..<wanted.count).last { end(ofFirst: $0) != nil } ?? 0
        let missing = wanted[fits]
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var problem = "this line is quoted from \(path), which does not hold it here: \(Self.quoted(missing.text))"
        if fits == 0 {
            problem += "; no line of \(name) reads so"
        } else if !missing.afterGap, let end = end(ofFirst: fits) {
            let now = end < fileLines.count ? Self.quoted(fileLines[end]) : "the end of the file"
            problem += "; after the lines above it \(name):\(end + 1) has \(now)"
        } else {
            problem += "; \(name) has no such line after the lines above it"
        }
        return Mismatch(line: missing.index, problem: problem)
    }

    /// The path a caption line `// Sources/…/File.swift` names, if the line is one.
    static func captionPath(_ line: String) -> String? {
        let text = line.trimmingWhitespace
        guard text.hasPrefix("// ") else { return nil }
        let named = text.dropFirst(3)
        guard named.hasSuffix(".swift"), !named.contains(" "), named.contains("/") else { return nil }
        return String(named)
    }

    private static func quoted(_ text: String) -> String {
        "`" + String(text.prefix(120)) + "`"
    }
}
