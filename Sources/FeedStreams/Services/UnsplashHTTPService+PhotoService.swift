import Streams

extension UnsplashHTTPService: PhotoService {
    /// Requests one page from Unsplash when subscribed.
    ///
    /// Each subscription runs ``fetchPage(page:perPage:completion:)`` once; the single succeeds
    /// with the page or fails with its ``FeedError``, on the `URLSession`'s delegate queue.
    /// Disposing before the answer cancels the data task, and nothing is delivered.
    ///
    /// - Parameters:
    ///   - page: The page number, from 1 (lower numbers ask for page 1).
    ///   - perPage: The page size, clamped to `1...30` (see ``clampedPerPage(_:)``).
    /// - Returns: A single of the page.
    public func photos(page: Int, perPage: Int) -> Single<PhotoPage> {
        Single.create { single in
            let task = fetchPage(page: page, perPage: perPage) { result in
                single(result.mapError { $0 })
            }
            return Disposables.create { task.cancel() }
        }
    }
}
