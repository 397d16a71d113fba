/// A scroll session written as text, one step per line: the format of `feed-demo --script`.
///
/// Each line is one ``ScrollStep``. Words are separated by spaces or tabs, keywords may be in
/// any case, `#` starts a comment that runs to the end of the line, blank lines are ignored, and
/// lines may end in `\n` or `\r\n`:
///
/// ```text
/// # Read the first page, then fling through the feed while page 2 loads.
/// wait 600ms
/// drag to 1200 over 800ms     # a slow drag: one trigger near the bottom
/// fling 6000                  # points per second; negative flings upwards
/// scroll to bottom
/// scroll to top
/// pull to refresh
/// tap 5                       # the photo with index 5 (counting from 0)
/// tap at 120 300              # a point of the viewport, from its top-left corner
/// tap retry                   # the footer's "Couldn't load — tap to retry"
/// memory warning              # the system's: the image cache lets go of every image
/// ```
///
/// | step | meaning |
/// |---|---|
/// | `wait DURATION` | do nothing for a while |
/// | `drag to OFFSET [over DURATION]` | drag the content to an offset in points (over 500 ms unless given) |
/// | `fling VELOCITY` | let go at a velocity in points per second (`pt/s` may follow the number) |
/// | `scroll to bottom`, `scroll to top` | animate to an end of the content |
/// | `pull to refresh` | pull down past the top and let go |
/// | `tap INDEX` | tap the photo with this index |
/// | `tap at X Y` | tap a point of the viewport |
/// | `tap retry` | tap the footer's "Couldn't load — tap to retry" |
/// | `memory warning` | the system warns that memory is low (``ScrollSimulator/memoryWarnings``) |
///
/// A duration is a number followed by `ms` or `s`, with no space: `300ms`, `1.5s`. Numbers are
/// plain decimals (`2400`, `-3000`, `12.5`); offsets may end in `pt`.
///
/// ## Bounds
///
/// Every bound is checked when the script is parsed, so that no script can tie up the machine:
/// a wait costs nothing in virtual time, and neither does a drag that goes nowhere, but a
/// moving drag shows a frame every 16 ms.
///
/// - A wait or a drag lasts at most one hour (``maximumDuration``), and a script's drags last at
///   most one hour in all (``maximumDragTime``).
/// - A fling is at most 50,000 pt/s either way (``maximumVelocity``); it comes to rest within
///   5 s.
/// - A script has at most 1,000 steps (``maximumStepCount``).
/// - When the caller knows how many photos the feed can ever show (the demo does: its catalog's
///   size, plus the photos its live feed publishes), a `tap INDEX` at or past that count is an
///   error. Whether a photo within it is loaded and on screen depends on the session; a tap
///   that misses says at run time what was on screen (``ScrollAction/missedPhoto(index:onScreen:loaded:)``).
///
/// ``parse(_:fileName:photoCount:)`` stops at the first line it cannot read and throws a
/// ``ScrollScriptError`` naming the file, the line, the column and what it expected there.
public enum ScrollScript {
    /// How long a `drag to OFFSET` without `over` takes.
    public static let defaultDragDuration: Duration = .milliseconds(500)
    /// The longest a wait or a drag may last.
    public static let maximumDuration: Duration = .seconds(3600)
    /// The longest a script's drags may last together.
    public static let maximumDragTime: Duration = .seconds(3600)
    /// The most steps a script may have.
    public static let maximumStepCount = 1_000
    /// The largest fling speed a script may ask for, in points per second.
    public static let maximumVelocity = 50_000.0

    /// Reads a script and checks its bounds.
    ///
    /// - Parameters:
    ///   - text: The script, one step per line.
    ///   - fileName: The name errors start with, such as `Examples/scripts/refresh-race.scroll`.
    ///   - photoCount: How many photos the feed can ever show, when the caller knows: a
    ///     `tap INDEX` at or past it is an error. `nil` accepts any index; a count below 0 counts
    ///     as 0.
    /// - Returns: The steps, in order.
    /// - Throws: ``ScrollScriptError`` for the first line that is not a step or is out of bounds.
    public static func parse(
        _ text: String,
        fileName: String = "script",
        photoCount: Int? = nil
    ) throws(ScrollScriptError) -> [ScrollStep] {
        var steps: [ScrollStep] = []
        var dragTime = Duration.zero
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var reader = LineReader(
                line: String(line), number: index + 1, fileName: fileName,
                bounds: .init(photoCount: photoCount.map { max($0, 0) }, stepsBefore: steps.count, dragTimeBefore: dragTime)
            )
            if let step = try reader.step() {
                if case .drag(_, let duration) = step { dragTime += duration }
                steps.append(step)
            }
        }
        return steps
    }

    /// Writes one step the way a script spells it, so that parsing the result gives the step back.
    ///
    /// `drag to 2400 over 500ms`, `fling -3000`, `tap 5`.
    ///
    /// - Parameter step: The step.
    /// - Returns: One line of script, without a line break.
    public static func line(for step: ScrollStep) -> String {
        switch step {
        case .wait(let duration): "wait \(text(for: duration))"
        case .drag(let offset, let duration): "drag to \(text(for: offset)) over \(text(for: duration))"
        case .fling(let velocity): "fling \(text(for: velocity))"
        case .scrollToBottom: "scroll to bottom"
        case .scrollToTop: "scroll to top"
        case .pullToRefresh: "pull to refresh"
        case .tap(let index): "tap \(index)"
        case .tapAt(let x, let y): "tap at \(text(for: x)) \(text(for: y))"
        case .tapRetry: "tap retry"
        case .memoryWarning: "memory warning"
        }
    }

    /// `300ms` below one second or when not a whole number of tenths, `1.5s` otherwise.
    static func text(for duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        if milliseconds >= 1000, milliseconds.truncatingRemainder(dividingBy: 100) == 0 {
            return "\(text(for: milliseconds / 1000))s"
        }
        return "\(text(for: milliseconds))ms"
    }

    /// `2400`, `12.5`: no `.0` on whole numbers.
    static func text(for number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}

/// Why a line of a scroll script could not be read.
///
/// ``description`` is `FILE:LINE: expected …, got "…"`; ``excerpt`` adds the line itself with a
/// caret under ``column``, for a person at a terminal. Both show the file's name and text only
/// through ``UntrustedText/forTerminal(_:maxLength:)``, each word cut at
/// ``maxShownWordLength`` characters; ``found`` and ``sourceLine`` keep them as they were:
///
/// ```text
/// refresh.scroll:3: expected a duration such as 300ms or 1.5s, got "300"
///     wait 300
///          ^
/// ```
public struct ScrollScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name given to ``ScrollScript/parse(_:fileName:photoCount:)``.
    public var fileName: String
    /// The line, counting from 1.
    public var line: Int
    /// The column of the offending word, counting from 1 (one past the end of the line's text
    /// when something is missing).
    public var column: Int
    /// What the parser expected, such as `a duration such as 300ms or 1.5s`.
    public var expected: String
    /// The word found instead, or `nil` when the line ended.
    public var found: String?
    /// The whole line, for ``excerpt``.
    public var sourceLine: String

    /// Creates an error.
    public init(fileName: String, line: Int, column: Int, expected: String, found: String?, sourceLine: String) {
        self.fileName = fileName
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found
        self.sourceLine = sourceLine
    }

    /// The most characters of one word of the script that a message shows.
    public static let maxShownWordLength = 40

    /// `FILE:LINE: expected …, got "…"` (or `got end of line`).
    public var description: String {
        let got = found.map { "got \"\(UntrustedText.forTerminal($0, maxLength: Self.maxShownWordLength))\"" } ?? "got end of line"
        return "\(UntrustedText.forTerminal(fileName)):\(line): expected \(expected), \(got)"
    }

    /// ``description``, then the line indented by four spaces, then a caret under the column.
    ///
    /// Each word of the line is cleaned on its own and the blanks between words are kept, one
    /// space for each, so the caret still stands under the word it points at.
    public var excerpt: String {
        var shown = ""
        var caret: Int?
        var word = ""
        var column = 0
        func cleaned(_ word: String) -> String {
            UntrustedText.forTerminal(word, maxLength: Self.maxShownWordLength)
        }
        for character in sourceLine {
            column += 1
            if column == self.column { caret = shown.count + cleaned(word).count }
            if character == " " || character == "\t" {
                shown += cleaned(word) + " "
                word = ""
            } else {
                word.append(character)
            }
        }
        shown += cleaned(word)
        // A column past the line's end puts the caret just after it; one before 1, at its start.
        let position = caret ?? shown.count + (self.column > column ? min(self.column - column - 1, 1) : 0)
        return "\(description)\n    \(shown)\n\(String(repeating: " ", count: 4 + position))^"
    }
}

/// Reads one line: splits it into words with their columns, then matches the grammar and
/// checks the bounds.
private struct LineReader {
    struct Word {
        var text: String
        var column: Int
    }

    /// What the lines before allow this one.
    struct Bounds {
        var photoCount: Int?
        var stepsBefore: Int
        var dragTimeBefore: Duration
    }

    let line: String
    let number: Int
    let fileName: String
    let bounds: Bounds
    private var words: [Word] = []
    private var position = 0
    private var endColumn = 1

    init(line: String, number: Int, fileName: String, bounds: Bounds) {
        self.line = line
        self.number = number
        self.fileName = fileName
        self.bounds = bounds
        var current: Word?
        var column = 0
        for character in self.line {
            column += 1
            if character == "#" { break }
            if character == " " || character == "\t" {
                if let word = current { words.append(word) }
                current = nil
            } else if current == nil {
                current = Word(text: String(character), column: column)
            } else {
                current?.text.append(character)
            }
        }
        if let current { words.append(current) }
        if let last = words.last { endColumn = last.column + last.text.count }
    }

    /// The step on this line, or `nil` for a blank or comment line.
    mutating func step() throws(ScrollScriptError) -> ScrollStep? {
        guard let command = next() else { return nil }
        guard bounds.stepsBefore < ScrollScript.maximumStepCount else {
            throw failure(expected: "the end of the script (a script has at most \(ScrollScript.maximumStepCount) steps)", at: command)
        }
        let step: ScrollStep
        switch command.text.lowercased() {
        case "wait":
            step = .wait(try duration())
        case "drag":
            try keyword("to")
            let offset = try number(expected: "an offset in points, such as 2400", unit: "pt")
            var over = ScrollScript.defaultDragDuration
            var overWord = words[position - 1]
            if let word = peek() {
                guard word.text.lowercased() == "over" else {
                    throw failure(expected: "\"over\" or the end of the line", at: word)
                }
                position += 1
                overWord = peek() ?? overWord
                over = try duration()
            }
            let left = ScrollScript.maximumDragTime - bounds.dragTimeBefore
            guard over <= left else {
                throw failure(
                    expected: "a drag of at most \(ScrollScript.text(for: left)) (a script's drags last at most 1 hour in all)",
                    at: overWord
                )
            }
            step = .drag(to: offset, over: over)
        case "fling":
            let velocity = try number(expected: "a velocity in points per second, such as 3000", unit: "pt/s")
            guard abs(velocity) <= ScrollScript.maximumVelocity else {
                throw failure(expected: "a velocity of at most 50000 pt/s either way", at: words[position - 1])
            }
            step = .fling(velocity: velocity)
        case "scroll":
            try keyword("to")
            let target = try word(expected: "\"top\" or \"bottom\"")
            switch target.text.lowercased() {
            case "top": step = .scrollToTop
            case "bottom": step = .scrollToBottom
            default: throw failure(expected: "\"top\" or \"bottom\"", at: target)
            }
        case "pull":
            try keyword("to")
            try keyword("refresh")
            step = .pullToRefresh
        case "tap":
            if let word = peek(), word.text.lowercased() == "retry" {
                position += 1
                step = .tapRetry
            } else if let word = peek(), word.text.lowercased() == "at" {
                position += 1
                let x = try number(expected: "an x coordinate in points", unit: "pt")
                let y = try number(expected: "a y coordinate in points", unit: "pt")
                step = .tapAt(x: x, y: y)
            } else {
                step = .tap(index: try index())
            }
        case "memory":
            try keyword("warning")
            step = .memoryWarning
        default:
            throw failure(expected: "a step (wait, drag, fling, scroll, pull, tap or memory warning)", at: command)
        }
        if let extra = peek() {
            throw failure(expected: "the end of the line", at: extra)
        }
        return step
    }

    private mutating func next() -> Word? {
        guard position < words.count else { return nil }
        defer { position += 1 }
        return words[position]
    }

    private func peek() -> Word? {
        position < words.count ? words[position] : nil
    }

    private mutating func word(expected: String) throws(ScrollScriptError) -> Word {
        guard let word = next() else { throw failure(expected: expected, at: nil) }
        return word
    }

    private mutating func keyword(_ keyword: String) throws(ScrollScriptError) {
        let word = try word(expected: "\"\(keyword)\"")
        guard word.text.lowercased() == keyword else { throw failure(expected: "\"\(keyword)\"", at: word) }
    }

    /// A plain decimal, optionally followed (without a space) by `unit`.
    private mutating func number(expected: String, unit: String) throws(ScrollScriptError) -> Double {
        let word = try word(expected: expected)
        var text = Substring(word.text)
        if text.lowercased().hasSuffix(unit) { text = text.dropLast(unit.count) }
        guard let value = Self.decimal(text) else { throw failure(expected: expected, at: word) }
        return value
    }

    private mutating func index() throws(ScrollScriptError) -> Int {
        let expected = "a photo index (0 or more) or \"at\""
        let word = try word(expected: expected)
        guard word.text.allSatisfy(\.isASCII), word.text.allSatisfy(\.isNumber), let index = Int(word.text) else {
            throw failure(expected: expected, at: word)
        }
        if let count = bounds.photoCount, index >= count {
            let within = switch count {
            case 0: "no tap on a photo (the feed has no photos)"
            case 1: "photo index 0 (the feed can show at most 1 photo)"
            default: "a photo index from 0 to \(count - 1) (the feed can show at most \(count) photos)"
            }
            throw failure(expected: within, at: word)
        }
        return index
    }

    private mutating func duration() throws(ScrollScriptError) -> Duration {
        let expected = "a duration such as 300ms or 1.5s"
        let word = try word(expected: expected)
        let lowered = word.text.lowercased()
        let nanosecondsPerUnit: Double
        let digits: Substring
        if lowered.hasSuffix("ms") {
            nanosecondsPerUnit = 1e6
            digits = lowered.dropLast(2)
        } else if lowered.hasSuffix("s") {
            nanosecondsPerUnit = 1e9
            digits = lowered.dropLast(1)
        } else {
            throw failure(expected: expected, at: word)
        }
        guard let value = Self.decimal(digits), value >= 0 else { throw failure(expected: expected, at: word) }
        let nanoseconds = (value * nanosecondsPerUnit).rounded()
        guard nanoseconds <= ScrollScript.maximumDuration / .nanoseconds(1) else {
            throw failure(expected: "a duration of at most 1 hour", at: word)
        }
        return .nanoseconds(Int64(nanoseconds))
    }

    /// `-12.5`, `300`, `.5`: an optional sign, digits, an optional fraction; nothing else.
    private static func decimal(_ text: Substring) -> Double? {
        var body = text
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard !body.isEmpty, body != ".", parts.allSatisfy(isDigits), parts.count <= 2 else { return nil }
        guard let value = Double(text), value.isFinite, abs(value) < 1e12 else { return nil }
        return value
    }

    private func failure(expected: String, at word: Word?) -> ScrollScriptError {
        ScrollScriptError(
            fileName: fileName,
            line: number,
            column: word?.column ?? endColumn,
            expected: expected,
            found: word?.text,
            sourceLine: line
        )
    }
}
