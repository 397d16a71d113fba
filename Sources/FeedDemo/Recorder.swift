import FeedStreams
import Foundation
import Streams
import Synchronization

/// Follows one session: hands each feed state and each finger action to the ``Narrator``, takes
/// pictures at the moments worth a picture, keeps the counts the feed does not keep itself, and
/// says when the session is over.
///
/// The session is over once the script has finished and the request in flight at that moment,
/// if any, has ended (a service ends each request within its deadline). It never waits for a
/// back-off, a rate-limit reset, the request budget, or for requests the feed starts after the
/// script: a server that keeps answering "more follows" with nothing new would keep it going
/// forever. ``summary()`` says what was pending.
///
/// Every method is called on the session's scheduler, one at a time; the state is behind a
/// mutex anyway, and events are emitted after it is released.
final class Recorder: Sendable {
    private struct State {
        var previous: FeedState
        var showsScrollToTop = false
        var geometryEvents = 0
        var firstPageShown = false
        var scriptFinished = false
        /// The request in flight when the script finished: the one the session waits for.
        var awaited: PageRequest?
        /// Pages in a row that said more follow and added no photo (empty, or all duplicates).
        var pagesAddingNothing = 0
        var reportedDone = false
        var capture: (@Sendable (String, Int?) -> Void)?
        var lastPicture: (time: Duration, scene: ScreenScene)?
        var lastFlingPicture: Duration?
        /// What the page is drawn from, when the session records one (`--html`).
        var recording: SessionRecording?
        /// The images' last state, and what they decided since the last line about them.
        var images: ImageState?
        var imageTally = ImageTally()
        /// The gestures the tally spans, and the gesture under way or last.
        var imageTallyGestures: [String] = []
        var gesture: String?
        /// When the first decision of the tally was taken.
        var imageTallySince: Duration?
        var placeholdersDescribed = false
        var imageTimer: (@Sendable (@escaping @Sendable () -> Void) -> any Disposable)?
    }

    private let state: Mutex<State>
    private let narrator: Narrator
    private let clock: @Sendable () -> Duration
    private let emitEvent: @Sendable (TimelineEvent) -> Void
    private let onDone: @Sendable () -> Void

    /// - Parameters:
    ///   - origin: The clock reading at the start of the session.
    ///   - configuration: The feed's rules, for the state before the first one arrives.
    ///   - clock: The scheduler's clock.
    ///   - emit: Receives each timeline event.
    ///   - onDone: Called when the session looks over (see ``checkDone()``).
    ///   - recording: An empty recording to fill in for the page, or `nil` to record nothing.
    init(
        origin: Duration,
        configuration: FeedConfiguration,
        clock: @escaping @Sendable () -> Duration,
        emit: @escaping @Sendable (TimelineEvent) -> Void,
        onDone: @escaping @Sendable () -> Void,
        recording: SessionRecording? = nil
    ) {
        state = Mutex(State(previous: FeedState(configuration: configuration), recording: recording))
        narrator = Narrator(origin: origin)
        self.clock = clock
        emitEvent = emit
        self.onDone = onDone
    }

    /// How to take a picture later at the current instant.
    var capture: (@Sendable (String, Int?) -> Void)? {
        get { state.withLock { $0.capture } }
        set { state.withLock { $0.capture = newValue } }
    }

    /// Whether the session is over: the script has finished, and so has the request that was in
    /// flight then. Once over, it stays over.
    var isDone: Bool {
        state.withLock { Self.isOver($0) }
    }

    private static func isOver(_ state: State) -> Bool {
        guard state.scriptFinished else { return false }
        guard let awaited = state.awaited else { return true }
        return state.previous.inFlight?.id != awaited.id
    }

    /// What the session recorded for its page, if it records one.
    var recording: SessionRecording? {
        state.withLock { $0.recording }
    }

    /// Whether the session records a page.
    var isRecording: Bool {
        state.withLock { $0.recording != nil }
    }

    private func emit(_ kind: TimelineEvent.Kind, _ text: DisplayText, _ fields: [(String, JSONValue)] = []) {
        send(TimelineEvent(time: clock() - narrator.origin, kind: kind, text: text, fields: fields))
    }

    /// Records a line of the timeline, then emits it.
    private func send(_ event: TimelineEvent) {
        state.withLock { $0.recording?.record(event) }
        emitEvent(event)
    }

    /// The session's time now.
    private var now: Duration {
        clock() - narrator.origin
    }

    // MARK: The finger and the input streams

    func finger(_ action: ScrollAction) {
        let gesture: String? = switch action {
        case .fling: "fling"
        case .drag: "drag"
        case .scrollToTop, .scrollToBottom: "scroll"
        case .pull: "pull"
        default: nil
        }
        if gesture != nil {
            // A new gesture closes the tally of the gestures before it, before it is told, so
            // that a fling past some cells and the drag back over them are told apart.
            let spansGesture = state.withLock { !$0.imageTallyGestures.isEmpty }
            if spansGesture { tellImages(moving: false) }
        }
        let time = now
        state.withLock { $0.recording?.record(action, at: time) }
        send(narrator.line(for: action, at: clock()))
        if let gesture { state.withLock { $0.gesture = gesture } }
        switch action {
        case .settled, .hitEnd:
            // One picture per burst of flings: none within two seconds of the last one.
            let now = clock()
            let capture = state.withLock { state -> (@Sendable (String, Int?) -> Void)? in
                if let last = state.lastFlingPicture, now - last < .seconds(2) { return nil }
                state.lastFlingPicture = now
                return state.capture
            }
            capture?("after the fling", nil)
        default:
            break
        }
    }

    /// Counts one geometry event (the simulator emits one per frame while the content moves).
    func frame(_ geometry: ScrollGeometry) {
        let (time, moving) = (now, isMoving?() ?? false)
        let waiting = state.withLock { state in
            state.geometryEvents += 1
            state.recording?.record(geometry: geometry, at: time)
            if moving, !state.imageTally.isEmpty { Self.noteGesture(&state) }
            return !state.imageTally.isEmpty
        }
        if waiting { restartImageTimer() }
    }

    /// The photos were laid out anew after the list changed (for the page).
    func laidOut(_ layout: FeedLayout, photos: PhotoList) {
        let time = now
        state.withLock { state in
            state.recording?.recordLayout(layout, photos: photos, replacesList: state.previous.change == .reload, at: time)
        }
    }

    // MARK: The images

    /// How long the images must be quiet (no decision, no frame) before their tally is told.
    static let imageQuiet: Duration = .milliseconds(250)

    /// Schedules an action ``imageQuiet`` later on the session's scheduler.
    var imageTimer: (@Sendable (@escaping @Sendable () -> Void) -> any Disposable)? {
        get { state.withLock { $0.imageTimer } }
        set { state.withLock { $0.imageTimer = newValue } }
    }

    private let imageQuietTimer = SerialDisposable()

    /// The images' last state, for pictures.
    var imageState: ImageState? {
        state.withLock { $0.images }
    }

    /// Takes what the image rule decided: each decision as a line for tools (`--json`), and a
    /// tally for people, told once the images have been quiet for ``imageQuiet``, at the end of a
    /// gesture, or before the next one. A memory warning is told at once, after the tally before
    /// it; the loads it starts again are tallied after it.
    func images(_ next: ImageState) {
        for event in ImageNarrator.events(for: next, at: clock() - narrator.origin) { send(event) }
        if let warning = ImageNarrator.memoryWarning(next.decisions, bytesHeld: next.bytesHeld, budget: next.configuration.memoryBudget) {
            tellImages(moving: false)
            emit(.image, warning, [("event", .string("images"))])
        }
        let (now, moving) = (clock(), isMoving?() ?? false)
        let time = now - narrator.origin
        let waiting = state.withLock { state in
            state.images = next
            state.recording?.record(images: next, at: time)
            state.imageTally.add(next)
            guard !state.imageTally.isEmpty else { return false }
            if state.imageTallySince == nil { state.imageTallySince = now }
            if moving { Self.noteGesture(&state) }
            return true
        }
        if waiting { restartImageTimer() }
    }

    /// Adds the gesture under way to those the tally spans.
    private static func noteGesture(_ state: inout State) {
        guard let gesture = state.gesture, state.imageTallyGestures.last != gesture else { return }
        state.imageTallyGestures.append(gesture)
    }

    private func restartImageTimer() {
        guard let timer = imageTimer else { return }
        imageQuietTimer.disposable = timer { [weak self] in
            guard let self else { return }
            tellImages(moving: isMoving?() ?? false)
        }
    }

    /// Whether the content is moving now (a gesture under way), for the image tally.
    var isMoving: (@Sendable () -> Bool)? {
        get { movingCheck.withLock { $0 } }
        set { movingCheck.withLock { $0 = newValue } }
    }

    private let movingCheck = Mutex<(@Sendable () -> Bool)?>(nil)

    /// Says what the images did since the last line; while the content moves, waits for the
    /// gesture to end, so that a fling is one line and not sixty.
    func tellImages(moving: Bool) {
        let told = state.withLock { state -> [DisplayText] in
            if moving {
                Self.noteGesture(&state)
                return []
            }
            let tally = state.imageTally
            let gestures = state.imageTallyGestures
            let since = state.imageTallySince
            state.imageTally = ImageTally()
            state.imageTallyGestures = []
            state.imageTallySince = nil
            var lines: [DisplayText] = []
            if !state.placeholdersDescribed, tally.started.values.contains(true) {
                state.placeholdersDescribed = true
                lines.append("cells show their photo's colour at once, then its BlurHash where it has one (decoded here, no I/O), then the image")
            }
            let images = state.images
            let budget = images?.configuration.memoryBudget ?? 0
            if var line = tally.line(cache: images?.bytesHeld ?? 0, budget: budget, during: gestures) {
                // Told once the images are quiet: say when the stretch began, if earlier.
                if let since, since < clock(), gestures.isEmpty {
                    line = "since \(own: DemoSummary.seconds(since - narrator.origin)): \(line)"
                }
                lines.append(line)
            }
            return lines + tally.failures.map(\.line) + tally.notes
        }
        for line in told {
            emit(.image, line, [("event", .string("images"))])
        }
    }

    /// An input stream emitted.
    func stream(_ text: String) {
        emit(.stream, "\(own: text)", [("event", .string(String(text.prefix { $0.isLetter })))])
    }

    func scrollToTop(_ shows: Bool) {
        let time = now
        let changed = state.withLock { state in
            defer { state.showsScrollToTop = shows }
            if state.showsScrollToTop != shows { state.recording?.record(showsScrollToTop: shows, at: time) }
            return state.showsScrollToTop != shows
        }
        if changed {
            emit(.stream, "showsScrollToTop → \(own: String(shows))", [("event", .string("showsScrollToTop")), ("value", .bool(shows))])
        }
    }

    func scriptFinished() {
        state.withLock { state in
            state.scriptFinished = true
            state.awaited = state.previous.inFlight
        }
        checkDone()
    }

    // MARK: The feed

    /// Tells what the feed decided, and takes a picture after the first page, a refresh, the last
    /// failed retry and a tap.
    func state(_ next: FeedState) {
        let (previous, isFirstReload) = state.withLock { state -> (FeedState, Bool) in
            defer { state.previous = next }
            let isFirst = next.change == .reload && !state.firstPageShown
            if next.change == .reload { state.firstPageShown = true }
            for case .pageArrived(_, let page, let change, _) in next.decisions {
                state.pagesAddingNothing = change == nil && page.hasNextPage ? state.pagesAddingNothing + 1 : 0
            }
            state.recording?.record(next, at: next.now - narrator.origin)
            return (state.previous, isFirst)
        }
        for line in narrator.lines(from: previous, to: next) { send(line) }
        var pictures: [(String, Int?)] = []
        for case .pageArrived(let request, _, .reload?, _) in next.decisions {
            if isFirstReload {
                pictures.append(("after the first page", nil))
            } else if request.isRefresh {
                pictures.append(("after the refresh", nil))
            }
        }
        for case .retriesExhausted in next.decisions {
            pictures.append(("the retries ran out", nil))
        }
        for case .photoSelected(let index, _) in next.decisions {
            pictures.append(("photo \(index) tapped", index))
        }
        if !pictures.isEmpty, let capture = state.withLock({ $0.capture }) {
            for (moment, selected) in pictures { capture(moment, selected) }
        }
        checkDone()
    }

    /// Calls `onDone` once, when the session is over.
    private func checkDone() {
        let first = state.withLock { state in
            guard !state.reportedDone, Self.isOver(state) else { return false }
            state.reportedDone = true
            return true
        }
        if first { onDone() }
    }

    // MARK: Pictures and the summary
    /// Emits a picture of the screen, unless it would repeat the previous one at the same instant.
    func screen(
        moment: String,
        scene: (FeedState, Bool) -> ScreenScene,
        legend: [(Int, Photo, ScreenScene.ItemImage)],
        selected: Int?
    ) {
        let now = clock() - narrator.origin
        let (feed, showsScrollToTop) = state.withLock { ($0.previous, $0.showsScrollToTop) }
        let picture = scene(feed, showsScrollToTop)
        let isRepeat = state.withLock { state in
            var unmarked = picture
            unmarked.selectedIndex = state.lastPicture?.scene.selectedIndex
            defer { state.lastPicture = (now, picture) }
            return selected == nil && state.lastPicture.map { $0.time == now && $0.scene == unmarked } == true
        }
        guard !isRepeat else { return }
        let scrollable = max(picture.contentHeight - picture.viewportHeight, 0)
        var notes: [ScreenNote] = [
            .text("scrolled \(own: Narrator.points(picture.contentOffsetY)) of \(own: Narrator.points(scrollable)) pt"),
            .text("\(own: Narrator.count(feed.photos.count, "photo")) loaded\(own: feed.isLastPage ? ", through the last page" : "")"),
        ]
        if let request = feed.inFlight { notes.append(.text("loading \(request)")) }
        switch feed.footer {
        case .retrying(let page, let at, _):
            notes.append(.text("footer: retrying page \(page) in \(own: Narrator.duration(max(at - feed.now, .zero)))"))
        case .tapToRetry:
            notes.append(.text("footer: Couldn't load — tap to retry"))
        case .hidden, .loading, .endOfFeed:
            break
        }
        notes.append(.text(""))
        if let selected, let photo = legend.first(where: { $0.0 == selected })?.1 {
            notes.append(.text("the detail screen opens:"))
            notes.append(.photo(index: selected, color: photo.rgbColor, text: Narrator.byline(photo)))
            notes.append(.text("       \(photo.width) × \(photo.height) px · ♥ \(own: Narrator.grouped(photo.likes))"))
            if let color = photo.color { notes.append(.text("       colour \(untrusted: color)")) }
            if let about = photo.altDescription ?? photo.description {
                notes.append(.text("       \"\(untrusted: about, maxLength: 34)\""))
            }
        } else {
            for (index, photo, image) in legend {
                notes.append(.photo(
                    index: index, color: photo.rgbColor,
                    text: "\(untrusted: photo.user.name, maxLength: 18) · ♥ \(own: Narrator.grouped(photo.likes)) · \(own: image.name)"
                ))
            }
        }
        state.withLock { $0.recording?.recordMoment(moment, selected: selected, notes: notes, at: now) }
        notes.insert(.text("\(own: moment.uppercased())"), at: 0)
        send(TimelineEvent(
            time: now,
            kind: .screen,
            text: "\(own: moment)",
            fields: [("moment", .string(moment)), ("photos", .int(feed.photos.count))],
            scene: picture,
            notes: notes
        ))
    }

    /// The counts, and what the session did not wait for.
    func summary() -> DemoSummary {
        let now = clock()
        return state.withLock { state in
            let feed = state.previous
            return DemoSummary(
                stats: feed.stats, photosShown: feed.photos.count, reachedLastPage: feed.isLastPage,
                geometryEvents: state.geometryEvents, sessionTime: now - narrator.origin,
                pending: PendingWork.list(in: feed, at: now), pagesAddingNothing: state.pagesAddingNothing,
                images: state.images.map(ImageSummary.init)
            )
        }
    }
}
