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
    init(
        origin: Duration,
        configuration: FeedConfiguration,
        clock: @escaping @Sendable () -> Duration,
        emit: @escaping @Sendable (TimelineEvent) -> Void,
        onDone: @escaping @Sendable () -> Void
    ) {
        state = Mutex(State(previous: FeedState(configuration: configuration)))
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

    private func emit(_ kind: TimelineEvent.Kind, _ text: DisplayText, _ fields: [(String, JSONValue)] = []) {
        emitEvent(TimelineEvent(time: clock() - narrator.origin, kind: kind, text: text, fields: fields))
    }

    // MARK: The finger and the input streams

    func finger(_ action: ScrollAction) {
        emitEvent(narrator.line(for: action, at: clock()))
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
    func frame() {
        state.withLock { $0.geometryEvents += 1 }
    }

    /// An input stream emitted.
    func stream(_ text: String) {
        emit(.stream, "\(own: text)", [("event", .string(String(text.prefix { $0.isLetter })))])
    }

    func scrollToTop(_ shows: Bool) {
        let changed = state.withLock { state in
            defer { state.showsScrollToTop = shows }
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
            return (state.previous, isFirst)
        }
        for line in narrator.lines(from: previous, to: next) { emitEvent(line) }
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
        legend: [(Int, Photo)],
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
            .text("\(own: moment.uppercased())"),
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
            for (index, photo) in legend {
                notes.append(.photo(
                    index: index, color: photo.rgbColor,
                    text: "\(untrusted: photo.user.name, maxLength: 18) · ♥ \(own: Narrator.grouped(photo.likes))"
                ))
            }
        }
        emitEvent(TimelineEvent(
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
                pending: PendingWork.list(in: feed, at: now), pagesAddingNothing: state.pagesAddingNothing
            )
        }
    }
}
