import FeedStreams

/// Words for a person, made of the demo's own text and of values from outside (a server, a
/// file), kept apart until a medium shows them. Each outside value then passes through the
/// function of that medium in ``UntrustedText``, and through no other:
///
/// ```swift
/// let line: DisplayText = "photo 3 by \(untrusted: photo.user.name, maxLength: 40)"
/// line.terminal  // the name through UntrustedText.forTerminal, cut at 40 characters
/// line.data      // the name as sent: JSON's UntrustedText.forJSON escapes the whole string
/// line.html      // the name through UntrustedText.forHTML, the demo's own words escaped
/// ```
///
/// A string interpolates only with its origin: `untrusted:` for a server's or a file's,
/// `own:` for the demo's words; a plain `\(text)` of a string does not compile. Numbers,
/// requests and other texts interpolate as they are.
struct DisplayText: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// A run of the demo's own words, or one value from outside.
    enum Piece: Sendable, Equatable {
        /// The demo's own text.
        case own(String)
        /// A value from outside, and the most characters it may take (`nil`: the medium's default).
        case untrusted(String, maxLength: Int?)
    }

    /// The pieces in order; neighbouring own words are one piece.
    private(set) var pieces: [Piece]

    init(stringLiteral value: String) {
        pieces = value.isEmpty ? [] : [.own(value)]
    }

    init(stringInterpolation: Interpolation) {
        pieces = stringInterpolation.pieces
    }

    /// The value from outside alone.
    init(untrusted value: String, maxLength: Int? = nil) {
        pieces = [.untrusted(value, maxLength: maxLength)]
    }

    /// For a terminal: each outside value through ``UntrustedText/forTerminal(_:maxLength:)``.
    var terminal: String {
        pieces.map { piece in
            switch piece {
            case .own(let text): text
            case .untrusted(let raw, let maxLength): UntrustedText.forTerminal(raw, maxLength: maxLength ?? UntrustedText.defaultMaxLength)
            }
        }.joined()
    }

    /// For data (a JSON string, which ``UntrustedText/forJSON(_:)`` escapes): every value as it came.
    var data: String {
        pieces.map { piece in
            switch piece {
            case .own(let text), .untrusted(let text, _): text
            }
        }.joined()
    }

    /// For HTML element text or a quoted attribute: every piece through
    /// ``UntrustedText/forHTML(_:maxLength:)``. The demo's own words keep a space at either end,
    /// which joins them to the value beside them (`Lena Tanaka · ♥ 437`); the cleaning trims a
    /// value's ends.
    var html: String {
        pieces.map { piece in
            switch piece {
            case .own(let text):
                (text.first?.isWhitespace == true ? " " : "") + UntrustedText.forHTML(text)
                    + (text.count > 1 && text.last?.isWhitespace == true ? " " : "")
            case .untrusted(let raw, let maxLength): UntrustedText.forHTML(raw, maxLength: maxLength)
            }
        }.joined()
    }

    /// Builds the pieces of an interpolated literal.
    struct Interpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: String) {
            appendOwn(literal)
        }

        /// A value from outside (a server, a file).
        mutating func appendInterpolation(untrusted value: String, maxLength: Int? = nil) {
            pieces.append(.untrusted(value, maxLength: maxLength))
        }

        /// Another text, its pieces kept as they are.
        mutating func appendInterpolation(_ text: DisplayText) {
            for piece in text.pieces {
                if case .own(let words) = piece { appendOwn(words) } else { pieces.append(piece) }
            }
        }

        /// The demo's own words, said to be so.
        mutating func appendInterpolation(own text: String) {
            appendOwn(text)
        }

        /// A number: the demo's own.
        mutating func appendInterpolation(_ number: some BinaryInteger) {
            appendOwn("\(number)")
        }

        /// A request, as the feed describes it: `#3 page 2 (scroll)`.
        mutating func appendInterpolation(_ request: PageRequest) {
            appendOwn(request.description)
        }

        private mutating func appendOwn(_ text: String) {
            guard !text.isEmpty else { return }
            if case .own(let before)? = pieces.last {
                pieces[pieces.count - 1] = .own(before + text)
            } else {
                pieces.append(.own(text))
            }
        }
    }
}
