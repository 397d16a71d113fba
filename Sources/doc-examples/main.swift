// doc-examples: turns the ```swift blocks of the README and the DocC articles into Swift
// sources for the `DocExamplesTests` target, so `swift test` compiles every example and runs
// those that say what they print or state expectations. The `DocExamplesPlugin` build-tool
// plugin runs it on every build; nobody runs it by hand.
//
//     doc-examples --package <package directory> <file.md> <output.swift> [<file.md> <output.swift> …]
//
// Each block compiles in a scope of its own. A compiler error in an example is reported at the
// Markdown file's line (the generated code uses `#sourceLocation`). A block tells how it compiles
// with an HTML comment on the line above its fence, which GitHub and DocC do not show:
//
//     <!-- example: in PhotoApp -->                     uses the stand-ins of a context type
//     <!-- example: statements -->                      or `declarations`: overrides the guess
//     <!-- example: continues -->                       shares the scope of the block above
//     <!-- example: skip: why it cannot compile -->     not compiled; the reason is required
//     <!-- example: excerpt of Tests/X/File.swift -->   quoted from a test file, which runs it;
//                                                       a path that names no file is an error there
//
// A block without a comment compiles on its own, as declarations if every top-level line
// starts a declaration and as statements otherwise. Statements run when a comment in them says
// what they print (`// prints 10, 20, 30`, `// prints nothing`): the test compares the printed
// lines, joined with ", ", with the promised text (what the block prints before it returns, on
// its own task). Statements with an `#expect` run too. A block that uses `service`,
// `disposeBag` and the like without a marker fails with a message naming the marker to add.
// See `ExampleMarker` (in DocExampleExtraction) for the vocabulary and
// `Tests/DocExamplesTests/Contexts/` for the contexts.
import DocExampleExtraction
import Foundation

var arguments = CommandLine.arguments.dropFirst()
guard arguments.popFirst() == "--package", let packageDirectory = arguments.popFirst(), arguments.count % 2 == 0 else {
    FileHandle.standardError.write(Data("usage: doc-examples --package <directory> (<file.md> <output.swift>)…\n".utf8))
    exit(2)
}
while let markdownPath = arguments.popFirst(), let outputPath = arguments.popFirst() {
    let markdown: String
    do {
        markdown = try String(contentsOfFile: markdownPath, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("doc-examples: cannot read \(markdownPath): \(error)\n".utf8))
        exit(1)
    }
    let displayPath = markdownPath.hasPrefix(packageDirectory + "/")
        ? String(markdownPath.dropFirst(packageDirectory.count + 1))
        : markdownPath
    let source = ExampleSource(
        markdownPath: markdownPath,
        displayPath: displayPath,
        packageDirectory: packageDirectory,
        blocks: ExampleBlock.all(in: markdown)
    )
    do {
        try source.render().write(toFile: outputPath, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("doc-examples: cannot write \(outputPath): \(error)\n".utf8))
        exit(1)
    }
}
