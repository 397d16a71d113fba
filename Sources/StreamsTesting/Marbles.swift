import Streams

/// Marble diagrams: timelines written as strings, parsed into recorded events and rendered
/// back, so a test can state its input and its expected output as pictures.
///
/// ```
/// source:  -a-b--(cd)-|
/// ```
///
/// | glyph | meaning |
/// |---|---|
/// | `-` | one tick passes |
/// | `a`–`z`, `A`–`Z`, `0`–`9` | a value on this tick (the glyph also takes a tick) |
/// | `\|` | completed |
/// | `#` | failed |
/// | `(ab)` | several events on the tick of `(`; the group still spans its width |
/// | `^` | the subscription point of a hot source (it takes a tick, like any glyph) |
/// | `!` | unsubscription, in subscription diagrams (`^---!`) |
/// | ` 10ms `, ` 1.5s `, ` 2m ` | time passes: that duration, at the scheduler's resolution |
/// | space | ignored, for alignment |
///
/// Every glyph but a space is one tick, so diagrams stacked in a comment line up column by
/// column: the column of a glyph (spaces skipped) is its tick, an absolute tick for hot sources
/// and expected output, a tick after subscription for cold sources. A time token stands alone
/// between spaces (or the diagram's ends), as in RxJS: `-a 98ms b|` at one tick per
/// millisecond puts `b` at tick 100. Its duration must be a whole number of ticks.
///
/// Diagrams are strict, so a typo cannot pass as a value:
/// - with a values dictionary (`["a": photo1]`), a glyph that is not in it is an error;
///   without one (`String` values), only ASCII letters and digits are values, and each glyph
///   is its own value;
/// - look-alikes are errors that name the character: an em or en dash for `-`, full-width
///   forms such as `｜` or `ａ`, and `l` or `I` where `|` was likely meant (not in the
///   dictionary; without one, a final `l` or `I` after other values, as in `"-a-b-l"`);
/// - nothing but spaces may follow the terminal event (`|` or `#`).
///
/// Every ``MarbleError`` gives the column and shows the diagram with a caret under the fault.
public enum Marbles {
    /// Parses an event diagram whose glyphs stand for the values in `values`.
    ///
    /// - Parameters:
    ///   - diagram: The timeline, such as `"-a-b-|"`.
    ///   - values: What each value glyph stands for; any other letter is an error.
    ///   - error: The error that `#` stands for.
    ///   - resolution: The length of one tick, for time tokens such as ` 10ms `.
    /// - Returns: The events with their ticks, and the tick of `^` if the diagram has one.
    public static func parse<Element>(
        _ diagram: String,
        values: [Character: Element],
        error: any Error = TestError("error"),
        resolution: Duration = .seconds(1)
    ) throws(MarbleError) -> (events: [Recorded<Event<Element>>], subscriptionTick: Int?) {
        try parse(diagram, error: error, resolution: resolution) { glyph in values[glyph] }
    }

    /// Parses an event diagram of `String` values: each ASCII letter or digit is its own value
    /// (`"-a-b-|"` emits `"a"` and `"b"`).
    public static func parse(
        _ diagram: String,
        error: any Error = TestError("error"),
        resolution: Duration = .seconds(1)
    ) throws(MarbleError) -> (events: [Recorded<Event<String>>], subscriptionTick: Int?) {
        let tokens = try MarbleScanner.tokens(of: diagram, resolution: resolution)
        let values = tokens.compactMap(\.glyph).filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        // A final `l` or `I` after other values is likely a `|` typed wrong ("-a-b-l").
        if let last = tokens.last(where: { $0.glyph != nil }), let glyph = last.glyph, MarbleGlyphs.looksLikeBar(glyph),
           values.contains(where: { $0 != glyph }) {
            throw MarbleError(diagram: diagram, column: last.column, reason: MarbleGlyphs.unknown(glyph))
        }
        return try parse(diagram, error: error, resolution: resolution) { glyph in
            glyph.isASCII && (glyph.isLetter || glyph.isNumber) ? String(glyph) : nil
        }
    }

    private static func parse<Element>(
        _ diagram: String,
        error: any Error,
        resolution: Duration,
        value: (Character) -> Element?
    ) throws(MarbleError) -> (events: [Recorded<Event<Element>>], subscriptionTick: Int?) {
        var events: [Recorded<Event<Element>>] = []
        var subscriptionTick: Int?
        var group: (tick: Int, column: Int)?
        var terminal: (glyph: Character, groupTick: Int?)?

        for token in try MarbleScanner.tokens(of: diagram, resolution: resolution) {
            let fail = { (reason: String) in MarbleError(diagram: diagram, column: token.column, reason: reason) }
            if let terminal, !(token.glyph == ")" && terminal.groupTick != nil && group != nil) {
                throw fail("\(token.display) after the terminal event '\(terminal.glyph)'; a timeline ends at '|' or '#'")
            }
            let eventTick = group?.tick ?? token.tick
            switch token.glyph {
            case nil:
                if group != nil { throw fail("time progression inside a group; a group holds events only") }
            case "-":
                if group != nil { throw fail("'-' inside a group; a group holds events only") }
            case "(":
                if group != nil { throw fail("groups cannot be nested") }
                group = (token.tick, token.column)
            case ")":
                if group == nil { throw fail("')' without '('") }
                group = nil
            case "^":
                if group != nil { throw fail("'^' inside a group") }
                if subscriptionTick != nil { throw fail("a second '^'; a diagram has one subscription point") }
                subscriptionTick = token.tick
            case "!":
                throw fail("'!' belongs in subscription diagrams such as \"^--!\"")
            case "|", "#":
                terminal = (token.glyph!, group?.tick)
                events.append(Recorded(time: eventTick, value: token.glyph == "|" ? .completed : .error(error)))
            case let glyph?:
                guard let element = value(glyph) else { throw fail(MarbleGlyphs.unknown(glyph)) }
                events.append(Recorded(time: eventTick, value: .next(element)))
            }
        }
        if let group {
            throw MarbleError(diagram: diagram, column: group.column, reason: "'(' is never closed")
        }
        return (events, subscriptionTick)
    }

    /// Parses a subscription diagram such as `"--^---!"` (subscribed at 2, disposed at 6) or
    /// `"--^"` (still subscribed); time tokens count as in event diagrams.
    public static func parseSubscription(
        _ diagram: String,
        resolution: Duration = .seconds(1)
    ) throws(MarbleError) -> Subscription {
        var subscribed: Int?
        var unsubscribed: Int?
        var lastColumn = 0
        for token in try MarbleScanner.tokens(of: diagram, resolution: resolution) {
            lastColumn = token.column
            let fail = { (reason: String) in MarbleError(diagram: diagram, column: token.column, reason: reason) }
            if unsubscribed != nil { throw fail("\(token.display) after '!'; a subscription ends there") }
            switch token.glyph {
            case nil, "-":
                continue
            case "^":
                if subscribed != nil { throw fail("a second '^'; draw each subscription on its own line") }
                subscribed = token.tick
            case "!":
                if subscribed == nil { throw fail("'!' before '^'; a subscription starts at '^'") }
                unsubscribed = token.tick
            case let glyph?:
                let hint = MarbleGlyphs.lookAlike(of: glyph).map { ": \($0)" } ?? ""
                throw fail("\(MarbleGlyphs.describe(glyph)) in a subscription diagram, which holds only '-', '^' and '!'\(hint)")
            }
        }
        guard let subscribed else {
            throw MarbleError(diagram: diagram, column: max(lastColumn, 1), reason: "a subscription diagram needs '^'")
        }
        return Subscription(subscribed, unsubscribed ?? .max)
    }
}

/// One glyph or time token of a diagram, at its tick and its column (1-based, as written).
struct MarbleToken {
    /// The glyph, or `nil` for a time token.
    let glyph: Character?
    let text: String
    let tick: Int
    let column: Int

    var display: String {
        glyph.map(MarbleGlyphs.describe) ?? "time progression '\(text)'"
    }
}

/// Splits a diagram into glyphs and time tokens, skipping spaces and counting ticks; rejects
/// look-alike characters, whatever the values, before anything reads the glyph.
enum MarbleScanner {
    static func tokens(of diagram: String, resolution: Duration) throws(MarbleError) -> [MarbleToken] {
        let characters = Array(diagram)
        var tokens: [MarbleToken] = []
        var tick = 0
        var index = 0
        while index < characters.count {
            let glyph = characters[index]
            let column = index + 1
            if glyph == " " {
                index += 1
                continue
            }
            if index == 0 || characters[index - 1] == " " {
                let end = characters[index...].firstIndex(of: " ") ?? characters.count
                let word = String(characters[index..<end])
                if let duration = MarbleTime.duration(of: word) {
                    let ticks = try MarbleTime.ticks(duration, resolution: resolution, diagram: diagram, column: column, word: word)
                    tokens.append(MarbleToken(glyph: nil, text: word, tick: tick, column: column))
                    tick += ticks
                    index = end
                    continue
                }
            }
            if let lookAlike = MarbleGlyphs.lookAlike(of: glyph) {
                throw MarbleError(diagram: diagram, column: column, reason: lookAlike)
            }
            tokens.append(MarbleToken(glyph: glyph, text: String(glyph), tick: tick, column: column))
            tick += 1
            index += 1
        }
        return tokens
    }
}
