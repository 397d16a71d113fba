import FeedStreams
import Foundation
import Streams
import StreamsTesting
import Synchronization
import Testing

/// An image loader on a test scheduler that answers after a fixed latency, fails as scripted,
/// and records every start, cancel and answer with its tick.
final class RecordingImageLoader: ImageLoader {
    /// One thing that happened to a load: `start`, `cancel`, `image` or `fail`, for a photo, at a tick.
    struct Entry: Equatable, CustomStringConvertible {
        let tick: Int
        let photo: String
        let what: String

        var description: String { "\(tick) \(what) \(photo)" }
    }

    let scheduler: TestScheduler
    /// Ticks from a start to its answer.
    let latency: Int
    /// For each photo, the errors of its successive loads (a load past the list succeeds).
    let failures: [String: [FeedError]]
    private let state = Mutex<(log: [Entry], attempts: [String: Int])>(([], [:]))

    init(scheduler: TestScheduler, latency: Int = 100, failures: [String: [FeedError]] = [:]) {
        self.scheduler = scheduler
        self.latency = latency
        self.failures = failures
    }

    /// Everything so far, in order.
    var log: [Entry] { state.withLock { $0.log } }

    /// The entries of one kind, as `"tick photo"`.
    func entries(_ what: String) -> [String] {
        log.filter { $0.what == what }.map { "\($0.tick) \($0.photo)" }
    }

    /// `photo-p3` → `p3`.
    static func photoID(of url: URL) -> String {
        String(url.lastPathComponent.dropFirst("photo-".count))
    }

    func image(for request: ImageRequest) -> Single<LoadedImage> {
        Single.create { [self] resolve in
            let photo = Self.photoID(of: request.url)
            let attempt = state.withLock { state -> Int in
                state.log.append(Entry(tick: scheduler.clock, photo: photo, what: "start"))
                defer { state.attempts[photo, default: 0] += 1 }
                return state.attempts[photo, default: 0]
            }
            let error = failures[photo].flatMap { attempt < $0.count ? $0[attempt] : nil }
            let answered = Atomic(false)
            let work = scheduler.schedule(after: scheduler.resolution * latency) { [self] in
                answered.store(true, ordering: .sequentiallyConsistent)
                state.withLock { $0.log.append(Entry(tick: scheduler.clock, photo: photo, what: error == nil ? "image" : "fail")) }
                if let error {
                    resolve(.failure(error))
                } else {
                    resolve(.success(LoadedImage(request: request, data: Data([0xFF, 0xD8, 0xFF]), contentType: "image/jpeg")))
                }
            }
            return Disposables.create { [self] in
                work.dispose()
                guard !answered.load(ordering: .sequentiallyConsistent) else { return }
                state.withLock { $0.log.append(Entry(tick: scheduler.clock, photo: photo, what: "cancel")) }
            }
        }
    }
}

/// Builds the content a collection view would report: one column of 100-point squares, 100
/// points wide, appended page by page or replaced.
struct ContentBuilder {
    private(set) var list = PhotoList()
    private(set) var layout = FeedLayout(style: .singleColumn, width: 100)

    /// Appends `p<n>`… and returns the content after it.
    mutating func append(_ count: Int) -> LaidOutPhotos {
        append((0..<count).map { squarePhoto("p\(list.count + $0)") })
    }

    mutating func append(_ photos: [Photo]) -> LaidOutPhotos {
        list.append(contentsOf: photos)
        layout.append(photos)
        return LaidOutPhotos(photos: list, layout: layout)
    }

    /// Replaces the list (a refresh).
    mutating func replace(with photos: [Photo]) -> LaidOutPhotos {
        list = PhotoList()
        layout = FeedLayout(style: .singleColumn, width: 100)
        return append(photos)
    }

    /// A 300-point screen over the content so far, scrolled to `offset`.
    func screen(_ offset: Double) -> ScrollGeometry {
        ScrollGeometry(contentOffsetY: offset, contentHeight: layout.contentHeight, viewportHeight: 300)
    }
}

/// An image view model on a test scheduler (one tick per millisecond) whose inputs are hot
/// observables at given ticks, over a ``RecordingImageLoader``, with its states recorded.
final class ImageHarness {
    let scheduler = TestScheduler(resolution: .milliseconds(1))
    let loader: RecordingImageLoader
    let tracker: CatalogDownloadTracker
    let viewModel: ImageViewModel
    let states: TestableObserver<ImageState>
    private let subscriptions = CompositeDisposable()

    /// - Parameters:
    ///   - content: The content at each tick.
    ///   - geometry: The geometry at each tick.
    ///   - memoryWarnings: Ticks of memory warnings.
    ///   - downloads: The photos downloaded, at ticks.
    init(
        configuration: ImageConfiguration = ImageBench.configuration,
        latency: Int = 100,
        failures: [String: [FeedError]] = [:],
        content: [(Int, LaidOutPhotos)],
        geometry: [(Int, ScrollGeometry)],
        memoryWarnings: [Int] = [],
        downloads: [(Int, Photo)] = []
    ) throws {
        loader = RecordingImageLoader(scheduler: scheduler, latency: latency, failures: failures)
        tracker = CatalogDownloadTracker(scheduler: scheduler)
        viewModel = try ImageViewModel(
            input: .init(
                content: scheduler.createHotObservable(content.map { Recorded.next($0.0, $0.1) }),
                geometry: scheduler.createHotObservable(geometry.map { Recorded.next($0.0, $0.1) }),
                memoryWarnings: scheduler.createHotObservable(memoryWarnings.map { Recorded.next($0, ()) }),
                downloads: scheduler.createHotObservable(downloads.map { Recorded.next($0.0, $0.1) })
            ),
            dependencies: .init(loader: loader, downloadTracker: tracker, scheduler: scheduler, configuration: configuration)
        )
        states = scheduler.createObserver()
        subscriptions.insert(viewModel.output.state.drive(states))
    }

    /// Records one photo's cell output from tick `at`, as `"phase"` names.
    func cell(_ photo: Photo, from tick: Int = 0) -> TestableObserver<String> {
        let observer = scheduler.createObserver(String.self)
        let output = viewModel.output
        let subscriptions = subscriptions
        _ = scheduler.scheduleAt(tick) {
            subscriptions.insert(output.image(for: photo).map { "\($0.photoID) \($0.phase)" }.drive(observer))
        }
        return observer
    }

    func advance(to tick: Int) throws {
        try scheduler.advance(to: tick)
    }

    /// Disposes every output subscription, as a screen going away does.
    func dispose() {
        subscriptions.dispose()
    }

    /// The last state.
    var state: ImageState {
        states.values.last!
    }

    /// What every state so far decided, counted.
    var counts: ImageCounts {
        ImageCounts(states.values)
    }
}
