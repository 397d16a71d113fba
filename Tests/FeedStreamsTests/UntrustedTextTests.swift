import FeedStreams
import FeedTestSupport
import Foundation
import Testing

/// The one cleaning function per medium: terminal, JSON, HTML.
@Suite("UntrustedText")
struct UntrustedTextTests {
    // MARK: Terminal

    @Test("forTerminal: whitespace runs, line breaks included, become one space; the ends are trimmed")
    func whitespace() {
        #expect(UntrustedText.forTerminal("  a \n\n\t b\u{2028}c\u{2029}d\u{85}e  ") == "a b c d e")
        #expect(UntrustedText.forTerminal("café 東京 👍🏽") == "café 東京 👍🏽")
        #expect(UntrustedText.forTerminal("") == "")
        #expect(UntrustedText.forTerminal(" \r\n ") == "")
    }

    @Test("forTerminal: each run of control, format and private-use characters becomes one visible marker")
    func controlsLeaveAMarker() {
        #expect(UntrustedText.forTerminal("a\u{0}b\u{7F}c\u{80}d") == "a�b�c�d")
        #expect(UntrustedText.forTerminal("a\u{0}\u{1}\u{7F}\u{81}\u{8F}b") == "a�b")
        #expect(UntrustedText.forTerminal("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{61C}x") == "�x")
        #expect(UntrustedText.forTerminal("a\u{E000}b\u{F8FF}c") == "a�b�c")
        #expect(UntrustedText.forTerminal("zero\u{200B}width\u{FEFF}") == "zero�width�")
        #expect(UntrustedText.forTerminal("tag\u{E0041}\u{E0042}") == "tag�", "tag characters (ASCII smuggling)")
        #expect(UntrustedText.forTerminal("a \u{202E} b") == "a � b")
        #expect(UntrustedText.forTerminal("\u{1C}\u{1F}") == "�", "separators that are not whitespace")
        #expect(UntrustedText.removalMarker == "\u{FFFD}")
    }

    /// Escape sequences and what is left of each: one marker where a whole sequence was.
    static let sequences: [(name: String, raw: String, shown: String)] = [
        ("CSI colour", "\u{1B}[1;31mEVIL\u{1B}[0m", "�EVIL�"),
        ("CSI clear screen", "a\u{1B}[2Jb", "a�b"),
        ("CSI private, intermediates", "a\u{1B}[?25l\u{1B}[ qb", "a�b"),
        ("OSC title ended by BEL", "\u{1B}]0;PWNED\u{7}name", "�name"),
        ("OSC hyperlink ended by ST", "\u{1B}]8;;http://evil/\u{1B}\\click\u{1B}]8;;\u{1B}\\", "�click�"),
        ("DCS", "a\u{1B}Pq#0;2;0;0;0\u{1B}\\b", "a�b"),
        ("SOS, PM, APC", "a\u{1B}Xs\u{1B}\\b\u{1B}^p\u{1B}\\c\u{1B}_a\u{1B}\\d", "a�b�c�d"),
        ("8-bit CSI", "a\u{9B}31mb", "a�b"),
        ("8-bit OSC with 8-bit ST", "a\u{9D}0;title\u{9C}b", "a�b"),
        ("8-bit DCS, SOS, PM, APC", "a\u{90}x\u{9C}b\u{98}x\u{9C}c\u{9E}x\u{9C}d\u{9F}x\u{9C}e", "a�b�c�d�e"),
        ("two-byte: reset, index", "a\u{1B}cb\u{1B}Dc", "a�b�c"),
        ("nF: charset designation", "a\u{1B}(0b", "a�b"),
        ("ESC at the end", "name\u{1B}", "name�"),
        ("ESC before a control", "a\u{1B}\u{7}b", "a�b"),
        ("OSC that never ends takes the rest", "safe\u{1B}]0;title and everything after", "safe�"),
        ("CSI cut by a letter outside its range", "a\u{1B}[31\u{E9}b", "a�éb"),
        ("ESC inside OSC starts a new sequence", "a\u{1B}]0;t\u{1B}[2Jb", "a�b"),
        ("the issue's photographer", "\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{1B}[1;31mEVIL", "�EVIL"),
    ]

    @Test("forTerminal removes whole escape sequences, not only their ESC byte", arguments: sequences.map(\.name))
    func escapeSequences(name: String) throws {
        let sequence = try #require(Self.sequences.first { $0.name == name })
        #expect(UntrustedText.forTerminal(sequence.raw) == sequence.shown)
    }

    @Test("forTerminal caps the length, and a cut ends in …")
    func length() {
        #expect(UntrustedText.forTerminal("abcdef", maxLength: 6) == "abcdef")
        #expect(UntrustedText.forTerminal("abcdefg", maxLength: 6) == "abcde…")
        #expect(UntrustedText.forTerminal("abcd efg", maxLength: 6) == "abcd…", "no space before the …")
        #expect(UntrustedText.forTerminal(String(repeating: "y", count: 200_000)).count == 160)
        #expect(UntrustedText.forTerminal("abc", maxLength: 0) == "…")
        // One character carrying endless combining marks is cut too.
        let zalgo = "z" + String(repeating: "\u{301}", count: 100_000)
        #expect(UntrustedText.forTerminal(zalgo).unicodeScalars.count < 2_000)
    }

    @Test("forTerminal, on random hostile text: nothing harmful, never longer than the cap, and cleaning again changes nothing")
    func terminalProperties() {
        for seed in FuzzSeeds.seeds(count: 400, salt: 0x7E47, shard: 0, of: 1) {
            var random = FuzzRandom(seed: seed)
            let raw = Self.hostileText(&random)
            let cap = random.int(1...200)
            let shown = UntrustedText.forTerminal(raw, maxLength: cap)
            let harmful = shown.unicodeScalars.filter(Self.isHarmfulOnATerminal)
            #expect(harmful.isEmpty, "\(harmful.map { String($0.value, radix: 16) }) in \(shown.debugDescription)\n\(FuzzSeeds.replay(seed))")
            #expect(shown.count <= cap, "\(shown.count) characters over \(cap)\n\(FuzzSeeds.replay(seed))")
            #expect(UntrustedText.forTerminal(shown, maxLength: cap) == shown, "\(FuzzSeeds.replay(seed))")
        }
    }

    // MARK: JSON

    @Test("forJSON escapes quotes, backslashes, line breaks, and as \\u every control, format and separator character")
    func jsonEscapes() {
        #expect(UntrustedText.forJSON("plain") == #""plain""#)
        #expect(UntrustedText.forJSON("a \"q\" \\ b") == #""a \"q\" \\ b""#)
        #expect(UntrustedText.forJSON("\n\r\t\u{8}\u{C}") == #""\n\r\t\b\f""#)
        #expect(UntrustedText.forJSON("\u{0}\u{1B}[31m\u{7F}\u{9B}") == #""\u0000\u001b[31m\u007f\u009b""#)
        #expect(UntrustedText.forJSON("\u{202E}gnp\u{2066}\u{200B}\u{2028}\u{E000}") == #""\u202egnp\u2066\u200b\u2028\ue000""#)
        #expect(UntrustedText.forJSON("tag\u{E0041}") == #""tag\udb40\udc41""#, "a surrogate pair past U+FFFF")
        #expect(UntrustedText.forJSON("café 東京 👍🏽 </script>") == #""café 東京 👍🏽 </script>""#)
    }

    @Test("forJSON, on random hostile text: parses back to the same text, and shows nothing harmful")
    func jsonRoundTrip() throws {
        for seed in FuzzSeeds.seeds(count: 400, salt: 0x7E45, shard: 0, of: 1) {
            var random = FuzzRandom(seed: seed)
            let raw = Self.hostileText(&random)
            let literal = UntrustedText.forJSON(raw)
            let parsed = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
            #expect(parsed == [raw], "\(FuzzSeeds.replay(seed))")
            #expect(!literal.unicodeScalars.contains(where: Self.isHarmfulOnATerminal), "\(FuzzSeeds.replay(seed))")
        }
    }

    // MARK: HTML

    @Test("forHTML escapes markup for text and quoted attributes, and cleans as the terminal does")
    func htmlEscapes() {
        #expect(UntrustedText.forHTML("<b>Tom & \"Jerry\"</b>") == "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;")
        #expect(UntrustedText.forHTML("it's") == "it&#39;s")
        #expect(UntrustedText.forHTML("\"><script>alert(1)</script>") == "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(UntrustedText.forHTML("\u{202E}gnp.exe\u{1B}[31m") == "�gnp.exe�", "bidi and escapes leave a marker")
        #expect(UntrustedText.forHTML("two\nlines") == "two lines")
        #expect(UntrustedText.forHTML("&amp;") == "&amp;amp;", "text, not markup: escaped again")
        let link = "https://images.unsplash.com/photo-1?ixlib=rb-1.2.1&q=80&w=400"
        #expect(UntrustedText.forHTML(link) == "https://images.unsplash.com/photo-1?ixlib=rb-1.2.1&amp;q=80&amp;w=400", "never cut without a cap")
        #expect(UntrustedText.forHTML("abcdefg", maxLength: 6) == "abcde…")
    }

    @Test("forHTML, on random hostile text: no markup character and nothing harmful is left")
    func htmlProperties() {
        for seed in FuzzSeeds.seeds(count: 400, salt: 0x47D1, shard: 0, of: 1) {
            var random = FuzzRandom(seed: seed)
            // Scalars, not characters: a combining mark after `<` makes one character of the two.
            let html = Array(UntrustedText.forHTML(Self.hostileText(&random)).unicodeScalars)
            #expect(!html.contains { "<>\"'".unicodeScalars.contains($0) }, "\(FuzzSeeds.replay(seed))")
            #expect(!html.contains(where: Self.isHarmfulOnATerminal), "\(FuzzSeeds.replay(seed))")
            // Every & starts one of the five escapes.
            for index in html.indices where html[index] == "&" {
                let after = String(String.UnicodeScalarView(html[(index + 1)...].prefix(5)))
                #expect(["amp;", "lt;", "gt;", "quot;", "#39;"].contains { after.unicodeScalars.starts(with: $0.unicodeScalars) }, "\(FuzzSeeds.replay(seed))")
            }
        }
    }

    // MARK: Helpers

    /// A C0 or C1 control, DEL, a format character (bidi controls among them), private use, or
    /// a line or paragraph separator.
    static func isHarmfulOnATerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .privateUse, .surrogate, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// Up to 60 pieces of text, escape sequences, controls, bidi and format characters.
    static func hostileText(_ random: inout FuzzRandom) -> String {
        let pieces = [
            "a", "Zoë", "東京", "👍🏽", "👨‍👩‍👧", " ", "\n", "\r\n", "\t", "\u{0}", "\u{7}", "\u{7F}", "\u{85}", "\u{9B}", "\u{9C}",
            "\u{9D}", "\u{90}", "\u{1B}", "\u{1B}[", "\u{1B}[31m", "\u{1B}[2J", "\u{1B}]", "\u{1B}]0;title", "\u{1B}\\",
            "\u{1B}(", "\u{1B}P", "\u{1B}_", "[", "]", ";", "m", "\\", "\"", "'", "<", ">", "&", "\u{202E}", "\u{2066}",
            "\u{2069}", "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{2028}", "\u{E000}", "\u{E0041}", "\u{301}", "\u{FFFD}",
        ]
        return (0..<random.int(0...60)).map { _ in random.pick(pieces) }.joined()
    }
}
