import Streams

/// A source of images: Unsplash's image servers, the embedded catalog, or a test's fake.
///
/// ``ImageViewModel`` depends on this protocol only, so the same rules run against
/// ``UnsplashHTTPImageLoader`` in the app, against ``CatalogImageLoader`` in the demo and in tests
/// on virtual time, and against a loader that records every start and cancel in unit tests.
///
/// A load is a `Single`, as a page is (see ``PhotoService``): nothing is sent until it is
/// subscribed, each subscription sends the request again, and disposing the subscription before
/// the answer cancels it, after which nothing is delivered. The view model subscribes once per
/// address at a time, and disposes the moment the image is no longer wanted.
///
/// With a latency of 300 ms on a `TestScheduler` whose tick is 100 ms, subscribed at tick 0
/// (`i` is the image):
///
/// ```
/// success:  ---(i|)
/// failure:  ---#
/// ```
public protocol ImageLoader: Sendable {
    /// Loads one image. The single fails with a ``FeedError``: ``FeedError/isTransient`` tells
    /// the rule whether asking again may help (a 503 or a timeout) or not (a 404).
    ///
    /// - Parameter request: The sized address and the size it decodes to.
    /// - Returns: A single that sends the request when subscribed and succeeds with the image;
    ///   disposing it cancels the request.
    func image(for request: ImageRequest) -> Single<LoadedImage>
}

/// Where a photo's download is reported: Unsplash asks every app to call a photo's
/// `links.download_location` when a person downloads the photo (not when it is shown).
///
/// ``ImageViewModel`` calls it once per ``ImageViewModel/Input/downloads`` event, and never for
/// an image it displays or prefetches.
public protocol DownloadTracker: Sendable {
    /// Reports one download of a photo. The single fails with a ``FeedError``.
    ///
    /// - Parameter photo: The photo downloaded; its ``Photo/Links-swift.struct/downloadLocation``
    ///   is the endpoint.
    /// - Returns: A single that sends the report when subscribed; disposing it cancels it.
    func trackDownload(of photo: Photo) -> Single<Void>
}
