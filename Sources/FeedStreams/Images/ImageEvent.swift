/// Everything that can happen to a feed's images: what the scroll view reports, what the
/// loader answered, the rule's own timer, the system and the user.
///
/// ``ImageState/reduce(_:_:at:)`` folds these into the state. ``ImageViewModel`` makes them from
/// its inputs, from the loader's answers and from its back-off timer.
public enum ImageEvent: Sendable, Equatable {
    /// The photos and their layout changed: a page was appended, or the list was replaced (a
    /// refresh). Loads for photos no longer in the list are cancelled at once; nothing new starts
    /// until the next ``geometry(_:)``, which describes the new layout.
    case content(LaidOutPhotos)
    /// The scroll view moved or laid out its content.
    case geometry(ScrollGeometry)
    /// A load delivered its image.
    case loaded(ImageLoad, LoadedImage)
    /// A load failed.
    case failed(ImageLoad, FeedError)
    /// A retry's back-off is over (the view model's timer).
    case wakeUp
    /// The system is short of memory: empty the cache.
    case memoryWarning
    /// The user asked to download a photo (a button, not a display): Unsplash counts it.
    case download(Photo)
    /// Reporting a download to Unsplash failed.
    case downloadTrackingFailed(Photo, FeedError)
    /// An input stream failed; it is treated as ended.
    case inputFailed(FeedError)
}

/// What ``ImageState/reduce(_:_:at:)`` decided, and why: the images' own account of themselves.
///
/// Each state carries the decisions of the event that made it (``ImageState/decisions``), in the
/// order they were taken, and the geometry they were made from (``ImageState/geometry``).
public enum ImageDecision: Sendable, Equatable {
    /// A load started: for a cell on screen, or one in the prefetch window (how far ahead).
    case loadStarted(ImageLoad)
    /// A prefetch's cell came on screen: the load goes on, now as a visible one.
    case loadPromoted(ImageLoad)
    /// A load's cell left the wanted area by no more than the keep margin: it goes on.
    case loadKept(ImageLoad, distance: Double)
    /// A load was cancelled, for the reason it carries.
    case loadCancelled(ImageLoad, CancelledBecause)
    /// Another cell, or the refreshed list, asked for an image already loading: it waits for
    /// the same load (one load per address).
    case loadShared(ImageLoad, photoID: String)
    /// An image arrived: it goes to the cells of ``ImageLoad/photoIDs``, and the cache kept it
    /// or not.
    case imageArrived(ImageLoad, LoadedImage, ImageCache.Outcome)
    /// A cell came on screen and its image was in the cache: shown at once, no request.
    case cacheHit(photoID: String, index: Int)
    /// A load failed.
    case loadFailed(ImageLoad, FeedError)
    /// The image will be asked for again after a back-off, if it is still wanted then.
    case retryScheduled(ImageLoad, failures: Int, after: Duration)
    /// The image is not asked for again while it is wanted: the server refused it (a 4xx, which
    /// waits for the list to be replaced), or a transient failure used up its retries (which
    /// waits for the cell to leave and come back).
    case gaveUp(ImageLoad, failures: Int, FeedError)
    /// A memory warning emptied the cache.
    case memoryWarning(images: Int, bytes: Int)
    /// The user downloaded a photo: Unsplash's download endpoint is called once for it.
    case downloadTracked(Photo)
    /// Reporting a download failed; it is not repeated (the user may download again).
    case downloadTrackingFailed(Photo, FeedError)
    /// An input failed and was treated as ended; the error is reported once.
    case inputFailed(FeedError)

    /// Why a load was cancelled.
    public enum CancelledBecause: Sendable, Equatable {
        /// Its cell is this far outside the wanted area: further than the keep margin.
        case leftWantedArea(distance: Double)
        /// The list was replaced without its photo (a refresh).
        case photoGone
        /// A cell on screen needed its place among the loads that may run at once.
        case preempted
    }
}
