/// What the images did, counted from what their rule decided (``ImageState/decisions``): a fold
/// over the images' states, for whoever shows or checks the counts (feed-demo's summary, tests).
/// The state keeps no counters of its own but ``ImageState/loadsStarted``, which numbers loads.
///
/// Fold every state from the first, as with ``FeedCounts``.
public struct ImageCounts: Sendable, Equatable {
    /// Loads started for cells on screen (retries included).
    public var visibleLoads = 0
    /// Loads started for cells in the prefetch window (retries included).
    public var prefetchLoads = 0
    /// Loads that were retries.
    public var retries = 0
    /// Images that arrived.
    public var loaded = 0
    /// Loads cancelled, by reason: `left` (the wanted area), `gone` (a refresh), `preempted`.
    public var cancelledLeft = 0
    /// See ``cancelledLeft``.
    public var cancelledGone = 0
    /// See ``cancelledLeft``.
    public var cancelledPreempted = 0
    /// Loads that left the wanted area within the keep margin and went on.
    public var kept = 0
    /// Prefetches promoted to visible.
    public var promoted = 0
    /// Asks served by a load already running for the same address.
    public var deduplicated = 0
    /// Cells that came on screen with their image in the cache.
    public var cacheHits = 0
    /// Images evicted to make room.
    public var evicted = 0
    /// Images the cache did not keep (too large, or no room).
    public var notCached = 0
    /// Loads that failed.
    public var failures = 0
    /// Memory warnings.
    public var memoryWarnings = 0
    /// Download actions reported to the service (Unsplash's download tracking).
    public var downloadsTracked = 0
    /// The most decoded bytes the cache held after keeping an image.
    public var peakBytes = 0

    /// All loads started.
    public var loadsStarted: Int {
        visibleLoads + prefetchLoads
    }

    /// All loads cancelled.
    public var cancelled: Int {
        cancelledLeft + cancelledGone + cancelledPreempted
    }

    /// The counts of every decision of these states, in order.
    public init(_ states: some Sequence<ImageState> = []) {
        for state in states { add(state) }
    }

    /// Counts one state's decisions.
    public mutating func add(_ state: ImageState) {
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
            case .downloadTracked: downloadsTracked += 1
            case .retryScheduled, .gaveUp, .downloadTrackingFailed, .inputFailed: break
            }
        }
    }
}
