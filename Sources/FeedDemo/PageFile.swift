import FeedStreams
import Foundation

/// The file of `--html FILE`: checked before the session plays, so that a session (perhaps a
/// long one in wall-clock time) is not played for a page that cannot be written, and written
/// in one piece when it is over.
///
/// ```text
/// feed-demo: cannot write the page "out/tour.html": no such directory
/// feed-demo: cannot write the page "Examples": it is a directory
/// ```
enum PageFile {
    /// Why a page cannot be written at `path`, or `nil` when it looks writable.
    static func problem(writing path: String) -> PageFileError? {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return PageFileError(path, "it is a directory") }
            return files.isWritableFile(atPath: path) ? nil : PageFileError(path, "permission denied")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard files.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            return PageFileError(path, "no such directory")
        }
        guard isDirectory.boolValue else { return PageFileError(path, "\(UntrustedText.forTerminal(directory)) is not a directory") }
        return files.isWritableFile(atPath: directory) ? nil : PageFileError(path, "permission denied")
    }

    /// Writes `page` and a line break to `path`, replacing the file at once (never half written).
    static func write(_ page: String, to path: String) throws(PageFileError) {
        do {
            try Data((page + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PageFileError(path, UntrustedText.forTerminal(error.localizedDescription))
        }
    }
}

/// Why the page could not be written: one line for standard error, with the file's name through
/// ``UntrustedText/forTerminal(_:maxLength:)``.
struct PageFileError: Error, CustomStringConvertible {
    let description: String

    init(_ path: String, _ reason: String) {
        description = "feed-demo: cannot write the page \"\(UntrustedText.forTerminal(path))\": \(reason)"
    }
}
