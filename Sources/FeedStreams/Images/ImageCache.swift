/// The images a feed keeps in memory: bounded in decoded bytes, least recently used out first,
/// and never an image on screen.
///
/// A plain value, kept in ``ImageState`` and changed only by ``ImageState/reduce(_:_:at:)``, so
/// every rule below is a property of one function and tested as one.
///
/// - **Bounded in bytes.** Each image costs ``LoadedImage/decodedBytes`` (width × height × 4),
///   and ``bytes`` never exceeds ``budget``.
/// - **Too large is never kept.** An image above ``maxEntryBytes`` (a fraction of the budget,
///   ``ImageConfiguration/maxEntryFraction``) is not kept at all: one huge image would push out
///   a screenful of others.
/// - **Least recently used first.** An image is *used* when its cell comes on screen and when it
///   leaves it; to make room, the image used longest ago goes first.
/// - **Never one on screen.** An image whose cell is on screen is never evicted. Images the
///   feed wants next (the prefetch window) go only to make room for one on screen. When the
///   room cannot be made, the new image is not kept (and its cell shows it anyway).
public struct ImageCache: Sendable, Equatable {
    /// How an entry may be treated when room is needed.
    public enum Standing: Sendable, Equatable {
        /// Its cell is on screen: never evicted.
        case onScreen
        /// It is in the prefetch window: evicted only for an image on screen.
        case wanted
        /// Nobody wants it now: evicted first, least recently used first.
        case unwanted
    }

    /// What ``insert(_:photoIDs:standing:standingOf:)`` did.
    public enum Outcome: Sendable, Equatable {
        /// Kept, after evicting these entries (oldest first).
        case kept(evicted: [Eviction])
        /// Not kept: it is larger than ``maxEntryBytes``.
        case tooLarge(limit: Int)
        /// Not kept: the images on screen (and, for a prefetched image, those wanted next) leave
        /// no room for it within the budget.
        case noRoom(free: Int)
    }

    /// An entry that was removed to make room.
    public struct Eviction: Sendable, Equatable {
        /// Its request.
        public let request: ImageRequest
        /// The photos it showed.
        public let photoIDs: [String]
        /// Its decoded size.
        public let bytes: Int

        /// Describes an eviction.
        public init(request: ImageRequest, photoIDs: [String], bytes: Int) {
            self.request = request
            self.photoIDs = photoIDs
            self.bytes = bytes
        }
    }

    struct Entry: Sendable, Equatable {
        var image: LoadedImage
        var photoIDs: [String]
        var lastUsed: Int
    }

    /// The most decoded bytes the cache holds.
    public let budget: Int
    /// The largest image it keeps.
    public let maxEntryBytes: Int
    /// The decoded bytes held now.
    public private(set) var bytes = 0
    private var entries: [ImageRequest: Entry] = [:]
    private var requestByPhoto: [String: ImageRequest] = [:]
    /// Counts uses, for least-recently-used order.
    private var useClock = 0

    /// An empty cache.
    ///
    /// - Parameters:
    ///   - budget: The most decoded bytes it holds.
    ///   - maxEntryBytes: The largest image it keeps.
    public init(budget: Int, maxEntryBytes: Int) {
        self.budget = budget
        self.maxEntryBytes = maxEntryBytes
    }

    /// The number of images held.
    public var count: Int {
        entries.count
    }

    /// The images held, by request, for tests and tools.
    public var requests: Set<ImageRequest> {
        Set(entries.keys)
    }

    /// Whether the image of this request is held.
    public func contains(_ request: ImageRequest) -> Bool {
        entries[request] != nil
    }

    /// The image held for a photo, if any.
    public func image(forPhotoID id: String) -> LoadedImage? {
        requestByPhoto[id].flatMap { entries[$0]?.image }
    }

    /// The decoded size of the image held for this request, or 0.
    public func bytes(of request: ImageRequest) -> Int {
        entries[request]?.image.decodedBytes ?? 0
    }

    /// Marks an image as used now, for least-recently-used order.
    public mutating func touch(_ request: ImageRequest) {
        guard entries[request] != nil else { return }
        useClock += 1
        entries[request]?.lastUsed = useClock
    }

    /// Keeps an image, making room by evicting what may go.
    ///
    /// Nothing is evicted unless the image can then be kept: the room is counted first.
    ///
    /// - Parameters:
    ///   - image: The image.
    ///   - photoIDs: The photos it shows.
    ///   - standing: The new image's own standing: ``Standing/onScreen`` may evict images wanted
    ///     next, the others only unwanted ones.
    ///   - standingOf: The standing of each image held.
    /// - Returns: What was done.
    public mutating func insert(
        _ image: LoadedImage,
        photoIDs: [String],
        standing: Standing,
        standingOf: (ImageRequest) -> Standing
    ) -> Outcome {
        let size = image.decodedBytes
        guard size <= maxEntryBytes else { return .tooLarge(limit: maxEntryBytes) }
        let request = image.request
        if entries[request] != nil { remove(request) }
        var evicted: [Eviction] = []
        // `size > budget - bytes` rather than `bytes + size > budget`: sizes may be near Int.max,
        // and the cache never holds more than its budget, so this side cannot overflow.
        if size > budget - bytes {
            // Unwanted first, then (for an image on screen) wanted ones; oldest first within each.
            var candidates: [(request: ImageRequest, unwanted: Bool, lastUsed: Int, bytes: Int)] = []
            for (held, entry) in entries {
                let heldStanding = standingOf(held)
                guard heldStanding == .unwanted || (standing == .onScreen && heldStanding == .wanted) else { continue }
                candidates.append((held, heldStanding == .unwanted, entry.lastUsed, entry.image.decodedBytes))
            }
            let evictable = candidates.reduce(0) { $0 + $1.bytes }
            // Nothing is evicted unless the image can then be kept.
            guard budget - bytes + evictable >= size else { return .noRoom(free: budget - bytes) }
            candidates.sort { ($0.unwanted ? 0 : 1, $0.lastUsed) < ($1.unwanted ? 0 : 1, $1.lastUsed) }
            for candidate in candidates where size > budget - bytes {
                evicted.append(Eviction(request: candidate.request, photoIDs: entries[candidate.request]?.photoIDs ?? [], bytes: candidate.bytes))
                remove(candidate.request)
            }
        }
        useClock += 1
        entries[request] = Entry(image: image, photoIDs: photoIDs, lastUsed: useClock)
        for id in photoIDs { requestByPhoto[id] = request }
        bytes += size
        return .kept(evicted: evicted)
    }

    /// Empties the cache, as a memory warning asks.
    ///
    /// - Returns: How many images and bytes were let go.
    public mutating func removeAll() -> (images: Int, bytes: Int) {
        defer {
            entries = [:]
            requestByPhoto = [:]
            bytes = 0
        }
        return (entries.count, bytes)
    }

    private mutating func remove(_ request: ImageRequest) {
        guard let entry = entries.removeValue(forKey: request) else { return }
        bytes -= entry.image.decodedBytes
        for id in entry.photoIDs where requestByPhoto[id] == request { requestByPhoto[id] = nil }
    }
}
