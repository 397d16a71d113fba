import FeedStreams

/// What the image rule decided over a stretch of time, counted: a frame of a fling may start and
/// cancel loads, and a line per frame would drown the timeline, so the demo tallies the
/// decisions of a gesture (or of one instant, when nothing moves) and says them in one line.
///
/// Pure: every count comes from ``ImageState/decisions``; the words come from ``line(cache:budget:during:)``.
struct ImageTally: Sendable, Equatable {
    /// The loads started in the stretch: whether each was for a cell on screen.
    var started: [Int: Bool] = [:]
    /// The loads of the stretch that ended, by id (cancelled or arrived).
    var ended: Set<Int> = []
    var retries = 0
    var cancelledLeft = 0
    var cancelledGone = 0
    var preempted = 0
    var shared = 0
    var cacheHits = 0
    var arrived = 0
    var evicted = 0
    var notKept = 0
    /// Failures with the same error and the same next step, each group worth a line.
    var failures: [FailureGroup] = []
    /// Downloads and failed inputs, each worth a line of its own (a memory warning is told at
    /// once, by ``ImageNarrator/memoryWarning(_:bytesHeld:budget:)``).
    var notes: [DisplayText] = []

    /// Loads that failed alike: the same error, and the same next step.
    struct FailureGroup: Sendable, Equatable {
        /// What happens next: a retry (its number and the most), or none.
        enum Next: Sendable, Equatable {
            case retry(Int, of: Int)
            case refused
            case retriesRanOut
        }

        var error: DisplayText
        var next: Next
        var cells: [Int] = []
        var delays: [Duration] = []

        /// `10 images failed with HTTP 503 (cells 0, 1, 2, 3, 4, 5 …) · each asked again in 402–497ms if still wanted (retry 1 of 2)`.
        var line: DisplayText {
            let cells = cells.sorted()
            let shown = cells.prefix(6).map(String.init).joined(separator: ", ") + (cells.count > 6 ? " …" : "")
            let which = cells.count == 1 ? "cell \(shown)" : "cells \(shown)"
            let what: DisplayText = "\(own: Narrator.count(cells.count, "image")) failed with \(error) (\(own: which))"
            switch next {
            case .retry(let attempt, let most):
                let low = delays.min() ?? .zero, high = delays.max() ?? .zero
                let wait = low == high ? Narrator.duration(low) : "\(Narrator.duration(low))–\(Narrator.duration(high))"
                let each = cells.count == 1 ? "" : "each "
                return "\(what) · \(own: each)asked again in \(own: wait) if still wanted (retry \(attempt) of \(most))"
            case .refused:
                return "\(what) · a refusal, not asked again"
            case .retriesRanOut:
                let ran = cells.count == 1 ? "its retries ran out; asked again when its cell comes back" : "their retries ran out; asked again when their cells come back"
                return "\(what) · \(own: ran)"
            }
        }
    }

    /// Adds a failed load to the group of its error and next step.
    private mutating func failed(_ load: ImageLoad, _ error: DisplayText, next: FailureGroup.Next, delay: Duration? = nil) {
        let index = failures.firstIndex { $0.error == error && $0.next == next } ?? {
            failures.append(FailureGroup(error: error, next: next))
            return failures.count - 1
        }()
        failures[index].cells.append(load.index)
        if let delay { failures[index].delays.append(delay) }
    }

    var isEmpty: Bool {
        self == ImageTally()
    }

    /// Counts one state's decisions.
    mutating func add(_ state: ImageState) {
        for decision in state.decisions {
            switch decision {
            case .loadStarted(let load):
                started[load.id] = load.standing == .visible
                if load.attempt > 1 { retries += 1 }
            case .loadPromoted, .loadKept, .loadFailed:
                break
            case .loadCancelled(let load, let reason):
                ended.insert(load.id)
                switch reason {
                case .leftWantedArea: cancelledLeft += 1
                case .photoGone: cancelledGone += 1
                case .preempted: preempted += 1
                }
            case .loadShared: shared += 1
            case .cacheHit: cacheHits += 1
            case .imageArrived(let load, _, let outcome):
                ended.insert(load.id)
                arrived += 1
                switch outcome {
                case .kept(let evictions): evicted += evictions.count
                case .tooLarge, .noRoom: notKept += 1
                }
            case .retryScheduled(let load, let failures, let delay):
                ended.insert(load.id)
                failed(load, Self.error(of: load, in: state), next: .retry(failures, of: state.configuration.retry.maxAttempts), delay: delay)
            case .gaveUp(let load, _, let error):
                ended.insert(load.id)
                failed(load, Narrator.short(error), next: error.isTransient ? .retriesRanOut : .refused)
            case .memoryWarning:
                break
            case .downloadTracked(let photo):
                notes.append("download of \(untrusted: photo.id, maxLength: 20) reported to Unsplash (once, for the button)")
            case .downloadTrackingFailed(let photo, let error):
                notes.append("reporting the download of \(untrusted: photo.id, maxLength: 20) failed: \(Narrator.short(error))")
            case .inputFailed(let error):
                notes.append("\(Narrator.short(error))")
            }
        }
    }

    /// `the fling`, `the fling and the drag`, `3 flings and 2 drags`: the gestures, in order of
    /// first appearance.
    static func words(for gestures: [String]) -> String {
        var names: [String] = []
        for gesture in gestures where !names.contains(gesture) { names.append(gesture) }
        return names.map { name in
            let times = gestures.filter { $0 == name }.count
            return times == 1 ? "the \(name)" : "\(times) \(name)s"
        }.joined(separator: " and ")
    }

    /// The error a failed load reported in this state.
    private static func error(of load: ImageLoad, in state: ImageState) -> DisplayText {
        for case .loadFailed(let failed, let error) in state.decisions where failed == load {
            return Narrator.short(error)
        }
        return "an error"
    }

    /// One line for the counts, or `nil` when only notes were taken.
    ///
    /// - Parameters:
    ///   - cache: The bytes the cache holds now.
    ///   - budget: The cache's budget.
    ///   - gestures: The gestures the decisions came during (`fling`, `drag`), if any.
    func line(cache: Int, budget: Int, during gestures: [String]) -> DisplayText? {
        var parts: [DisplayText] = []
        if !started.isEmpty {
            let onScreen = started.values.filter { $0 }.count
            var which: [String] = []
            if onScreen > 0 { which.append("\(onScreen) on screen") }
            if started.count > onScreen { which.append("\(started.count - onScreen) ahead") }
            if retries > 0 { which.append("\(retries) of them retries") }
            parts.append("\(own: Narrator.count(started.count, "load")) started (\(own: which.joined(separator: ", ")))")
        }
        var cancelled: [String] = []
        if cancelledLeft > 0 { cancelled.append("\(cancelledLeft) as \(cancelledLeft == 1 ? "its cell" : "their cells") left") }
        if preempted > 0 { cancelled.append("\(preempted) giving way to cells on screen") }
        if cancelledGone > 0 { cancelled.append("\(cancelledGone) as \(cancelledGone == 1 ? "its photo" : "their photos") left the list") }
        if !cancelled.isEmpty { parts.append("cancelled before arriving: \(own: cancelled.joined(separator: ", "))") }
        if shared > 0 { parts.append("\(shared) asked for again, sharing the load running") }
        if arrived > 0 { parts.append("\(own: Narrator.count(arrived, "image")) arrived") }
        let running = started.keys.filter { !ended.contains($0) }.count
        if running > 0, running < started.count || arrived > 0 { parts.append("\(running) still loading") }
        if cacheHits > 0 { parts.append("\(own: Narrator.count(cacheHits, "cell")) came on screen from the cache, no request") }
        if notKept > 0 { parts.append("\(notKept) shown but not kept") }
        guard !parts.isEmpty else { return nil }
        var line: DisplayText = gestures.isEmpty ? "" : "during \(own: Self.words(for: gestures)): "
        for (position, part) in parts.enumerated() {
            line = position == 0 ? "\(line)\(part)" : "\(line) · \(part)"
        }
        if arrived + cacheHits > 0 || evicted > 0 {
            let letGo = evicted > 0 ? ", \(evicted) least recently used let go" : ""
            line = "\(line) · cache \(own: ByteCount.memory(cache)) of \(own: ByteCount.memory(budget))\(own: letGo)"
        }
        return line
    }
}

/// Each image decision as a line for tools (`--json`), with the geometry it was made from, and
/// the line of a memory warning.
enum ImageNarrator {
    /// `memory warning: the image cache let go of all 20 images, 10.2 MiB → 0.0 MiB of 12.0 MiB;
    /// the cells on screen keep theirs, and 6 loads started to cache them again`, for the
    /// decisions of a state that took a warning; `nil` for any other.
    ///
    /// A cell's image sequence ends with its image (``ImageViewModel/Output/image(for:)``), so
    /// the cells on screen go on showing what they show; the rule loads their images again so
    /// that they are in memory when a cell is bound to them anew.
    ///
    /// - Parameters:
    ///   - decisions: The state's decisions.
    ///   - bytesHeld: What the cache held after them.
    ///   - budget: The cache's budget.
    static func memoryWarning(_ decisions: [ImageDecision], bytesHeld: Int, budget: Int) -> DisplayText? {
        for case .memoryWarning(let images, let bytes) in decisions {
            let budget = ByteCount.memory(budget)
            let before = ByteCount.memory(bytes + bytesHeld), after = ByteCount.memory(bytesHeld)
            let what = images == 0
                ? "the image cache was empty, nothing to let go"
                : "the image cache let go of \(images == 1 ? "its only image" : "all \(images) images"), \(before) → \(after) of \(budget)"
            let reloads = decisions.filter { if case .loadStarted(let load) = $0 { load.standing == .visible } else { false } }.count
            let again = reloads == 0 ? "" : "; the cells on screen keep theirs, and \(Narrator.count(reloads, "load")) started to cache them again"
            return "memory warning: \(own: what)\(own: again)"
        }
        return nil
    }

    /// The decisions of one state as quiet events: left out of the text timeline, in `--json`.
    static func events(for state: ImageState, at time: Duration) -> [TimelineEvent] {
        state.decisions.map { decision in
            var fields: [(String, JSONValue)] = [("event", .string(name(of: decision)))]
            if let load = load(of: decision) {
                fields += [
                    ("load", .int(load.id)), ("photo", .string(load.photoID)), ("cell", .int(load.index)),
                    ("standing", .string(load.standing.name)), ("attempt", .int(load.attempt)),
                ]
                switch load.standing {
                case .prefetch(let distance), .kept(let distance): fields.append(("distance", .double(distance)))
                case .visible: break
                }
                if let content = state.content, load.index < content.layout.count {
                    let frame = content.layout.frame(at: load.index)
                    fields += [("frame_y", .double(frame.minY)), ("frame_height", .double(frame.height))]
                }
            }
            switch decision {
            case .loadCancelled(_, let reason):
                switch reason {
                case .leftWantedArea(let distance): fields += [("reason", .string("left")), ("outside_by", .double(distance))]
                case .photoGone: fields.append(("reason", .string("photo_gone")))
                case .preempted: fields.append(("reason", .string("preempted")))
                }
            case .cacheHit(let photo, let index):
                fields += [("photo", .string(photo)), ("cell", .int(index))]
            case .imageArrived(_, let image, let outcome):
                fields += [("decoded_bytes", .int(image.decodedBytes)), ("kept", .bool(outcome.isKept))]
            case .loadFailed(_, let error), .gaveUp(_, _, let error):
                fields.append(("error", .string(Narrator.short(error).data)))
            case .retryScheduled(_, let failures, let delay):
                fields += [("failures", .int(failures)), ("delay_ms", .int(DemoSummary.milliseconds(delay)))]
            case .memoryWarning(let images, let bytes):
                fields += [("images_dropped", .int(images)), ("bytes_dropped", .int(bytes))]
            case .downloadTracked(let photo):
                fields.append(("photo", .string(photo.id)))
            case .downloadTrackingFailed(let photo, let error):
                fields += [("photo", .string(photo.id)), ("error", .string(Narrator.short(error).data))]
            case .inputFailed(let error):
                fields.append(("error", .string(Narrator.short(error).data)))
            default:
                break
            }
            if let geometry = state.geometry {
                fields += [
                    ("offset", .double(geometry.contentOffsetY)), ("viewport", .double(geometry.viewportHeight)),
                    ("content_height", .double(geometry.contentHeight)), ("direction", .string(state.direction.rawValue)),
                ]
            }
            fields.append(("cache_bytes", .int(state.bytesHeld)))
            return TimelineEvent(time: time, kind: .image, text: "\(own: name(of: decision))", fields: fields, isQuiet: true)
        }
    }

    /// `load_started`, `cache_hit`, … for tools.
    static func name(of decision: ImageDecision) -> String {
        switch decision {
        case .loadStarted: "load_started"
        case .loadPromoted: "load_promoted"
        case .loadKept: "load_kept"
        case .loadCancelled: "load_cancelled"
        case .loadShared: "load_shared"
        case .imageArrived: "image_arrived"
        case .cacheHit: "cache_hit"
        case .loadFailed: "load_failed"
        case .retryScheduled: "retry_scheduled"
        case .gaveUp: "gave_up"
        case .memoryWarning: "memory_warning"
        case .downloadTracked: "download_tracked"
        case .downloadTrackingFailed: "download_tracking_failed"
        case .inputFailed: "input_failed"
        }
    }

    private static func load(of decision: ImageDecision) -> ImageLoad? {
        switch decision {
        case .loadStarted(let load), .loadPromoted(let load), .loadKept(let load, _), .loadCancelled(let load, _),
             .loadShared(let load, _), .imageArrived(let load, _, _), .loadFailed(let load, _),
             .retryScheduled(let load, _, _), .gaveUp(let load, _, _):
            load
        case .cacheHit, .memoryWarning, .downloadTracked, .downloadTrackingFailed, .inputFailed:
            nil
        }
    }
}

extension ImageCache.Outcome {
    /// Whether the cache kept the image.
    var isKept: Bool {
        if case .kept = self { true } else { false }
    }
}
