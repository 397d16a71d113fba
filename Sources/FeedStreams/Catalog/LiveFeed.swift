/// New photos appearing at the top of a ``CatalogPhotoService``'s feed as time passes.
///
/// Unsplash's "latest" feed is paged by offset: when a photo is published at the top, every
/// photo moves down one place, so the next page starts with the photo that ended the page before,
/// and a client that scrolls receives it twice. ``CatalogPhotoService`` reproduces this: the
/// *k*-th of the catalog's ``PhotoCatalog/livePhotos`` is out once `k × every` of scheduler time
/// has passed since the service was created, up to `count` of them. What a request sees is
/// decided from the scheduler's clock when the request is made; no timer runs.
///
/// ```swift
/// // One new photo every 5 seconds, 20 at most.
/// let live = LiveFeed(every: .seconds(5), count: 20)
/// ```
public struct LiveFeed: Sendable, Equatable {
    /// The time between two publications.
    public var every: Duration
    /// How many photos are published in all (no more than the catalog holds).
    public var count: Int

    /// Creates a publication schedule.
    ///
    /// - Parameters:
    ///   - every: The time between two publications; zero or less publishes every photo at once.
    ///   - count: How many photos are published in all; less than 0 counts as 0.
    public init(every: Duration, count: Int) {
        self.every = every
        self.count = count
    }

    /// How many photos are out once `elapsed` has passed since the start.
    ///
    /// - Parameter elapsed: Scheduler time since the service was created.
    /// - Returns: `0...count`.
    public func published(after elapsed: Duration) -> Int {
        guard every > .zero else { return elapsed >= .zero ? max(count, 0) : 0 }
        guard elapsed >= every else { return 0 }
        // Whole attoseconds, so that a publication is never a rounding error early or late.
        let periods = elapsed.attoseconds / every.attoseconds
        return Int(min(periods, Int128(max(count, 0))))
    }
}
