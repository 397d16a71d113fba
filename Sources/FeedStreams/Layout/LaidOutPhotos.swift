/// The photos a feed shows and where each one is: what one layout pass produced.
///
/// Item `i` of ``layout`` shows photo `i` of ``photos``. The layout may hold fewer items than the
/// list (a page that arrived and is not laid out yet); those photos are nowhere on screen.
///
/// Both parts share their storage with the values they were appended to (see ``PhotoList`` and
/// ``FeedLayout``), so a value of this type costs nothing to keep or to send through a stream.
public struct LaidOutPhotos: Sendable, Equatable {
    /// The photos, in feed order.
    public var photos: PhotoList
    /// Their frames, by index.
    public var layout: FeedLayout

    /// Pairs a list with its layout.
    public init(photos: PhotoList, layout: FeedLayout) {
        self.photos = photos
        self.layout = layout
    }

    /// The number of photos that have a frame.
    public var count: Int {
        min(photos.count, layout.count)
    }
}
