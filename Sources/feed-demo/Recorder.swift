import FeedStreams
import Foundation
import Streams
import Synchronization

/// Turns what the simulator, the service and the view model do into timeline events, and
/// keeps the counts for the summary.
///
/// Every method is called on the session's scheduler, one at a time; the state is behind a
/// mutex anyway, and events are emitted after it is released.
final class Recorder: Sendable {
    private struct State {
        var previous = FeedState()
        var showsScrollToTop = false
        var geometryEvents = 0
        var triggers = 0
        var nextWireID = 0
        var requestedAt: [Int: Duration] = [:]
        var cancelled = 0
        var retries = 0
        var failedPages: Set<Int> = []
        var firstPageShown = false
        var scriptFinished = false
        var reportedDone = false
        var capture: (@Sendable (String, Int?) -> Void)?
        var lastPicture: (time: Duration, scene: ScreenScene)?
        var lastFlingPicture: Duration?
    }

    private let state = Mutex(State())
    private let clock: @Sendable () -> Duration
    private let emitEvent: @Sendable (TimelineEvent) -> Void
    private let onDone: @Sendable () -> Void

    init(
        clock: @escaping @Sendable () -> Duration,
        emit: @escaping @Sendable (TimelineEvent) -> Void,
        onDone: @escaping @Sendable () -> Void
    ) {
        self.clock = clock
        emitEvent = emit
        self.onDone = onDone
    }

    /// How to take a picture later at the current instant.
    var capture: (@Sendable (String, Int?) -> Void)? {
        get { state.withLock { $0.capture } }
        set { state.withLock { $0.capture = newValue } }
    }

    /// Whether the script has finished and no request is in flight.
    var isDone: Bool {
        state.withLock { $0.scriptFinished && $0.previous.inFlight == nil }
    }

    private func emit(
        _ kind: TimelineEvent.Kind,
        _ text: String,
        _ fields: [(String, JSONValue)] = [],
        quiet: Bool = false
    ) {
        emitEvent(TimelineEvent(time: clock(), kind: kind, text: text, fields: fields, isQuiet: quiet))
    }

    // MARK: The finger and the input streams

    func finger(_ action: ScrollAction) {
        let text: String
        var fields: [(String, JSONValue)] = []
        var picture: String?
        switch action {
        case .wait(let duration):
            text = "wait \(ScrollScript.line(for: .wait(duration)).dropFirst(5))"
        case .drag(let from, let to, let duration):
            text = "drag \(points(from)) → \(points(to)) over \(ScrollScript.line(for: .wait(duration)).dropFirst(5))"
            fields = [("from", .double(from)), ("to", .double(to))]
        case .fling(let velocity, let from):
            text = "fling \(points(velocity)) pt/s from \(points(from))"
            fields = [("velocity", .double(velocity)), ("from", .double(from))]
        case .settled(let offset):
            text = "the fling came to rest at \(points(offset))"
            fields = [("offset", .double(offset))]
            picture = "after the fling"
        case .hitEnd(let offset):
            text = "the fling stopped at the end of the content, \(points(offset))"
            fields = [("offset", .double(offset))]
            picture = "after the fling"
        case .hitTop(let offset):
            text = "the fling stopped at the top, \(points(offset))"
            fields = [("offset", .double(offset))]
        case .scrollToTop(let from):
            text = "scroll to top from \(points(from))"
        case .scrollToBottom(let from, let to):
            text = "scroll to bottom \(points(from)) → \(points(to))"
        case .pull(let distance):
            text = "pull down \(points(distance)) pt past the top"
        case .refresh:
            text = "let go: refresh"
        case .tap(let index):
            text = "tap photo \(index)"
            fields = [("index", .int(index))]
        case .missedTap(let x, let y):
            // The simulator aims a tap at a photo that is not laid out at (-1, -1).
            text = x < 0 || y < 0 ? "tap hit no photo (that photo is not on screen)" : "tap at (\(points(x)), \(points(y))) hit no photo"
        case .finished:
            text = "script finished"
        }
        fields.insert(("action", .string(Self.name(of: action))), at: 0)
        let quiet = if case .wait = action { true } else { false }
        emit(.finger, text, fields, quiet: quiet)
        guard let picture else { return }
        // One picture per burst of flings: none within two seconds of the last one.
        let now = clock()
        let capture = state.withLock { state -> (@Sendable (String, Int?) -> Void)? in
            if let last = state.lastFlingPicture, now - last < .seconds(2) { return nil }
            state.lastFlingPicture = now
            return state.capture
        }
        capture?(picture, nil)
    }

    /// Counts one geometry event (the simulator emits one per frame while the content moves).
    func frame() {
        state.withLock { $0.geometryEvents += 1 }
    }

    /// The reached-bottom operator fired.
    func trigger(_ geometry: ScrollGeometry) {
        let isLastPage = state.withLock { state in
            state.triggers += 1
            return state.previous.isLastPage && state.previous.inFlight == nil
        }
        let position = geometry.maxOffset > geometry.minOffset
            ? "at offset \(points(geometry.contentOffsetY)), the end at \(points(geometry.maxOffset))"
            : "(the content fits on the screen)"
        emit(.stream, "reachedBottom \(position)\(isLastPage ? " · the last page is in: nothing to load" : "")", [
            ("event", .string("reachedBottom")), ("offset", .double(geometry.contentOffsetY)),
            ("content_height", .double(geometry.contentHeight)),
        ])
    }

    /// Another input stream emitted.
    func stream(_ text: String) {
        emit(.stream, text, [("event", .string(String(text.prefix { $0.isLetter })))])
    }

    func scrollToTop(_ shows: Bool) {
        let changed = state.withLock { state in
            defer { state.showsScrollToTop = shows }
            return state.showsScrollToTop != shows
        }
        if changed {
            emit(.stream, "showsScrollToTop → \(shows)", [("event", .string("showsScrollToTop")), ("value", .bool(shows))])
        }
    }

    func scriptFinished() {
        state.withLock { $0.scriptFinished = true }
        checkDone()
    }

    // MARK: The wire

    /// A request reached the service; returns its id for ``answer(id:page:result:)``.
    func wire(page: Int) -> Int {
        let now = clock()
        return state.withLock { state in
            state.nextWireID += 1
            state.requestedAt[state.nextWireID] = now
            return state.nextWireID
        }
    }

    func answer(id: Int, page: Int, result: Result<PhotoPage, any Error>) {
        let now = clock()
        let requestedAt = state.withLock { $0.requestedAt.removeValue(forKey: id) } ?? now
        let took = "after \(ScrollScript.line(for: .wait(.milliseconds(DemoSummary.milliseconds(now - requestedAt)))).dropFirst(5))"
        switch result {
        case .success(let photoPage):
            let next = photoPage.hasNextPage ? "more after it" : "the last page"
            emit(.response, "page \(page): \(photoPage.photos.count) photos, \(next) (\(took))", [
                ("page", .int(page)), ("photos", .int(photoPage.photos.count)), ("has_next", .bool(photoPage.hasNextPage)),
                ("ids", .array(photoPage.photos.map { .string($0.id) })),
            ])
        case .failure(let error):
            let feedError = FeedError(describing: error)
            emit(.response, "page \(page) failed: \(Self.short(feedError)) (\(took))", [
                ("page", .int(page)), ("error", .string(Self.short(feedError))),
            ])
        }
    }

    func cancelled(id: Int, page: Int) {
        state.withLock { state in
            state.requestedAt[id] = nil
            state.cancelled += 1
        }
        emit(.response, "page \(page) cancelled before it arrived", [("page", .int(page)), ("cancelled", .bool(true))])
    }

    // MARK: The feed

    /// Describes how the feed changed from the previous state.
    func state(_ next: FeedState) {
        let (previous, retry) = state.withLock { state -> (FeedState, Bool) in
            defer { state.previous = next }
            var retry = false
            if let request = next.inFlight, request != state.previous.inFlight, state.failedPages.remove(request.page) != nil {
                state.retries += 1
                retry = true
            }
            if next.error != nil, let failed = state.previous.inFlight { state.failedPages.insert(failed.page) }
            return (state.previous, retry)
        }
        var pictures: [(String, Int?)] = []

        if next.stats.triggersIgnoredWhileLoading > previous.stats.triggersIgnoredWhileLoading, let busy = next.inFlight {
            emit(.feed, "ignored the trigger: \(busy) is still loading", [
                ("event", .string("trigger_ignored")), ("ignored", .int(next.stats.triggersIgnoredWhileLoading)),
            ])
        }
        if next.stats.staleResponsesDropped > previous.stats.staleResponsesDropped {
            emit(.feed, "dropped a stale answer: a refresh superseded its request", [
                ("event", .string("stale_dropped")), ("stale", .int(next.stats.staleResponsesDropped)),
            ])
        }
        if next.stats.pagesLoaded > previous.stats.pagesLoaded {
            let duplicates = next.stats.duplicatesDropped - previous.stats.duplicatesDropped
            let change = next.change.map { "\($0)" } ?? "no change"
            var text = "\(change) → \(next.photos.count) photos"
            if duplicates > 0 {
                text += " · dropped \(duplicates) duplicate\(duplicates == 1 ? "" : "s") (already on screen)"
            }
            emit(.feed, text, [
                ("event", .string("page_shown")), ("change", .string(change)), ("photos", .int(next.photos.count)),
                ("duplicates_dropped", .int(duplicates)),
            ])
            if next.change == .reload {
                let isFirst = state.withLock { state in
                    defer { state.firstPageShown = true }
                    return !state.firstPageShown
                }
                if isFirst {
                    pictures.append(("after the first page", nil))
                } else if previous.inFlight?.kind == .refresh {
                    pictures.append(("after the refresh", nil))
                }
            }
        }
        if let error = next.error {
            emit(.error, "\(error.message) — the next trigger asks for page \(next.nextPage) again", [
                ("error", .string(Self.short(error))), ("message", .string(error.message)), ("retry_page", .int(next.nextPage)),
            ])
        }
        if next.isLastPage, !previous.isLastPage {
            emit(.feed, "that was the last page: no more requests until a refresh", [("event", .string("last_page"))])
        }
        if next.isEmpty, !previous.isEmpty {
            emit(.feed, "the feed is empty: \"No photos\"", [("event", .string("empty"))])
        }
        if let request = next.inFlight, request != previous.inFlight {
            var text = "\(request)"
            if request.kind == .refresh, let superseded = previous.inFlight {
                text += " · supersedes \(superseded.description.prefix { $0 != " " })"
            }
            if retry { text += " · a retry" }
            emit(.request, text, [
                ("id", .int(request.id)), ("page", .int(request.page)), ("reason", .string(Self.name(of: request.kind))),
                ("retry", .bool(retry)),
            ])
        }
        if let photo = next.selectedPhoto {
            let index = next.photos.firstIndex { $0.id == photo.id } ?? -1
            emit(.detail, Self.detail(photo, index: index), [
                ("index", .int(index)), ("id", .string(photo.id)), ("photographer", .string(photo.user.name)),
                ("username", .string(photo.user.username)), ("width", .int(photo.width)), ("height", .int(photo.height)),
                ("likes", .int(photo.likes)), ("color", photo.color.map { .string($0) } ?? .null),
            ])
            pictures.append(("photo \(index) tapped", index))
        }
        if !pictures.isEmpty, let capture = state.withLock({ $0.capture }) {
            for (moment, selected) in pictures { capture(moment, selected) }
        }
        checkDone()
    }

    /// Calls `onDone` once the session looks over; the callee confirms later (a request may
    /// start in the same instant, after this state).
    private func checkDone() {
        let first = state.withLock { state in
            guard !state.reportedDone, state.scriptFinished, state.previous.inFlight == nil else { return false }
            state.reportedDone = true
            return true
        }
        if first { onDone() }
    }

    /// Forgets a report of ``isDone`` that turned out early, so the next one is reported too.
    func resumeAfterEarlyDone() {
        state.withLock { $0.reportedDone = false }
    }

    // MARK: Pictures and the summary

    /// Emits a picture of the screen, unless it would repeat the previous one at the same instant.
    func screen(
        moment: String,
        scene: (FeedState, Bool) -> ScreenScene,
        legend: [(Int, Photo)],
        selected: Int?
    ) {
        let now = clock()
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
            .text(moment.uppercased()),
            .text("scrolled \(points(picture.contentOffsetY)) of \(points(scrollable)) pt"),
            .text("\(feed.photos.count) photos loaded\(feed.isLastPage ? ", through the last page" : "")"),
        ]
        if let request = feed.inFlight { notes.append(.text("loading \(request)")) }
        notes.append(.text(""))
        if let selected, let photo = legend.first(where: { $0.0 == selected })?.1 {
            notes.append(.text("the detail screen opens:"))
            notes.append(.photo(index: selected, color: photo.rgbColor, text: "\(photo.user.name) (@\(photo.user.username))"))
            notes.append(.text("       \(photo.width) × \(photo.height) px · ♥ \(Self.grouped(photo.likes))"))
            if let color = photo.color { notes.append(.text("       colour \(color)")) }
            if let about = photo.altDescription ?? photo.description {
                notes.append(.text("       \"\(about.count > 34 ? about.prefix(33) + "…" : about)\""))
            }
        } else {
            for (index, photo) in legend {
                let name = photo.user.name.count > 18 ? String(photo.user.name.prefix(17)) + "…" : photo.user.name
                notes.append(.photo(index: index, color: photo.rgbColor, text: "\(name) · ♥ \(Self.grouped(photo.likes))"))
            }
        }
        emitEvent(TimelineEvent(
            time: now,
            kind: .screen,
            text: moment,
            fields: [("moment", .string(moment)), ("photos", .int(feed.photos.count))],
            scene: picture,
            notes: notes
        ))
    }

    func summary() -> DemoSummary {
        let now = clock()
        return state.withLock { state in
            let stats = state.previous.stats
            return DemoSummary(
                requests: stats.requests,
                pagesLoaded: stats.pagesLoaded,
                photosShown: state.previous.photos.count,
                duplicatesDropped: stats.duplicatesDropped,
                failures: stats.failures,
                retries: state.retries,
                triggersIgnoredWhileLoading: stats.triggersIgnoredWhileLoading,
                staleResponsesDropped: stats.staleResponsesDropped,
                cancelledRequests: state.cancelled,
                geometryEvents: state.geometryEvents,
                bottomTriggers: state.triggers,
                reachedLastPage: state.previous.isLastPage,
                sessionTime: now
            )
        }
    }

    // MARK: Wording

    private func points(_ value: Double) -> String {
        String(Int(value.rounded()))
    }

    static func detail(_ photo: Photo, index: Int) -> String {
        let likes = grouped(photo.likes)
        return "photo \(index) by \(photo.user.name) (@\(photo.user.username)) · \(photo.width) × \(photo.height)"
            + " · ♥ \(likes)" + (photo.color.map { " · \($0)" } ?? "")
    }

    /// `1,204`: thousands separated by commas, the same in every locale.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (position, digit) in digits.enumerated() {
            if position > 0, (digits.count - position) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (number < 0 ? "-" : "") + text
    }

    static func short(_ error: FeedError) -> String {
        switch error {
        case .offline: "offline"
        case .timedOut: "timed out"
        case .unauthorized: "HTTP 401 (bad access key)"
        case .rateLimited: "rate limited"
        case .clientError(let status, _): "HTTP \(status)"
        case .serverError(let status): "HTTP \(status)"
        case .malformedResponse(let path, let problem): "unreadable response (\(path.isEmpty ? "body" : path): \(problem))"
        case .responseTooLarge(let limit): "response over \(limit) bytes, refused"
        case .cancelled: "cancelled"
        case .transport(let code): "network error \(code.rawValue)"
        }
    }

    static func name(of kind: PageRequest.Kind) -> String {
        switch kind {
        case .firstPage: "first_page"
        case .refresh: "refresh"
        case .nextPage: "next_page"
        }
    }

    static func name(of action: ScrollAction) -> String {
        switch action {
        case .wait: "wait"
        case .drag: "drag"
        case .fling: "fling"
        case .settled: "settled"
        case .hitEnd: "hit_end"
        case .hitTop: "hit_top"
        case .scrollToTop: "scroll_to_top"
        case .scrollToBottom: "scroll_to_bottom"
        case .pull: "pull"
        case .refresh: "refresh"
        case .tap: "tap"
        case .missedTap: "missed_tap"
        case .finished: "finished"
        }
    }
}
