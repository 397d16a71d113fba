import Testing
import XCTest

/// Where a helper was called from, in the form each test framework wants it.
struct CallSite: Sendable {
    let fileID: String
    let filePath: String
    /// The file for `XCTFail`, which takes only a static string.
    let xcTestFile: StaticString
    let line: Int
    let column: Int

    init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = "\(fileID)"
        self.filePath = "\(filePath)"
        self.xcTestFile = filePath
        self.line = Int(line)
        self.column = Int(column)
    }

    /// A Swift Testing location; only Swift Testing tests have one to pass.
    init(_ location: SourceLocation, xcTestFile: StaticString = #filePath) {
        fileID = location.fileID
        filePath = location.filePath
        self.xcTestFile = xcTestFile
        line = location.line
        column = location.column
    }

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// `Module/File.swift:12`.
    var description: String { "\(fileID):\(line)" }
}

/// Reports a failed expectation to the framework running the test: a Swift Testing issue
/// inside a `@Test`, otherwise `XCTFail` at the caller's file and line, so no helper of this
/// library fails silently under either.
func reportFailure(_ message: String, at site: CallSite) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
    } else {
        XCTFail(message, file: site.xcTestFile, line: UInt(site.line))
    }
}
