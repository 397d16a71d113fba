@testable import DocExampleExtraction
import Foundation
import Testing

@Suite("doc-examples: reading the blocks and their markers")
struct DocExamplesToolTests {
    @Test("finds each swift block, its first line and the marker above it, and ignores other blocks")
    func blocks() {
        let markdown = """
            Text.

            <!-- example: in PhotoApp -->
            ```swift
            let photos = service.page(1)
            ```

            ```sh
            swift test
            ```

            - A list item:

              ```swift
              print(1)   // prints 1
              ```
            """
        let blocks = ExampleBlock.all(in: markdown)
        #expect(blocks.map(\.fenceLine) == [4, 14])
        #expect(blocks.map(\.markerLine) == [3, 14])
        #expect(blocks[0].marker.context == "PhotoApp")
        #expect(blocks[1].lines == ["print(1)   // prints 1"])
        #expect(blocks[1].marker == ExampleMarker())
    }

    @Test("reads the marker vocabulary and says what is wrong with a marker it cannot read")
    func markers() {
        #expect(ExampleMarker(" in FeedApp, statements ").context == "FeedApp")
        #expect(ExampleMarker("in FeedApp statements").scope == .statements)
        #expect(ExampleMarker("declarations continues").continues)
        #expect(ExampleMarker("skip: RxSwift's version, for contrast").skipReason == "RxSwift's version, for contrast")
        #expect(ExampleMarker("excerpt of Tests/A/B.swift").excerptPath == "Tests/A/B.swift")
        #expect(ExampleMarker("skip:").problem?.hasPrefix("a skip needs its reason") == true)
        #expect(ExampleMarker("in").problem?.hasPrefix("`in` needs the name") == true)
        #expect(ExampleMarker("statments").problem?.hasPrefix("unknown word `statments`; the markers are <!-- example:") == true)
    }

    @Test("a block is declarations when every top-level line starts one, statements otherwise")
    func scope() {
        func scope(_ lines: [String]) -> ExampleMarker.Scope {
            ExampleBlock(fenceLine: 1, lines: lines, marker: ExampleMarker(), markerLine: 1).scope
        }
        #expect(scope(["import Testing", "", "@Test func a() {", "    let x = 1", "}"]) == .declarations)
        #expect(scope(["/// A screen.", "@MainActor", "final class S {", "}"]) == .declarations)
        #expect(scope(["func page() {", "}", "", "page()"]) == .statements)
        #expect(scope(["let x = 1"]) == .statements)
        #expect(scope([]) == .statements)
    }

    @Test("the promised output joins the text after each `// prints`, and `// prints nothing` adds none")
    func promisedOutput() {
        func promised(_ lines: [String]) -> String? {
            ExampleBlock(fenceLine: 1, lines: lines, marker: ExampleMarker(), markerLine: 1).promisedOutput
        }
        #expect(promised(["a()   // prints A 1, B 1", "b()   // prints nothing (unchanged)", "c() // prints done"]) == "A 1, B 1, done")
        #expect(promised(["a()   // prints nothing"]) == "")
        #expect(promised(["a()   // runs a"]) == nil)
    }

    @Test("the generated source puts each block at its Markdown line, hoists imports and names the block's scope")
    func source() {
        let markdown = "<!-- example: in PhotoApp -->\n```swift\nimport Foundation\nlet x = 1\n```\n"
        let source = ExampleSource(
            markdownPath: "/p/Sources/Streams/Streams.docc/A.md",
            displayPath: "Sources/Streams/Streams.docc/A.md",
            packageDirectory: "/p",
            blocks: ExampleBlock.all(in: markdown)
        ).render()
        #expect(source.contains("import Streams\n"))
        #expect(source.contains("""
            #sourceLocation(file: "/p/Sources/Streams/Streams.docc/A.md", line: 1)
            extension PhotoApp {
            #sourceLocation()
            @MainActor func example_Sources_Streams_Streams_docc_A_md_2() async throws {
            #sourceLocation(file: "/p/Sources/Streams/Streams.docc/A.md", line: 3)

            let x = 1
            #sourceLocation()
            _ = x
            """))
    }

    @Test("statements run in a test when they say what they print or state expectations, and are only compiled otherwise")
    func runs() {
        func source(_ code: String) -> String {
            let markdown = "```swift\n\(code)\n```\n"
            return ExampleSource(markdownPath: "/p/README.md", displayPath: "README.md", packageDirectory: "/p", blocks: ExampleBlock.all(in: markdown)).render()
        }
        let printing = source("print(1)   // prints 1")
        #expect(printing.contains(#"try await expectPrinted("1", at: DocLine(path: "/p/README.md", display: "README.md", line: 2))"#))
        let expecting = source("#expect(1 + 1 == 2)")
        #expect(expecting.contains("@Test(\"README.md:1 holds what it expects\")"))
        #expect(expecting.contains("try await Standalone().example_README_md_1()"))
        #expect(!source("let x = 1").contains("@Test"))
    }

    @Test("a block in a context that would run is a compiler error: a context is compiled, never made")
    func runningContext() {
        let markdown = "<!-- example: in PhotoApp -->\n```swift\nprint(1)   // prints 1\n```\n"
        let source = ExampleSource(markdownPath: "/p/README.md", displayPath: "README.md", packageDirectory: "/p", blocks: ExampleBlock.all(in: markdown)).render()
        #expect(source.contains(#"#error("README.md:1: a block `in PhotoApp` is compiled, not run: check what it prints or expects in a block without `in`")"#))
        #expect(!source.contains("PhotoApp()"))
    }

    @Test("only compiled blocks bring their imports: a skipped block's module is not imported")
    func importsOfCompiledBlocksOnly() {
        let markdown = """
            <!-- example: skip: RxSwift's version, for contrast -->
            ```swift
            import RxSwift
            ```

            ```swift
            import Dispatch
            let x = 1
            ```
            """
        let source = ExampleSource(markdownPath: "/p/README.md", displayPath: "README.md", packageDirectory: "/p", blocks: ExampleBlock.all(in: markdown)).render()
        #expect(source.contains("import Dispatch\n"))
        #expect(!source.contains("import RxSwift"))
    }

    @Test("a marker it cannot read becomes a compiler error at the marker's line")
    func markerError() {
        let markdown = "<!-- example: skip: -->\n```swift\nlet x = 1\n```\n"
        let source = ExampleSource(markdownPath: "/p/README.md", displayPath: "README.md", packageDirectory: "/p", blocks: ExampleBlock.all(in: markdown)).render()
        #expect(source.contains("""
            #sourceLocation(file: "/p/README.md", line: 1)
            #error("README.md:1: a skip needs its reason: <!-- example: skip: why this block cannot compile -->")
            """))
        #expect(!source.contains("let x = 1"))
    }

    @Test("an excerpt path that names no file of the package is a compiler error at the marker's line")
    func unreadableExcerpt() throws {
        let package = try temporaryPackage(files: ["Tests/A/Real.swift": "let x = 1\n"])
        defer { try? FileManager.default.removeItem(atPath: package) }
        for (path, what) in [("Tests/A/Missing.swift", "is not a file this package has"), ("Tests/A", "is a folder, not a file")] {
            let markdown = "Text.\n\n<!-- example: excerpt of \(path) -->\n```swift\nlet x = 1\n```\n"
            let source = ExampleSource(markdownPath: "/p/README.md", displayPath: "README.md", packageDirectory: package,
                                       blocks: ExampleBlock.all(in: markdown)).render()
            #expect(source.contains("""
                #sourceLocation(file: "/p/README.md", line: 3)
                #error("README.md:3: `excerpt of \(path)`: \(path) \(what); name the file the block is quoted from, \
                relative to the package (Sources/Streams/Operators/Map.swift)")
                """), "\(path)")
        }
        for path in ["../Outside.swift", "/etc/hosts"] {
            let markdown = "<!-- example: excerpt of \(path) -->\n```swift\nlet x = 1\n```\n"
            let source = ExampleSource(markdownPath: "/p/README.md", displayPath: "README.md", packageDirectory: package,
                                       blocks: ExampleBlock.all(in: markdown)).render()
            #expect(source.contains("#error(\"README.md:1: `excerpt of \(path)`: the path leaves the package;"), "\(path)")
        }
    }

    @Test("a quote in a path is escaped in the names of the generated tests and in the excerpt's comment")
    func quotesInTestNames() throws {
        let package = try temporaryPackage(files: ["Tests/A\"B.swift": "let x = 1\n"])
        defer { try? FileManager.default.removeItem(atPath: package) }
        let markdown = "<!-- example: excerpt of Tests/A\"B.swift -->\n```swift\nlet x = 1\n```\n\n```swift\n#expect(1 == 1)\n```\n"
        let source = ExampleSource(markdownPath: "/p/Say \"hi\".md", displayPath: "Say \"hi\".md", packageDirectory: package,
                                   blocks: ExampleBlock.all(in: markdown)).render()
        #expect(source.contains(#"// "Say \"hi\".md", line 2, quotes "Tests/A\"B.swift": checked line by line"#))
        #expect(source.contains(#"@Test("Say \"hi\".md:6 holds what it expects")"#))
        #expect(!source.contains("#error"))
    }

    // MARK: Excerpts

    /// The source doc-examples generates for `markdown` (its path `/p/A.md`) in a package of `files`.
    private func render(_ markdown: String, files: [String: String]) throws -> String {
        let package = try temporaryPackage(files: files)
        defer { try? FileManager.default.removeItem(atPath: package) }
        return ExampleSource(markdownPath: "/p/A.md", displayPath: "A.md", packageDirectory: package,
                             blocks: ExampleBlock.all(in: markdown)).render()
    }

    private let mapFile = """
        extension ObservableType {
            public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
                let source = asObservable()
                return Observable { observer in
                    observer.on(.next(try transform(value)))
                    return upstream
                }
            }
        }

        """

    @Test("an excerpt of a source file that holds its lines (indented differently, with a caption and lines left out) compiles to nothing")
    func excerptThatMatches() throws {
        let markdown = """
            Text.

            <!-- example: excerpt of Sources/A/Map.swift -->
            ```swift
            // Sources/A/Map.swift
            public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
                let source = asObservable()
                // …
                    return upstream
            ```
            """
        let source = try render(markdown, files: ["Sources/A/Map.swift": mapFile])
        #expect(!source.contains("#error"))
        #expect(source.contains(#"// "A.md", line 4, quotes "Sources/A/Map.swift": checked line by line"#))
        #expect(!source.contains("public func map"))
    }

    @Test("a quoted line that changed in its source file is a compiler error at the Markdown line of that line, saying what the file has there")
    func excerptThatDrifted() throws {
        let markdown = """
            <!-- example: excerpt of Sources/A/Map.swift -->
            ```swift
            let source = asObservable()
            return Observable { observer in
                observer.on(.next(try transform(value)))
                return upstream
            ```
            """
        let changed = mapFile.replacingOccurrences(of: "observer.on(.next(try transform(value)))", with: "observer.onNext(try transform(value))")
        let source = try render(markdown, files: ["Sources/A/Map.swift": changed])
        #expect(source.contains("""
            #sourceLocation(file: "/p/A.md", line: 5)
            #error("A.md:5: this line is quoted from Sources/A/Map.swift, which does not hold it here: \
            `observer.on(.next(try transform(value)))`; after the lines above it Map.swift:5 has \
            `observer.onNext(try transform(value))`; copy the file\\'s lines into the quote, or change what the text says")
            """))
    }

    @Test("a first quoted line that is nowhere in the file, a caption naming another file and an elision with nothing left out are errors at their lines")
    func excerptErrors() throws {
        let nowhere = try render("<!-- example: excerpt of Sources/A/Map.swift -->\n```swift\nlet mapped = 1\n```\n", files: ["Sources/A/Map.swift": mapFile])
        #expect(nowhere.contains("#error(\"A.md:3: this line is quoted from Sources/A/Map.swift, which does not hold it here: `let mapped = 1`; no line of Map.swift reads so;"))

        let caption = try render("<!-- example: excerpt of Sources/A/Map.swift -->\n```swift\n// Sources/A/Filter.swift\nlet source = asObservable()\n```\n", files: ["Sources/A/Map.swift": mapFile])
        #expect(caption.contains("#error(\"A.md:3: the quote\\'s first line names Sources/A/Filter.swift, but the marker quotes Sources/A/Map.swift;"))

        let noGap = try render("<!-- example: excerpt of Sources/A/Map.swift -->\n```swift\nlet source = asObservable()\n// …\nreturn Observable { observer in\n```\n", files: ["Sources/A/Map.swift": mapFile])
        #expect(noGap.contains("#error(\"A.md:5: this line is quoted from Sources/A/Map.swift, which does not hold it here: `return Observable { observer in`; Map.swift has no such line after the lines above it;"))
    }

    @Test("Inside Streams: changing one line of Map.swift that chapter 2 quotes fails at the article's line, and the real files agree today")
    func realChapterAgainstRealMap() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let articlePath = "Sources/Streams/Streams.docc/InsideStreams/MapAndDisposal.md"
        let article = try String(contentsOf: package.appendingPathComponent(articlePath), encoding: .utf8)
        let map = try String(contentsOf: package.appendingPathComponent("Sources/Streams/Operators/Map.swift"), encoding: .utf8)
        // A copy of the package with every file the article quotes, and Map.swift as given.
        var quotedFiles: [String: String] = [:]
        for line in article.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
        where line.hasPrefix("<!-- example: excerpt of ") {
            let path = line.dropFirst("<!-- example: excerpt of ".count).dropLast(" -->".count)
            quotedFiles[String(path)] = try String(contentsOf: package.appendingPathComponent(String(path)), encoding: .utf8)
        }
        #expect(quotedFiles.count > 2)
        func render(map: String) throws -> String {
            var files = quotedFiles
            files["Sources/Streams/Operators/Map.swift"] = map
            let copy = try temporaryPackage(files: files)
            defer { try? FileManager.default.removeItem(atPath: copy) }
            return ExampleSource(markdownPath: "/p/MapAndDisposal.md", displayPath: "MapAndDisposal.md", packageDirectory: copy,
                                 blocks: ExampleBlock.all(in: article)).render()
        }
        #expect(try !render(map: map).contains("#error"))

        let quoted = "observer.on(.next(try transform(value)))"
        let articleLine = try #require(article.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.trimmingCharacters(in: .whitespaces) == quoted }) + 1
        let changed = map.replacingOccurrences(of: quoted, with: "observer.onNext(try transform(value))")
        #expect(changed != map)
        let source = try render(map: changed)
        #expect(source.contains("""
            #sourceLocation(file: "/p/MapAndDisposal.md", line: \(articleLine))
            #error("MapAndDisposal.md:\(articleLine): this line is quoted from Sources/Streams/Operators/Map.swift, \
            which does not hold it here: `\(quoted)`;
            """), "\(source)")
    }

    /// A package directory holding `files` (path → text), for the tool to find excerpts in.
    private func temporaryPackage(files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("doc-examples-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root.path
    }
}
