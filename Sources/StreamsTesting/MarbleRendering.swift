import Streams

extension Marbles {
    /// Renders recorded events as a diagram, the inverse of ``parse(_:values:error:resolution:)``.
    ///
    /// Events on one tick become a group. A gap longer than 20 ticks is drawn as a time token
    /// (` 250ms `) when the resolution says it exactly. When a group is wider than the gap to
    /// the next event, the next event is drawn right after the group (a diagram cannot show it
    /// at its own tick); compare events, not strings, to decide equality.
    ///
    /// - Parameters:
    ///   - events: The events, in tick order.
    ///   - resolution: The length of one tick, for time tokens.
    ///   - glyph: The glyph for a value.
    /// - Returns: A diagram such as `"-a-b-|"`.
    public static func render<Element>(
        _ events: [Recorded<Event<Element>>],
        resolution: Duration = .seconds(1),
        glyph: (Element) -> Character
    ) -> String {
        drawAligned([marks(of: events, glyph: glyph)], resolution: resolution)[0]
    }

    /// Renders a subscription as a diagram, the inverse of ``parseSubscription(_:resolution:)``.
    public static func render(_ subscription: Subscription, resolution: Duration = .seconds(1)) -> String {
        drawAligned([marks(of: subscription)], resolution: resolution)[0]
    }

    /// The marks of a timeline: what to draw at which tick.
    static func marks<Element>(of events: [Recorded<Event<Element>>], glyph: (Element) -> Character) -> [(tick: Int, drawn: String)] {
        var marks: [(tick: Int, drawn: String)] = []
        var index = 0
        while index < events.count {
            let tick = events[index].time
            var sameTick = ""
            while index < events.count, events[index].time == tick {
                switch events[index].value {
                case .next(let element): sameTick.append(glyph(element))
                case .error: sameTick.append("#")
                case .completed: sameTick.append("|")
                }
                index += 1
            }
            marks.append((tick, sameTick.count == 1 ? sameTick : "(" + sameTick + ")"))
        }
        return marks
    }

    static func marks(of subscription: Subscription) -> [(tick: Int, drawn: String)] {
        subscription.unsubscribe == .max
            ? [(subscription.subscribe, "^")]
            : [(subscription.subscribe, "^"), (subscription.unsubscribe, "!")]
    }

    /// Draws several timelines so that marks at the same tick share a column: each line
    /// draws the time up to the next tick any line has a mark at, the shorter lines are padded
    /// with spaces (which diagrams ignore), and then the marks are drawn. Every line reads
    /// back to its own marks.
    static func drawAligned(_ lines: [[(tick: Int, drawn: String)]], resolution: Duration) -> [String] {
        var texts = Array(repeating: "", count: lines.count)
        var positions = Array(repeating: 0, count: lines.count)
        var next = Array(repeating: 0, count: lines.count)
        let ticks = Set(lines.flatMap { $0.map(\.tick) }).sorted()
        for tick in ticks {
            for line in lines.indices where positions[line] < tick {
                texts[line] += gap(tick - positions[line], resolution: resolution, lineStart: texts[line].isEmpty)
                positions[line] = tick
            }
            let width = texts.map(\.count).max() ?? 0
            for line in lines.indices {
                texts[line] += String(repeating: " ", count: width - texts[line].count)
                guard next[line] < lines[line].count, lines[line][next[line]].tick == tick else { continue }
                let drawn = lines[line][next[line]].drawn
                texts[line] += drawn
                positions[line] += drawn.count
                next[line] += 1
            }
        }
        return texts.map { text in
            var trimmed = text
            while trimmed.last == " " { trimmed.removeLast() }
            return trimmed
        }
    }

    private static func gap(_ ticks: Int, resolution: Duration, lineStart: Bool) -> String {
        guard ticks > 20, let token = MarbleTime.token(ticks: ticks, resolution: resolution) else {
            return String(repeating: "-", count: ticks)
        }
        return (lineStart ? "" : " ") + token + " "
    }
}
