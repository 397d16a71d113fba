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
                #error("README.md:3: `excerpt of \(path)`: \(path) \(what); name the test file the block is quoted from, \
                relative to the package (Tests/StreamsTests/ViewModelPortTests.swift)")
                """), "\(path)")
            #expect(!source.contains("expectExcerpt"))
        }
    }

    @Test("a quote in a path is escaped in the names of the generated tests")
    func quotesInTestNames() throws {
        let package = try temporaryPackage(files: ["Tests/A\"B.swift": "let x = 1\n"])
        defer { try? FileManager.default.removeItem(atPath: package) }
        let markdown = "<!-- example: excerpt of Tests/A\"B.swift -->\n```swift\nlet x = 1\n```\n\n```swift\n#expect(1 == 1)\n```\n"
        let source = ExampleSource(markdownPath: "/p/Say \"hi\".md", displayPath: "Say \"hi\".md", packageDirectory: package,
                                   blocks: ExampleBlock.all(in: markdown)).render()
        #expect(source.contains(#"@Test("Say \"hi\".md:2 is quoted from Tests/A\"B.swift")"#))
        #expect(source.contains(#"@Test("Say \"hi\".md:6 holds what it expects")"#))
        #expect(source.contains(#"expectExcerpt(["#))
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
