import FeedStreams
import Foundation
import Streams
import StreamsTesting
import Synchronization
import Testing

/// The image rule through the streams: a test scheduler with one tick per millisecond, inputs as
/// hot observables, and a loader that records every start, cancel and answer with its tick.
///
/// The screen is 300 points tall over one column of 100-point squares (see ``ContentBuilder``);
/// each image takes 100 ticks.
@Suite("ImageViewModel")
struct ImageViewModelTests {
    @Test("the images on screen start at the geometry's tick, before the prefetch window; each arrives after its latency")
    func startsAtTheGeometry() throws {
        var content = ContentBuilder()
        let first = content.append(10)
        let images = try ImageHarness(content: [(5, first)], geometry: [(10, content.screen(0))])
        try images.advance(to: 500)
        #expect(images.loader.entries("start") == ["10 p0", "10 p1", "10 p2", "10 p3", "10 p4"])
        #expect(images.loader.entries("image") == ["110 p0", "110 p1", "110 p2", "110 p3", "110 p4"])
        #expect(images.loader.entries("cancel").isEmpty)
        #expect(images.state.bytesHeld == 5 * ImageBench.imageBytes)
    }

    @Test("a fling past a page: each load is cancelled on the frame its cell leaves the wanted area, and nothing arrives for it")
    func flingCancelsInTheSameTick() throws {
        var content = ContentBuilder()
        let page = content.append(30)
        let frames = [(10, 0.0), (26, 700), (42, 1_400), (58, 2_000)].map { ($0.0, content.screen($0.1)) }
        let images = try ImageHarness(content: [(0, page)], geometry: frames)
        try images.advance(to: 500)
        #expect(images.loader.entries("start") == [
            "10 p0", "10 p1", "10 p2", "10 p3", "10 p4",
            "26 p7", "26 p8", "26 p9", "26 p10", "26 p11",
            "42 p14", "42 p15", "42 p16", "42 p17", "42 p18",
            "58 p20", "58 p21", "58 p22", "58 p23", "58 p24",
        ])
        #expect(images.loader.entries("cancel") == [
            "26 p0", "26 p1", "26 p2", "26 p3", "26 p4",
            "42 p7", "42 p8", "42 p9", "42 p10", "42 p11",
            "58 p14", "58 p15", "58 p16", "58 p17", "58 p18",
        ])
        #expect(images.loader.entries("image") == ["158 p20", "158 p21", "158 p22", "158 p23", "158 p24"])
    }

    @Test("scrolling back finds the images in the cache: shown at once, no request")
    func scrollBackHitsTheCache() throws {
        var content = ContentBuilder()
        let page = content.append(30)
        let frames = [(0, 0.0), (200, 1_000), (400, 0)].map { ($0.0, content.screen($0.1)) }
        var roomy = ImageBench.configuration
        roomy.memoryBudget = 2_000_000  // room for both screens: nothing is evicted
        let images = try ImageHarness(configuration: roomy, content: [(0, page)], geometry: frames)
        let back = images.cell(squarePhoto("p1"), from: 300)
        try images.advance(to: 500)
        #expect(images.loader.entries("start").filter { $0.hasSuffix(" p0") || $0.hasSuffix(" p1") } == ["0 p0", "0 p1"])
        #expect(images.states.values.flatMap(\.decisions).filter { if case .cacheHit = $0 { true } else { false } }.count == 3)
        #expect(back.events == [.next(300, "p1 image"), .completed(300)], "already in memory: the image at once, alone")
    }

    @Test("a cell's output: the colour at once, then the BlurHash, then the image when it arrives, then it ends")
    func cellPhases() throws {
        var content = ContentBuilder()
        let page = content.append(10)
        let images = try ImageHarness(content: [(0, page)], geometry: [(10, content.screen(0))])
        let cell = images.cell(squarePhoto("p0"), from: 5)
        try images.advance(to: 500)
        #expect(cell.events == [.next(5, "p0 colour"), .next(5, "p0 blurred"), .next(110, "p0 image"), .completed(110)])
    }

    @Test("a reused cell never shows the photo it showed before, and a value for another photo is never applied")
    func bindingIsKeyed() throws {
        var content = ContentBuilder()
        let page = content.append(10)
        let images = try ImageHarness(content: [(0, page)], geometry: [(10, content.screen(0))])
        let binding = ImageBinding()
        let shown = Mutex<[String]>([])
        let output = images.viewModel.output
        let scheduler = images.scheduler
        let apply: @Sendable (String) -> @Sendable (ImagePhase) -> Void = { label in
            { phase in shown.withLock { $0.append("\(scheduler.clock) \(label) \(phase)") } }
        }
        _ = scheduler.scheduleAt(5) { binding.bind(squarePhoto("p0"), to: output, apply: apply("p0")) }
        // Reused for p9 while p0's image is on its way (it arrives at 110).
        _ = scheduler.scheduleAt(50) { binding.bind(squarePhoto("p9"), to: output, apply: apply("p9")) }
        // A cell wired wrongly, to another photo's stream: every value names p0, so none is applied.
        let miswired = ImageBinding()
        _ = scheduler.scheduleAt(5) { miswired.bind("p1", to: output.image(for: squarePhoto("p0")), apply: apply("miswired")) }
        try images.advance(to: 500)
        #expect(shown.withLock { $0 } == ["5 p0 colour", "5 p0 blurred", "50 p9 colour", "50 p9 blurred"])
        #expect(binding.photoID == "p9")
    }

    @Test("a transient failure is retried after the back-off, at its exact tick; a 404 never is")
    func failures() throws {
        var content = ContentBuilder()
        let page = content.append(10)
        let images = try ImageHarness(
            failures: ["p0": [.serverError(status: 503)], "p1": [.clientError(status: 404, messages: [])]],
            content: [(0, page)],
            geometry: [(10, content.screen(0)), (2_000, content.screen(0))]
        )
        try images.advance(to: 3_000)
        #expect(images.loader.entries("start").filter { !$0.hasSuffix("p2") && !$0.hasSuffix("p3") && !$0.hasSuffix("p4") }
            == ["10 p0", "10 p1", "1110 p0"])
        #expect(images.loader.entries("image").first == "110 p2")
        #expect(images.loader.entries("fail") == ["110 p0", "110 p1"])
    }

    @Test("a memory warning empties the cache; the images on screen come back with one request each")
    func memoryWarning() throws {
        var content = ContentBuilder()
        let page = content.append(10)
        let frames = [10, 300, 316, 332].map { ($0, content.screen(0)) }
        let images = try ImageHarness(content: [(0, page)], geometry: frames, memoryWarnings: [200])
        try images.advance(to: 1_000)
        #expect(images.loader.entries("start") == [
            "10 p0", "10 p1", "10 p2", "10 p3", "10 p4",
            "200 p0", "200 p1", "200 p2", "200 p3", "200 p4",
        ])
        #expect(images.state.bytesHeld == 5 * ImageBench.imageBytes)
        #expect(images.counts.peakBytes == 5 * ImageBench.imageBytes)
    }

    @Test("a download is reported once per download action, to its download_location with the query kept; never for a display")
    func downloadTracking() throws {
        var content = ContentBuilder()
        let page = content.append(10)
        var chosen = squarePhoto("p2")
        chosen.links.downloadLocation = URL(string: "https://api.unsplash.com/photos/p2/download?ixid=abc")!
        let images = try ImageHarness(
            content: [(0, page)],
            geometry: [(10, content.screen(0))],
            downloads: [(300, chosen), (400, chosen)]
        )
        try images.advance(to: 250)
        #expect(images.tracker.reports.isEmpty, "five images displayed and prefetched, no download")
        try images.advance(to: 500)
        #expect(images.tracker.reports.map(\.at) == [.milliseconds(300), .milliseconds(400)])
        #expect(images.tracker.reports.map(\.url.absoluteString) == Array(repeating: "https://api.unsplash.com/photos/p2/download?ixid=abc", count: 2))
    }

    @Test("a refresh cancels the loads of photos gone at its tick; photos that stay keep their load or their cached image")
    func refresh() throws {
        var content = ContentBuilder()
        let page = content.append(10)
        let refreshed = content.replace(with: [squarePhoto("p3"), squarePhoto("n1"), squarePhoto("p0")])
        let images = try ImageHarness(
            latency: 100,
            content: [(0, page), (150, refreshed)],
            geometry: [(0, ContentBuilder.screenOver(10, 0)), (120, ContentBuilder.screenOver(10, 250)), (150, content.screen(0))]
        )
        try images.advance(to: 500)
        #expect(images.loader.entries("cancel") == ["150 p5", "150 p6", "150 p7"])
        #expect(images.loader.entries("start").filter { $0.hasPrefix("150 ") } == ["150 n1"], "p3 is cached, p0 too")
    }

    @Test("disposing the outputs cancels every load at once")
    func disposal() throws {
        var content = ContentBuilder()
        let page = content.append(10)
        let images = try ImageHarness(content: [(0, page)], geometry: [(10, content.screen(0))])
        try images.advance(to: 50)
        images.dispose()
        try images.advance(to: 500)
        #expect(images.loader.entries("cancel") == ["50 p0", "50 p1", "50 p2", "50 p3", "50 p4"])
        #expect(images.loader.entries("image").isEmpty)
    }

    @Test("an input that fails is reported once and the images go on")
    func inputFailure() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        var content = ContentBuilder()
        let page = content.append(10)
        let geometry: TestableObservable<ScrollGeometry> = scheduler.createHotObservable([
            .next(10, content.screen(0)), .error(20, TestError("layout went wrong")),
        ])
        let viewModel = try ImageViewModel(
            input: .init(content: scheduler.createHotObservable([.next(0, page)]), geometry: geometry),
            dependencies: .init(loader: RecordingImageLoader(scheduler: scheduler), scheduler: scheduler, configuration: ImageBench.configuration)
        )
        let states = scheduler.createObserver(ImageState.self)
        let subscription = viewModel.output.state.drive(states)
        try scheduler.advance(to: 500)
        let failures = states.values.flatMap(\.decisions).filter { if case .inputFailed = $0 { true } else { false } }
        #expect(failures.count == 1)
        #expect(ImageCounts(states.values).loaded == 5)
        subscription.dispose()
    }
}

extension ContentBuilder {
    /// A 300-point screen over `count` squares, scrolled to `offset`.
    static func screenOver(_ count: Int, _ offset: Double) -> ScrollGeometry {
        ScrollGeometry(contentOffsetY: offset, contentHeight: Double(count) * 100, viewportHeight: 300)
    }
}
