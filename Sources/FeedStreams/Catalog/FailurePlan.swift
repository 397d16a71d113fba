/// Which requests a ``CatalogPhotoService`` answers with an error instead of a page.
///
/// Two rules, which combine:
///
/// - ``pages(_:error:)``: the first *n* answers for a page are failures, so
///   `.pages([3: 1])` makes page 3 fail once and its retry succeed (the demo's `--fail 3`).
///   Only answers count: a request cancelled before its answer does not use up a failure, so
///   the failure is seen even if the first request for the page was cancelled.
/// - ``rate(_:seed:error:)``: each request fails with probability `fraction`, decided by a
///   ``SplitMix64`` seeded with `seed` and the request's number (its position in
///   ``CatalogPhotoService/requests``, from 1), so the same script fails the same requests
///   every run, whatever the order in which responses arrive.
///
/// A request fails when any rule says so; the first rule that says so supplies the error.
/// Page failures are ``FeedError/serverError(status:)`` 503 by default (an overloaded server
/// that a retry gets through); random failures are ``FeedError/timedOut`` by default (a flaky
/// network).
///
/// ```swift
/// let plan = FailurePlan.pages([3: 1]).combined(with: .rate(0.1, seed: 42))
/// ```
public struct FailurePlan: Sendable, Equatable {
    /// A page rule: the first `count` answers for `page` fail with `error`.
    public struct PageFailure: Sendable, Equatable {
        /// The page number.
        public var page: Int
        /// How many answers for the page fail before one succeeds.
        public var count: Int
        /// The error they fail with.
        public var error: FeedError
    }

    /// A random rule: each request fails with probability `fraction`.
    public struct RandomFailure: Sendable, Equatable {
        /// The probability of failure, from 0 to 1.
        public var fraction: Double
        /// Chooses which requests fail.
        public var seed: UInt64
        /// The error they fail with.
        public var error: FeedError
    }

    /// The page rules, in the order they were given (sorted by page within one call).
    public var pageFailures: [PageFailure]
    /// The random rules.
    public var randomFailures: [RandomFailure]

    /// Creates a plan from rules.
    public init(pageFailures: [PageFailure] = [], randomFailures: [RandomFailure] = []) {
        self.pageFailures = pageFailures
        self.randomFailures = randomFailures
    }

    /// Every request succeeds.
    public static let none = FailurePlan()

    /// The first answers for the given pages fail.
    ///
    /// - Parameters:
    ///   - failures: For each page number, how many of its answers fail before one succeeds.
    ///   - error: The error; HTTP 503 unless given.
    /// - Returns: The plan.
    public static func pages(_ failures: [Int: Int], error: FeedError = .serverError(status: 503)) -> FailurePlan {
        let rules = failures.sorted { $0.key < $1.key }.map { PageFailure(page: $0.key, count: $0.value, error: error) }
        return FailurePlan(pageFailures: rules)
    }

    /// A seeded fraction of requests fail.
    ///
    /// - Parameters:
    ///   - fraction: The probability that a request fails, from 0 to 1.
    ///   - seed: Chooses which requests fail.
    ///   - error: The error; ``FeedError/timedOut`` unless given.
    /// - Returns: The plan.
    public static func rate(_ fraction: Double, seed: UInt64, error: FeedError = .timedOut) -> FailurePlan {
        FailurePlan(randomFailures: [RandomFailure(fraction: fraction, seed: seed, error: error)])
    }

    /// This plan's rules followed by `other`'s.
    public func combined(with other: FailurePlan) -> FailurePlan {
        FailurePlan(
            pageFailures: pageFailures + other.pageFailures,
            randomFailures: randomFailures + other.randomFailures
        )
    }

    /// Decides the fate of one answer.
    ///
    /// - Parameters:
    ///   - page: The requested page.
    ///   - answered: How many answers the page already had.
    ///   - requestNumber: The request's position in the log, from 1.
    /// - Returns: The error to answer with, or `nil` to answer with the page.
    func failure(page: Int, answered: Int, requestNumber: Int) -> FeedError? {
        for rule in pageFailures where rule.page == page && answered < rule.count {
            return rule.error
        }
        for rule in randomFailures {
            var random = SplitMix64(seed: rule.seed ^ (UInt64(requestNumber) &* 0xD1B5_4A32_D192_ED03))
            if random.double() < rule.fraction { return rule.error }
        }
        return nil
    }
}
