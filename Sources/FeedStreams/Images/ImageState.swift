/// Everything a feed's images depend on, and the one function that changes it.
///
/// `ImageState` is a plain value and ``reduce(_:_:at:)`` a pure function, in the same style as
/// the feed's paging (``FeedState``): the rules can be read, and tested, without streams or time.
/// It is a *level*, not callbacks: after every event — a frame of scrolling, a page, a new
/// layout, an image arriving or failing, a back-off ending, a memory warning — the rule looks at
/// the whole picture again and decides what should be loading now.
///
/// - **Wanted.** The cells on screen are wanted now. The cells within
///   ``ImageConfiguration/prefetchDistance`` beyond the screen, in the direction of scrolling,
///   are wanted next, nearest first. Nothing else is wanted.
/// - **Loading.** At most ``ImageConfiguration/maxConcurrentLoads`` run at once. Every wanted
///   image on screen starts before any prefetch, and takes the place of a prefetch when all
///   places are taken (``ImageDecision/CancelledBecause/preempted``). A prefetch whose cell comes
///   on screen is promoted, not restarted. There is one load per address, however many cells or
///   refreshes ask (``ImageDecision/loadShared(_:photoID:)``).
/// - **Cancelled at once.** A load whose cell leaves the wanted area is cancelled by the event
///   that moved it: the same frame, the same virtual tick. Only a load within the *keep margin*
///   (``ImageConfiguration/keepMargin``) of the wanted area goes on, and nothing starts there.
/// - **Memory.** Images are kept in an ``ImageCache``: bounded in decoded bytes, least recently
///   used out first, never an image on screen, never an image above a fraction of the budget.
///   A prefetch starts only when the cache can keep its image beside the images wanted now; a
///   memory warning empties the cache, and the images on screen are loaded again, once each.
/// - **Failures.** A transient failure is retried after a back-off (``ImageConfiguration/retry``)
///   while the image is still wanted; a refusal (a 4xx) is not, until the list is replaced.
/// - **Refresh.** A new list cancels the loads of photos it no longer has; the photos it keeps
///   keep their loads and their cached images.
///
/// Each state records what its event decided, and why, in ``decisions``, with the ``geometry``
/// it was decided from.
///
/// ## Cost
///
/// The work of one event depends on the cells on screen, the prefetch window and the loads in
/// flight, not on the number of photos: the wanted cells are found by binary search in the
/// ``FeedLayout``, and the lists and layouts are shared, never copied.
public struct ImageState: Sendable, Equatable {
    /// One cell the rule wants an image for.
    public struct Cell: Sendable, Equatable {
        /// The item index.
        public let index: Int
        /// The photo it shows.
        public let photoID: String
        /// Its image at its size.
        public let request: ImageRequest
        /// How far beyond the visible area it is, in points; 0 on screen.
        public let distance: Double
    }

    /// A wanted image's failures so far.
    public struct Retry: Sendable, Equatable {
        /// How many times in a row it failed.
        public let failures: Int
        /// When it may be asked for again; `nil` when its retries ran out.
        public let resumesAt: Duration?
        /// The last error.
        public let error: FeedError
    }

    /// The rules' settings.
    public let configuration: ImageConfiguration
    /// The photos and their layout, once they are known.
    public internal(set) var content: LaidOutPhotos?
    /// The last geometry the scroll view reported.
    public internal(set) var geometry: ScrollGeometry?
    /// Whether the content changed after ``geometry`` was measured: until the next geometry,
    /// nothing starts.
    public internal(set) var isAwaitingLayout = false
    /// The direction of the last scroll that moved: the prefetch window lies that way.
    public internal(set) var direction = ScrollDirection.down
    /// The cells on screen, top to bottom.
    public internal(set) var visible: [Cell] = []
    /// The cells in the prefetch window, nearest first.
    public internal(set) var prefetch: [Cell] = []
    /// The loads running, in the order they started.
    public internal(set) var loads: [ImageLoad] = []
    /// The images kept in memory.
    public internal(set) var cache: ImageCache
    /// Images shown on screen that the cache did not keep (too large, or no room), by photo id;
    /// each is forgotten when its cell leaves the screen.
    public internal(set) var shownUncached: [String: LoadedImage] = [:]
    /// The failures of wanted images, by request.
    public internal(set) var retries: [ImageRequest: Retry] = [:]
    /// Images the server refused (a 4xx): not asked for again until the list is replaced.
    public internal(set) var refused: Set<ImageRequest> = []
    /// Whether the list was replaced since the cells on screen were last counted: every cell on
    /// screen then counts as new (a collection view reloads them all).
    var isRelisted = false
    /// The time of the event that made this state.
    public internal(set) var now: Duration = .zero

    /// What the event that made this state decided, in order.
    public internal(set) var decisions: [ImageDecision] = []
    /// How many loads have started: the next one's ``ImageLoad/id`` is one more. Every count of
    /// what the images did is a fold over ``decisions`` where it is shown (``ImageCounts``).
    public internal(set) var loadsStarted = 0

    /// No photos, no images, with these rules.
    public init(configuration: ImageConfiguration = ImageConfiguration()) {
        self.configuration = configuration
        cache = ImageCache(budget: configuration.memoryBudget, maxEntryBytes: configuration.maxEntryBytes)
    }

    // MARK: Derived

    /// The image to show for a photo now: one that arrived with this state's event, else one in
    /// the cache, else one on screen that the cache did not keep.
    ///
    /// - Parameter id: The photo's id.
    /// - Returns: The image, or `nil` while only placeholders can be shown.
    public func image(forPhotoID id: String) -> LoadedImage? {
        for case .imageArrived(let load, let image, _) in decisions where load.photoIDs.contains(id) {
            return image
        }
        return cache.image(forPhotoID: id) ?? shownUncached[id]
    }

    /// The load running for a request, if any.
    public func load(for request: ImageRequest) -> ImageLoad? {
        loads.first { $0.request == request }
    }

    /// When the view model's timer must wake the rule: the end of the next back-off.
    public var nextWakeUp: Duration? {
        retries.values.compactMap(\.resumesAt).filter { $0 > now }.min()
    }

    /// The decoded bytes the cache holds now.
    public var bytesHeld: Int {
        cache.bytes
    }
}

/// Which way the content last moved.
public enum ScrollDirection: String, Sendable, Hashable {
    /// Towards the end of the content (the offset grew): prefetch below.
    case down
    /// Towards the top (the offset shrank): prefetch above.
    case up
}
