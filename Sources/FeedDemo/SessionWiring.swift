import FeedStreams
import Streams

/// The parts of one session and the subscriptions between them: the photo service, the
/// simulated scroll view, the two view models, and the log that records what they do, with the
/// views (narration, pictures, the end) subscribed to it. ``DemoSession`` makes one on its clock
/// and runs it.
final class SessionWiring: Sendable {
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
