import Foundation

/// An HTTP `Link` header (RFC 8288), as Unsplash sends for pagination.
///
/// ```
/// Link: <https://api.unsplash.com/photos?page=110461&per_page=2>; rel="last",
///       <https://api.unsplash.com/photos?page=2&per_page=2>; rel="next"
/// ```
///
/// Parsing never fails: a malformed element is skipped and the rest still read. The parser
/// follows the RFC's grammar where it matters in practice: a target in angle brackets may
/// contain commas and semicolons; a parameter value is a token or a quoted string (which may
/// contain commas, semicolons and `\"` escapes); whitespace around `;`, `,` and `=` is
/// optional; empty list elements are allowed; parameter names and relation types compare
/// case-insensitively; a `rel` holds several space-separated types (`rel="next last"`); and
/// when a parameter repeats in one link, the first occurrence counts.
public struct LinkHeader: Sendable, Equatable {
    /// One link: a target and its parameters.
    public struct Link: Sendable, Equatable {
        /// The target URI reference, as written between `<` and `>`.
        public var target: String
        /// The parameters by lowercased name, with quotes and escapes removed.
        public var parameters: [String: String]

        /// Creates a link.
        public init(target: String, parameters: [String: String] = [:]) {
            self.target = target
            self.parameters = parameters
        }

        /// The lowercased relation types in the `rel` parameter, such as `["next"]`.
        public var relations: [String] {
            (parameters["rel"] ?? "").lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        }

        /// The target as a URL, when it parses as one.
        public var url: URL? {
            URL(string: target)
        }
    }

    /// The links in the order the header lists them.
    public var links: [Link]

    /// Creates a header from links.
    public init(links: [Link]) {
        self.links = links
    }

    /// Parses the value of a `Link` header.
    ///
    /// - Parameter value: The header's value, such as `<https://…?page=2>; rel="next"`.
    public init(parsing value: String) {
        var scanner = LinkScanner(value)
        var links: [Link] = []
        while let link = scanner.nextLink() {
            links.append(link)
        }
        self.links = links
    }

    /// Returns the first link with a relation type, compared case-insensitively.
    ///
    /// - Parameter relation: A relation type such as `"next"`.
    /// - Returns: The link, or `nil` when no link has that type.
    public func link(relation: String) -> Link? {
        let relation = relation.lowercased()
        return links.first { $0.relations.contains(relation) }
    }

    /// The target of the `next` link.
    public var next: URL? { link(relation: "next")?.url }

    /// The target of the `prev` link (or `previous`, which some servers write).
    public var previous: URL? { (link(relation: "prev") ?? link(relation: "previous"))?.url }

    /// The target of the `first` link.
    public var first: URL? { link(relation: "first")?.url }

    /// The target of the `last` link.
    public var last: URL? { link(relation: "last")?.url }
}

/// Reads links off the front of a `Link` header value, one at a time.
private struct LinkScanner {
    private var rest: Substring

    init(_ value: String) {
        rest = Substring(value)
    }

    /// Returns the next well-formed link, skipping malformed elements, or `nil` at the end.
    mutating func nextLink() -> LinkHeader.Link? {
        while true {
            rest = rest.drop { $0 == "," || Self.isSpace($0) }
            guard !rest.isEmpty else { return nil }
            guard consume("<") else {
                skipElement()
                continue
            }
            let target = read { $0 == ">" }
            guard consume(">") else { return nil }
            let parameters = readParameters()
            skipElement()
            return LinkHeader.Link(target: String(target), parameters: parameters)
        }
    }

    /// Reads `; name=value` pairs up to the end of the element.
    private mutating func readParameters() -> [String: String] {
        var parameters: [String: String] = [:]
        while true {
            skipSpaces()
            guard consume(";") else { return parameters }
            skipSpaces()
            let name = read { $0 == "=" || $0 == ";" || $0 == "," || Self.isSpace($0) }.lowercased()
            skipSpaces()
            var value = ""
            if consume("=") {
                skipSpaces()
                value = consume("\"")
                    ? readQuotedRemainder()
                    : String(read { $0 == ";" || $0 == "," || Self.isSpace($0) })
            }
            if !name.isEmpty, parameters[name] == nil {
                parameters[name] = value
            }
        }
    }

    /// Reads the rest of a quoted string whose opening quote was just consumed, unescaped.
    private mutating func readQuotedRemainder() -> String {
        var value = ""
        while let character = rest.popFirst() {
            switch character {
            case "\"": return value
            case "\\": rest.popFirst().map { value.append($0) }
            default: value.append(character)
            }
        }
        return value
    }

    /// Skips to just past the next comma that separates elements (not one inside `<…>` or quotes).
    private mutating func skipElement() {
        while let character = rest.popFirst() {
            switch character {
            case ",": return
            case "<": _ = read { $0 == ">" }
            case "\"": _ = readQuotedRemainder()
            default: continue
            }
        }
    }

    private mutating func consume(_ character: Character) -> Bool {
        guard rest.first == character else { return false }
        rest.removeFirst()
        return true
    }

    private mutating func read(until isStop: (Character) -> Bool) -> Substring {
        let prefix = rest.prefix { !isStop($0) }
        rest = rest[prefix.endIndex...]
        return prefix
    }

    private mutating func skipSpaces() {
        rest = rest.drop(while: Self.isSpace)
    }

    private static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }
}
