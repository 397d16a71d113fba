import FeedStreams
import Streams
import StreamsTesting
import Synchronization
import Testing

/// A photo service whose answers are cold marble diagrams, one queue per page, logging each
/// request with its tick.
final class ScriptedPhotoService: PhotoService {
    struct Request: Equatable, CustomStringConvertible {
        let page: Int
        let tick: Int
        var description: String { "page \(page) @ \(tick)" }
    }

    let scheduler: TestScheduler
    private let queues: Mutex<[Int: [TestableObservable<PhotoPage>]]>
    private let log = Mutex<[Request]>([])
    private let sources = Mutex<[TestableObservable<PhotoPage>]>([])

    /// - Parameters:
    ///   - answers: For each page, the diagrams of its successive answers (`"--p"` answers after
    ///     two ticks with the page, `"--#"` fails after two ticks with `error`).
    ///   - contents: The photo ids of each page; `hasNext` is false for `lastPage`.
    init(
        scheduler: TestScheduler,
        answers: [Int: [String]],
        contents: [Int: [String]],
        lastPage: Int? = nil,
        error: FeedError = .serverError(status: 503),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.scheduler = scheduler
        var queues: [Int: [TestableObservable<PhotoPage>]] = [:]
        for (number, diagrams) in answers {
            let value = page(number, contents[number] ?? [], hasNext: number != lastPage)
            queues[number] = diagrams.map {
                scheduler.createColdObservable($0, values: ["p": value], error: error, sourceLocation: sourceLocation)
            }
        }
        self.queues = Mutex(queues)
    }

    /// Every request so far.
    var requests: [Request] { log.withLock { $0 } }

    /// The subscription logs of every answer handed out, in request order.
    var answerSubscriptions: [[Subscription]] { sources.withLock { $0.map(\.subscriptions) } }

    func photos(page: Int, perPage: Int) -> Single<PhotoPage> {
        Observable<PhotoPage>.deferred { [self] in
            log.withLock { $0.append(Request(page: page, tick: scheduler.clock)) }
            let next = queues.withLock { queues -> TestableObservable<PhotoPage>? in
                guard var queue = queues[page], !queue.isEmpty else { return nil }
                defer { queues[page] = queue }
                return queue.removeFirst()
            }
            guard let next else { return .error(FeedError.clientError(status: 404, messages: ["no answer scripted for page \(page)"])) }
            sources.withLock { $0.append(next) }
            return next.asObservable()
        }
        .take(1)
        .asSingle()
    }
}

/// A feed view model wired to marble inputs on a test scheduler where one tick is 100 ms,
/// with every output recorded from tick 0.
///
/// The screen is 600 pt tall, pages hold 2 photos, the feed prefetches 600 pt, a failed page is
/// retried twice, after 3 and 6 ticks, and the scroll-to-top button shows past 1,000 pt.
final class FeedHarness {
    let scheduler: TestScheduler
    let service: ScriptedPhotoService
    let viewModel: FeedViewModel
    let photoIDs: TestableObserver<[String]>
    let changes: TestableObserver<FeedChange>
    let isRefreshing: TestableObserver<Bool>
    let isLoadingMore: TestableObserver<Bool>
    let footer: TestableObserver<FeedFooter>
    let isLastPage: TestableObserver<Bool>
    let isEmpty: TestableObserver<Bool>
    let errors: TestableObserver<FeedError>
    let selected: TestableObserver<String>
    let showsScrollToTop: TestableObserver<Bool>
    let duplicatesDropped: TestableObserver<Int>
    let states: TestableObserver<FeedState>
    private let subscriptions = CompositeDisposable()

    static let configuration = FeedConfiguration(
        perPage: 2,
        prefetchDistance: 600,
        retry: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(300), jitter: 0),
        scrollToTopThreshold: 1_000
    )

    /// Screens for geometry diagrams: `e` empty, `s` short (500 pt of content), `g` a grid row
    /// (190 pt), `f` full (1,300 pt) at the top, `t` tall (3,000 pt) at the top, `n` tall and
    /// scrolled near its end, `m` tall and scrolled to the middle, `x` tall and scrolled past 1,000 pt.
    static let screens: [Character: ScrollGeometry] = [
        "e": screen(content: 0), "s": screen(content: 500), "g": screen(content: 190),
        "f": screen(content: 1_300), "t": screen(content: 3_000), "n": screen(content: 3_000, offset: 2_000),
        "m": screen(content: 3_000, offset: 500), "x": screen(content: 3_000, offset: 1_200),
    ]

    static func screen(content: Double, offset: Double = 0) -> ScrollGeometry {
        ScrollGeometry(contentOffsetY: offset, contentHeight: content, viewportHeight: 600)
    }

    /// - Parameters:
    ///   - load, refresh, bottom, retry: Hot diagrams of the inputs; any glyph is a trigger.
    ///   - geometry: Hot diagram of the scroll view's geometry, glyphs from ``screens``.
    ///   - selection: Hot diagram of taps; the glyph is the index (`"--1"` taps index 1).
    init(
        load: String = "",
        refresh: String = "",
        geometry: String = "",
        bottom: String = "",
        retry: String = "",
        selection: String = "",
        answers: [Int: [String]],
        contents: [Int: [String]],
        lastPage: Int? = nil,
        error: FeedError = .serverError(status: 503),
        configuration: FeedConfiguration = configuration,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let scheduler = TestScheduler(resolution: .milliseconds(100))
        self.scheduler = scheduler
        service = ScriptedPhotoService(
            scheduler: scheduler, answers: answers, contents: contents,
            lastPage: lastPage, error: error, sourceLocation: sourceLocation
        )
        let trigger = { (diagram: String) in
            scheduler.createHotObservable(diagram, sourceLocation: sourceLocation).map { _ in () }
        }
        let taps = scheduler.createHotObservable(selection, sourceLocation: sourceLocation).compactMap { Int($0) }
        viewModel = try FeedViewModel(
            input: .init(
                load: trigger(load),
                refresh: trigger(refresh),
                geometry: scheduler.createHotObservable(geometry, values: Self.screens, sourceLocation: sourceLocation).asObservable(),
                reachedBottom: trigger(bottom),
                retry: trigger(retry),
                selection: taps
            ),
            dependencies: .init(service: service, scheduler: scheduler, configuration: configuration)
        )
        let output = viewModel.output
        photoIDs = scheduler.createObserver()
        changes = scheduler.createObserver()
        isRefreshing = scheduler.createObserver()
        isLoadingMore = scheduler.createObserver()
        footer = scheduler.createObserver()
        isLastPage = scheduler.createObserver()
        isEmpty = scheduler.createObserver()
        errors = scheduler.createObserver()
        selected = scheduler.createObserver()
        showsScrollToTop = scheduler.createObserver()
        duplicatesDropped = scheduler.createObserver()
        states = scheduler.createObserver()
        subscriptions.insert(output.photos.map { $0.map(\.id) }.drive(photoIDs))
        subscriptions.insert(output.changes.emit(to: changes))
        subscriptions.insert(output.isRefreshing.drive(isRefreshing))
        subscriptions.insert(output.isLoadingMore.drive(isLoadingMore))
        subscriptions.insert(output.footer.drive(footer))
        subscriptions.insert(output.isLastPage.drive(isLastPage))
        subscriptions.insert(output.isEmpty.drive(isEmpty))
        subscriptions.insert(output.error.emit(to: errors))
        subscriptions.insert(output.selectedPhoto.map(\.id).emit(to: selected))
        subscriptions.insert(output.showsScrollToTop.drive(showsScrollToTop))
        subscriptions.insert(output.duplicatesDropped.drive(duplicatesDropped))
        subscriptions.insert(output.state.drive(states))
    }

    /// Plays the inputs up to `tick`.
    func advance(to tick: Int) throws {
        try scheduler.advance(to: tick)
    }

    /// Disposes every output subscription, as a screen going away does.
    func dispose() {
        subscriptions.dispose()
    }

    /// The requests, as `[page: tick]` pairs in order.
    var requests: [ScriptedPhotoService.Request] { service.requests }

    /// Why each request started, in order, as the feed's decisions say.
    var reasons: [PageRequest.Reason] {
        states.values.flatMap(\.decisions).compactMap { if case .requestStarted(let request) = $0 { request.reason } else { nil } }
    }
}

/// Booleans as marble glyphs.
let flags: [Character: Bool] = ["t": true, "f": false]
