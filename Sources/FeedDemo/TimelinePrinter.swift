import FeedStreams
import Foundation

/// One line of the session's timeline: at a moment of virtual (or wall-clock) time, something
/// happened in one lane.
struct TimelineEvent: Sendable, Equatable {
    /// Which part of the system the event comes from; the text timeline's second column.
    enum Kind: String, Sendable, CaseIterable {
        /// What the simulated finger did.
        case finger
        /// An event of the input streams (a reached-bottom trigger, a refresh, a tap).
        case stream
        /// A request the view model started.
        case request
        /// A response the service delivered.
        case response
        /// How the feed's state changed.
        case feed
        /// An error the feed reported.
        case error
        /// The detail screen of a tapped photo.
        case detail
        /// A picture of the screen.
        case screen
        /// What the image rule decided: loads started, cancelled, arrived, the cache.
        case image
    }

    /// When, measured from the start of the session.
    var time: Duration
    /// Which lane.
    var kind: Kind
    /// What happened, for people: the demo's words, and values from outside kept apart.
    var text: DisplayText
    /// What happened, for tools: extra keys of the JSON line.
    var fields: [(String, JSONValue)] = []
    /// For ``Kind/screen``: the picture.
    var scene: ScreenScene?
    /// For ``Kind/screen``: lines printed beside the picture.
    var notes: [ScreenNote] = []
    /// Left out of the text timeline (a `wait`: the gap in the times shows it); JSON has it.
    var isQuiet = false

    static func == (lhs: TimelineEvent, rhs: TimelineEvent) -> Bool {
        lhs.time == rhs.time && lhs.kind == rhs.kind && lhs.text == rhs.text
            && lhs.fields.map(\.0) == rhs.fields.map(\.0) && lhs.fields.map(\.1) == rhs.fields.map(\.1)
            && lhs.scene == rhs.scene && lhs.notes == rhs.notes
    }

    /// The time in whole milliseconds, for JSON.
    var milliseconds: Int {
        DemoSummary.milliseconds(time)
    }
}

/// A JSON value, written with its keys in the order given (so lines read well and diff well).
///
/// Every string, key or value, is written by ``UntrustedText/forJSON(_:)``: it parses back as it
/// was, and the line shows no control, bidi or other format character on a terminal.
enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])
    case null

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.text == rhs.text
    }

    /// The value as compact JSON.
    var text: String {
        switch self {
        case .string(let string): UntrustedText.forJSON(string)
        case .int(let int): String(int)
        case .double(let double): double.isFinite ? String(double) : "null"
        case .bool(let bool): bool ? "true" : "false"
        case .array(let values): "[" + values.map(\.text).joined(separator: ",") + "]"
        case .object(let pairs): "{" + pairs.map { UntrustedText.forJSON($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        case .null: "null"
        }
    }

}

/// Writes a session's timeline, pictures and summary: as aligned, optionally coloured text for
/// people, or as one JSON object per line for tools.
///
/// Text lines look like this (time, lane, what happened):
///
/// ```text
///   0.000s  finger    drag 0 → 1200 over 800ms
///   0.512s  stream    reachedBottom
///   0.512s  request → #2 page 2 (next page)
///   0.912s  response← #2 page 2: 10 photos
///   0.912s  feed      insert 10..<20 · 20 photos
/// ```
struct TimelinePrinter: Sendable {
    /// Human text or JSON lines.
    enum Format: Sendable {
        case text
        case json
    }

    /// The output format.
    var format: Format
    /// Whether text may use ANSI colour.
    var usesColor: Bool
    /// Where each finished line goes.
    var write: @Sendable (String) -> Void

    /// Prints one event (several lines for a picture of the screen).
    func print(_ event: TimelineEvent) {
        switch format {
        case .json:
            write(jsonLine(for: event))
        case .text:
            if event.isQuiet { return }
            if event.kind == .screen, let scene = event.scene {
                write("")
                write("\(Self.clock(event.time))  \(paint("▣ screen", Self.color(of: .screen)))  \(event.text.terminal)")
                let renderer = ScreenRenderer(usesColor: usesColor)
                for line in renderer.render(scene, notes: event.notes) {
                    write(String(repeating: " ", count: 10) + line)
                }
                write("")
            } else {
                write(textLine(for: event))
            }
        }
    }

    /// Prints a heading line (text only; JSON gets a `note` object).
    func heading(_ text: DisplayText) {
        switch format {
        case .json:
            write(JSONValue.object([("t_ms", .int(0)), ("kind", .string("note")), ("text", .string(text.data))]).text)
        case .text:
            write(usesColor ? "\u{1B}[1m\(text.terminal)\u{1B}[0m" : text.terminal)
        }
    }

    /// Prints the summary: an aligned table, or one `summary` JSON object.
    func print(_ summary: DemoSummary) {
        switch format {
        case .json:
            write(JSONValue.object([("t_ms", .int(summary.sessionMilliseconds)), ("kind", .string("summary"))]
                + summary.jsonFields).text)
        case .text:
            write("")
            write(usesColor ? "\u{1B}[1mSummary\u{1B}[0m" : "Summary")
            let rows = summary.rows()
            let width = rows.map(\.0.count).max() ?? 0
            for (label, value) in rows {
                write("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value.terminal)
            }
        }
    }

    /// `  1.250s  request → #2 page 2 (next page)`.
    func textLine(for event: TimelineEvent) -> String {
        "\(Self.clock(event.time))  \(paint(Self.label(of: event.kind), Self.color(of: event.kind)))  \(event.text.terminal)"
    }

    /// `{"t_ms":1250,"kind":"request","text":"…",…}`.
    func jsonLine(for event: TimelineEvent) -> String {
        var pairs: [(String, JSONValue)] = [
            ("t_ms", .int(event.milliseconds)), ("kind", .string(event.kind.rawValue)), ("text", .string(event.text.data)),
        ]
        pairs += event.fields
        if let scene = event.scene {
            pairs += [
                ("offset", .double(scene.contentOffsetY)),
                ("content_height", .double(scene.contentHeight)),
                ("visible", .array(Self.visibleIndices(scene).map { .int($0) })),
                ("refreshing", .bool(scene.isRefreshing)),
                ("loading_more", .bool(scene.isLoadingMore)),
                ("empty", .bool(scene.isEmpty)),
                ("scroll_to_top", .bool(scene.showsScrollToTop)),
            ]
        }
        return JSONValue.object(pairs).text
    }

    /// The indices of the items that intersect the viewport.
    static func visibleIndices(_ scene: ScreenScene) -> [Int] {
        scene.items.filter {
            $0.frame.maxY > scene.contentOffsetY && $0.frame.minY < scene.contentOffsetY + scene.viewportHeight
        }.map(\.index)
    }

    /// `  1.250s`: seconds with milliseconds, right-aligned in 8 columns.
    static func clock(_ time: Duration) -> String {
        DemoSummary.seconds(time).leftPadded(to: 8, with: " ")
    }

    private func paint(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Each lane's label, padded so the text after it lines up.
    static func label(of kind: TimelineEvent.Kind) -> String {
        switch kind {
        case .finger: "finger   "
        case .stream: "stream   "
        case .request: "request →"
        case .response: "response←"
        case .feed: "feed     "
        case .error: "error  ✗ "
        case .detail: "detail   "
        case .screen: "screen   "
        case .image: "images   "
        }
    }

    /// Each lane's SGR colour: cyan finger, magenta streams, yellow requests, green responses,
    /// blue feed, red errors, bold detail and pictures, bright cyan images.
    static func color(of kind: TimelineEvent.Kind) -> String {
        switch kind {
        case .finger: "36"
        case .stream: "35"
        case .request: "33"
        case .response: "32"
        case .feed: "34"
        case .error: "31"
        case .detail, .screen: "1"
        case .image: "96"
        }
    }
}

extension String {
    /// The string with `pad` added in front until it is `width` characters long.
    func leftPadded(to width: Int, with pad: Character) -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
