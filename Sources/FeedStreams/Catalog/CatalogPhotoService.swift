import Streams
import Synchronization

/// A ``PhotoService`` that serves a ``PhotoCatalog`` on a scheduler's clock, with the latency,
/// failures and shifting pages of the real API.
///
/// Pages are offset pages of the catalog's feed: page *p* of size *n* holds the photos at
/// positions `(p − 1) × n ..< p × n`. Each answer arrives `latency` after the request, as one
/// action on `scheduler`, so on a `TestScheduler` it lands at an exact tick; disposing
/// the request before then cancels that action and nothing is delivered.
///
/// With the default 400 ms on a `TestScheduler(resolution: .milliseconds(100))`, subscribed at
/// tick 0, a page `p` arrives at tick 4; with `failures: .pages([1: 1])` the first answer for
/// page 1 is an HTTP 503 instead:
///
/// ```
/// success:  ----(p|)
/// failure:  ----#
/// ```
///
/// What the server knows is decided when the request is made:
///
/// - With a ``LiveFeed``, new photos have appeared at the top of the feed, one per
///   ``LiveFeed/every`` since the service was created, so later pages shift down and repeat
///   photos already served, as Unsplash's "latest" feed does.
/// - ``PhotoPage/hasNextPage`` is `offset + perPage < count` and ``PhotoPage/totalCount`` is
///   the count, where `count` is the number of photos in the feed at that moment. A page past
///   the end is empty, with no next page.
/// - `perPage` outside `1...30` and `page` below 1 fail with
///   ``FeedError/clientError(status:messages:)`` (status 400), as the API's validation would.
///
/// Whether the answer is a failure is decided when it is delivered, by the ``FailurePlan``.
///
/// Every request is logged in ``requests``, with its outcome updated as it is answered or
/// cancelled. The log and the counters live behind one mutex, so requests may come from any
/// thread; answers are delivered on the scheduler.
public final class CatalogPhotoService: PhotoService {
    /// The photos served.
    public let catalog: PhotoCatalog
    /// The clock and the executor of the answers.
    public let scheduler: any Scheduler
    /// The time from a request to its answer.
    public let latency: Duration
    /// Which answers are failures.
    public let failures: FailurePlan
    /// How new photos appear at the top, if they do.
    public let live: LiveFeed?
    /// The scheduler's time when the service was created; the live feed counts from here.
    public let createdAt: Duration

    private struct State {
        var requests: [PageRequestRecord] = []
        /// How many answers (successes and failures) each page has had.
        var answers: [Int: Int] = [:]
    }

    private let state = Mutex(State())

    /// Creates a service over a catalog.
    ///
    /// - Parameters:
    ///   - catalog: The photos to serve.
    ///   - scheduler: Where answers are delivered, and whose clock drives the latency and the
    ///     live feed.
    ///   - latency: The time from a request to its answer; 400 ms unless given.
    ///   - failures: Which answers are failures; none unless given.
    ///   - live: How new photos appear at the top of the feed; none unless given.
    public init(
        catalog: PhotoCatalog,
        scheduler: any Scheduler,
        latency: Duration = .milliseconds(400),
        failures: FailurePlan = .none,
        live: LiveFeed? = nil
    ) {
        self.catalog = catalog
        self.scheduler = scheduler
        self.latency = latency
        self.failures = failures
        self.live = live
        self.createdAt = scheduler.now
    }

    /// Every request so far, in the order they were made.
    public var requests: [PageRequestRecord] {
        state.withLock { $0.requests }
    }

    /// How many live photos are out now.
    public var livePublished: Int {
        published(at: scheduler.now)
    }

    /// The feed as a client asking now would page through it.
    public var currentFeed: [Photo] {
        catalog.feed(published: livePublished)
    }

    // MARK: Answering

    /// What the server decided when a request was made.
    private enum Prepared {
        case page(PhotoPage)
        case invalid(FeedError)
    }

    /// Logs a request and prepares its page from the feed as it is now.
    private func begin(page: Int, perPage: Int) -> (number: Int, prepared: Prepared) {
        let now = scheduler.now
        let published = published(at: now)
        let prepared = prepare(page: page, perPage: perPage, published: published)
        let number = state.withLock { state in
            let number = state.requests.count + 1
            state.requests.append(PageRequestRecord(
                number: number, page: page, perPage: perPage, requestedAt: now, livePublished: published
            ))
            return number
        }
        return (number, prepared)
    }

    /// Applies the failure plan, logs the outcome and returns the answer to deliver, or `nil`
    /// when the request was cancelled first.
    private func finish(number: Int, page: Int, prepared: Prepared) -> Result<PhotoPage, FeedError>? {
        let now = scheduler.now
        return state.withLock { state in
            guard state.requests[number - 1].outcome == .pending else { return nil }
            let answered = state.answers[page, default: 0]
            state.answers[page] = answered + 1
            let result: Result<PhotoPage, FeedError>
            if let error = failures.failure(page: page, answered: answered, requestNumber: number) {
                result = .failure(error)
            } else {
                switch prepared {
                case .page(let photoPage): result = .success(photoPage)
                case .invalid(let error): result = .failure(error)
                }
            }
            state.requests[number - 1].finishedAt = now
            state.requests[number - 1].outcome = switch result {
            case .success(let photoPage): .succeeded(photoCount: photoPage.photos.count)
            case .failure(let error): .failed(error)
            }
            return result
        }
    }

    /// Marks a request cancelled unless it was already answered.
    private func cancel(number: Int) {
        let now = scheduler.now
        state.withLock { state in
            guard state.requests[number - 1].outcome == .pending else { return }
            state.requests[number - 1].outcome = .cancelled
            state.requests[number - 1].finishedAt = now
        }
    }

    private func published(at now: Duration) -> Int {
        guard let live else { return 0 }
        return min(live.published(after: now - createdAt), catalog.livePhotos.count)
    }

    private func prepare(page: Int, perPage: Int, published: Int) -> Prepared {
        guard (1...PhotoPage.maxPerPage).contains(perPage) else {
            return .invalid(.clientError(status: 400, messages: ["per_page must be between 1 and \(PhotoPage.maxPerPage)"]))
        }
        guard page >= 1 else {
            return .invalid(.clientError(status: 400, messages: ["page must be 1 or more"]))
        }
        let count = catalog.feedCount(published: published)
        let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        guard !overflow, offset < count else {
            return .page(PhotoPage(photos: [], page: page, hasNextPage: false, totalCount: count))
        }
        let photos = catalog.feedSlice(offset..<(offset + perPage), published: published)
        return .page(PhotoPage(photos: photos, page: page, hasNextPage: offset + perPage < count, totalCount: count))
    }

    // MARK: PhotoService

    /// Requests one page of the catalog's feed; the answer arrives `latency` later on the
    /// scheduler.
    ///
    /// The request is logged and its page taken from the feed as it is when the single is
    /// subscribed; the failure plan is applied when the answer is due. Disposing before then
    /// cancels the answer: nothing is delivered and the log records ``PageRequestRecord/Outcome/cancelled``.
    ///
    /// - Parameters:
    ///   - page: The page number, from 1.
    ///   - perPage: The page size, `1...30`.
    /// - Returns: A single of the page, failing with a ``FeedError``.
    public func photos(page: Int, perPage: Int) -> Single<PhotoPage> {
        Single.create { [self] single in
            let (number, prepared) = begin(page: page, perPage: perPage)
            let answer = scheduler.schedule(after: latency) { [self] in
                guard let result = finish(number: number, page: page, prepared: prepared) else { return }
                single(result.mapError { $0 })
            }
            return Disposables.create { [self] in
                answer.dispose()
                cancel(number: number)
            }
        }
    }
}
