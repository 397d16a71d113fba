/// A marble diagram as a picture: lanes of events on one time axis, drawn as SVG from what a
/// run on `TestScheduler` recorded.
///
/// Build one from the test objects of a run: each test observable becomes its lanes (a hot one
/// a lane with its subscription spans, a cold one a lane per subscription, starting where it was
/// subscribed), and each recording observer an output lane. Then write it next to your tests, or
/// compare it with a committed picture:
///
/// ```swift
/// @Test func throttlePicture() throws {
///     let scheduler = TestScheduler()
///     let source = scheduler.createHotObservable("-abc----d-|")
///     let observer = scheduler.start(created: 0, subscribed: 0) {
///         source.throttle(.seconds(3), scheduler: scheduler)
///     }
///     var diagram = MarbleDiagram(title: "throttle", operation: "throttle(.seconds(3))")
///     diagram.addInput("source", source)
///     diagram.addOutput("output", observer, subscribed: 0)
///     expectMarblePicture(diagram, named: "throttle", in: picturesDirectory)
/// }
/// ```
///
/// The picture is deterministic to the byte: the same run draws the same file. It has an
/// explicit size and `viewBox`, a `<title>` and a `<desc>` that say the diagram in words, system
/// fonts, and no scripts or external references. Values are marbles coloured by a stable hash of
/// their text, with the text inside; completion is a bar and an error a cross, so colour is never
/// the only difference. Events of one tick are fanned out side by side inside a bracket. A cold
/// subscription made after the output subscribed (an inner observable of `flatMap`, the next
/// attempt of `retry`) is drawn on a slanted lane of its own from the tick it was subscribed,
/// joined to the lane it branched from; what a subscription was never sent (after a disposal, or
/// for an inner observable never subscribed) is drawn as a dashed ghost.
public struct MarbleDiagram: Sendable, Equatable {
    /// What the picture shows, for its `<title>`: usually the operator.
    public var title: String
    /// The operation written between the inputs and the outputs, such as
    /// `throttle(.seconds(3))`; `nil` draws none.
    public var operation: String?
    /// How the time axis is labelled.
    public var axis: MarbleAxis
    /// The lanes, top to bottom.
    public var lanes: [MarbleLane]
    /// Short names for values too long to fit in a marble: the marble shows the key, and a
    /// legend under the diagram says `A = (a, 1, x)`. A long value without a key gets the next
    /// free capital letter.
    public var keys: [String: Character]

    /// Creates an empty diagram; add lanes with ``addInput(_:_:describe:reference:)`` and
    /// ``addOutput(_:_:subscribed:disposed:describe:)``, or append your own ``MarbleLane``s.
    ///
    /// - Parameters:
    ///   - title: What the picture shows, for its `<title>`.
    ///   - operation: The operation drawn between inputs and outputs, if any.
    ///   - axis: How time is labelled: in ticks, or in durations for diagrams written with time
    ///     progression (`a 10ms b`).
    ///   - lanes: Lanes to start with.
    public init(title: String, operation: String? = nil, axis: MarbleAxis = .ticks, lanes: [MarbleLane] = []) {
        self.title = title
        self.operation = operation
        self.axis = axis
        self.lanes = lanes
        self.keys = [:]
    }
}

/// How a ``MarbleDiagram`` labels its time axis.
public enum MarbleAxis: Sendable, Equatable {
    /// Tick numbers: `0 1 2 3`.
    case ticks
    /// Durations, with one tick lasting `tick`: `0 10ms 20ms`, or `0 1s 2s`.
    case time(tick: Duration)
}

/// One timeline of a ``MarbleDiagram``.
public struct MarbleLane: Sendable, Equatable {
    /// What a lane stands for, which decides how it is drawn.
    public enum Kind: Sendable, Equatable {
        /// A hot source: it plays whether or not anyone listens, from tick 0.
        case hot
        /// One subscription to a cold source, from the tick it was subscribed. Drawn on a slanted
        /// lane when it began after the output subscribed, as an inner observable does.
        case cold
        /// What an observer of the expression under test received.
        case output
    }

    /// The name at the left of the lane.
    public var label: String
    public var kind: Kind
    /// The tick where the lane begins: 0 for a hot source, the subscription for the others.
    public var start: Int
    /// The events, in tick order.
    public var marks: [MarbleMark]
    /// When the lane was listened to, drawn as a band behind it.
    public var subscriptions: [Subscription]
    /// Whether the whole lane is a ghost: a cold source nobody subscribed at `start`.
    public var isGhost: Bool
    /// A few words drawn after the label, such as "never subscribed".
    public var note: String?
    /// The label of the test observable a lane of ``addInput(_:_:describe:reference:)`` shows:
    /// the lanes of one cold source share it.
    var source: String?

    /// Creates a lane.
    public init(
        label: String, kind: Kind, start: Int = 0, marks: [MarbleMark], subscriptions: [Subscription] = [],
        isGhost: Bool = false, note: String? = nil
    ) {
        self.label = label
        self.kind = kind
        self.start = start
        self.marks = marks
        self.subscriptions = subscriptions
        self.isGhost = isGhost
        self.note = note
    }
}

/// One event on a ``MarbleLane``.
public struct MarbleMark: Sendable, Equatable {
    /// What happened.
    public enum Event: Sendable, Equatable {
        /// A value, as text.
        case value(String)
        case completed
        /// An error, as text.
        case error(String)
    }

    /// The absolute tick.
    public var tick: Int
    public var event: Event
    /// Whether the event was scheduled but never delivered (drawn dashed and hollow).
    public var isGhost: Bool
    /// Whether a failure picture rings it: the other side has no such event at that tick.
    var differs = false

    /// Creates a mark.
    public init(tick: Int, event: Event, isGhost: Bool = false) {
        self.tick = tick
        self.event = event
        self.isGhost = isGhost
    }

    var isTerminal: Bool {
        if case .value = event { return false }
        return true
    }
}
