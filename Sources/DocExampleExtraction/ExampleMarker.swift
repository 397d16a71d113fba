/// What an `<!-- example: … -->` comment above a ```swift block says about compiling it.
///
/// The vocabulary (words separated by spaces or commas):
/// - `declarations` or `statements`: how the block compiles. Declarations go in a scope of
///   their own (a `struct`, so `@Test` functions in it run as tests); statements become the
///   body of an `async throws` function on the main actor, as top-level code in `main.swift`
///   would run. Without either word the block's top-level lines decide: a block whose lines
///   all start a declaration (`func`, `struct`, `final class`, `@MainActor`, `@Test` …) is
///   declarations, anything else is statements.
/// - `in Context`: compile the block inside `Context`, a type in
///   `Tests/DocExamplesTests/Contexts/` whose members are the stand-ins the block uses
///   (`service`, `viewModel`, `Photo`, a `disposeBag` …).
/// - `continues`: the block shares the scope of the block before it in the same file, so it
///   can use what that block declared.
/// - `skip: reason`: the block is not compiled; the reason is required.
/// - `excerpt of Sources/…/File.swift` (or `Tests/…`): the block is not compiled here because
///   it is quoted from that file, which is compiled (and, for a test, run) as it is; the quote
///   is checked line by line against the file when the examples are generated (see `Excerpt`).
public struct ExampleMarker: Equatable {
    enum Scope: Equatable {
        case declarations
        case statements
    }

    var scope: Scope?
    var context: String?
    var continues = false
    var skipReason: String?
    var excerptPath: String?
    /// Why the marker could not be read, if it could not.
    var problem: String?

    static let vocabulary =
        "<!-- example: [declarations | statements] [in Context] [continues] -->, "
        + "<!-- example: skip: reason -->, or <!-- example: excerpt of Sources/Target/File.swift -->"

    /// Reads the text after `example:` in a marker comment.
    init(_ text: String) {
        let text = text.trimmingWhitespace
        if text.hasPrefix("skip:") {
            let reason = String(text.dropFirst("skip:".count)).trimmingWhitespace
            if reason.isEmpty {
                problem = "a skip needs its reason: <!-- example: skip: why this block cannot compile -->"
            }
            skipReason = reason
            return
        }
        if text.hasPrefix("excerpt of ") {
            excerptPath = String(text.dropFirst("excerpt of ".count)).trimmingWhitespace
            return
        }
        var words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)[...]
        while let word = words.popFirst() {
            switch word {
            case "declarations": scope = .declarations
            case "statements": scope = .statements
            case "continues": continues = true
            case "in":
                guard let name = words.popFirst() else {
                    problem = "`in` needs the name of a context type from Tests/DocExamplesTests/Contexts/"
                    return
                }
                context = name
            default:
                problem = "unknown word `\(word)`; the markers are \(Self.vocabulary)"
                return
            }
        }
    }

    /// No marker: the code decides the scope, and the block compiles on its own.
    init() {}
}

extension StringProtocol {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
