import FeedStreams
import Foundation

/// Reads the file of `--script`, and says why when it cannot.
///
/// ```text
/// feed-demo: cannot read the script "tour.scrol": no such file
/// feed-demo: cannot read the script "Examples": it is a directory
/// feed-demo: cannot read the script "secret.scroll": permission denied
/// notes.scroll:3: not UTF-8 text: column 7 holds the byte 0xE9
/// ```
enum ScriptFile {
    /// The text of the file at `path`.
    ///
    /// - Throws: ``ScriptFileError`` when there is no such file, it is a directory, it cannot be
    ///   read, or it is not UTF-8 text.
    static func read(_ path: String) throws(ScriptFileError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ScriptFileError(cannotRead: path, because: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw ScriptFileError(cannotRead: path, because: "it is a directory")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ScriptFileError(cannotRead: path, because: "permission denied")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScriptFileError(cannotRead: path, because: "reading it failed")
        }
        if let text = String(data: data, encoding: .utf8) { return text }
        throw notUTF8(data, path: path)
    }

    /// Where the first byte that is not UTF-8 is, as `FILE:LINE` and a column.
    private static func notUTF8(_ data: Data, path: String) -> ScriptFileError {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var (offset, line, column) = (0, 1, 1)
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar):
                if scalar.count == 1, scalar.first == UInt8(ascii: "\n") {
                    (line, column) = (line + 1, 1)
                } else {
                    column += 1
                }
                offset += scalar.count
            case .error:
                let byte = String(data[data.startIndex + offset], radix: 16, uppercase: true)
                return ScriptFileError(description: "\(UntrustedText.forTerminal(path)):\(line): not UTF-8 text: column \(column) holds the byte 0x\(byte)")
            case .emptyInput:
                return ScriptFileError(description: "\(UntrustedText.forTerminal(path)): not UTF-8 text")
            }
        }
    }
}

/// Why a script file could not be read: one line for standard error, with the file's name
/// through ``UntrustedText/forTerminal(_:maxLength:)``.
struct ScriptFileError: Error, CustomStringConvertible {
    let description: String

    init(description: String) {
        self.description = description
    }

    init(cannotRead path: String, because reason: String) {
        description = "feed-demo: cannot read the script \"\(UntrustedText.forTerminal(path))\": \(reason)"
    }
}
