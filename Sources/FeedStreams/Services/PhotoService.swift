import Streams

/// A source of pages of photos, such as the Unsplash API or the embedded catalog.
///
/// The feed's view model depends on this protocol only, so the same view model runs against
/// ``UnsplashHTTPService`` in the app, against ``CatalogPhotoService`` in the demo and in
/// tests on virtual time, and against a stub made of marble diagrams in unit tests.
///
/// A request is a `Single`: nothing is sent until it is subscribed, each subscription
/// sends the request again (which is how a retry works), and disposing the subscription before
/// the answer cancels the request, after which nothing is delivered. Pages count from 1; what
/// ``PhotoPage/hasNextPage`` means, and how large a page may be, is the service's to document.
///
/// With a latency of 400 ms on a `TestScheduler` whose tick is 100 ms, subscribed at
/// tick 0 (`p` is the page):
///
/// ```
/// success:  ----(p|)
/// failure:  ----#
/// ```
public protocol PhotoService: Sendable {
    /// Requests one page (pages count from 1). The single fails with a `FeedError`.
    ///
    /// - Parameters:
    ///   - page: The page number, from 1.
    ///   - perPage: How many photos a page holds.
    /// - Returns: A single that sends the request when subscribed and succeeds with the page,
    ///   or fails with a ``FeedError``; disposing it cancels the request.
    func photos(page: Int, perPage: Int) -> Single<PhotoPage>
}
