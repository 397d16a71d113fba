/// A marble diagram that could not be read: where (the column, 1-based, counting every
/// character as written) and why.
///
/// Its description shows the diagram with a caret under the fault:
///
/// ```
/// marble diagram, column 5: '—' (U+2014 EM DASH) looks like '-' but is not; type '-'
///     -a-b—c|
///         ^
/// ```
public struct MarbleError: Error, Equatable, CustomStringConvertible {
    /// The diagram as written.
    public let diagram: String
    /// The column of the offending character, counting from 1, spaces included.
    public let column: Int
    /// What is wrong.
    public let reason: String

    /// Creates an error at `column` of `diagram`.
    public init(diagram: String, column: Int, reason: String) {
        self.diagram = diagram
        self.column = column
        self.reason = reason
    }

    public var description: String {
        // Wide characters (full-width forms) take two columns of a terminal.
        let width = diagram.prefix(max(column - 1, 0)).reduce(0) { sum, character in
            sum + (character.unicodeScalars.first.map(Self.isWide) == true ? 2 : 1)
        }
        return """
            marble diagram, column \(column): \(reason)
                \(diagram)
                \(String(repeating: " ", count: width))^
            """
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
            || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
            || (0xFF00...0xFF60).contains(scalar.value) || (0xFFE0...0xFFE6).contains(scalar.value)
    }
}
