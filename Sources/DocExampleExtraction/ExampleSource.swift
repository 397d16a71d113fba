import Foundation

/// The Swift source that compiles (and, where they say what they print, runs) the ```swift blocks
/// of one Markdown file.
///
/// Every block's lines are copied unchanged between `#sourceLocation` directives, so a compiler
/// error in an example is reported at the Markdown file's own line and column.
public struct ExampleSource {
    /// The Markdown file's absolute path: compiler errors and test issues point there.
    let markdownPath: String
    /// The path relative to the package, for names and messages.
    let displayPath: String
    /// The package's directory, to find the files that `excerpt of` blocks are quoted from.
    let packageDirectory: String
    let blocks: [ExampleBlock]

    public init(markdownPath: String, displayPath: String, packageDirectory: String, blocks: [ExampleBlock]) {
        self.markdownPath = markdownPath
        self.displayPath = displayPath
        self.packageDirectory = packageDirectory
        self.blocks = blocks
    }

    /// Blocks that compile in one scope: a block and the blocks marked `continues` after it.
    private struct Unit {
        var blocks: [ExampleBlock]
        var name: String
    }

    public func render() -> String {
        var body = ""
        var units: [Unit] = []
        for block in blocks {
            if let problem = block.marker.problem {
                body += error(problem, at: block.markerLine)
            } else if let reason = block.marker.skipReason {
                body += "\n// \(displayPath):\(block.fenceLine) is not compiled: \(reason)\n"
            } else if let path = block.marker.excerptPath {
                if let problem = unreadableExcerpt(path) {
                    body += error(problem, at: block.markerLine)
                } else {
                    body += excerptTest(block, quotedFrom: path)
                }
            } else if block.marker.continues {
                guard !units.isEmpty else {
                    body += error("`continues` needs a compiled block above it in this file", at: block.markerLine)
                    continue
                }
                units[units.count - 1].blocks.append(block)
            } else {
                units.append(Unit(blocks: [block], name: "example_\(Self.identifier(displayPath))_\(block.fenceLine)"))
            }
        }

        var out = """
            // Generated at build time by doc-examples from \(displayPath); edit the Markdown, not this file.
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            import Streams
            import Testing

            """
        // A block sees what a reader's file has: Streams, the module its article documents and
        // the modules it imports itself. Only compiled blocks count: a skipped block may import
        // a module this package does not have (RxSwift, for comparison).
        var modules = Set(units.flatMap(\.blocks).flatMap(\.lines).compactMap(Self.importedModule))
        if displayPath.hasPrefix("Sources/"), let module = displayPath.split(separator: "/").dropFirst().first {
            modules.insert(String(module))
        }
        for module in modules.subtracting(["Foundation", "FoundationNetworking", "Streams", "Testing"]).sorted() {
            out += "import \(module)\n"
        }
        out += body
        for unit in units { out += render(unit) }
        return out
    }

    private func render(_ unit: Unit) -> String {
        let first = unit.blocks[0]
        let context = first.marker.context ?? "Standalone"
        var out = "\n" + located(at: first.markerLine, "extension \(context) {") + "\n"
        switch first.scope {
        case .declarations:
            out += "struct \(unit.name) {\n"
            for block in unit.blocks { out += code(of: block) }
            out += "}\n}\n"
            if unit.blocks.contains(where: { $0.promisedOutput != nil }) {
                out += error("only statements run: mark the block `<!-- example: statements -->` to check what it prints", at: first.markerLine)
            }
        case .statements:
            out += "@MainActor func \(unit.name)() async throws {\n"
            for block in unit.blocks { out += code(of: block) }
            // A reader's code goes on to use what the example declares; here nothing does.
            let names = unit.blocks.flatMap(\.lines).compactMap(Self.declaredName)
            out += names.map { "_ = \($0)\n" }.joined()
            out += "}\n}\n"
            let promises = unit.blocks.compactMap { block in block.promisedOutput.map { (block, $0) } }
            let runs = !promises.isEmpty || unit.blocks.contains(where: \.expects)
            if runs, context != "Standalone" {
                // A context's stand-ins are stored properties with nothing to fill them: compiled, never made.
                out += error("a block `in \(context)` is compiled, not run: check what it prints or expects in a block without `in`", at: first.markerLine)
            } else if !promises.isEmpty {
                let promised = promises.map(\.1).filter { !$0.isEmpty }.joined(separator: ", ")
                let (block, _) = promises[0]
                let line = block.firstCodeLine + (block.lines.firstIndex { $0.contains("// prints ") } ?? 0)
                out += """
                    @Test(\(Self.literal("\(displayPath):\(first.fenceLine) prints what its comments say")))
                    func \(unit.name)_prints() async throws {
                        try await expectPrinted(\(Self.literal(promised)), at: \(docLine(line))) {
                            try await \(context)().\(unit.name)()
                        }
                    }

                    """
            } else if unit.blocks.contains(where: \.expects) {
                // Its `#expect`s report at the Markdown lines: they are inside `#sourceLocation`.
                out += """
                    @Test(\(Self.literal("\(displayPath):\(first.fenceLine) holds what it expects")))
                    @MainActor func \(unit.name)_expects() async throws {
                        try await \(context)().\(unit.name)()
                    }

                    """
            }
        }
        return out
    }

    /// A block's lines between `#sourceLocation` directives; `import`s are hoisted to the top.
    private func code(of block: ExampleBlock) -> String {
        let lines = block.lines.map { Self.importedModule($0) == nil ? $0 : "" }
        return "#sourceLocation(file: \(Self.literal(markdownPath)), line: \(block.firstCodeLine))\n"
            + lines.map { $0 + "\n" }.joined()
            + "#sourceLocation()\n"
    }

    private func excerptTest(_ block: ExampleBlock, quotedFrom path: String) -> String {
        let name = "example_\(Self.identifier(displayPath))_\(block.fenceLine)_excerpt"
        let lines = block.lines.map(Self.literal).joined(separator: ",\n        ")
        return """

            @Test(\(Self.literal("\(displayPath):\(block.fenceLine) is quoted from \(path)")))
            func \(name)() {
                expectExcerpt([
                    \(lines)
                ], of: \(Self.literal(path)), in: \(Self.literal(packageDirectory)),
                   marker: \(docLine(block.markerLine)), at: \(docLine(block.firstCodeLine)))
            }

            """
    }

    /// What is wrong with the path of an `excerpt of` marker, if the file it names cannot be
    /// read: said at the marker's line, as a compiler error, rather than as a test's I/O error.
    private func unreadableExcerpt(_ path: String) -> String? {
        let file = packageDirectory + "/" + path
        var isDirectory: ObjCBool = false
        guard !FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) || isDirectory.boolValue
                || !FileManager.default.isReadableFile(atPath: file) else { return nil }
        let what = isDirectory.boolValue ? "is a folder, not a file" : "is not a file this package has"
        return "`excerpt of \(path)`: \(path) \(what); name the test file the block is quoted from, "
            + "relative to the package (Tests/StreamsTests/ViewModelPortTests.swift)"
    }

    private func docLine(_ line: Int) -> String {
        "DocLine(path: \(Self.literal(markdownPath)), display: \(Self.literal(displayPath)), line: \(line))"
    }

    private func located(at line: Int, _ code: String) -> String {
        "#sourceLocation(file: \(Self.literal(markdownPath)), line: \(line))\n\(code)\n#sourceLocation()"
    }

    private func error(_ message: String, at line: Int) -> String {
        "\n" + located(at: line, "#error(\(Self.literal("\(displayPath):\(line): \(message)")))") + "\n"
    }

    /// The module a line imports, if it is an `import` line.
    static func importedModule(_ line: String) -> String? {
        guard line.hasPrefix("import ") else { return nil }
        return line.dropFirst("import ".count).trimmingWhitespace
    }

    /// The name a top-level `let` or `var` line declares, if it declares one name.
    static func declaredName(_ line: String) -> String? {
        for keyword in ["let ", "var "] where line.hasPrefix(keyword) {
            let name = line.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }

    static func identifier(_ path: String) -> String {
        String(path.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// A Swift string literal holding `text` (`debugDescription` escapes what a literal must).
    static func literal(_ text: String) -> String {
        text.debugDescription
    }
}
