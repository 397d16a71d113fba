import FeedStreams

/// What a session did, in numbers: the last lines of the demo, and what tests check.
///
/// Every count is a fold over the session's log (``init(log:)``): the feed's and the images'
/// from what their rules decided (``FeedCounts``, ``ImageCounts``), and what the feed cannot know
/// (geometry events, the session's length); with what the session did not wait for
/// (``pending``).
struct DemoSummary: Sendable, Equatable {
    /// What the feed did, counted.
    var stats = FeedCounts()
    /// Photos on screen at the end.
    var photosShown = 0
    /// Whether the last page arrived.
    var reachedLastPage = false
    /// Geometry events the simulated scroll view emitted (one per frame while moving, one per layout).
    var geometryEvents = 0
    /// The session's length on its own clock (virtual unless `--realtime`).
    var sessionTime: Duration = .zero
    /// What the feed was still going to do when the session ended: a back-off, a wait for the
    /// request budget or for a tap, a request started after the script.
    var pending: [PendingWork] = []
    /// The last pages in a row that said more follow but added no photo (empty, or duplicates).
    var pagesAddingNothing = 0
    /// What the images did, from their final state; `nil` when they never ran.
    var images: ImageSummary?
    /// How long the run took on the wall clock (set it to zero before comparing summaries).
    var wallTime: Duration = .zero

    /// Requests for a page that had failed: after a back-off, or asked again by a gesture.
    var retries: Int {
        stats.requests[.retry, default: 0] + stats.requests[.gesture, default: 0]
    }

    /// `first load 1 · prefill 2 · scroll 6`: the non-zero counts, in the enum's order.
    static func breakdown<Key: CaseIterable & RawRepresentable<String>>(_ counts: [Key: Int]) -> String {
        Key.allCases.compactMap { key in counts[key].map { "\(key.rawValue) \($0)" } }.joined(separator: " · ")
    }

    /// The summary table's rows: label and value.
    ///
    /// - Parameter wallTime: Whether to include the wall time, which differs from run to run
    ///   (the page leaves it out of a session on virtual time, to stay the same bytes).
    func rows(wallTime: Bool = true) -> [(String, DisplayText)] {
        let ignored = stats.triggersIgnored.values.reduce(0, +)
        var pendingRows: [(String, DisplayText)] = pending.enumerated().map { ($0.offset == 0 ? "pending" : "", $0.element.text) }
        if pendingRows.isEmpty { pendingRows = [("pending", "nothing")] }
        let nothingNew: [(String, DisplayText)] = pagesAddingNothing == 0 ? [] : [
            ("pages adding nothing", "\(pagesAddingNothing) in a row at the end, each saying more follow"),
        ]
        return [
            ("requests", "\(stats.totalRequests)  (\(own: Self.breakdown(stats.requests)))"),
            ("cancelled by a refresh", "\(stats.cancelled)"),
            ("pages loaded", "\(stats.pagesLoaded)\(own: reachedLastPage ? "  (through the last page)" : "")"),
            ("photos shown", "\(photosShown)"),
            ("duplicates dropped", "\(stats.duplicatesDropped)"),
            ("errors / retries", "\(stats.failures) / \(retries)"),
            ("triggers ignored", "\(ignored)\(own: ignored > 0 ? "  (\(Self.breakdown(stats.triggersIgnored)))" : "")"),
            ("stale responses dropped", "\(stats.staleResponsesDropped)"),
            ("geometry events", "\(geometryEvents)"),
        ] + (images?.rows ?? []) + [
            ("session time", "\(own: Self.seconds(sessionTime))"),
        ] + (wallTime ? [("wall time", "\(own: Self.seconds(self.wallTime))")] : []) + nothingNew + pendingRows
    }

    /// The summary's JSON keys.
    var jsonFields: [(String, JSONValue)] {
        let byReason = PageRequest.Reason.allCases.map { (Narrator.name(of: $0), JSONValue.int(stats.requests[$0, default: 0])) }
        let ignored = FeedDecision.IgnoredBecause.allCases.map {
            (Narrator.name(of: $0), JSONValue.int(stats.triggersIgnored[$0, default: 0]))
        }
        return [
            ("requests", .int(stats.totalRequests)), ("requests_by_reason", .object(byReason)),
            ("cancelled_requests", .int(stats.cancelled)), ("pages_loaded", .int(stats.pagesLoaded)),
            ("photos_shown", .int(photosShown)), ("duplicates_dropped", .int(stats.duplicatesDropped)),
            ("failures", .int(stats.failures)), ("retries", .int(retries)), ("triggers_ignored", .object(ignored)),
            ("stale_responses_dropped", .int(stats.staleResponsesDropped)), ("geometry_events", .int(geometryEvents)),
            ("reached_last_page", .bool(reachedLastPage)), ("pages_adding_nothing", .int(pagesAddingNothing)),
            ("pending", .array(pending.map(\.json))), ("images", images?.json ?? .null),
            ("wall_ms", .int(Self.milliseconds(wallTime))),
        ]
    }

    /// The session's length in whole milliseconds.
    var sessionMilliseconds: Int {
        Self.milliseconds(sessionTime)
    }

    /// A duration in whole milliseconds; one past ±285 million years counts as that long.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let limit: Int64 = 9_000_000_000_000_000  // seconds: times 1000 still fits in an Int
        return Int(min(max(seconds, -limit), limit)) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// `12.345s`.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = milliseconds(duration)
        return "\(milliseconds / 1000).\(String(milliseconds % 1000).leftPadded(to: 3, with: "0"))s"
    }
}

extension DemoSummary {
    /// The summary of a session's log: every count folded over it, where the list and the cache
    /// ended from the last states. The session's length is the time of the last entry; the wall
    /// time is left at zero.
    init(log: SessionLog) {
        var feed = FeedState(configuration: log.configuration)
        var counts = FeedCounts()
        var images: ImageState?
        var imageCounts = ImageCounts()
        var geometryEvents = 0
        var pagesAddingNothing = 0
        for entry in log.entries {
            switch entry.event {
            case .feed(let state):
                for case .pageArrived(_, let page, let change, _) in state.decisions {
                    pagesAddingNothing = change == nil && page.hasNextPage ? pagesAddingNothing + 1 : 0
                }
                counts.add(state.decisions)
                feed = state
            case .geometry:
                geometryEvents += 1
            case .images(let state, _):
                imageCounts.add(state)
                images = state
            default:
                break
            }
        }
        let time = log.entries.last?.time ?? .zero
        self.init(
            stats: counts, photosShown: feed.photos.count, reachedLastPage: feed.isLastPage,
            geometryEvents: geometryEvents, sessionTime: time,
            pending: PendingWork.list(in: feed, at: log.origin + time), pagesAddingNothing: pagesAddingNothing,
            images: images.map { ImageSummary($0, counts: imageCounts) }
        )
    }
}

/// What the images did in a session: their counts, and their cache at the end.
struct ImageSummary: Sendable, Equatable {
    var stats: ImageCounts
    /// The decoded bytes the cache held at the end.
    var bytesHeld: Int
    /// The cache's budget.
    var budget: Int
    /// How far outside the wanted area a running load is kept.
    var keepMargin: Double

    /// - Parameters:
    ///   - state: The images' final state.
    ///   - counts: What they did over the session.
    init(_ state: ImageState, counts: ImageCounts) {
        stats = counts
        bytesHeld = state.bytesHeld
        budget = state.configuration.memoryBudget
        keepMargin = state.configuration.keepMargin
    }

    /// The summary table's image rows.
    var rows: [(String, DisplayText)] {
        let memory = ByteCount.memory
        let retries = stats.retries > 0 ? "; \(stats.retries) retries" : ""
        return [
            ("images loaded", "\(stats.loaded)  (of \(stats.loadsStarted) loads started: \(stats.visibleLoads) on screen, \(stats.prefetchLoads) ahead\(own: retries))"),
            ("images cancelled", "\(stats.cancelled)  (cells left \(stats.cancelledLeft) · photos gone \(stats.cancelledGone) · gave way to cells on screen \(stats.cancelledPreempted)); \(stats.kept) more kept running within the \(own: Narrator.points(keepMargin)) pt keep margin"),
            ("images deduplicated", "\(stats.deduplicated)  (asked again while loading: one load per address)"),
            ("image cache hits", "\(stats.cacheHits)  (on screen from memory, no request)"),
            ("image cache", "\(own: memory(bytesHeld)) held of \(own: memory(budget)) · peak \(own: memory(stats.peakBytes)) · \(stats.evicted) let go, \(stats.notCached) not kept"),
        ] + (stats.memoryWarnings == 0 ? [] : [
            ("memory warnings", "\(stats.memoryWarnings)  (each emptied the image cache)"),
        ]) + [
            ("image failures", "\(stats.failures)"),
        ]
    }

    /// The summary's `images` object.
    var json: JSONValue {
        .object([
            ("loads_started", .int(stats.loadsStarted)), ("started_on_screen", .int(stats.visibleLoads)),
            ("started_ahead", .int(stats.prefetchLoads)), ("retries", .int(stats.retries)), ("loaded", .int(stats.loaded)),
            ("cancelled", .int(stats.cancelled)), ("cancelled_left", .int(stats.cancelledLeft)),
            ("cancelled_gone", .int(stats.cancelledGone)), ("cancelled_preempted", .int(stats.cancelledPreempted)),
            ("kept", .int(stats.kept)), ("promoted", .int(stats.promoted)), ("deduplicated", .int(stats.deduplicated)),
            ("cache_hits", .int(stats.cacheHits)), ("evicted", .int(stats.evicted)), ("not_cached", .int(stats.notCached)),
            ("failures", .int(stats.failures)), ("memory_warnings", .int(stats.memoryWarnings)),
            ("bytes_held", .int(bytesHeld)), ("budget_bytes", .int(budget)), ("peak_bytes", .int(stats.peakBytes)),
        ])
    }
}
