import Dispatch
import FeedStreams
import Streams
import StreamsTesting
import Testing

@Suite("CatalogPhotoService")
struct CatalogPhotoServiceTests {
    private static let catalog = PhotoCatalog(seed: 11, count: 25, liveCount: 5)

    private static func service(
        _ scheduler: TestScheduler,
        catalog: PhotoCatalog = catalog,
        latency: Duration = .milliseconds(400),
        failures: FailurePlan = .none,
        live: LiveFeed? = nil
    ) -> CatalogPhotoService {
        CatalogPhotoService(catalog: catalog, scheduler: scheduler, latency: latency, failures: failures, live: live)
    }

    private static func ids(_ photos: ArraySlice<Photo>) -> [String] {
        photos.map(\.id)
    }

    /// Subscribes to a request at the scheduler's current tick and records it for `ticks`.
    private static func answer(
        on scheduler: TestScheduler,
        within ticks: Int = 1000,
        _ request: @escaping @Sendable () -> Single<PhotoPage>
    ) throws -> TestableObserver<PhotoPage> {
        let now = scheduler.clock
        return scheduler.start(created: now, subscribed: now, disposed: now + ticks) { request() }
    }

    // MARK: The documentation diagrams

    @Test("the documentation diagram: the page arrives after the latency, or the error does")
    func documentationDiagram() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(100))
        let service = Self.service(scheduler, failures: .pages([2: 1]))
        let expected = PhotoPage(
            photos: Array(Self.catalog.photos.prefix(10)), page: 1, hasNextPage: true, totalCount: 25
        )
        let success = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            service.photos(page: 1, perPage: 10)
        }
        expectMarbles(success, "----(p|)", values: ["p": expected])
        let failure = scheduler.start(created: 0, subscribed: 1000, disposed: 2000) {
            service.photos(page: 2, perPage: 10)
        }
        #expect(failure.events == [.error(1004, FeedError.serverError(status: 503))])
        expectNoPendingWork(scheduler)
    }

    @Test("the failure diagram, subscribed at tick 0")
    func failureDiagram() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(100))
        let service = Self.service(scheduler, failures: .pages([1: 1]))
        let failure = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            service.photos(page: 1, perPage: 10)
        }
        expectMarbles(failure, "----#", values: [:] as [Character: PhotoPage], error: FeedError.serverError(status: 503))
        expectNoPendingWork(scheduler)
    }

    // MARK: Pages

    @Test("the answer arrives exactly one latency after the request, and is logged")
    func latency() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let service = Self.service(scheduler)
        let observer = scheduler.start { service.photos(page: 1, perPage: 10) }
        #expect(observer.events.map(\.time) == [600, 600])
        #expect(observer.values.first?.photos.map(\.id) == Self.ids(Self.catalog.photos[0..<10]))
        #expect(service.requests == [
            PageRequestRecord(
                number: 1, page: 1, perPage: 10, requestedAt: .milliseconds(200), finishedAt: .milliseconds(600),
                outcome: .succeeded(photoCount: 10)
            ),
        ])
        expectNoPendingWork(scheduler)
    }

    @Test("pages are offset slices of the feed; hasNextPage holds while more photos follow")
    func slicing() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let service = Self.service(scheduler, latency: .zero)
        let pages = try (1...4).map { number in
            try Self.answer(on: scheduler) { service.photos(page: number, perPage: 10) }.values.first
        }
        #expect(pages.map { $0?.photos.map(\.id) } == [
            Self.ids(Self.catalog.photos[0..<10]), Self.ids(Self.catalog.photos[10..<20]),
            Self.ids(Self.catalog.photos[20..<25]), [],
        ])
        #expect(pages.map { $0?.hasNextPage } == [true, true, false, false])
        #expect(pages.map { $0?.totalCount } == [25, 25, 25, 25])
        #expect(pages.map { $0?.page } == [1, 2, 3, 4])
        expectNoPendingWork(scheduler)
    }

    @Test("a page that ends exactly at the end of the feed has no next page")
    func exactEnd() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let service = Self.service(scheduler, catalog: PhotoCatalog(seed: 11, count: 20, liveCount: 0), latency: .zero)
        let second = try Self.answer(on: scheduler) { service.photos(page: 2, perPage: 10) }
        #expect(second.values.first?.photos.count == 10)
        #expect(second.values.first?.hasNextPage == false)
        expectNoPendingWork(scheduler)
    }

    @Test("a page size outside 1…30 or a page below 1 fails with a client error, after the latency")
    func validation() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let service = Self.service(scheduler)
        let requests = [(1, 0), (1, 31), (0, 10)]
        let results = try requests.map { page, perPage in
            try Self.answer(on: scheduler) { service.photos(page: page, perPage: perPage) }.events
        }
        let perPageError = FeedError.clientError(status: 400, messages: ["per_page must be between 1 and 30"])
        let pageError = FeedError.clientError(status: 400, messages: ["page must be 1 or more"])
        #expect(results[0] == [.error(400, perPageError)])
        #expect(results[1] == [.error(1400, perPageError)])
        #expect(results[2] == [.error(2400, pageError)])
        #expect(service.requests.map(\.outcome) == [.failed(perPageError), .failed(perPageError), .failed(pageError)])
        let largest = try Self.answer(on: scheduler) { service.photos(page: 1, perPage: 30) }
        #expect(largest.values.first?.photos.count == 25)
        expectNoPendingWork(scheduler)
    }

    // MARK: Cancellation

    @Test("disposing before the answer cancels it: nothing is delivered and the log says cancelled")
    func cancellation() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let service = Self.service(scheduler)
        let observer = scheduler.start(created: 0, subscribed: 100, disposed: 300) {
            service.photos(page: 1, perPage: 10)
        }
        #expect(observer.events.isEmpty)
        #expect(service.requests.map(\.outcome) == [.cancelled])
        #expect(service.requests.first?.finishedAt == .milliseconds(300))
        expectNoPendingWork(scheduler)
    }

    @Test("each subscription is a new request: a retry asks again")
    func coldRequests() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let service = Self.service(scheduler)
        let request = service.photos(page: 2, perPage: 5)
        let first = scheduler.start(created: 0, subscribed: 0, disposed: 1000) { request }
        let second = scheduler.start(created: 0, subscribed: 1000, disposed: 2000) { request }
        #expect(first.values == second.values)
        #expect(service.requests.map(\.requestedAt) == [.zero, .seconds(1)])
        expectNoPendingWork(scheduler)
    }

    // MARK: Failures

    @Test("--fail 3: page 3 fails once with a 503 and the retry succeeds")
    func failPageOnce() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let service = Self.service(scheduler, failures: .pages([3: 1]))
        let request = service.photos(page: 3, perPage: 10).asObservable()
        let first = scheduler.start(created: 0, subscribed: 0, disposed: 1000) { request }
        let retry = scheduler.start(created: 0, subscribed: 1000, disposed: 2000) { request }
        #expect(first.events == [.error(400, FeedError.serverError(status: 503))])
        #expect(retry.values.first?.photos.count == 5)
        #expect(service.requests.map(\.outcome) == [.failed(.serverError(status: 503)), .succeeded(photoCount: 5)])
        expectNoPendingWork(scheduler)
    }

    @Test("a cancelled request does not use up a planned failure")
    func cancelledDoesNotCount() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let service = Self.service(scheduler, failures: .pages([1: 1], error: .timedOut))
        let request = service.photos(page: 1, perPage: 10).asObservable()
        _ = scheduler.start(created: 0, subscribed: 0, disposed: 100) { request }
        let answered = scheduler.start(created: 0, subscribed: 1000, disposed: 2000) { request }
        #expect(answered.events == [.error(1400, FeedError.timedOut)])
        expectNoPendingWork(scheduler)
    }

    @Test("a failure rate fails the same requests for the same seed, and about that fraction of them")
    func failureRate() throws {
        func outcomes(seed: UInt64, rate: Double) throws -> [Bool] {
            let scheduler = TestScheduler(resolution: .milliseconds(1))
            let service = Self.service(scheduler, latency: .zero, failures: .rate(rate, seed: seed))
            return try (0..<40).map { index in
                try Self.answer(on: scheduler) { service.photos(page: index % 3 + 1, perPage: 10) }
                    .events.contains { $0.value.error != nil }
            }
        }
        let first = try outcomes(seed: 42, rate: 0.5)
        #expect(try outcomes(seed: 42, rate: 0.5) == first)
        #expect(try outcomes(seed: 43, rate: 0.5) != first)
        #expect((10...30).contains(first.filter { $0 }.count))
        #expect(try outcomes(seed: 42, rate: 0).allSatisfy { !$0 })
        #expect(try outcomes(seed: 42, rate: 1).allSatisfy { $0 })
    }

    @Test("plans combine: a page rule and a rate both apply, the page rule's error first")
    func combinedPlans() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let plan = FailurePlan.pages([1: 1]).combined(with: .rate(1, seed: 7, error: .offline))
        let service = Self.service(scheduler, latency: .zero, failures: plan)
        let first = try Self.answer(on: scheduler) { service.photos(page: 1, perPage: 10) }
        let second = try Self.answer(on: scheduler) { service.photos(page: 1, perPage: 10) }
        #expect(first.events.first?.value.error as? FeedError == .serverError(status: 503))
        #expect(second.events.first?.value.error as? FeedError == .offline)
        expectNoPendingWork(scheduler)
    }

    // MARK: Live feed

    @Test("a photo published between two pages shifts the feed: the next page repeats the last id")
    func liveShift() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let service = Self.service(scheduler, live: LiveFeed(every: .seconds(1), count: 3))
        let first = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            service.photos(page: 1, perPage: 10)
        }
        let second = scheduler.start(created: 0, subscribed: 1500, disposed: 3000) {
            service.photos(page: 2, perPage: 10)
        }
        let page1 = try #require(first.values.first)
        let page2 = try #require(second.values.first)
        #expect(page1.photos.map(\.id) == Self.ids(Self.catalog.photos[0..<10]))
        #expect(page2.photos.first?.id == page1.photos.last?.id)
        #expect(page2.photos.map(\.id) == Self.ids(Self.catalog.photos[9..<19]))
        #expect(page1.totalCount == 25)
        #expect(page2.totalCount == 26)
        #expect(service.requests.map(\.livePublished) == [0, 1])
        expectNoPendingWork(scheduler)
    }

    @Test("live photos appear at the top, newest first, and stop at the count")
    func liveTop() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let service = Self.service(scheduler, latency: .zero, live: LiveFeed(every: .seconds(1), count: 3))
        let late = scheduler.start(created: 0, subscribed: 10_000, disposed: 11_000) {
            service.photos(page: 1, perPage: 4)
        }
        let live = Self.catalog.livePhotos.map(\.id)
        #expect(late.values.first?.photos.map(\.id) == [live[2], live[1], live[0], Self.catalog.photos[0].id])
        #expect(late.values.first?.totalCount == 28)
        #expect(service.livePublished == 3)
        #expect(service.currentFeed.count == 28)
        expectNoPendingWork(scheduler)
    }

    @Test("the live feed counts from the service's creation, on the scheduler's clock")
    func liveCountsFromCreation() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        try scheduler.advance(to: 5000)
        let service = Self.service(scheduler, live: LiveFeed(every: .seconds(2), count: 5))
        #expect(service.livePublished == 0)
        try scheduler.advance(to: 6999)
        #expect(service.livePublished == 0)
        try scheduler.advance(to: 7000)
        #expect(service.livePublished == 1)
        expectNoPendingWork(scheduler)
    }

    // MARK: Threads

    @Test("requests from many threads at once are all logged, each with its own number")
    func concurrentRequests() {
        let service = CatalogPhotoService(catalog: Self.catalog, scheduler: ImmediateScheduler(), latency: .zero)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            _ = service.photos(page: index % 3 + 1, perPage: 10).asObservable().subscribe { _ in }
        }
        let requests = service.requests
        #expect(requests.map(\.number) == Array(1...64))
        #expect(requests.allSatisfy { if case .succeeded = $0.outcome { true } else { false } })
    }
}
