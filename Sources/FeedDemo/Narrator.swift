import Foundation
import FeedStreams

/// Words for what happened: the timeline lines of a feed state change and of a finger's action.
///
/// Pure functions. The feed's lines come from what ``FeedState/reduce(_:_:at:)`` decided
/// (``FeedState/decisions``) and from the states before and after it, so the demo tells what the
/// rules decided, for the reason they decided it, and never works it out again.
struct Narrator: Sendable {
    /// The clock reading at which the session started; times are printed from it.
    let origin: Duration

    // MARK: The feed

    /// The lines for one state change: a line when the level changed, then one or more per
    /// decision, in the order the rules took them.
    func lines(from previous: FeedState, to next: FeedState) -> [TimelineEvent] {
        var lines: [TimelineEvent] = []
        let time = next.now - origin
        func line(_ kind: TimelineEvent.Kind, _ text: DisplayText, _ fields: [(String, JSONValue)]) {
            lines.append(TimelineEvent(time: time, kind: kind, text: text, fields: fields))
        }
        if let demand = next.demand, demand != previous.demand || (previous.isAwaitingLayout && demand.wantsMore),
           let geometry = next.geometry {
            line(.stream, "geometry: \(own: Self.describe(demand, geometry, next.configuration.prefetchDistance))", [
                ("event", .string("demand")), ("demand", .string(Self.name(of: demand))),
                ("offset", .double(geometry.contentOffsetY)), ("content_height", .double(geometry.contentHeight)),
            ])
        }
        for decision in next.decisions {
            switch decision {
            case .requestStarted(let request):
                line(.request, "\(request)\(own: Self.why(request, in: next))", Self.fields(request))
            case .requestCancelled(let request):
                line(.response, "\(request) cancelled before it arrived: a refresh supersedes it",
                     Self.fields(request) + [("cancelled", .bool(true))])
            case .triggerIgnored(let reason):
                line(.feed, "ignored: \(own: Self.explain(reason, in: next))", [
                    ("event", .string("trigger_ignored")), ("reason", .string(Self.name(of: reason))),
                ])
            case .pageArrived(let request, let page, let change, let duplicates):
                let more = page.hasNextPage ? "more after it" : "the last page"
                line(.response, "\(request): \(own: Self.count(page.photos.count, "photo")), \(own: more) (after \(own: Self.duration(next.now - request.startedAt)))",
                     Self.fields(request) + [
                        ("photos", .int(page.photos.count)), ("has_next", .bool(page.hasNextPage)),
                        ("ids", .array(page.photos.map { .string($0.id) })),
                     ])
                var text: DisplayText = "\(own: change.map { "\($0)" } ?? "no change") → \(own: Self.count(next.photos.count, "photo"))"
                if duplicates > 0 { text = "\(text) · dropped \(own: Self.count(duplicates, "duplicate")) (already on screen)" }
                line(.feed, text, [
                    ("event", .string("page_shown")), ("change", .string(change.map { "\($0)" } ?? "none")),
                    ("photos", .int(next.photos.count)), ("duplicates_dropped", .int(duplicates)),
                ])
                if !page.hasNextPage {
                    line(.feed, "that was the last page: no more requests until a refresh", [("event", .string("last_page"))])
                }
                if next.isEmpty {
                    line(.feed, "the feed is empty: \"No photos\"", [("event", .string("empty"))])
                }
            case .staleResponseDropped(let request):
                line(.feed, "dropped a stale answer: \(request) is no longer wanted", [
                    ("event", .string("stale_dropped")), ("id", .int(request.id)),
                ])
            case .requestFailed(let request, let error):
                line(.response, "\(request) failed: \(Self.short(error)) (after \(own: Self.duration(next.now - request.startedAt)))",
                     Self.fields(request) + [("error", .string(Self.short(error).data))])
                line(.error, "\(own: error.message)", Self.errorFields(error))
            case .requestRefused(let reason, let error):
                let wait = error.retryAfter.map { " · it may be asked again in \(Self.duration($0))" } ?? ""
                line(.feed, "refused: a \(own: reason.rawValue) · \(own: Self.explain(.requestBudget, in: next))\(own: wait)", [
                    ("event", .string("request_refused")), ("reason", .string(Self.name(of: reason))),
                    ("retry_in_ms", error.retryAfter.map { .int(DemoSummary.milliseconds($0)) } ?? .null),
                ])
                line(.error, "\(own: error.message)", Self.errorFields(error))
            case .requestRefusedAgain(let reason):
                line(.feed, "refused again: a \(own: reason.rawValue) · the answer on screen still stands, so it is not repeated", [
                    ("event", .string("request_refused_again")), ("reason", .string(Self.name(of: reason))),
                ])
            case .retryScheduled(let page, let failures, let delay):
                let allowed = next.configuration.retry.maxAttempts
                line(.feed, "back-off: page \(page) again in \(own: Self.duration(delay)) (retry \(failures) of \(allowed)) · the footer shows \"retrying\"", [
                    ("event", .string("retry_scheduled")), ("page", .int(page)), ("failures", .int(failures)),
                    ("delay_ms", .int(DemoSummary.milliseconds(delay))),
                ])
            case .retriesExhausted(let page, let failures):
                let why = next.backoff?.error.isTransient == false
                    ? "page \(page) will not load by asking again by itself"
                    : "page \(page) failed \(Self.count(failures, "time")) in a row"
                line(.feed, "\(own: why): the footer shows \"Couldn't load — tap to retry\"", [
                    ("event", .string("retries_exhausted")), ("page", .int(page)), ("failures", .int(failures)),
                ])
            case .photoSelected(let index, let photo):
                line(.detail, Self.detail(photo, index: index), [
                    ("index", .int(index)), ("id", .string(photo.id)), ("photographer", .string(photo.user.name)),
                    ("username", .string(photo.user.username)), ("width", .int(photo.width)), ("height", .int(photo.height)),
                    ("likes", .int(photo.likes)), ("color", photo.color.map { .string($0) } ?? .null),
                ])
            case .inputFailed(let error):
                line(.error, "\(Self.short(error)): \(own: error.message)", Self.errorFields(error))
            }
        }
        return lines
    }

    /// Why a request started, in the terms of the geometry or the failure behind it.
    private static func why(_ request: PageRequest, in state: FeedState) -> String {
        switch request.reason {
        case .prefill:
            guard let geometry = state.geometry else { return "" }
            return " · the content (\(points(geometry.contentHeight)) pt) does not fill the screen and the prefetch distance"
        case .scroll:
            guard let geometry = state.geometry else { return "" }
            return " · the end is \(points(max(geometry.distanceToEnd, 0))) pt below the screen"
        case .retry:
            return " · the back-off is over"
        case .gesture:
            return " · asked again after the retries ran out"
        case .firstLoad, .refresh:
            return ""
        }
    }

    static func explain(_ reason: FeedDecision.IgnoredBecause, in state: FeedState) -> String {
        switch reason {
        case .loading: "\(state.inFlight.map { "\($0)" } ?? "a page") is still loading (not queued)"
        case .lastPage: "the last page is in, nothing to load"
        case .backoff: "a back-off runs for another \(duration(max((state.backoff?.resumesAt ?? state.now) - state.now, .zero)))"
        case .retriesExhausted: "the retries ran out; waiting for a gesture"
        case .notAppeared: "the screen has not appeared (load) yet"
        case .requestBudget: "\(count(state.configuration.maxRequestsPerMinute, "request")) in the last minute, the most the feed may make"
        }
    }

    static func describe(_ demand: ContentDemand, _ geometry: ScrollGeometry, _ prefetch: Double) -> String {
        switch demand {
        case .unfilled: "the content (\(points(geometry.contentHeight)) pt) is shorter than the screen and \(points(prefetch)) pt of prefetch: wants more"
        case .nearEnd: "the end is \(points(max(geometry.distanceToEnd, 0))) pt below the screen, within \(points(prefetch)) pt: wants more"
        case .satisfied: "the end is \(points(geometry.distanceToEnd)) pt below the screen: enough"
        }
    }

    /// An error line's data: the short form, what the person is told, and the server's text as
    /// it came, if any.
    private static func errorFields(_ error: FeedError) -> [(String, JSONValue)] {
        [("error", .string(short(error).data)), ("message", .string(error.message))]
            + (error.serverText.map { [("server_text", JSONValue.string($0))] } ?? [])
    }

    private static func fields(_ request: PageRequest) -> [(String, JSONValue)] {
        [("id", .int(request.id)), ("page", .int(request.page)), ("reason", .string(name(of: request.reason)))]
    }

    // MARK: The finger

    /// The line for what the simulated finger did; a memory warning, the one step of a script
    /// that is the system's and not the finger's, is a line of the input streams.
    func line(for action: ScrollAction, at time: Duration) -> TimelineEvent {
        let text: DisplayText
        var fields: [(String, JSONValue)] = []
        switch action {
        case .wait(let duration):
            text = "wait \(own: Self.duration(duration))"
        case .drag(let from, let to, let duration):
            text = "drag \(own: Self.points(from)) → \(own: Self.points(to)) over \(own: Self.duration(duration))"
            fields = [("from", .double(from)), ("to", .double(to))]
        case .fling(let velocity, let from):
            text = "fling \(own: Self.points(velocity)) pt/s from \(own: Self.points(from))"
            fields = [("velocity", .double(velocity)), ("from", .double(from))]
        case .settled(let offset):
            text = "the fling came to rest at \(own: Self.points(offset))"
            fields = [("offset", .double(offset))]
        case .hitEnd(let offset):
            text = "the fling stopped at the end of the content, \(own: Self.points(offset))"
            fields = [("offset", .double(offset))]
        case .hitTop(let offset):
            text = "the fling stopped at the top, \(own: Self.points(offset))"
            fields = [("offset", .double(offset))]
        case .scrollToTop(let from):
            text = "scroll to top from \(own: Self.points(from))"
        case .scrollToBottom(let from, let to):
            text = "scroll to bottom \(own: Self.points(from)) → \(own: Self.points(to))"
        case .pull(let distance):
            text = "pull down \(own: Self.points(distance)) pt past the top"
        case .refresh:
            text = "let go: refresh"
        case .tap(let index):
            text = "tap photo \(index)"
            fields = [("index", .int(index))]
        case .missedTap(let x, let y):
            text = "tap at (\(own: Self.points(x)), \(own: Self.points(y))) hit no photo"
        case .missedPhoto:
            text = "\(own: action.description)"
        case .tapRetry:
            text = "tap \"Couldn't load — tap to retry\""
        case .memoryWarning:
            text = "memoryWarnings: the system warns that memory is low"
        case .finished:
            text = "script finished"
        }
        fields.insert(("action", .string(Self.name(of: action))), at: 0)
        let quiet = if case .wait = action { true } else { false }
        let kind: TimelineEvent.Kind = action == .memoryWarning ? .stream : .finger
        return TimelineEvent(time: time - origin, kind: kind, text: text, fields: fields, isQuiet: quiet)
    }

    // MARK: Wording

    /// `1263`: points rounded to a whole number, for any value (`-` for one that is not a number).
    static func points(_ value: Double) -> String {
        value.isNaN ? "-" : String(Int(saturating: value))
    }

    /// `1 photo`, `2 photos`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `300ms` under a second, `1s`, `1.5s`, `1.842s` from one second up; from a minute up in
    /// minutes and seconds (`1 min 30s`), and from ten minutes up in whole minutes and hours
    /// (`59 min`, `1 h`, `2 h 5 min`).
    static func duration(_ duration: Duration) -> String {
        let milliseconds = DemoSummary.milliseconds(duration)
        if milliseconds >= 600_000 {
            let minutes = (milliseconds + 30_000) / 60_000
            guard minutes >= 60 else { return "\(minutes) min" }
            return "\(minutes / 60) h" + (minutes % 60 > 0 ? " \(minutes % 60) min" : "")
        }
        if milliseconds >= 60_000 {
            let seconds = (milliseconds + 500) / 1000
            return "\(seconds / 60) min" + (seconds % 60 > 0 ? " \(seconds % 60)s" : "")
        }
        guard milliseconds >= 1000 else { return "\(milliseconds)ms" }
        var text = "\(milliseconds / 1000)"
        var fraction = String(milliseconds % 1000).leftPadded(to: 3, with: "0")
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += ".\(fraction)" }
        return text + "s"
    }

    /// The longest photographer's name a line shows, in characters.
    static let nameLength = 40
    /// The longest username a line shows, in characters.
    static let usernameLength = 30

    /// `photo 3 by Ayesha Romero (@ayesharomerophoto) · 4032 × 3024 · ♥ 838 · #b3c5e3`; the
    /// colour only when the photo has one (``Photo/color`` is `#rrggbb` or `nil`).
    static func detail(_ photo: Photo, index: Int) -> DisplayText {
        let color: DisplayText = photo.color.map { " · \(untrusted: $0)" } ?? ""
        return "photo \(index) by \(byline(photo)) · \(photo.width) × \(photo.height) · ♥ \(own: grouped(photo.likes))\(color)"
    }

    /// `Ayesha Romero (@ayesharomerophoto)`.
    static func byline(_ photo: Photo) -> DisplayText {
        "\(untrusted: photo.user.name, maxLength: nameLength) (@\(untrusted: photo.user.username, maxLength: usernameLength))"
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

    /// The error in a few words; a malformed response's problem may quote the server.
    static func short(_ error: FeedError) -> DisplayText {
        switch error {
        case .offline: "offline"
        case .timedOut: "timed out"
        case .unauthorized: "HTTP 401 (bad access key)"
        case .rateLimited(let resetAfter): "rate limited\(own: resetAfter.map { ", resets in \(duration($0))" } ?? "")"
        case .clientError(let status, _): "HTTP \(status)"
        case .serverError(let status): "HTTP \(status)"
        case .malformedResponse(let path, let problem):
            "unreadable response (\(untrusted: path.isEmpty ? "body" : path, maxLength: 60): \(untrusted: problem, maxLength: 100))"
        case .cancelled: "cancelled"
        case .transport(let code): "network error \(code.rawValue)"
        case .inputFailed(let input, _): "the \(own: input) input failed"
        case .responseTooLarge(let limit): "response over \(limit) bytes, refused"
        case .requestBudgetSpent(let retryAfter): "request budget spent, next in \(own: duration(retryAfter))"
        }
    }

    static func name(of reason: PageRequest.Reason) -> String {
        reason.rawValue.replacingOccurrences(of: " ", with: "_")
    }

    static func name(of reason: FeedDecision.IgnoredBecause) -> String {
        reason.rawValue.replacingOccurrences(of: " ", with: "_")
    }

    static func name(of demand: ContentDemand) -> String {
        switch demand {
        case .satisfied: "satisfied"
        case .nearEnd: "near_end"
        case .unfilled: "unfilled"
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
        case .missedPhoto: "missed_photo"
        case .tapRetry: "tap_retry"
        case .memoryWarning: "memory_warning"
        case .finished: "finished"
        }
    }
}
