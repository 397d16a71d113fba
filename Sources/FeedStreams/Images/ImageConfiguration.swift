/// How a feed loads its photos' images: how many at once, how far ahead, what size, how much
/// memory they may hold, and how a failed image is retried.
///
/// ``ImageViewModel/init(input:dependencies:)`` checks the configuration before it derives
/// anything, and refuses a value that would make the images misbehave with a
/// ``FeedConfigurationError`` naming the field (`images.maxConcurrentLoads is 0; it must be 1 or
/// more`).
public struct ImageConfiguration: Sendable, Equatable {
    /// The most image loads that run at once; 1 or more. Six by default, as many as `URLSession`
    /// opens to one host.
    public var maxConcurrentLoads: Int
    /// How far beyond the visible area, in the direction of scrolling, images are loaded ahead
    /// of time (the *image prefetch distance*), in points; 0 or more.
    public var prefetchDistance: Double
    /// The *keep margin*: how far outside the wanted area a load may be and still run, in points;
    /// 0 or more, and no more than a quarter of ``prefetchDistance`` plus 200 points.
    ///
    /// A load whose cell leaves the wanted area (the visible cells and the prefetch window) is
    /// cancelled at that instant, unless its cell is no further than this from that area: a
    /// finger that nudges a cell just off the screen and back does not cancel and restart its
    /// image. A load kept this way never starts anything; it only finishes what it began.
    public var keepMargin: Double
    /// The memory cache's budget, in decoded bytes (width × height × 4 per image); 1 or more.
    public var memoryBudget: Int
    /// The largest share of ``memoryBudget`` one image may take and still be kept, from 0 to 1.
    /// A larger image is shown while its cell is on screen, but never kept in the cache (Nuke
    /// keeps entries of up to 10 % of its limit too).
    public var maxEntryFraction: Double
    /// The screen's scale: pixels per point, from 1 to 5 (the `dpr` asked of Unsplash).
    public var screenScale: Double
    /// The JPEG or WebP quality asked of Unsplash (`q`), from 1 to 100.
    public var quality: Int
    /// The file format asked of Unsplash (`fm`).
    public var format: ImageFormat
    /// How a transient failure is retried while the image is still wanted (a 4xx is not
    /// retried). Each image counts its own failures.
    public var retry: RetryPolicy

    /// The default budget: 128 MiB of decoded images, about sixty cells of a two-column feed on a
    /// 3× screen.
    public static let defaultMemoryBudget = 128 * 1024 * 1024

    /// Creates a configuration; the defaults suit a phone-sized feed on a 3× screen.
    public init(
        maxConcurrentLoads: Int = 6,
        prefetchDistance: Double = 800,
        keepMargin: Double = 100,
        memoryBudget: Int = defaultMemoryBudget,
        maxEntryFraction: Double = 0.1,
        screenScale: Double = 3,
        quality: Int = 75,
        format: ImageFormat = .jpg,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(500))
    ) {
        self.maxConcurrentLoads = maxConcurrentLoads
        self.prefetchDistance = prefetchDistance
        self.keepMargin = keepMargin
        self.memoryBudget = memoryBudget
        self.maxEntryFraction = maxEntryFraction
        self.screenScale = screenScale
        self.quality = quality
        self.format = format
        self.retry = retry
    }

    /// The largest image the cache keeps, in decoded bytes: ``memoryBudget`` × ``maxEntryFraction``,
    /// rounded down, from 0 to ``memoryBudget``.
    ///
    /// Defined for every value, not only valid ones: a fraction of 1 with a budget of `Int.max` is
    /// the whole budget (the product in `Double` rounds up to 2⁶³, one past `Int.max`), and a
    /// fraction that is negative or NaN keeps nothing.
    public var maxEntryBytes: Int {
        let bytes = (Double(memoryBudget) * maxEntryFraction).rounded(.down)
        guard bytes > 0, memoryBudget > 0 else { return 0 }
        return bytes < Double(memoryBudget) ? Int(bytes) : memoryBudget
    }

    /// The largest keep margin allowed for a prefetch distance: a quarter of it plus 200 points.
    public static func maxKeepMargin(prefetchDistance: Double) -> Double {
        prefetchDistance / 4 + 200
    }

    /// Checks every field, the first problem first.
    ///
    /// - Throws: ``FeedConfigurationError`` naming the first field out of range, as
    ///   `images.<field>`.
    public func validate() throws(FeedConfigurationError) {
        func refuse(_ field: String, _ value: String, _ expected: String) -> FeedConfigurationError {
            FeedConfigurationError(field: "images.\(field)", value: value, expected: expected)
        }
        guard maxConcurrentLoads >= 1 else { throw refuse("maxConcurrentLoads", "\(maxConcurrentLoads)", "1 or more") }
        guard prefetchDistance >= 0, prefetchDistance.isFinite else {
            throw refuse("prefetchDistance", "\(prefetchDistance)", "0 points or more")
        }
        let maxKeep = Self.maxKeepMargin(prefetchDistance: prefetchDistance)
        guard keepMargin >= 0, keepMargin <= maxKeep else {
            throw refuse("keepMargin", "\(keepMargin)", "from 0 to \(maxKeep) points (a small margin)")
        }
        guard memoryBudget >= 1 else { throw refuse("memoryBudget", "\(memoryBudget)", "1 byte or more") }
        guard (0...1).contains(maxEntryFraction) else {
            throw refuse("maxEntryFraction", "\(maxEntryFraction)", "from 0 to 1")
        }
        guard (1...5).contains(screenScale) else { throw refuse("screenScale", "\(screenScale)", "from 1 to 5") }
        guard (1...100).contains(quality) else { throw refuse("quality", "\(quality)", "from 1 to 100") }
        do {
            // The feed's own check of a retry policy, through its public interface; every other
            // field of that configuration is its default, which is valid.
            try FeedConfiguration(retry: retry).validate()
        } catch {
            throw refuse(error.field, error.value, error.expected)
        }
    }
}

/// The file formats Unsplash (imgix) can send, as `fm` names them.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// JPEG: every device decodes it.
    case jpg
    /// PNG: lossless, large.
    case png
    /// WebP: smaller than JPEG at the same quality.
    case webp
    /// AVIF: smaller still, decoded by newer systems.
    case avif
}
