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
/// | any other letter or digit | a value on this tick (the glyph also takes a tick) |
/// | `\|` | completed |
/// | `#` | failed |
/// | `(ab)` | several events on the tick of `(`; the group still spans its width |
/// | `^` | the subscription point of a hot source |
/// | `!` | unsubscription, in subscription diagrams (`^---!`) |
/// | space | ignored, for alignment |
///
/// Every character but a space is one tick, so diagrams stacked in a comment line up column by
/// column. The column of a glyph (spaces skipped) is its tick: an absolute tick for hot sources
/// and for expected output, a tick after subscription for cold sources.
///
/// Values are looked up by glyph in a dictionary (`["a": photo1]`); for `String` values the
/// glyph itself is the value.
public enum Marbles {
    /// Parses an event diagram.
    ///
    /// - Parameters:
    ///   - diagram: The timeline, such as `"-a-b-|"`.
    ///   - value: Looks up the value of a glyph; `nil` means the glyph is unknown.
    ///   - error: The error that `#` stands for.
    /// - Returns: The events with their ticks, and the tick of `^` if the diagram has one.
    public static func parse<Element>(
        _ diagram: String,
        value: (Character) -> Element?,
        error: any Error
    ) throws(MarbleError) -> (events: [Recorded<Event<Element>>], subscriptionTick: Int?) {
        var events: [Recorded<Event<Element>>] = []
        var subscriptionTick: Int?
        var groupTick: Int?
        var tick = 0
        var ended = false

        func fail(_ reason: String) -> MarbleError {
            MarbleError(diagram: diagram, tick: tick, reason: reason)
        }

        for glyph in diagram where glyph != " " {
            defer { tick += 1 }
            let eventTick = groupTick ?? tick
            switch glyph {
            case "-":
                if groupTick != nil { throw fail("'-' inside a group; a group holds events only") }
            case "(":
                if groupTick != nil { throw fail("groups cannot be nested") }
                groupTick = tick
            case ")":
                if groupTick == nil { throw fail("')' without '('") }
                groupTick = nil
            case "^":
                if groupTick != nil || subscriptionTick != nil {
                    throw fail("'^' may appear once, outside a group")
                }
                subscriptionTick = tick
            case "!":
                throw fail("'!' belongs in subscription diagrams such as \"^--!\"")
            case "|", "#":
                if ended { throw fail("a second terminal event") }
                ended = true
                events.append(Recorded(time: eventTick, value: glyph == "|" ? .completed : .error(error)))
            default:
                if ended { throw fail("value '\(glyph)' after the terminal event") }
                guard let element = value(glyph) else { throw fail("no value for glyph '\(glyph)'") }
                events.append(Recorded(time: eventTick, value: .next(element)))
            }
        }
        if groupTick != nil { throw MarbleError(diagram: diagram, tick: tick, reason: "'(' is never closed") }
        return (events, subscriptionTick)
    }

    /// Renders recorded events as a diagram, the inverse of ``parse(_:value:error:)``.
    ///
    /// Events on one tick become a group. When a group is wider than the gap to the next
    /// event, the next event is drawn right after the group (a diagram cannot show it at its
    /// own tick); compare events, not strings, to decide equality.
    ///
    /// - Parameters:
    ///   - events: The events, in tick order.
    ///   - glyph: The glyph for a value.
    /// - Returns: A diagram such as `"-a-b-|"`.
    public static func render<Element>(
        _ events: [Recorded<Event<Element>>],
        glyph: (Element) -> Character
    ) -> String {
        var output = ""
        var column = 0
        var index = 0
        while index < events.count {
            let tick = events[index].time
            var sameTick: [Character] = []
            while index < events.count, events[index].time == tick {
                switch events[index].value {
                case .next(let element): sameTick.append(glyph(element))
                case .error: sameTick.append("#")
                case .completed: sameTick.append("|")
                }
                index += 1
            }
            if tick > column {
                output += String(repeating: "-", count: tick - column)
                column = tick
            }
            let drawn = sameTick.count == 1 ? String(sameTick) : "(" + String(sameTick) + ")"
            output += drawn
            column += drawn.count
        }
        return output
    }

    /// Parses a subscription diagram such as `"--^---!"` (subscribed at 2, disposed at 6) or
    /// `"--^"` (still subscribed).
    public static func parseSubscription(_ diagram: String) throws(MarbleError) -> Subscription {
        var subscribed: Int?
        var unsubscribed: Int?
        for (tick, glyph) in diagram.filter({ $0 != " " }).enumerated() {
            switch glyph {
            case "-":
                continue
            case "^" where subscribed == nil:
                subscribed = tick
            case "!" where subscribed != nil && unsubscribed == nil:
                unsubscribed = tick
            default:
                throw MarbleError(diagram: diagram, tick: tick, reason: "expected '-', one '^' and then at most one '!'")
            }
        }
        guard let subscribed else {
            throw MarbleError(diagram: diagram, tick: 0, reason: "a subscription diagram needs '^'")
        }
        return Subscription(subscribed, unsubscribed ?? .max)
    }

    /// Renders a subscription as a diagram, the inverse of ``parseSubscription(_:)``.
    public static func render(_ subscription: Subscription) -> String {
        var diagram = String(repeating: "-", count: subscription.subscribe) + "^"
        if subscription.unsubscribe != .max {
            diagram += String(repeating: "-", count: max(subscription.unsubscribe - subscription.subscribe - 1, 0)) + "!"
        }
        return diagram
    }
}

/// A marble diagram that could not be read, with the tick (column, spaces skipped) and reason.
public struct MarbleError: Error, Equatable, CustomStringConvertible {
    /// The diagram as written.
    public let diagram: String
    /// The tick of the offending glyph.
    public let tick: Int
    /// What is wrong.
    public let reason: String

    public var description: String {
        "marble diagram \"\(diagram)\", tick \(tick): \(reason)"
    }
}
