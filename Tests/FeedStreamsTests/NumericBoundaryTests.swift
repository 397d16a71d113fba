import FeedStreams
import Foundation
import Streams
import StreamsTesting
import Testing

/// Every public numeric parameter of FeedStreams, run at its extremes: `0`, `1`, `-1`, `.max`,
/// `.min`, `±∞`, NaN and the edges of its documented range. None may trap: each value is accepted
/// (saturating where the arithmetic would overflow) or refused through the documented error that
/// names the field.
///
/// The second test reads `Sources/FeedStreams` and fails for a public declaration with an `Int`,
/// `Double` or `Duration` in its signature that no check below names, so a new parameter cannot
/// be added without its extremes.
@Suite("Numeric boundaries")
struct NumericBoundaryTests {
    @Test("every public numeric parameter takes its extremes without trapping", arguments: NumericBoundary.all)
    func extremes(_ boundary: NumericBoundary) throws {
        try boundary.check()
    }

    @Test("bug: a memory budget within 512 of Int.max with a max entry fraction of 1 is valid, and its largest entry is the whole budget")
    func wholeBudget() throws {
        for budget in [Int.max, Int.max - 511] {
            let configuration = ImageConfiguration(memoryBudget: budget, maxEntryFraction: 1)
            try configuration.validate()
            #expect(configuration.maxEntryBytes == budget)
        }
        #expect(ImageConfiguration(memoryBudget: 1_000, maxEntryFraction: 0.1).maxEntryBytes == 100)
    }

    @Test("bug: cleaning takes any cap: above Int.max / 8 the scalar budget saturates instead of trapping")
    func cleaningCaps() {
        let text = "\u{1B}]0;PWNED\u{7}Tom <b>&</b>"
        for cap in [Int.max / 8 + 1, Int.max - 1, Int.max] {
            #expect(UntrustedText.forTerminal(text, maxLength: cap) == "�Tom <b>&</b>")
            #expect(UntrustedText.forHTML(text, maxLength: cap) == "�Tom &lt;b&gt;&amp;&lt;/b&gt;")
        }
    }

    @Test("bug: a wait near Int64.max seconds, or past it, is described in hours instead of trapping")
    func longestWaits() {
        #expect(FeedError.rateLimited(resetAfter: .seconds(Int64.max)).message
            == "Too many requests for now. Try again in 2562047788015216 hours.")
        #expect(FeedError.rateLimited(resetAfter: .seconds(Int64.max - 30)).message
            == "Too many requests for now. Try again in 2562047788015216 hours.")
        #expect(FeedError.requestBudgetSpent(retryAfter: .seconds(Int64.max) * 4).message
            == "The feed asked for photos often in the last minute. Try again in 2562047788015216 hours.")
        #expect(FeedError.rateLimited(resetAfter: .seconds(3_601)).message == "Too many requests for now. Try again in 2 hours.")
        #expect(FeedError.rateLimited(resetAfter: .milliseconds(59_001)).message == "Too many requests for now. Try again in 1 minute.")
    }

    @Test("every public numeric parameter of FeedStreams is checked at its extremes")
    func coverage() throws {
        let declared = try PublicNumericDeclarations.read()
        let checked = Set(NumericBoundary.all.flatMap(\.covers))
        let unchecked = declared.subtracting(checked).sorted()
        #expect(unchecked.isEmpty, "public numeric declarations with no extremes checked:\n\(unchecked.joined(separator: "\n"))")
        let stale = checked.subtracting(declared).sorted()
        #expect(stale.isEmpty, "checks name declarations that no longer exist:\n\(stale.joined(separator: "\n"))")
        #expect(declared.count >= 150, "read \(declared.count) declarations")
    }
}

/// The extreme values of each numeric type.
enum Extremes {
    static let ints = [0, 1, -1, 2, Int.max, Int.min, Int.max - 1, Int.min + 1]
    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.5, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .infinity, -.infinity, .nan,
    ]
    /// `Duration` holds 128 bits of attoseconds: beyond `Int64.max` seconds too.
    static let durations: [Duration] = [
        .zero, .nanoseconds(1), .milliseconds(1), .seconds(1), .seconds(-1), .seconds(86_400),
        .seconds(Int64.max), .seconds(Int64.min), .seconds(Int64.max) * 4, .seconds(Int64.min) * 4,
    ]
    static let seeds: [UInt64] = [0, 1, .max]
    static let optionalInts: [Int?] = [nil] + ints
    static let optionalDoubles: [Double?] = [nil] + doubles
    static let optionalDurations: [Duration?] = [nil] + durations
}

/// One check: the declarations it covers (`File.swift: name`), and what it runs.
struct NumericBoundary: Sendable, CustomTestStringConvertible {
    let covers: [String]
    let check: @Sendable () throws -> Void

    init(_ covers: String..., check: @escaping @Sendable () throws -> Void) {
        self.covers = covers
        self.check = check
    }

    var testDescription: String { covers.first ?? "?" }
}

/// Reads the public declarations of `Sources/FeedStreams` whose signature names a numeric type,
/// as `File.swift: name`, with `name` a property's name or a function's name and labels.
enum PublicNumericDeclarations {
    static var numeric: Regex<(Substring, Substring)> { #/\b(Int|Double|Duration|UInt64|Int64|UInt8|Int128|Float)\b/# }
    static var declaration: Regex<(Substring, Substring)> { #/^\s*public\s+(?:internal\(set\)\s+|private\(set\)\s+)?(?:static\s+|mutating\s+)*(var|let|init\??|func|subscript)\b/# }

    static func read() throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources/FeedStreams")
        guard let files = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        var found: Set<String> = []
        for case let path as String in files where path.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            let file = (path as NSString).lastPathComponent
            for name in declarations(in: text) { found.insert("\(file): \(name)") }
        }
        return found
    }

    /// The names of the numeric public declarations in one file's text.
    static func declarations(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var names: [String] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard let match = lines[index].firstMatch(of: declaration) else { continue }
            var signature = lines[index]
            while signature.count(where: { $0 == "(" }) > signature.count(where: { $0 == ")" }), index + 1 < lines.count {
                index += 1
                signature += " " + lines[index].trimmingCharacters(in: .whitespaces)
            }
            let kind = String(match.output.1)
            var head = String(signature.prefix { $0 != "{" })
            if kind == "var" || kind == "let", let assignment = head.range(of: " = ") { head = String(head[..<assignment.lowerBound]) }
            guard head.contains(numeric), !head.contains(#/\bstatic\s+let\b/#) else { continue }
            switch kind {
            case "var", "let":
                if let name = head.firstMatch(of: #/\b(?:var|let)\s+(\w+)/#) { names.append(String(name.output.1)) }
            case "subscript":
                names.append("subscript")
            default:
                let base = kind == "func" ? head.firstMatch(of: #/func\s+(\w+)/#).map { String($0.output.1) } ?? "?" : "init"
                let name = kind == "func" ? head.range(of: base)!.upperBound : head.range(of: "init")!.upperBound
                let list = head[name...].firstIndex(of: "(") ?? name
                names.append(base + "(" + labels(String(head[list...])).map { $0 + ":" }.joined() + ")")
            }
        }
        return names
    }

    /// The argument labels of a parameter list, at its own depth only.
    static func labels(_ list: String) -> [String] {
        var labels: [String] = []
        var depth = 0
        var parameter = ""
        for character in list {
            switch character {
            case "(", "[", "<":
                depth += 1
                if depth > 1 { parameter.append(character) }
            case ")", "]", ">":
                depth -= 1
                if depth == 0 {
                    if let label = label(parameter) { labels.append(label) }
                    return labels
                }
                parameter.append(character)
            case "," where depth == 1:
                if let label = label(parameter) { labels.append(label) }
                parameter = ""
            default:
                if depth >= 1 { parameter.append(character) }
            }
        }
        return labels
    }

    private static func label(_ parameter: String) -> String? {
        guard let colon = parameter.firstIndex(of: ":") else { return nil }
        return parameter[..<colon].split(separator: " ").first.map(String.init)
    }
}

extension NumericBoundary {
    static let all: [NumericBoundary] = catalog + model + services + scroll + viewModel + images + layout
}
