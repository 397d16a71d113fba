import FeedStreams

/// Decides what the timeline says of a session: a fold over its ``SessionLog``, one entry at a
/// time, so that the text can be printed as the session plays and read again from the log.
///
/// The words are the renderers': ``Narrator`` for the feed and the finger, ``ImageTally`` and
/// ``ImageNarrator`` for the images, ``ScreenPicture`` for a picture of the phone. Narration
/// decides which of them to say, and when:
///
/// - The images' decisions are tallied, and the tally is told once the images have been quiet
///   for ``imageQuiet`` (an ``SessionEvent/imagesQuiet(moving:)`` entry, which the session
///   appends after a `debounce` of the entries that leave a tally waiting,
///   ``awaitsQuiet``), at the end of a gesture, before the next one, before a memory warning,
///   and at the end. While the content moves it waits for the gesture to end, so that a fling
///   is one line and not sixty.
/// - A picture that would repeat the previous one at the same instant is left out.
///
/// Pure: the same log gives the same lines, with no scheduler and no threads.
struct Narration: Sendable {
    /// How long the images must be quiet (no decision, no frame) before their tally is told.
    static let imageQuiet: Duration = .milliseconds(250)

    /// The lines of the entry last taken.
    private(set) var lines: [TimelineEvent] = []
    /// Whether the entry last taken leaves a tally of the images waiting to be told: the session
    /// appends ``SessionEvent/imagesQuiet(moving:)`` once ``imageQuiet`` passes without another.
    private(set) var awaitsQuiet = false

    private let narrator: Narrator
    /// The latest of each, as the log told it so far.
    private var feed: FeedState
    private var showsScrollToTop = false
    private var images: ImageState?
    /// What the images decided since the last line about them, the gestures it spans, the
    /// gesture under way or last, and when its first decision was taken.
    private var tally = ImageTally()
    private var tallyGestures: [String] = []
    private var gesture: String?
    private var tallySince: Duration?
    private var placeholdersDescribed = false
    private var lastPicture: (time: Duration, scene: ScreenScene)?

    /// Narration before the first entry of a log that starts at `origin`, on a feed with these
    /// rules.
    init(origin: Duration, configuration: FeedConfiguration) {
        narrator = Narrator(origin: origin)
        feed = FeedState(configuration: configuration)
    }

    /// Every line of a log's timeline, in order.
    static func timeline(of log: SessionLog) -> [TimelineEvent] {
        var narration = Narration(origin: log.origin, configuration: log.configuration)
        var timeline: [TimelineEvent] = []
        for entry in log.entries {
            narration.take(entry)
            timeline += narration.lines
        }
        return timeline
    }

    /// Takes the next entry of the log: ``lines`` become its lines.
    mutating func take(_ entry: LogEntry) {
        lines = []
        awaitsQuiet = false
        let time = entry.time
        switch entry.event {
        case .action(let action):
            let gesture = Self.gesture(of: action)
            // A new gesture closes the tally of the gestures before it, before it is told, so
            // that a fling past some cells and the drag back over them are told apart.
            if gesture != nil, !tallyGestures.isEmpty { tellImages(at: time) }
            lines.append(narrator.line(for: action, at: narrator.origin + time))
            if let gesture { self.gesture = gesture }
        case .stream(let text):
            line(.stream, "\(own: text)", [("event", .string(String(text.prefix { $0.isLetter })))], at: time)
        case .geometry(_, let moving):
            if moving, !tally.isEmpty { noteGesture() }
            awaitsQuiet = !tally.isEmpty
        case .laidOut, .scriptFinished:
            break
        case .feed(let next):
            lines += narrator.lines(from: feed, to: next)
            feed = next
        case .showsScrollToTop(let shows):
            if shows != showsScrollToTop {
                line(.stream, "showsScrollToTop → \(own: String(shows))", [("event", .string("showsScrollToTop")), ("value", .bool(shows))], at: time)
            }
            showsScrollToTop = shows
        case .images(let next, let moving):
            lines += ImageNarrator.events(for: next, at: time)
            // A memory warning is told at once, after the tally before it; the loads it starts
            // again are tallied after it.
            if let warning = ImageNarrator.memoryWarning(next.decisions, bytesHeld: next.bytesHeld, budget: next.configuration.memoryBudget) {
                tellImages(at: time)
                line(.image, warning, [("event", .string("images"))], at: time)
            }
            images = next
            tally.add(next)
            if !tally.isEmpty {
                if tallySince == nil { tallySince = time }
                if moving { noteGesture() }
                awaitsQuiet = true
            }
        case .imagesQuiet(let moving):
            if moving { noteGesture() } else { tellImages(at: time) }
        case .picture(let moment, let selected, let screen):
            picture(moment, selected: selected, screen: screen, at: time)
        case .ended:
            tellImages(at: time)
        }
    }

    private mutating func line(_ kind: TimelineEvent.Kind, _ text: DisplayText, _ fields: [(String, JSONValue)], at time: Duration) {
        lines.append(TimelineEvent(time: time, kind: kind, text: text, fields: fields))
    }

    /// The gesture an action starts, if it starts one.
    private static func gesture(of action: ScrollAction) -> String? {
        switch action {
        case .fling: "fling"
        case .drag: "drag"
        case .scrollToTop, .scrollToBottom: "scroll"
        case .pull: "pull"
        default: nil
        }
    }

    /// Adds the gesture under way to those the tally spans.
    private mutating func noteGesture() {
        guard let gesture, tallyGestures.last != gesture else { return }
        tallyGestures.append(gesture)
    }

    /// Says what the images did since the last line about them.
    private mutating func tellImages(at time: Duration) {
        let (tally, gestures, since) = (self.tally, tallyGestures, tallySince)
        self.tally = ImageTally()
        tallyGestures = []
        tallySince = nil
        var told: [DisplayText] = []
        if !placeholdersDescribed, tally.started.values.contains(true) {
            placeholdersDescribed = true
            told.append("cells show their photo's colour at once, then its BlurHash where it has one (decoded here, no I/O), then the image")
        }
        if var line = tally.line(cache: images?.bytesHeld ?? 0, budget: images?.configuration.memoryBudget ?? 0, during: gestures) {
            // Told once the images are quiet: say when the stretch began, if earlier.
            if let since, since < time, gestures.isEmpty {
                line = "since \(own: DemoSummary.seconds(since)): \(line)"
            }
            told.append(line)
        }
        for text in told + tally.failures.map(\.line) + tally.notes {
            line(.image, text, [("event", .string("images"))], at: time)
        }
    }

    /// A picture of the phone, unless it would repeat the previous one at the same instant.
    private mutating func picture(_ moment: String, selected: Int?, screen: PhoneScreen, at time: Duration) {
        let scene = ScreenPicture.scene(screen, feed: feed, showsScrollToTop: showsScrollToTop, images: images, selected: selected)
        var unmarked = scene
        unmarked.selectedIndex = lastPicture?.scene.selectedIndex
        let isRepeat = selected == nil && lastPicture.map { $0.time == time && $0.scene == unmarked } == true
        lastPicture = (time, scene)
        guard !isRepeat else { return }
        lines.append(ScreenPicture.event(moment, scene: scene, screen: screen, feed: feed, images: images, selected: selected, at: time))
    }
}
