/// Text that came from outside (a server, a file), made fit for the medium that shows it: one
/// function per medium, and each such string passes through exactly one of them.
///
/// A photographer's name, a description, a colour or an error body is whatever the server
/// sent. On a terminal, `ESC ] 0 ; … BEL` retitles the window and `ESC [ 2 J` clears the screen;
/// anywhere, a right-to-left override (U+202E) reverses the text after it; in a page, `<` starts
/// markup. So a string from outside is shown only through the function of its medium:
///
/// | medium | function | what it does |
/// |---|---|---|
/// | a terminal, or any plain-text label | ``forTerminal(_:maxLength:)`` | one line without escape sequences, control or format characters, with a visible marker where something was removed, and a length cap |
/// | JSON | ``forJSON(_:)`` | a string literal that parses back to the text unchanged, and that shows nothing harmful when printed |
/// | HTML | ``forHTML(_:maxLength:)`` | the terminal's cleaning, then escaped for element text and quoted attribute values |
///
/// ```swift
/// let name = "\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{1B}[1;31mEVIL"
/// print(UntrustedText.forTerminal(name))  // prints �EVIL
/// print(UntrustedText.forHTML("<b>Tom & \"Jerry\"</b>"))  // prints &lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;
/// print(UntrustedText.forJSON("tab\there"))  // prints "tab\there"
/// ```
///
/// ``FeedError/message`` shows a server's error text through ``forTerminal(_:maxLength:)``.
/// Values with a format are checked when a page is decoded, not here: a ``Photo/color`` that is
/// not `#rrggbb` decodes as `nil`, and a link that is not `http` or `https` makes the page
/// ``FeedError/malformedResponse(path:problem:)``.
public enum UntrustedText {
    /// The longest text ``forTerminal(_:maxLength:)`` returns, in characters, unless told otherwise.
    public static let defaultMaxLength = 160

    /// What stands where something was removed: U+FFFD REPLACEMENT CHARACTER, `�`.
    public static let removalMarker = Character(markerScalar)
    private static let markerScalar: Unicode.Scalar = "\u{FFFD}"

    /// Returns `raw` as one line that is safe to print on a terminal, or to show in a label.
    ///
    /// - **Escape sequences go whole**, not only their `ESC`: CSI (`ESC [` … final byte, or
    ///   8-bit U+009B), OSC (`ESC ]` or U+009D, up to `BEL` or the string terminator `ESC \` /
    ///   U+009C), DCS, SOS, PM and APC (`ESC P`, `ESC X`, `ESC ^`, `ESC _` or U+0090, U+0098,
    ///   U+009E, U+009F, up to the string terminator), and the short `ESC` sequences (`ESC c`,
    ///   `ESC ( B`). A sequence that never ends takes the rest of the text with it.
    /// - **Control and format characters go**: every other C0 and C1 control and DEL (`Cc`), the
    ///   bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and every other
    ///   format character (`Cf`: zero-width characters, the byte-order mark, tag characters),
    ///   private-use characters and lone surrogates. Zero-width joiners go too, so an emoji
    ///   sequence joined by one shows as its parts.
    /// - **Removal is never silent**: each run of removed characters becomes one
    ///   ``removalMarker``, `�`.
    /// - **One line**: runs of whitespace, line breaks included (`\n`, `\r`, U+2028, U+2029,
    ///   U+0085), become one space, and the ends are trimmed.
    /// - **A length cap**: a result longer than `maxLength` characters is cut and ends in `…`.
    ///   Only as much of `raw` is read as the line needs.
    ///
    /// - Parameters:
    ///   - raw: The text as it came.
    ///   - maxLength: The longest result, in characters. Any value is accepted: one below 1
    ///     counts as 1, and `Int.max` caps nothing.
    /// - Returns: The line; empty only when `raw` held nothing but whitespace.
    ///
    /// The cost is linear: each scalar is read once, and no more of `raw` than the cap needs
    /// (about eight scalars a character).
    public static func forTerminal(_ raw: String, maxLength: Int = defaultMaxLength) -> String {
        cleanLine(raw, maxLength: max(maxLength, 1))
    }

    /// Returns `raw` escaped for HTML, for element text and for attribute values in quotes.
    ///
    /// The text is first cleaned as ``forTerminal(_:maxLength:)`` cleans it: escape sequences,
    /// control characters, bidi controls and other format characters are removed, each run
    /// shown as `�`, so a name can neither reorder the page around it nor smuggle invisible
    /// characters into it; whitespace becomes single spaces. Then `&`, `<`, `>`, `"` and `'`
    /// become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`. The result is safe between tags and
    /// inside `"…"` or `'…'` attribute values; it is not made safe for unquoted attributes, for
    /// `<script>` or `<style>`, or as a URL (check a link's scheme first: ``Photo`` decodes only
    /// `http` and `https` links).
    ///
    /// - Parameters:
    ///   - raw: The text as it came.
    ///   - maxLength: The longest text before escaping, in characters; `nil` for no cap (a link
    ///     must not be cut). One below 1 counts as 1.
    /// - Returns: The escaped text.
    ///
    /// The cost is linear, capped or not: a megabyte of description is cleaned in one pass.
    public static func forHTML(_ raw: String, maxLength: Int? = nil) -> String {
        var html = ""
        for scalar in cleanLine(raw, maxLength: maxLength.map { max($0, 1) }).unicodeScalars {
            switch scalar {
            case "&": html += "&amp;"
            case "<": html += "&lt;"
            case ">": html += "&gt;"
            case "\"": html += "&quot;"
            case "'": html += "&#39;"
            default: html.unicodeScalars.append(scalar)
            }
        }
        return html
    }

    /// Returns `raw` as a JSON string literal, quotes included: the data stays as it came.
    ///
    /// A JSON parser reads back exactly `raw`. What would be harmful or invisible on a terminal
    /// is written as a `\uXXXX` escape instead of as itself, so `--json` output printed on a
    /// terminal is as safe as the text output: `"` and `\` are escaped, line breaks and tabs
    /// as `\n`, `\r`, `\t`, `\b` and `\f`; every other C0 control, DEL, every C1 control, and
    /// every character ``forTerminal(_:maxLength:)`` removes (format, private-use, line and
    /// paragraph separators) as `\u` escapes, with a surrogate pair past U+FFFF.
    ///
    /// - Parameter raw: The text as it came.
    /// - Returns: The quoted, escaped literal.
    public static func forJSON(_ raw: String) -> String {
        var text = "\""
        for scalar in raw.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{8}": text += "\\b"
            case "\u{C}": text += "\\f"
            case _ where isRemoved(scalar):
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    // MARK: The cleaning

    /// Whether `scalar` is never shown as itself: a control (C0, DEL, C1), a format character,
    /// private use, a surrogate, or a line or paragraph separator.
    static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .privateUse, .surrogate, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// The cleaning of ``forTerminal(_:maxLength:)``, capped at `maxLength` when given.
    ///
    /// One pass: each scalar is read once and the line's length is counted as it grows, so the
    /// cost is linear in what is read, capped or not (Benchmarks' W9 measures it per scalar).
    private static func cleanLine(_ raw: String, maxLength: Int?) -> String {
        // A bound on scalars too, so that one character with endless combining marks stays short;
        // a cap near Int.max bounds nothing, and must not overflow.
        let scalarBudget = maxLength.map { $0 > Int.max / 8 ? Int.max : $0 * 8 } ?? Int.max
        var reader = EscapeReader(raw.unicodeScalars.makeIterator())
        var line = String.UnicodeScalarView()
        var scalarCount = 0
        var pendingSpace = false
        var markerIsLast = false
        while let scalar = reader.next() {
            if scalar.properties.isWhitespace {
                pendingSpace = scalarCount > 0
                continue
            }
            let removed = reader.skipSequence(startingWith: scalar) || isRemoved(scalar)
            if removed, markerIsLast { continue }
            if pendingSpace {
                line.append(" ")
                scalarCount += 1
                pendingSpace = false
            }
            line.append(removed ? markerScalar : scalar)
            scalarCount += 1
            markerIsLast = removed
            if scalarCount > scalarBudget {
                break
            }
        }
        let text = String(line)
        guard let maxLength, scalarCount > scalarBudget || text.count > maxLength else { return text }
        var cut = String(text.prefix(maxLength - 1))
        while cut.last == " " {
            cut.removeLast()
        }
        return cut + "…"
    }
}

/// Reads scalars, and skips whole terminal escape sequences (ECMA-48) on request.
private struct EscapeReader {
    private var scalars: String.UnicodeScalarView.Iterator
    private var pushedBack: Unicode.Scalar?

    init(_ scalars: String.UnicodeScalarView.Iterator) {
        self.scalars = scalars
    }

    mutating func next() -> Unicode.Scalar? {
        if let scalar = pushedBack {
            pushedBack = nil
            return scalar
        }
        return scalars.next()
    }

    /// When `first` starts an escape sequence, reads the rest of it and returns `true`.
    mutating func skipSequence(startingWith first: Unicode.Scalar) -> Bool {
        switch first.value {
        case 0x1B: skipAfterEscape()
        case 0x9B: skipControlSequence()
        case 0x9D: skipString(bellEnds: true)
        case 0x90, 0x98, 0x9E, 0x9F: skipString(bellEnds: false)
        default: return false
        }
        return true
    }

    /// After `ESC`: a CSI, a control string, or a short sequence of intermediates and a final.
    private mutating func skipAfterEscape() {
        guard let scalar = next() else { return }
        switch scalar {
        case "[": skipControlSequence()
        case "]": skipString(bellEnds: true)
        case "P", "X", "^", "_": skipString(bellEnds: false)
        case "\u{20}"..."\u{2F}":
            // nF: more intermediates, then one final byte.
            while let following = next() {
                if ("\u{20}"..."\u{2F}").contains(following) { continue }
                if !("\u{30}"..."\u{7E}").contains(following) { pushedBack = following }
                return
            }
        case "\u{30}"..."\u{7E}":
            return
        default:
            // Not a sequence: only the ESC goes, and this scalar is read as itself.
            pushedBack = scalar
        }
    }

    /// CSI: parameter bytes (0x30–0x3F) and intermediates (0x20–0x2F), then a final byte
    /// (0x40–0x7E). Any other scalar ends the sequence and is read as itself.
    private mutating func skipControlSequence() {
        while let scalar = next() {
            if ("\u{20}"..."\u{3F}").contains(scalar) { continue }
            if !("\u{40}"..."\u{7E}").contains(scalar) { pushedBack = scalar }
            return
        }
    }

    /// A control string (OSC, DCS, SOS, PM, APC): everything up to the string terminator, `ESC \`
    /// or U+009C, or for OSC a `BEL`. An `ESC` that starts anything else ends the string and
    /// starts a new sequence, as terminals read it.
    private mutating func skipString(bellEnds: Bool) {
        while let scalar = next() {
            switch scalar.value {
            case 0x07 where bellEnds, 0x9C:
                return
            case 0x1B:
                guard let after = next() else { return }
                if after == "\\" { return }
                pushedBack = after
                skipAfterEscape()
                return
            default:
                continue
            }
        }
    }
}
