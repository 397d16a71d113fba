import Foundation
import Testing

/// The check behind `<!-- example: excerpt of … -->` blocks, run on purpose against a file that
/// is not there: the build-time check catches a wrong path first, but a file removed after the
/// docs were generated reaches this one.
@Suite("doc examples: excerpts")
struct ExcerptTests {
    @Test("a file that cannot be read is reported at the marker's Markdown line, with the path")
    func unreadableFile() {
        let marker = DocLine(path: "/p/Sources/A.md", display: "Sources/A.md", line: 7)
        let block = DocLine(path: "/p/Sources/A.md", display: "Sources/A.md", line: 9)
        withKnownIssue {
            expectExcerpt(["let x = 1"], of: "Tests/Gone.swift", in: NSTemporaryDirectory(), marker: marker, at: block)
        } matching: { issue in
            issue.sourceLocation?.line == 7 && issue.sourceLocation?.fileName == "A.md"
                && issue.description.contains("Sources/A.md:7: the block is marked `excerpt of Tests/Gone.swift`, but Tests/Gone.swift cannot be read")
        }
    }
}
