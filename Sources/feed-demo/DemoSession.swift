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
/// The session ends when the script has finished and no request is in flight.
enum DemoSession {
    /// The simulated phone's scroll view: an iPhone's width, and the height left between a
    /// navigation bar and a tab bar.
    static let viewportWidth = 390.0
    /// See ``viewportWidth``.
    static let viewportHeight = 600.0
    /// The gap between photos.
    static let spacing = 10.0
    /// How soon after one reached-bottom trigger the view model looks at the next.
    static let loadMoreThrottle: Duration = .milliseconds(100)
    /// How far down the scroll-to-top button appears.
    static let scrollToTopThreshold = 1800.0
    /// The built-in tour, played when no `--script` is given (`Examples/scripts/tour.scroll`).
    static let tourScript = """
        # The built-in tour: `swift run feed-demo` plays this script, on the built-in catalog of
        # 60 photos, 10 per page, each page answering after 1 s; page 6 fails once, and a new photo
        # is published at the top of the feed every 3 s. Offsets are for the default waterfall layout.

        # 1. The screen appears: page 1 loads. It is shorter than a screen and a half, so the
        #    bottom is already near and page 2 follows at once.
        wait 2.5s

        # 2. Steady scrolling: reading, then each approach to the bottom asks for the next page.
        drag to 600 over 1.5s
        wait 1s
        scroll to bottom

        # 3. Impatient: while page 4 loads, pull to refresh. The refresh supersedes the load-more.
        wait 1.5s
        scroll to bottom
        pull to refresh
        wait 2.5s

        # 4. Scroll on. The new photos published at the top push the feed down, so later pages
        #    repeat photos already on screen; the feed drops them and counts them.
        scroll to bottom
        wait 1.5s
        scroll to bottom
        wait 1.5s

        # 5. A fast fling to the end starts page 5; flicking up and down again while it loads
        #    approaches the bottom twice more. Those triggers are ignored, not queued.
        fling 8000
        drag to 2000 over 150ms
        fling 8000
        drag to 2000 over 150ms
        fling 8000
        wait 1.5s

        # 6. Page 6 fails. Nothing retries by itself: leaving the bottom and coming back does.
        scroll to bottom
        wait 1.5s
        drag to 3000 over 300ms
        scroll to bottom
        wait 1.5s

        # 7. On to the last page; after it, reaching the bottom asks for nothing.
        scroll to bottom
        wait 1.5s
        scroll to bottom
        wait 1.5s

        # 8. Back to the top, and tap a photo to open its detail.
        scroll to top
        tap 3
        """

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
    ///   - emit: Receives each event as it happens: on the scheduler's thread, except that an
    ///     HTTP response is reported on the thread it arrived on.
    /// - Returns: The summary.
    /// - Throws: ``DemoError`` when virtual time runs away (a schedule that never ends).
    static func run(
        _ options: Options,
        steps: [ScrollStep],
        service: (any PhotoService)? = nil,
        emit: @escaping @Sendable (TimelineEvent) -> Void
    ) throws(DemoError) -> DemoSummary {
        let wallClock = ContinuousClock()
        let wallStart = wallClock.now
        var summary: DemoSummary
        if options.realtime {
            let queue = DispatchQueue(label: "feed-demo.session")
            let scheduler = DispatchQueueScheduler(queue: queue)
            let done = DispatchSemaphore(value: 0)
            let box = Mutex<Wiring?>(nil)
            queue.async {
                let wiring = Wiring(options: options, scheduler: scheduler, service: service, emit: emit) {
                    // Confirm after the work of this instant: a next request may start right
                    // after the state that looked final.
                    _ = scheduler.schedule {
                        guard let wiring = box.withLock({ $0 }) else { return }
                        if wiring.isDone {
                            done.signal()
                        } else {
                            wiring.recorder.resumeAfterEarlyDone()
                        }
                    }
                }
                box.withLock { $0 = wiring }
                wiring.start(steps)
            }
            done.wait()
            // Set before the session started, so it is there once the session is done.
            guard let wiring = box.withLock({ $0 }) else { throw DemoError("the session ended before it started") }
            summary = queue.sync { wiring.finish() }
        } else {
            let scheduler = TestScheduler(resolution: .milliseconds(1), stepLimit: 10_000_000)
            let wiring = Wiring(options: options, scheduler: scheduler, service: service, emit: emit) {}
            wiring.start(steps)
            do {
                while !wiring.isDone {
                    if let next = scheduler.pendingTicks.first {
                        try scheduler.advance(to: next)
                    } else {
                        break
                    }
                }
            } catch {
                throw DemoError("virtual time ran away: \(error)")
            }
            summary = wiring.finish()
        }
        summary.wallTime = wallStart.duration(to: wallClock.now)
        return summary
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
    let recorder: Recorder
    private let bag = DisposeBag()
    private let startTime: Duration

    init(
        options: Options,
        scheduler: any Scheduler,
        service http: (any PhotoService)?,
        emit: @escaping @Sendable (TimelineEvent) -> Void,
        onDone: @escaping @Sendable () -> Void
    ) {
        self.options = options
        self.scheduler = scheduler
        startTime = scheduler.now
        let service: any PhotoService
        if let http {
            service = http
        } else {
            var failures = FailurePlan.pages(Dictionary(uniqueKeysWithValues: options.effectiveFailPages.map { ($0, 1) }))
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
        let clock: @Sendable () -> Duration = { [scheduler, startTime] in scheduler.now - startTime }
        recorder = Recorder(clock: clock, emit: emit, onDone: onDone)
        let recorder = recorder

        let triggers = simulator.geometry.reachedBottom()
        let loggedTriggers = Observable<Void>.create { [simulator] observer in
            triggers.subscribe(onNext: {
                recorder.trigger(simulator.currentGeometry)
                observer.onNext(())
            })
        }
        let refreshes = Observable<Void>.create { [simulator] observer in
            simulator.pullToRefresh.subscribe(onNext: {
                recorder.stream("pullToRefresh")
                observer.onNext(())
            })
        }
        let selections = Observable<Int>.create { [simulator] observer in
            simulator.taps.subscribe(onNext: { index in
                recorder.stream("selection(\(index))")
                observer.onNext(index)
            })
        }
        let load = Observable<Void>.create { observer in
            recorder.stream("load (the screen appeared)")
            observer.onNext(())
            return Disposables.create()
        }
        viewModel = FeedViewModel(
            input: .init(
                load: load,
                refresh: refreshes,
                reachedBottom: loggedTriggers,
                selection: selections,
                contentOffset: simulator.geometry.map(\.contentOffsetY)
            ),
            dependencies: .init(
                service: LoggedPhotoService(base: service, recorder: recorder),
                scheduler: scheduler,
                perPage: options.perPage,
                loadMoreThrottle: DemoSession.loadMoreThrottle,
                scrollToTopThreshold: DemoSession.scrollToTopThreshold
            )
        )
    }

    /// Whether the script has finished and no request is in flight.
    var isDone: Bool {
        recorder.isDone
    }

    /// Subscribes everything, says the screen appeared, and starts the script.
    func start(_ steps: [ScrollStep]) {
        let recorder = recorder
        let simulator = simulator
        let scheduler = scheduler
        let capture: @Sendable (String, Int?) -> Void = { [weak self] moment, selected in
            guard let self else { return }
            // Later at the same instant, once every subscriber has seen the change.
            _ = scheduler.schedule { [weak self] in self?.captureScreen(moment, selected: selected) }
        }
        recorder.capture = capture
        // The recorder subscribes to the state first, so that it sees every state in order.
        viewModel.output.state.subscribe(onNext: { recorder.state($0) }).disposed(by: bag)
        simulator.geometry.subscribe(onNext: { _ in recorder.frame() }).disposed(by: bag)
        simulator.actions.subscribe(onNext: { recorder.finger($0) }).disposed(by: bag)
        viewModel.output.photos.subscribe(onNext: { simulator.setPhotos($0) }).disposed(by: bag)
        viewModel.output.showsScrollToTop.subscribe(onNext: { recorder.scrollToTop($0) }).disposed(by: bag)
        simulator.play(steps).subscribe(onCompleted: { recorder.scriptFinished() }).disposed(by: bag)
    }

    /// Takes a picture of the screen now.
    func captureScreen(_ moment: String, selected: Int? = nil) {
        let geometry = simulator.currentGeometry
        let items = simulator.visibleItems
        recorder.screen(
            moment: moment,
            scene: { state, showsScrollToTop in
                ScreenScene(
                    viewportWidth: DemoSession.viewportWidth,
                    viewportHeight: DemoSession.viewportHeight,
                    contentOffsetY: geometry.contentOffsetY,
                    contentHeight: geometry.contentHeight,
                    items: items.map { .init(index: $0.index, frame: $0.frame, color: $0.photo.rgbColor) },
                    isRefreshing: state.isRefreshing,
                    isLoadingMore: state.isLoadingMore,
                    isEmpty: state.isEmpty,
                    showsScrollToTop: showsScrollToTop,
                    selectedIndex: selected
                )
            },
            legend: items.map { ($0.index, $0.photo) },
            selected: selected
        )
    }

    /// The summary, once the session is over; takes the final picture first.
    func finish() -> DemoSummary {
        captureScreen("at the end")
        return recorder.summary()
    }
}

/// A photo service that reports each answer to the recorder before the view model sees it.
private struct LoggedPhotoService: PhotoService {
    let base: any PhotoService
    let recorder: Recorder

    func photos(page: Int, perPage: Int) -> Single<PhotoPage> {
        let base = base
        let recorder = recorder
        return Single.create { resolve in
            let answered = Atomic(false)
            let id = recorder.wire(page: page)
            let subscription = base.photos(page: page, perPage: perPage).subscribe { result in
                answered.store(true, ordering: .releasing)
                recorder.answer(id: id, page: page, result: result)
                resolve(result)
            }
            return Disposables.create {
                if !answered.load(ordering: .acquiring) { recorder.cancelled(id: id, page: page) }
                subscription.dispose()
            }
        }
    }
}
