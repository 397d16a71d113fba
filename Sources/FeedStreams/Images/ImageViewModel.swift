import Streams

/// The images of a feed's photos as an Input/Output view model: the list, its layout and the
/// scroll geometry in, each cell's image out.
///
/// ```swift
/// let images = try ImageViewModel(
///     input: .init(content: collectionView.content, geometry: scrollView.geometry),
///     dependencies: .init(
///         loader: UnsplashHTTPImageLoader(configuration: .init(accessKey: key)),
///         scheduler: DispatchQueueScheduler.main
///     )
/// )
/// // In cellForItemAt: the cell shows its photo's colour, its BlurHash, then its image.
/// cell.imageBinding.bind(photo, to: images.output) { phase in cell.show(phase) }
/// ```
///
/// `init` checks the configuration and describes how outputs derive from inputs; it subscribes
/// to nothing. The images run while at least one output is subscribed (the screen subscribes to
/// ``Output/state``, and every cell to ``Output/image(for:)``), and all share that one run. When
/// the last subscription is disposed, every load is cancelled.
///
/// ## The rule is a level
///
/// Whenever the geometry, the list, the layout or a load changes, ``ImageState/reduce(_:_:at:)``
/// decides again which images are wanted and which loads run: the cells on screen first, then
/// the prefetch window in the direction of scrolling, nearest first. See ``ImageState`` for every
/// rule, and ``ImageDecision`` for what it reports.
///
/// ## Guarantees
///
/// - At most ``ImageConfiguration/maxConcurrentLoads`` loads run at once, one per address,
///   however many cells or refreshes ask.
/// - No image on screen waits behind a prefetch.
/// - A load whose cell leaves the wanted area is cancelled in the same frame (the same virtual
///   tick), unless it is within ``ImageConfiguration/keepMargin`` of it.
/// - The cache never holds more than ``ImageConfiguration/memoryBudget`` decoded bytes.
/// - A cell bound to one photo never receives another's image: every value is keyed by photo id
///   (``CellImage``), and ``ImageBinding`` drops any other.
/// - A transient failure is retried after a back-off while the image is wanted; a 4xx is not.
/// - A download is reported to Unsplash once per ``Input/downloads`` event, never for a display.
///
/// ## Threads
///
/// Answers and timers are delivered on ``Dependencies/scheduler``; send the inputs on it too
/// (the main scheduler in an app), and every output is delivered there.
public struct ImageViewModel: Sendable {
    /// What the scroll view reports, what the system says and what the user does.
    public struct Input: Sendable {
        /// The photos and their layout, after every layout pass: send one whenever a page is
        /// appended or the list replaced, before the geometry of that layout.
        public var content: Observable<LaidOutPhotos>
        /// The scroll view's geometry: send one whenever the view scrolls or lays out its content.
        public var geometry: Observable<ScrollGeometry>
        /// The system's memory warnings (`UIApplication.didReceiveMemoryWarningNotification`).
        public var memoryWarnings: Observable<Void>
        /// The photos the user downloads (a download button): each is reported to Unsplash once.
        public var downloads: Observable<Photo>

        /// Creates the inputs from any observables, subjects, relays, drivers or signals (a feed's
        /// ``FeedViewModel/Output/photos``, laid out); any not given never fires.
        public init(
            content: some ObservableConvertibleType<LaidOutPhotos>,
            geometry: some ObservableConvertibleType<ScrollGeometry>,
            memoryWarnings: some ObservableConvertibleType<Void> = Observable<Void>.never(),
            downloads: some ObservableConvertibleType<Photo> = Observable<Photo>.never()
        ) {
            self.content = content.asObservable()
            self.geometry = geometry.asObservable()
            self.memoryWarnings = memoryWarnings.asObservable()
            self.downloads = downloads.asObservable()
        }
    }

    /// What the images need from outside.
    public struct Dependencies: Sendable {
        /// Where images come from.
        public var loader: any ImageLoader
        /// Where downloads are reported; without one, a download is decided and nothing is sent.
        public var downloadTracker: (any DownloadTracker)?
        /// The clock of back-offs and the scheduler that delivers answers (main in an app).
        public var scheduler: any Scheduler
        /// The rules' settings.
        public var configuration: ImageConfiguration

        /// Creates the dependencies.
        public init(
            loader: any ImageLoader,
            downloadTracker: (any DownloadTracker)? = nil,
            scheduler: any Scheduler,
            configuration: ImageConfiguration = ImageConfiguration()
        ) {
            self.loader = loader
            self.downloadTracker = downloadTracker
            self.scheduler = scheduler
            self.configuration = configuration
        }
    }

    /// What the screen shows: `Driver`s, since each is state (the images held, a cell's image),
    /// delivered on ``Dependencies/scheduler``, never failing and shared by its subscribers.
    public struct Output: Sendable {
        /// The whole state: each state's ``ImageState/decisions`` say what its event decided; the
        /// current state first on subscription.
        public let state: Driver<ImageState>
        /// The decoded bytes the cache holds, each time it changes.
        public let bytesHeld: Driver<Int>
        /// Where ``state`` is delivered, and so every cell's image.
        let scheduler: any Scheduler

        /// One photo's image for the cell that shows it: the photo's colour at once, then its
        /// BlurHash when it has one, then the image; an image already in memory at once, alone.
        ///
        /// Every value names the photo (``CellImage/photoID``) and the phases only move forward;
        /// the sequence completes after the image. Subscribing does not ask for the image: the
        /// rule loads what the geometry shows. A cell subscribes when it is bound to a photo and
        /// disposes when it is bound to another (``ImageBinding`` does both).
        ///
        /// Subscribed at tick 0, with the image arriving at tick 4 (`c` the colour, `b` the
        /// BlurHash, `i` the image; a group spans its width):
        ///
        /// ```
        /// image(for:):  (cb)(i|)
        /// ```
        ///
        /// - Parameter photo: The photo the cell shows.
        /// - Returns: The phases, keyed by the photo's id.
        public func image(for photo: Photo) -> Driver<CellImage> {
            let id = photo.id
            var placeholders: [ImagePhase] = [.color(photo.rgbColor)]
            if let hash = photo.blurHash.flatMap({ try? BlurHash($0) }) { placeholders.append(.blurred(hash)) }
            let first = placeholders
            let phases = state.asObservable()
                .scan(into: CellImageProgress()) { progress, state in
                    progress.advance(image: state.image(forPhotoID: id), placeholders: first)
                }
                // Most states change nothing for this cell: no inner sequence for those.
                .filter { !$0.phases.isEmpty }
                // The image is followed by `nil`, which ends the sequence at once.
                .concatMap { Observable.from($0.phases.map(Optional.some) + ($0.hasImage ? [nil] : [])) }
                .take(while: { $0 != nil })
                .compactMap { $0.map { CellImage(photoID: id, phase: $0) } }
            // One chain from the state, on its scheduler and never failing: a driver as it is.
            return Driver(alreadyOn: scheduler, neverFailing: phases)
        }
    }

    /// The outputs, derived from the inputs.
    public let output: Output

    /// Checks the configuration and derives the outputs from the inputs. Subscribes to nothing.
    ///
    /// - Throws: ``FeedConfigurationError`` naming the field (`images.…`) when a setting is out
    ///   of range, before anything runs.
    public init(input: Input, dependencies: Dependencies) throws(FeedConfigurationError) {
        let configuration = dependencies.configuration
        try configuration.validate()
        let loader = dependencies.loader
        let tracker = dependencies.downloadTracker
        let scheduler = dependencies.scheduler

        let state = Driver<ImageState>.feedbackLoop(
            initial: ImageState(configuration: configuration),
            inputs: [
                input.content.guardedInput("content") { .content($0) },
                input.geometry.guardedInput("geometry") { .geometry($0) },
                input.memoryWarnings.guardedInput("memoryWarnings") { .memoryWarning },
                input.downloads.guardedInput("downloads") { .download($0) },
            ],
            scheduler: scheduler
        ) { states in
            [
                // Start the loads each state lists, and cancel at once those it no longer lists.
                states.runningLoads(loader: loader, scheduler: scheduler),
                // Report each download once, as the rule decided it.
                states.compactMap { state in
                    let photos = state.decisions.compactMap(Self.trackedDownload)
                    return photos.isEmpty ? nil : photos
                }
                    .concatMap { Observable.from($0) }
                    .flatMap { photo -> Observable<ImageEvent> in
                        guard let tracker else { return .empty() }
                        return tracker.trackDownload(of: photo).asObservable()
                            .flatMap { _ in Observable<ImageEvent>.empty() }
                            .catch { .just(.downloadTrackingFailed(photo, FeedError(describing: $0))) }
                            .observe(on: scheduler)
                    },
            ]
        }

        // One chain from the shared state, on the scheduler and never failing: a driver as it is.
        let bytesHeld = state.asObservable().map(\.bytesHeld).distinctUntilChanged()
        output = Output(state: state, bytesHeld: Driver(alreadyOn: scheduler, neverFailing: bytesHeld), scheduler: scheduler)
    }

    private static func trackedDownload(_ decision: ImageDecision) -> Photo? {
        if case .downloadTracked(let photo) = decision { photo } else { nil }
    }
}

/// How far one cell's image has come, for ``ImageViewModel/Output/image(for:)``.
struct CellImageProgress: Sendable {
    /// What to emit for this state.
    var phases: [ImagePhase] = []
    /// Whether anything was emitted yet.
    var hasStarted = false
    /// Whether the image is among ``phases``: the last step.
    var hasImage = false

    mutating func advance(image: LoadedImage?, placeholders: [ImagePhase]) {
        defer { hasStarted = true }
        if let image {
            hasImage = true
            phases = [.image(image)]
        } else {
            phases = hasStarted ? [] : placeholders
        }
    }
}
