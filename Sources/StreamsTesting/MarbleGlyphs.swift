/// How the marble parser names characters, and the look-alikes it refuses: a typo must be an
/// error that says what was typed, never a value that lets a wrong test pass.
enum MarbleGlyphs {
    /// Non-ASCII characters that are easy to type (or paste) for a marble glyph.
    private static let lookAlikes: [Unicode.Scalar: Character] = [
        "\u{2010}": "-", "\u{2011}": "-", "\u{2012}": "-", "\u{2013}": "-", "\u{2014}": "-",
        "\u{2015}": "-", "\u{2212}": "-", "\u{2500}": "-", "\u{30FC}": "-", "\u{FE58}": "-",
        "\u{FF5C}": "|", "\u{01C0}": "|", "\u{2223}": "|", "\u{2502}": "|", "\u{00A6}": "|",
        "\u{00A0}": " ", "\u{3000}": " ", "\u{2007}": " ", "\u{2009}": " ", "\u{202F}": " ",
    ]

    /// `'a'`, or for a character outside printable ASCII `'—' (U+2014 EM DASH)`.
    static func describe(_ glyph: Character) -> String {
        guard !glyph.isASCII || glyph.asciiValue.map({ $0 < 0x20 || $0 == 0x7F }) == true else { return "'\(glyph)'" }
        let scalars = glyph.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return [code, scalar.properties.name].compactMap { $0 }.joined(separator: " ")
        }
        return "'\(glyph)' (\(scalars.joined(separator: ", ")))"
    }

    /// Why `glyph` is refused as a look-alike of a marble glyph or an ASCII letter or digit, or
    /// `nil` when it is not one.
    static func lookAlike(of glyph: Character) -> String? {
        guard glyph.unicodeScalars.count == 1, let scalar = glyph.unicodeScalars.first else { return nil }
        let meant: Character
        if let known = lookAlikes[scalar] {
            meant = known
        } else if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
            meant = Character(ascii)  // a full-width form
        } else {
            return nil
        }
        let advice = meant == " " ? "type a plain space" : "type '\(meant)'"
        return "\(describe(glyph)) looks like '\(meant)' but is not; \(advice)"
    }

    /// Whether a letter is likely a `|` typed wrong.
    static func looksLikeBar(_ glyph: Character) -> Bool {
        glyph == "l" || glyph == "I"
    }

    /// Why a glyph that is not structural has no value.
    static func unknown(_ glyph: Character) -> String {
        if looksLikeBar(glyph) {
            return "\(describe(glyph)) is not a value here; did you mean '|' (completed)? "
                + "To emit '\(glyph)', give it in values: [\"\(glyph)\": …]"
        }
        if glyph.isASCII, glyph.isLetter || glyph.isNumber {
            return "no value for glyph \(describe(glyph)); add it to values:"
        }
        return "\(describe(glyph)) is not a marble glyph; values are letters and digits, "
            + "and the other glyphs are - | # ( ) ^ and spaces"
    }
}
