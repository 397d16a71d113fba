import FeedStreams
import Foundation
import Streams
import StreamsTesting
import Testing

@Suite("CatalogImageLoader")
struct CatalogImageLoaderTests {
    private static func request(_ name: String = "photo-a") -> ImageRequest {
        ImageRequest(url: URL(string: "https://images.unsplash.com/\(name)?w=193&dpr=3&fit=max&q=75&fm=jpg")!, pixelWidth: 579, pixelHeight: 869)
    }

    @Test("the diagrams of ImageLoader: an image after 300 ms, or a failure, on a 100 ms tick")
    func diagrams() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(100))
        let loader = CatalogImageLoader(scheduler: scheduler, latency: .milliseconds(300), jitter: 0)
        let success = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            loader.image(for: Self.request()).map { _ in "i" }
        }
        expectMarbles(success, "---(i|)")
        let refusing = CatalogImageLoader(scheduler: scheduler, latency: .milliseconds(300), jitter: 0, failures: .init(refusedRate: 1))
        let failure = scheduler.start(created: 1000, subscribed: 1000, disposed: 2000) {
            refusing.image(for: Self.request())
        }
        #expect(failure.events == [.error(1003, FeedError.clientError(status: 404, messages: []))])
        expectNoPendingWork(scheduler)
    }

    @Test("the bytes stand in for a JPEG of a seeded 1 to 2 bits per pixel, typed by the request's fm")
    func bytes() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let loader = CatalogImageLoader(scheduler: scheduler, jitter: 0)
        let image = try #require(scheduler.start { loader.image(for: Self.request()) }.values.first)
        #expect(image.data.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        #expect((579 * 869 / 8)...(579 * 869 / 4) ~= image.data.count)
        #expect(image.contentType == "image/jpeg")
        #expect(image.decodedBytes == 579 * 869 * 4)
        let webp = ImageRequest(url: URL(string: "https://images.unsplash.com/photo-b?fm=webp")!, pixelWidth: 10, pixelHeight: 10)
        #expect(scheduler.start(created: 2000, subscribed: 2000, disposed: 3000) { loader.image(for: webp) }.values.first?.contentType == "image/webp")
    }

    @Test("latencies vary by up to ± jitter, the same on every run with the same seed")
    func seededLatency() throws {
        func arrivals(seed: UInt64) throws -> [Int] {
            let scheduler = TestScheduler(resolution: .milliseconds(1))
            let loader = CatalogImageLoader(scheduler: scheduler, latency: .milliseconds(400), jitter: 0.5, seed: seed)
            let observers = (0..<8).map { index in
                let observer = scheduler.createObserver(LoadedImage.self)
                _ = loader.image(for: Self.request("photo-\(index)")).asObservable().subscribe(observer.asObserver())
                return observer
            }
            try scheduler.run()
            return observers.map { $0.events.first!.time }
        }
        let first = try arrivals(seed: 7)
        #expect(try arrivals(seed: 7) == first)
        #expect(try arrivals(seed: 8) != first)
        #expect(first.allSatisfy { (200...600).contains($0) }, "\(first)")
        #expect(Set(first).count > 1)
    }

    @Test("every load is logged with its outcome; a load disposed before its answer is cancelled, and nothing is delivered")
    func log() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let loader = CatalogImageLoader(scheduler: scheduler, latency: .milliseconds(300), jitter: 0, failures: .init(transientRate: 0))
        let kept = scheduler.start(created: 0, subscribed: 0, disposed: 1000) { loader.image(for: Self.request("photo-a")) }
        let dropped = scheduler.start(created: 1000, subscribed: 1000, disposed: 1100) { loader.image(for: Self.request("photo-b")) }
        #expect(kept.values.count == 1)
        #expect(dropped.events.isEmpty)
        let records = loader.loads
        #expect(records.map(\.number) == [1, 2])
        #expect(records[0].finishedAt == .milliseconds(300))
        #expect(records[1].outcome == .cancelled && records[1].finishedAt == .milliseconds(1100))
        #expect(loader.pending.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("a refused address fails every time; a transient failure is decided per load")
    func failures() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let loader = CatalogImageLoader(scheduler: scheduler, jitter: 0, failures: .init(transientRate: 0.5, refusedRate: 0.3), seed: 3)
        for name in (0..<40).map({ "photo-\($0)" }) {
            for _ in 0..<3 { _ = loader.image(for: Self.request(name)).asObservable().subscribe(onNext: { _ in }, onError: { _ in }) }
        }
        try scheduler.run()
        let byAddress = Dictionary(grouping: loader.loads, by: \.url)
        let refused = byAddress.values.filter { $0.allSatisfy { $0.outcome == .failed(.clientError(status: 404, messages: [])) } }
        #expect((4...20).contains(refused.count), "about 30 % of 40 addresses: \(refused.count)")
        let transient = loader.loads.filter { $0.outcome == .failed(.serverError(status: 503)) }
        #expect(!transient.isEmpty)
        #expect(byAddress.values.contains { records in records.contains { $0.outcome == .failed(.serverError(status: 503)) } && records.contains { if case .delivered = $0.outcome { true } else { false } } })
    }

    @Test("the cell output's diagram: colour and BlurHash at once, the image when it arrives, then the end")
    func cellDiagram() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(100))
        var content = ContentBuilder()
        let page = content.append(3)
        let viewModel = try ImageViewModel(
            input: .init(content: Observable.just(page), geometry: Observable.just(content.screen(0))),
            dependencies: .init(
                loader: CatalogImageLoader(scheduler: scheduler, latency: .milliseconds(400), jitter: 0),
                scheduler: scheduler,
                configuration: ImageBench.configuration
            )
        )
        let glyphs: [String: String] = ["colour": "c", "blurred": "b", "image": "i"]
        let cell = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            viewModel.output.image(for: squarePhoto("p0")).map { glyphs["\($0.phase)"]! }
        }
        expectMarbles(cell, "(cb)(i|)")
    }
}
