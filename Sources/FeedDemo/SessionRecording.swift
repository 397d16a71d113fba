import FeedStreams

/// What a session recorded for its page (`--html`): every feed state with the decisions it
/// carries, every finger action, every layout of the photos, what the phone showed from moment
/// to moment, the pictures the text draws, and the timeline's lines.
///
/// It is read from the session's ``SessionLog`` (``init(log:viewportHeight:)``), with the lines
/// the timeline tells of it; ``SessionPage`` draws from it and from nothing else, so every mark
/// on the page is an event the session logged.
///
/// Times are on the session's clock (from its start). They never go backwards: with
/// `--realtime`, an answer reported on another thread may reach the log a moment after a later
/// event, and is then recorded at that later time.
struct SessionRecording: Sendable {
    /// A feed state, at the time the recorder saw it.
    struct State: Sendable {
        var time: Duration
        var state: FeedState
    }

    /// What the finger did, or how the scroll view answered.
    struct Action: Sendable {
        var time: Duration
        var action: ScrollAction
    }

    /// The photos laid out after a page changed the list.
    struct Layout: Sendable {
        var time: Duration
        /// Whether the items extend the previous layout (a page appended); otherwise they are
        /// the whole list (the first page, a refresh).
        var extendsPrevious: Bool
        /// The items added, in content coordinates, each in its photo's colour.
        var items: [ScreenScene.Item]
        /// The content's height with them.
        var contentHeight: Double
    }

    /// What the phone showed from ``time`` until the next frame.
    struct PhoneFrame: Sendable, Equatable {
        var time: Duration
        /// Where the scroll view was, the last geometry it reported.
        var geometry: ScrollGeometry
        /// The layout on screen: an index into ``layouts``; `nil` before the first page.
        var layout: Int?
        /// The refresh control spins.
        var isRefreshing: Bool
        /// What the footer under the list says.
        var footer: FeedFooter
        /// "No photos".
        var isEmpty: Bool
        /// The scroll-to-top button.
        var showsScrollToTop: Bool
        /// The photo the latest state selected (a tap), outlined until the next state.
        var selected: Int?

        /// Whether the two frames show the same, whenever.
        func shows(_ other: PhoneFrame) -> Bool {
            var other = other
            other.time = time
            return self == other
        }
    }

    /// A picture the text timeline draws, at a key moment.
    struct Moment: Sendable {
        var time: Duration
        /// `after the first page`.
        var title: String
        /// The frame the phone showed then: an index into ``phone``.
        var frame: Int
        /// The photo just tapped, marked in the picture.
        var selected: Int?
        /// The lines the text prints beside the picture.
        var notes: [ScreenNote]
    }

    /// What the image rule decided at one moment, with how many loads were running and what the
    /// cache held after it.
    struct Images: Sendable {
        var time: Duration
        var loading: Int
        var bytesHeld: Int
        var decisions: [ImageDecision]
    }

    /// What was played, and in which world.
    var settings: SessionSettings?
    var states: [State] = []
    var actions: [Action] = []
    var layouts: [Layout] = []
    var phone: [PhoneFrame] = []
    var moments: [Moment] = []
    /// Every line of the timeline, as the text and JSON print them.
    var timeline: [TimelineEvent] = []
    /// Every state of the image rule.
    var images: [Images] = []
    /// The image rule's settings, once it has run.
    var imageConfiguration: ImageConfiguration?

    private var latestTime: Duration = .zero
    /// How many photos the layouts recorded so far hold.
    private var laidOut = 0
    private var geometry: ScrollGeometry
    private var showsScrollToTop = false

    /// The feed's clock reading at the start of the session: the feed's own times (a
    /// back-off's end) are on that clock.
    let origin: Duration

    /// An empty recording of a session that starts at `origin` on the feed's clock, on a phone
    /// with this viewport.
    init(origin: Duration, viewportHeight: Double) {
        self.origin = origin
        geometry = ScrollGeometry(contentHeight: 0, viewportHeight: viewportHeight)
    }

    /// What a session's log holds for its page, on a phone with this viewport: its states,
    /// actions, layouts, images and frames, with the timeline's lines and pictures
    /// (``Narration``).
    init(log: SessionLog, viewportHeight: Double) {
        self.init(origin: log.origin, viewportHeight: viewportHeight)
        var narration = Narration(origin: log.origin, configuration: log.configuration)
        for entry in log.entries {
            switch entry.event {
            case .action(let action):
                record(action, at: entry.time)
            case .geometry(let geometry, _):
                record(geometry: geometry, at: entry.time)
            case .laidOut(let layout, let photos):
                recordLayout(layout, photos: photos, replacesList: lastState?.change == .reload, at: entry.time)
            case .feed(let state):
                record(state, at: state.now - log.origin)
            case .showsScrollToTop(let shows):
                if shows != showsScrollToTop { record(showsScrollToTop: shows, at: entry.time) }
            case .images(let state, _):
                record(images: state, at: entry.time)
            case .stream, .imagesQuiet, .scriptFinished, .picture, .ended:
                break
            }
            narration.take(entry)
            for line in narration.lines {
                if case .picture(let moment, let selected, _) = entry.event, line.kind == .screen {
                    recordMoment(moment, selected: selected, notes: Array(line.notes.dropFirst()), at: line.time)
                }
                record(line)
            }
        }
    }

    /// The last state recorded, if any.
    var lastState: FeedState? {
        states.last?.state
    }

    // MARK: Recording

    mutating func record(_ state: FeedState, at time: Duration) {
        states.append(State(time: clamped(time), state: state))
        recordPhone()
    }

    mutating func record(_ action: ScrollAction, at time: Duration) {
        actions.append(Action(time: clamped(time), action: action))
    }

    mutating func record(images state: ImageState, at time: Duration) {
        images.append(Images(time: clamped(time), loading: state.loads.count, bytesHeld: state.bytesHeld, decisions: state.decisions))
        imageConfiguration = state.configuration
    }

    /// A line of the timeline, at the time it was printed with.
    mutating func record(_ event: TimelineEvent) {
        timeline.append(event)
    }

    mutating func record(geometry: ScrollGeometry, at time: Duration) {
        _ = clamped(time)
        self.geometry = geometry
        recordPhone()
    }

    mutating func record(showsScrollToTop shows: Bool, at time: Duration) {
        _ = clamped(time)
        showsScrollToTop = shows
        recordPhone()
    }

    /// The layout after a page changed the list: every item when it replaced the list (the
    /// first page, a refresh), else the items past those already recorded.
    mutating func recordLayout(_ layout: FeedLayout, photos: PhotoList, replacesList: Bool, at time: Duration) {
        let extends = !replacesList && !layouts.isEmpty
        let count = min(layout.frames.count, photos.count)
        let first = extends ? min(laidOut, count) : 0
        let items = (first..<count).map { ScreenScene.Item(index: $0, frame: layout.frames[$0], color: photos[$0].rgbColor) }
        laidOut = count
        layouts.append(Layout(time: clamped(time), extendsPrevious: extends, items: items, contentHeight: layout.contentHeight))
        recordPhone()
    }

    /// A picture the text draws now: of the phone's latest frame.
    mutating func recordMoment(_ title: String, selected: Int?, notes: [ScreenNote], at time: Duration) {
        guard !phone.isEmpty else { return }
        moments.append(Moment(time: clamped(time), title: title, frame: phone.count - 1, selected: selected, notes: notes))
    }

    /// A new phone frame for what is on screen now, unless it shows what the last one shows. At
    /// the same instant a later frame replaces the earlier one, unless a picture was taken of it.
    private mutating func recordPhone() {
        let state = states.last?.state
        let frame = PhoneFrame(
            time: latestTime,
            geometry: geometry,
            layout: layouts.isEmpty ? nil : layouts.count - 1,
            isRefreshing: state?.isRefreshing ?? false,
            footer: state?.footer ?? .hidden,
            isEmpty: state?.isEmpty ?? false,
            showsScrollToTop: showsScrollToTop,
            selected: state?.decisions.lazy.compactMap { if case .photoSelected(let index, _) = $0 { index } else { nil } }.last
        )
        if let last = phone.last {
            if last.shows(frame) { return }
            if last.time == frame.time, moments.last?.frame != phone.count - 1 {
                phone[phone.count - 1] = frame
                return
            }
        }
        phone.append(frame)
    }

    /// `time`, or the latest time recorded when it is earlier; it becomes the latest.
    private mutating func clamped(_ time: Duration) -> Duration {
        latestTime = max(latestTime, time)
        return latestTime
    }
}
