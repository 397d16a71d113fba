import Dispatch
import FeedStreams
import Foundation
import Streams
import Synchronization

/// One run of the demo: builds the scheduler, the photo service, the simulated scroll view and
/// the view model, plays the script, and reports everything that happens as ``TimelineEvent``s.
///
/// ```swift
/// let steps = try ScrollScript.parse(DemoSession.tourScript)
/// let summary = try DemoSession.run(Options(), steps: steps) { event in print(event.text) }
/// ```
///
/// ## Time
///
/// By default the session runs on a ``TestScheduler`` with one tick per millisecond: the
/// driver advances it from one pending action to the next, so a minute of scrolling plays in a
/// fraction of a second and the timeline is the same on every run. With `--realtime` it runs
/// on a ``DispatchQueueScheduler`` over a private serial queue, with real timers, and the
/// calling thread blocks until the session is over. A real server (`--base-url`) always plays
/// in wall-clock time: virtual time cannot wait for a network.
///
/// ## The end
///
/// The session ends when the script has finished and the request in flight at that moment, if
/// any, has ended: at most one service deadline after the script (30 s for a server). It does
/// not wait for a back-off, a rate-limit reset, the request budget, or for requests the feed
/// starts after the script, so a server that rate-limits for an hour, or keeps answering "more
/// follows" with nothing new, cannot keep it running. The summary's ``DemoSummary/pending``
/// says what the feed was still going to do; everything left is cancelled.
enum DemoSession {
    /// The simulated phone's scroll view: an iPhone's width, and the height left between a
    /// navigation bar and a tab bar.
    static let viewportWidth = 390.0
    /// See ``viewportWidth``.
    static let viewportHeight = 600.0
    /// The gap between photos.
    static let spacing = 10.0
    /// How far below the screen the content should reach: one screen.
    static let prefetchDistance = viewportHeight
    /// How far down the scroll-to-top button appears.
    static let scrollToTopThreshold = 1800.0
    /// The built-in tour, played when no `--script` is given: `Examples/scripts/tour.scroll`,
    /// which the build compiles into the code (the `FeedDemo` target's `.embedInCode` resource),
    /// so the file people read and `--script` play is the one the demo plays, wherever the
    /// binary runs.
    static let tourScript = String(decoding: PackageResources.tour_scroll, as: UTF8.self)

    /// The images' rules in a session: the flags' concurrency and budget, the feed's prefetch
    /// distance (one screen), a 2× screen.
    static func imageConfiguration(_ options: Options) -> ImageConfiguration {
        ImageConfiguration(
            maxConcurrentLoads: options.imageConcurrency,
            prefetchDistance: prefetchDistance,
            memoryBudget: options.imageBudgetMiB * 1_048_576,
            screenScale: 2,
            retry: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(500), seed: options.seed)
        )
    }

    /// How often the live feed (`--live`, and the tour) publishes a photo.
    static let livePeriod: Duration = .seconds(3)
    /// How many photos the live feed publishes in all.
    static let liveCount = 10

    /// Runs a session to its end.
    ///
    /// - Parameters:
    ///   - options: The parsed command line.
    ///   - steps: The script.
    ///   - service: The photo service for `--base-url` (an ``UnsplashHTTPService``); `nil` for
    ///     the built-in catalog, which the session builds from the options.
    ///   - imageLoader: The image loader for `--base-url` (an ``UnsplashHTTPImageLoader``);
    ///     `nil` for the catalog's images, which the session builds from the options.
    ///   - emit: Receives each event as it happens: on the scheduler's thread, except that an
    ///     HTTP response is reported on the thread it arrived on.
    /// - Returns: The summary.
    /// - Throws: ``DemoError`` when the feed refuses its configuration, or when virtual time runs
    ///   away (a schedule that never ends).
    static func run(
        _ options: Options,
        steps: [ScrollStep],
        service: (any PhotoService)? = nil,
        imageLoader: (any ImageLoader)? = nil,
        emit: @escaping @Sendable (TimelineEvent) -> Void
    ) throws(DemoError) -> DemoSummary {
        try play(options, steps: steps, service: service, imageLoader: imageLoader, records: false, emit: emit).summary
    }

    /// Runs a session to its end, as ``run(_:steps:service:imageLoader:emit:)`` does, and records
    /// what its page (`--html`) is drawn from.
    ///
    /// - Returns: The summary, and the recording.
    static func record(
        _ options: Options,
        steps: [ScrollStep],
        service: (any PhotoService)? = nil,
        imageLoader: (any ImageLoader)? = nil,
        emit: @escaping @Sendable (TimelineEvent) -> Void
    ) throws(DemoError) -> (summary: DemoSummary, recording: SessionRecording) {
        let played = try play(options, steps: steps, service: service, imageLoader: imageLoader, records: true, emit: emit)
        guard let recording = played.recording else { throw DemoError("the session recorded nothing") }
        return (played.summary, recording)
    }

    private static func play(
        _ options: Options,
        steps: [ScrollStep],
        service: (any PhotoService)?,
        imageLoader: (any ImageLoader)?,
        records: Bool,
        emit: @escaping @Sendable (TimelineEvent) -> Void
    ) throws(DemoError) -> (summary: DemoSummary, recording: SessionRecording?) {
        let wallClock = ContinuousClock()
        let wallStart = wallClock.now
        let log: SessionLog
        if options.realtime {
            let queue = DispatchQueue(label: "feed-demo.session")
            let scheduler = DispatchQueueScheduler(queue: queue)
            let done = DispatchSemaphore(value: 0)
            let box = Mutex<Result<Wiring, DemoError>?>(nil)
            queue.async {
                let made = Result { () throws(DemoError) in try Wiring(
                    options: options, scheduler: scheduler, service: service, imageLoader: imageLoader, emit: emit
                ) {
                    // After the rest of this instant's work, so that the final state is settled.
                    _ = scheduler.schedule { done.signal() }
                } }
                box.withLock { $0 = made }
                switch made {
                case .success(let wiring): wiring.start(steps)
                case .failure: done.signal()
                }
            }
            done.wait()
            // Set before the session started, so it is there once the session is done.
            guard let made = box.withLock({ $0 }) else { throw DemoError("the session ended before it started") }
            let wiring = try made.get()
            log = queue.sync { wiring.finish() }
        } else {
            let scheduler = TestScheduler(resolution: .milliseconds(1), stepLimit: 10_000_000)
            let wiring = try Wiring(
                options: options, scheduler: scheduler, service: service, imageLoader: imageLoader, emit: emit
            ) {}
            wiring.start(steps)
            do {
                while !wiring.isOver {
                    if let next = scheduler.pendingTicks.first {
                        try scheduler.advance(to: next)
                    } else {
                        break
                    }
                }
            } catch {
                throw DemoError("virtual time ran away: \(error)")
            }
            log = wiring.finish()
        }
        var summary = DemoSummary(log: log)
        summary.wallTime = wallStart.duration(to: wallClock.now)
        return (summary, records ? SessionRecording(log: log, viewportHeight: viewportHeight) : nil)
    }
}

/// What went wrong while running a session.
struct DemoError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The parts of one session and the subscriptions between them.
private final class Wiring: Sendable {
    let options: Options
    let scheduler: any Scheduler
    let simulator: ScrollSimulator
    let viewModel: FeedViewModel
    let images: ImageViewModel
    let log: LogRecorder
    private let configuration: FeedConfiguration
    private let emit: @Sendable (TimelineEvent) -> Void
    private let onDone: @Sendable () -> Void
    private let over = BehaviorValue(false)
    private let bag = DisposeBag()

    init(
        options: Options,
        scheduler: any Scheduler,
        service http: (any PhotoService)?,
        imageLoader httpImages: (any ImageLoader)?,
        emit: @escaping @Sendable (TimelineEvent) -> Void,
        onDone: @escaping @Sendable () -> Void
    ) throws(DemoError) {
        self.options = options
        self.scheduler = scheduler
        self.emit = emit
        self.onDone = onDone
        let service: any PhotoService
        if let http {
            service = http
        } else {
            var failures = FailurePlan.pages(options.effectiveFailPages)
            if options.failureRate > 0 {
                failures = failures.combined(with: .rate(options.failureRate, seed: options.seed))
            }
            let catalog = CatalogPhotoService(
                catalog: PhotoCatalog(count: options.photoCount),
                scheduler: scheduler,
                latency: options.latency,
                failures: failures,
                live: options.effectiveLive ? LiveFeed(every: DemoSession.livePeriod, count: DemoSession.liveCount) : nil
            )
            service = catalog
        }

        let style: FeedLayout.Style = switch options.layout {
        case .single: .singleColumn
        case .waterfall: .waterfall(columns: 2)
        case .grid: .grid(itemHeight: 190)
        }
        simulator = ScrollSimulator(
            scheduler: scheduler,
            configuration: .init(
                viewportWidth: DemoSession.viewportWidth,
                viewportHeight: DemoSession.viewportHeight,
                layoutStyle: style,
                spacing: DemoSession.spacing
            )
        )
        let configuration = FeedConfiguration(
            perPage: options.perPage,
            prefetchDistance: DemoSession.prefetchDistance,
            retry: RetryPolicy(seed: options.seed),
            scrollToTopThreshold: DemoSession.scrollToTopThreshold
        )
        self.configuration = configuration
        log = LogRecorder(origin: scheduler.now, configuration: configuration, clock: { [scheduler] in scheduler.now })
        let log = log

        let refreshes = Observable<Void>.create { [simulator] observer in
            simulator.pullToRefresh.subscribe(onNext: {
                log.append(.stream("pullToRefresh"))
                observer.onNext(())
            })
        }
        let retries = Observable<Void>.create { [simulator] observer in
            simulator.retryTaps.subscribe(onNext: {
                log.append(.stream("retry (the footer's button)"))
                observer.onNext(())
            })
        }
        let selections = Observable<Int>.create { [simulator] observer in
            simulator.taps.subscribe(onNext: { index in
                log.append(.stream("selection(\(index))"))
                observer.onNext(index)
            })
        }
        let load = Observable<Void>.create { observer in
            log.append(.stream("load (the screen appeared)"))
            observer.onNext(())
            return Disposables.create()
        }
        do {
            viewModel = try FeedViewModel(
                input: .init(load: load, refresh: refreshes, geometry: simulator.geometry, retry: retries, selection: selections),
                dependencies: .init(service: service, scheduler: scheduler, configuration: configuration)
            )
            let loader = httpImages ?? CatalogImageLoader(scheduler: scheduler, latency: options.imageLatency, seed: options.seed)
            images = try ImageViewModel(
                // The simulator's action says it on the timeline: "memoryWarnings: the system warns …".
                input: .simulated(by: simulator, memoryWarnings: simulator.memoryWarnings),
                dependencies: .init(loader: loader, scheduler: scheduler, configuration: DemoSession.imageConfiguration(options))
            )
        } catch {
            throw DemoError("the feed refused its configuration: \(error)")
        }
    }

    /// Whether the session is over (``SessionEnd``).
    var isOver: Bool {
        over.value
    }

    /// Subscribes the session's views to its log, then the log to everything, says the screen
    /// appeared, and starts the script.
    func start(_ steps: [ScrollStep]) {
        let log = log
        let simulator = simulator
        let scheduler = scheduler
        let (emit, onDone, over) = (emit, onDone, over)

        // The views see each entry in this order: the timeline, the pictures, the end.
        let narration = log.entries
            .scan(into: Narration(origin: log.origin, configuration: configuration)) { $0.take($1) }
            .share()
        narration.subscribe(onNext: { narration in
            for line in narration.lines { emit(line) }
        }).disposed(by: bag)
        narration.filter(\.awaitsQuiet).map { _ in }
            .debounce(Narration.imageQuiet, scheduler: scheduler)
            .subscribe(onNext: { [weak simulator] in log.append(.imagesQuiet(moving: simulator?.isMoving ?? false)) })
            .disposed(by: bag)
        log.entries.scan(into: PictureMoments()) { $0.take($1) }.subscribe(onNext: { [weak self] moments in
            for moment in moments.due {
                // Later at the same instant, once every subscriber has seen the change.
                _ = scheduler.schedule { [weak self] in self?.takePicture(moment.title, selected: moment.selected) }
            }
        }).disposed(by: bag)
        log.entries.scan(into: SessionEnd()) { $0.take($1) }.filter(\.isOver).take(1).subscribe(onNext: { _ in
            over.accept(true)
            onDone()
        }).disposed(by: bag)

        // The outputs are drivers; an app drives them on the main actor, while the demo runs on
        // its own queue (or a virtual clock), so it subscribes to their observables instead.
        // The log records the state first, so that it has every state in order.
        viewModel.output.state.asObservable().subscribe(onNext: { log.append(.feed($0)) }).disposed(by: bag)
        simulator.geometry.subscribe(onNext: { [weak simulator] geometry in
            log.append(.geometry(geometry, moving: simulator?.isMoving ?? false))
        }).disposed(by: bag)
        simulator.actions.subscribe(onNext: { log.append(.action($0)) }).disposed(by: bag)
        viewModel.output.photos.asObservable().subscribe(onNext: { photos in
            simulator.setPhotos(photos)
            log.append(.laidOut(simulator.layout, photos: photos))
        }).disposed(by: bag)
        viewModel.output.showsScrollToTop.asObservable().subscribe(onNext: { log.append(.showsScrollToTop($0)) }).disposed(by: bag)
        images.output.state.asObservable().subscribe(onNext: { [weak simulator] state in
            log.append(.images(state, moving: simulator?.isMoving ?? false))
        }).disposed(by: bag)
        simulator.play(steps).subscribe(onCompleted: { log.append(.scriptFinished) }).disposed(by: bag)
    }

    /// Logs a picture of the screen now.
    func takePicture(_ moment: String, selected: Int? = nil) {
        log.append(.picture(moment: moment, selected: selected, screen: PhoneScreen(
            geometry: simulator.currentGeometry, items: simulator.visibleItems
        )))
    }

    /// The log, once the session is over: the images' last tally and the final picture close
    /// it; then the feed stops, which cancels what it was still doing (see
    /// ``DemoSummary/pending``).
    func finish() -> SessionLog {
        log.append(.ended)
        takePicture("at the end")
        bag.dispose()
        return log.recorded
    }
}
