import Dispatch
import FeedStreams
import Foundation
import Streams

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
            // The session's parts are made, started and finished on its queue; this thread
            // waits for the end.
            let queue = DispatchQueue(label: "feed-demo.session")
            let scheduler = DispatchQueueScheduler(queue: queue)
            let done = DispatchSemaphore(value: 0)
            let made = queue.sync {
                Result { () throws(DemoError) in try SessionWiring(
                    options: options, scheduler: scheduler, service: service, imageLoader: imageLoader, emit: emit
                ) {
                    // After the rest of this instant's work, so that the final state is settled.
                    _ = scheduler.schedule { done.signal() }
                } }
            }
            let wiring = try made.get()
            queue.async { wiring.start(steps) }
            done.wait()
            log = queue.sync { wiring.finish() }
        } else {
            let scheduler = TestScheduler(resolution: .milliseconds(1), stepLimit: 10_000_000)
            let wiring = try SessionWiring(
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
