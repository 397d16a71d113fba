/// One request a ``CatalogPhotoService`` received, and what became of it.
///
/// The service keeps them in ``CatalogPhotoService/requests``, in the order the requests
/// were made, for tests and for the demo's timeline.
public struct PageRequestRecord: Sendable, Equatable, CustomStringConvertible {
    /// What became of a request.
    public enum Outcome: Sendable, Equatable {
        /// The answer has not arrived yet.
        case pending
        /// The page arrived, with this many photos.
        case succeeded(photoCount: Int)
        /// The request failed with this error.
        case failed(FeedError)
        /// The subscriber disposed the request before its answer; nothing was delivered.
        case cancelled
    }

    /// The request's position in the log, from 1.
    public var number: Int
    /// The requested page.
    public var page: Int
    /// The requested page size.
    public var perPage: Int
    /// The scheduler's `Scheduler/now` when the request was made.
    public var requestedAt: Duration
    /// The scheduler's time when the answer was delivered or the request cancelled.
    public var finishedAt: Duration?
    /// How many live photos were out when the request was made.
    public var livePublished: Int
    /// What became of the request.
    public var outcome: Outcome

    /// Creates a record.
    public init(
        number: Int,
        page: Int,
        perPage: Int,
        requestedAt: Duration,
        finishedAt: Duration? = nil,
        livePublished: Int = 0,
        outcome: Outcome = .pending
    ) {
        self.number = number
        self.page = page
        self.perPage = perPage
        self.requestedAt = requestedAt
        self.finishedAt = finishedAt
        self.livePublished = livePublished
        self.outcome = outcome
    }

    /// `#2 page 3 ×10 at 1.2 seconds: failed(serverError(503))`.
    public var description: String {
        let result = switch outcome {
        case .pending: "pending"
        case .succeeded(let count): "\(count) photos"
        case .failed(let error): "failed (\(error))"
        case .cancelled: "cancelled"
        }
        return "#\(number) page \(page) ×\(perPage) at \(requestedAt): \(result)"
    }
}
