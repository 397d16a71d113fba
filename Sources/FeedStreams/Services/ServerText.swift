/// Text a server wrote, made fit to show a person: one line of printable characters, not too long.
///
/// Error bodies come from anywhere: a proxy's HTML, a 200 KB stack trace, or text crafted to
/// reorder what surrounds it. ``FeedError/message`` shows such text only through
/// ``oneLine(_:maxLength:)``; the raw text stays on the error (see ``FeedError/serverText``).
enum ServerText {
    /// The longest text ``oneLine(_:maxLength:)`` returns, in characters, unless told otherwise.
    static let maxLength = 160

    /// Returns `raw` as one clean line.
    ///
    /// Runs of whitespace, line breaks included (`\n`, `\r`, U+2028, U+2029), become one space,
    /// and the ends are trimmed. Control characters (`Cc`), format characters (`Cf`: the bidi
    /// overrides and isolates, zero-width characters, the byte-order mark), private-use
    /// characters and lone surrogates are removed. Text longer than `maxLength` characters is
    /// cut and ends in `…`. Only as much of `raw` is read as the line needs.
    ///
    /// - Parameters:
    ///   - raw: The server's text.
    ///   - maxLength: The longest result, in characters (at least 1).
    /// - Returns: The line; empty when nothing printable was left.
    static func oneLine(_ raw: String, maxLength: Int = maxLength) -> String {
        let maxLength = max(maxLength, 1)
        // A bound on scalars too, so that one character with endless combining marks stays short.
        let scalarBudget = maxLength * 8
        var line = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in raw.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !line.isEmpty
                continue
            }
            switch scalar.properties.generalCategory {
            case .control, .format, .privateUse, .surrogate, .lineSeparator, .paragraphSeparator:
                continue
            default:
                break
            }
            if pendingSpace {
                line.append(" ")
                pendingSpace = false
            }
            line.append(scalar)
            if line.count > scalarBudget {
                break
            }
        }
        let text = String(line)
        guard text.count > maxLength || line.count > scalarBudget else { return text }
        var cut = String(text.prefix(maxLength - 1))
        while cut.last == " " {
            cut.removeLast()
        }
        return cut + "…"
    }
}
