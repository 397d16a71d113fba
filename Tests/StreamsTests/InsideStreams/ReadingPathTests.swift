import Foundation
import Testing

/// The Inside Streams series is the way into `Sources/Streams`, and each file points back to it:
/// these tests keep both directions true as files and chapters change.
@Suite("Inside Streams: the reading path")
struct ReadingPathTests {
    private static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let series = "Sources/Streams/Streams.docc/InsideStreams"

    /// The chapters in the order the series page lists them: each article's name and title.
    private func chapters() throws -> [(name: String, title: String)] {
        let page = try read("\(Self.series)/InsideStreams.md")
        guard let topics = page.range(of: "### Chapters") else {
            Issue.record("\(Self.series)/InsideStreams.md has no ### Chapters list")
            return []
        }
        return try page[topics.upperBound...].split(separator: "\n").compactMap { line -> (name: String, title: String)? in
            guard line.hasPrefix("- <doc:"), let end = line.firstIndex(of: ">") else { return nil }
            let name = String(line[line.index(line.startIndex, offsetBy: "- <doc:".count)..<end])
            let heading = try read("\(Self.series)/\(name).md").split(separator: "\n").first ?? ""
            return (name: name, title: String(heading.dropFirst("# ".count)))
        }
    }

    @Test("the series has its chapters in order, each naming its number and linking to the next")
    func chaptersInOrder() throws {
        let chapters = try chapters()
        #expect(chapters.count == 8)
        for (index, chapter) in chapters.enumerated() {
            let text = try read("\(Self.series)/\(chapter.name).md")
            #expect(text.contains("Chapter \(index + 1) of <doc:InsideStreams>"), "\(chapter.name).md")
            let next = index + 1 < chapters.count ? "Next: <doc:\(chapters[index + 1].name)>." : "<doc:InsideStreams>."
            #expect(text.contains(next), "\(chapter.name).md ends with \(next)")
            #expect(text.contains("## Exercise") && text.contains("### Answer") && text.contains("@Tab(\"The answer\")"),
                    "\(chapter.name).md has an exercise, and its answer behind a tab")
        }
    }

    @Test("each file in Core, and each file of Sources/Streams that the series quotes or names, opens with a comment naming its chapter")
    func openingComments() throws {
        let chapters = try chapters()
        let core = try FileManager.default.contentsOfDirectory(atPath: Self.package.appendingPathComponent("Sources/Streams/Core").path)
            .filter { $0.hasSuffix(".swift") }.map { "Sources/Streams/Core/\($0)" }
        var named: Set<String> = []
        for chapter in chapters {
            let text = try read("\(Self.series)/\(chapter.name).md")
            let pattern = #/Sources/Streams/[A-Za-z/]+\.swift/#
            named.formUnion(text.matches(of: pattern).map { String($0.output) })
        }
        #expect(named.count > 20)
        for file in Set(core).union(named).sorted() {
            let first = try read(file).split(separator: "\n").first.map(String.init) ?? ""
            guard let match = first.firstMatch(of: #/^// Inside Streams, chapter (\d+), "([^"]+)": /#),
                  let number = Int(match.output.1) else {
                Issue.record("\(file) does not open with `// Inside Streams, chapter N, \"Title\": what it adds`")
                continue
            }
            let title = String(match.output.2)
            #expect(chapters.indices.contains(number - 1) && chapters[number - 1].title == title,
                    "\(file) names chapter \(number), \"\(title)\", which is not the series' chapter \(number)")
        }
    }

    @Test("every code block of the series is a checked excerpt of a file or a Swift block that compiles: none is skipped, none is another language")
    func everyQuoteChecked() throws {
        var excerpts = 0
        for chapter in try chapters() {
            let lines = try read("\(Self.series)/\(chapter.name).md").split(separator: "\n", omittingEmptySubsequences: false)
            var inBlock = false
            // The answers sit in a tab, indented: read each line without its indentation.
            for (index, line) in lines.map({ $0.trimmingCharacters(in: .whitespaces) }).enumerated() where line.hasPrefix("```") {
                defer { inBlock.toggle() }
                guard !inBlock else { continue }
                let marker = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
                #expect(line == "```swift", "\(chapter.name).md:\(index + 1) opens a block that is not Swift, so nothing checks it")
                #expect(!marker.contains("example: skip"), "\(chapter.name).md:\(index): a quote of the series must not be skipped")
                if marker.hasPrefix("<!-- example: excerpt of ") { excerpts += 1 }
            }
        }
        #expect(excerpts >= 50, "the chapters quote the source in \(excerpts) checked excerpts")
    }

    @Test("the Streams landing page and the README link the series as the place to start reading the code")
    func linked() throws {
        #expect(try read("Sources/Streams/Streams.docc/Streams.md").contains("<doc:InsideStreams>"))
        #expect(try read("README.md").contains("(\(Self.series)/InsideStreams.md)"))
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOf: Self.package.appendingPathComponent(path), encoding: .utf8)
    }
}
