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
final class FeedHarness {
    let scheduler: TestScheduler
    let service: ScriptedPhotoService
    let viewModel: FeedViewModel
    let photoIDs: TestableObserver<[String]>
    let changes: TestableObserver<FeedChange>
    let isRefreshing: TestableObserver<Bool>
    let isLoadingMore: TestableObserver<Bool>
    let isLastPage: TestableObserver<Bool>
    let isEmpty: TestableObserver<Bool>
    let errors: TestableObserver<FeedError>
    let selected: TestableObserver<String>
    let showsScrollToTop: TestableObserver<Bool>
    let duplicatesDropped: TestableObserver<Int>
    let states: TestableObserver<FeedState>
    private let subscriptions = CompositeDisposable()

    /// - Parameters:
    ///   - load, refresh, bottom: Hot diagrams of the inputs; any glyph is a trigger.
    ///   - selection: Hot diagram of taps; the glyph is the index (`"--1"` taps index 1).
    ///   - offsets: Hot diagram of content offsets, glyphs from `offsetValues`.
    init(
        load: String = "",
        refresh: String = "",
        bottom: String = "",
        selection: String = "",
        offsets: String = "",
        offsetValues: [Character: Double] = [:],
        answers: [Int: [String]],
        contents: [Int: [String]],
        lastPage: Int? = nil,
        error: FeedError = .serverError(status: 503),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
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
        viewModel = FeedViewModel(
            input: .init(
                load: trigger(load),
                refresh: trigger(refresh),
                reachedBottom: trigger(bottom),
                selection: taps,
                contentOffset: scheduler.createHotObservable(offsets, values: offsetValues, sourceLocation: sourceLocation).asObservable()
            ),
            dependencies: .init(service: service, scheduler: scheduler, perPage: 2, loadMoreThrottle: .milliseconds(300), scrollToTopThreshold: 1_000)
        )
        let output = viewModel.output
        photoIDs = scheduler.createObserver()
        changes = scheduler.createObserver()
        isRefreshing = scheduler.createObserver()
        isLoadingMore = scheduler.createObserver()
        isLastPage = scheduler.createObserver()
        isEmpty = scheduler.createObserver()
        errors = scheduler.createObserver()
        selected = scheduler.createObserver()
        showsScrollToTop = scheduler.createObserver()
        duplicatesDropped = scheduler.createObserver()
        states = scheduler.createObserver()
        subscriptions.insert(output.photos.map { $0.map(\.id) }.subscribe(photoIDs.asObserver()))
        subscriptions.insert(output.changes.subscribe(changes.asObserver()))
        subscriptions.insert(output.isRefreshing.subscribe(isRefreshing.asObserver()))
        subscriptions.insert(output.isLoadingMore.subscribe(isLoadingMore.asObserver()))
        subscriptions.insert(output.isLastPage.subscribe(isLastPage.asObserver()))
        subscriptions.insert(output.isEmpty.subscribe(isEmpty.asObserver()))
        subscriptions.insert(output.error.subscribe(errors.asObserver()))
        subscriptions.insert(output.selectedPhoto.map(\.id).subscribe(selected.asObserver()))
        subscriptions.insert(output.showsScrollToTop.subscribe(showsScrollToTop.asObserver()))
        subscriptions.insert(output.duplicatesDropped.subscribe(duplicatesDropped.asObserver()))
        subscriptions.insert(output.state.subscribe(states.asObserver()))
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
}

/// Booleans as marble glyphs.
let flags: [Character: Bool] = ["t": true, "f": false]
