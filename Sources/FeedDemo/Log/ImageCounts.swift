import FeedStreams

/// What the images did, counted from what their rule decided (``ImageState/decisions``): a fold
/// over the images' states, computed where the counts are shown (the summary).
struct ImageCounts: Sendable, Equatable {
    /// Loads started for cells on screen (retries included).
    var visibleLoads = 0
    /// Loads started for cells in the prefetch window (retries included).
    var prefetchLoads = 0
    /// Loads that were retries.
    var retries = 0
    /// Images that arrived.
    var loaded = 0
    /// Loads cancelled, by reason: `left` (the wanted area), `gone` (a refresh), `preempted`.
    var cancelledLeft = 0
    /// See ``cancelledLeft``.
    var cancelledGone = 0
    /// See ``cancelledLeft``.
    var cancelledPreempted = 0
    /// Loads that left the wanted area within the keep margin and went on.
    var kept = 0
    /// Prefetches promoted to visible.
    var promoted = 0
    /// Asks served by a load already running for the same address.
    var deduplicated = 0
    /// Cells that came on screen with their image in the cache.
    var cacheHits = 0
    /// Images evicted to make room.
    var evicted = 0
    /// Images the cache did not keep (too large, or no room).
    var notCached = 0
    /// Loads that failed.
    var failures = 0
    /// Memory warnings.
    var memoryWarnings = 0
    /// The most decoded bytes the cache held after keeping an image.
    var peakBytes = 0

    /// All loads started.
    var loadsStarted: Int {
        visibleLoads + prefetchLoads
    }

    /// All loads cancelled.
    var cancelled: Int {
        cancelledLeft + cancelledGone + cancelledPreempted
    }

    /// The counts of every decision of these states, in order.
    init(_ states: some Sequence<ImageState> = []) {
        for state in states { add(state) }
    }

    /// Counts one state's decisions.
    mutating func add(_ state: ImageState) {
        for decision in state.decisions {
            switch decision {
            case .loadStarted(let load):
                if load.standing == .visible { visibleLoads += 1 } else { prefetchLoads += 1 }
                if load.attempt > 1 { retries += 1 }
            case .loadPromoted: promoted += 1
            case .loadKept: kept += 1
            case .loadCancelled(_, let reason):
                switch reason {
                case .leftWantedArea: cancelledLeft += 1
                case .photoGone: cancelledGone += 1
                case .preempted: cancelledPreempted += 1
                }
            case .loadShared: deduplicated += 1
            case .cacheHit: cacheHits += 1
            case .imageArrived(_, _, let outcome):
                loaded += 1
                switch outcome {
                case .kept(let evictions):
                    evicted += evictions.count
                    peakBytes = max(peakBytes, state.bytesHeld)
                case .tooLarge, .noRoom:
                    notCached += 1
                }
            case .loadFailed: failures += 1
            case .memoryWarning: memoryWarnings += 1
            case .retryScheduled, .gaveUp, .downloadTracked, .downloadTrackingFailed, .inputFailed: break
            }
        }
    }
}
