@testable import FeedDemo
import FeedStreams
import FeedTestSupport
import Foundation
import Streams
import Synchronization
import Testing

/// feed-demo's formatting, layout and drawing with the most extreme values a server can send:
/// sizes of 0, 1 and `Int.max` px (and negative ones), `Int.max` likes, pages of hundreds of
/// photos or none, a rate limit of a day. A seeded fuzz plays whole sessions in every layout
/// and prints every event as text (with and without colour) and as JSON; another draws screens
/// with frames no layout makes. None may stop the process (before the fix, a photo 1 px wide and
/// `Int.max` px tall trapped in the narrator's point formatting).
///
/// A failure names its seed: `FUZZ_SEED=<seed> swift test --filter DemoExtremesTests` replays it.
@Suite("feed-demo with extreme values")
struct DemoExtremesTests {
    /// Sizes a server may send: nothing, one pixel, a normal camera, the largest `Int`, and worse.
    static let sizes = [0, 1, 2, 3_000, 9_000, Int.max, Int.max - 1, -1, Int.min]
    /// Like counts a server may send.
    static let likes = [0, 1, 999, 1_000, 1_234_567, Int.max, -1, Int.min]

    @Test("whole sessions on photos of extreme sizes and counts never stop the process, in any layout",
          arguments: [Options.Layout.single, .waterfall, .grid])
    func sessions(layout: Options.Layout) async throws {
        // Minutes under ThreadSanitizer: off the concurrency pool (see `offPool`).
        let problems = try await offPool { () throws -> [String] in
            var problems: [String] = []
            // Twelve whole sessions per layout, whatever `FUZZ_CASES` says (tsan.sh sets it for the
            // fuzzers of the rules; 400 sessions per layout under ThreadSanitizer took ten minutes
            // and starved the tests of live HTTP).
            for seed in FuzzSeeds.seeds(count: 12, salt: 0xE47E | UInt64(layout.rawValue.count), shard: 0, of: 1, followsCases: false) {
                var random = FuzzRandom(seed: seed)
                var options = Options()
                options.layout = layout
                options.perPage = random.pick([1, 2, 10, 30])
                options.scriptPath = "fuzz.scroll"
                let script = Self.script(&random)
                let lines = Lines()
                let printers = [
                    TimelinePrinter(format: .text, usesColor: false, write: lines.write),
                    TimelinePrinter(format: .text, usesColor: true, write: lines.write),
                    TimelinePrinter(format: .json, usesColor: false, write: lines.write),
                ]
                let service = ExtremePhotoService(seed: random.next())
                let summary = try DemoSession.run(options, steps: try ScrollScript.parse(script), service: service) { event in
                    for printer in printers { printer.print(event) }
                }
                for printer in printers { printer.print(summary) }
                let context = "\(layout) · \(options.perPage) per page\n\(script)\n\(FuzzSeeds.replay(seed))"
                if summary.stats.totalRequests < 1 { problems.append("no request\n\(context)") }
                if lines.all.count <= 10 { problems.append("\(lines.all.count) lines\n\(context)") }
                for line in lines.all where line.hasPrefix("{") && (try? JSONSerialization.jsonObject(with: Data(line.utf8))) == nil {
                    problems.append("not JSON: \(line)\n\(context)")
                }
            }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.prefix(3).joined(separator: "\n"))")
    }

    @Test("a photo 1 px wide and Int.max px tall is laid out within the clamp, and its numbers print whole")
    func tallestPhoto() throws {
        for layout in [Options.Layout.single, .waterfall] {
            var options = Options()
            options.layout = layout
            let tall = photo("tall", width: 1, height: Int.max)
            let service = ExtremePhotoService(pages: [PhotoPage(photos: [tall], page: 1, hasNextPage: false)])
            let events = Mutex<[TimelineEvent]>([])
            _ = try DemoSession.run(options, steps: try ScrollScript.parse("wait 1s\ntap 0\n"), service: service) { event in
                events.withLock { $0.append(event) }
            }
            let texts = events.withLock { $0 }.map(\.text.terminal)
            // A single column is 390 pt wide, a waterfall column 190 pt: five times that tall.
            let height = layout == .single ? 1950 : 950
            let geometry = texts.last { $0.hasPrefix("geometry: ") } ?? ""
            #expect(geometry.contains("the end is \(height - 600) pt below") || geometry.contains("the content (\(height) pt)"), "\(geometry)")
            #expect(texts.contains { $0.hasPrefix("photo 0 by Test Photographer (@tester) · 1 × 9223372036854775807 · ♥ 0") })
        }
    }

    @Test("the screen renderer draws frames and viewports no layout makes: huge, negative, infinite, NaN")
    func renderer() {
        let values = [0, 1, -1, 1e6, -1e6, 1e18, 9.3e18, -9.3e18, 1e300, -1e300, .infinity, -.infinity, .nan]
        for seed in FuzzSeeds.seeds(count: 150, salt: 0x5C4EE7, shard: 0, of: 1) {
            var random = FuzzRandom(seed: seed)
            let items = (0..<random.int(0...6)).map { index in
                ScreenScene.Item(
                    index: random.pick([0, 1, 25, Int.max]),
                    frame: Rect(x: random.pick(values), y: random.pick(values), width: random.pick(values), height: random.pick(values)),
                    color: random.chance(0.5) ? nil : RGBColor(red: 1, green: 2, blue: 3)
                )
            }
            let scene = ScreenScene(
                viewportWidth: random.pick([390] + values), viewportHeight: random.pick([600] + values),
                contentOffsetY: random.pick(values), contentHeight: random.pick(values), items: items,
                isRefreshing: random.chance(0.3), isLoadingMore: random.chance(0.3), isEmpty: random.chance(0.2),
                showsScrollToTop: random.chance(0.3), selectedIndex: random.chance(0.3) ? items.first?.index : nil
            )
            for usesColor in [false, true] {
                let lines = ScreenRenderer(usesColor: usesColor).render(scene, notes: [.text("a note")])
                #expect(lines.count >= 3 && lines.count <= ScreenRenderer.maxCells + 2, "\(FuzzSeeds.replay(seed))")
            }
        }
    }

    @Test("file sizes print in SI units, memory in MiB, for every size")
    func byteCounts() {
        #expect(ByteCount.file(1) == "1 byte")
        #expect(ByteCount.file(999) == "999 bytes")
        #expect(ByteCount.file(312_499) == "312 KB")
        #expect(ByteCount.file(1_250_000) == "1.3 MB")
        #expect(ByteCount.file(Int.max) == "9223372036854.8 MB")
        #expect(ByteCount.memory(0) == "0.0 MiB")
        #expect(ByteCount.memory(52_428) == "0.0 MiB")
        #expect(ByteCount.memory(52_429) == "0.1 MiB")
        #expect(ByteCount.memory(12 * 1_048_576) == "12.0 MiB")
        #expect(ByteCount.memory(12_000_000) == "11.4 MiB")
        #expect(ByteCount.memory(Int.max) == "8796093022208.0 MiB")
    }

    @Test("numbers, points and durations print for every value")
    func wording() {
        #expect(Narrator.points(9.3e18) == "9223372036854775807")
        #expect(Narrator.points(-1e300) == "-9223372036854775808")
        #expect(Narrator.points(.infinity) == "9223372036854775807")
        #expect(Narrator.points(.nan) == "-")
        #expect(Narrator.points(1262.6) == "1263")
        #expect(Narrator.grouped(Int.max) == "9,223,372,036,854,775,807")
        #expect(Narrator.grouped(Int.min) == "-9,223,372,036,854,775,808")
        #expect(Narrator.duration(.seconds(Int64.max)) == "2500000000000 h")
        #expect(Narrator.duration(UnsplashHTTPService.maxRateLimitWait) == "24 h")
        #expect(Narrator.duration(.milliseconds(3_599_700)) == "1 h")
        #expect(Narrator.duration(.milliseconds(3_540_000)) == "59 min")
        #expect(Narrator.duration(.seconds(90)) == "1 min 30s")
        #expect(Narrator.duration(.milliseconds(1_842)) == "1.842s")
        #expect(DemoSummary.milliseconds(.seconds(Int64.max)) == 9_000_000_000_000_000_000)
        #expect(DemoSummary.milliseconds(.seconds(Int64.min)) == -9_000_000_000_000_000_000)
    }

    // MARK: Helpers

    /// A random script: scrolls, flings, drags far, taps (some far past the photos), waits,
    /// memory warnings.
    static func script(_ random: inout FuzzRandom) -> String {
        (0..<random.int(3...14)).map { _ in
            switch random.int(0...9) {
            case 0: "wait \(random.int(0...3000))ms"
            case 1: "scroll to bottom"
            case 2: "scroll to top"
            case 3: "fling \(random.pick([-50_000, -3000, 3000, 8000, 50_000]))"
            case 4: "drag to \(random.pick([0, 600, 50_000, 1_000_000_000])) over \(random.int(1...800))ms"
            case 5: "pull to refresh"
            case 6: "tap \(random.pick([0, 1, 7, 29, 1_000_000, Int.max]))"
            case 7: "tap at \(random.int(0...390)) \(random.int(0...600))"
            case 8: "tap retry"
            default: "memory warning"
            }
        }.joined(separator: "\n")
    }
}

/// Pages of photos with extreme sizes and likes, chosen by a seed: some pages empty, some of
/// hundreds of photos, some repeating earlier ids, some failing with a rate limit of a day.
/// Answers at once.
private final class ExtremePhotoService: PhotoService {
    private let seed: UInt64
    private let fixed: [PhotoPage]?

    init(seed: UInt64) {
        self.seed = seed
        fixed = nil
    }

    /// Serves these pages, by number; past them an empty last page.
    init(pages: [PhotoPage]) {
        seed = 0
        fixed = pages
    }

    func photos(page: Int, perPage: Int) -> Single<PhotoPage> {
        if let fixed {
            return .just(fixed.first { $0.page == page } ?? PhotoPage(photos: [], page: page, hasNextPage: false))
        }
        var random = FuzzRandom(seed: seed &+ UInt64(truncatingIfNeeded: page) &* 0x9E37_79B9)
        switch random.int(0...9) {
        case 0:
            return .error(FeedError.rateLimited(resetAfter: random.pick([.zero, .seconds(1), UnsplashHTTPService.maxRateLimitWait])))
        case 1:
            return .error(FeedError.malformedResponse(path: "[0].width", problem: "expected Int"))
        default:
            let count = random.pick([0, 1, perPage, perPage, perPage, 300])
            let photos = (0..<count).map { index in
                var made = photo(
                    "p\(page)-\(random.chance(0.2) ? 0 : index)",
                    width: random.pick(DemoExtremesTests.sizes), height: random.pick(DemoExtremesTests.sizes)
                )
                made.likes = random.pick(DemoExtremesTests.likes)
                return made
            }
            return .just(PhotoPage(photos: photos, page: page, hasNextPage: random.chance(0.9), totalCount: random.pick([nil, 0, Int.max])))
        }
    }
}

/// Collects printed lines from any thread.
private final class Lines: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    var write: @Sendable (String) -> Void {
        { line in self.lines.withLock { $0.append(contentsOf: line.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) } }
    }
}

extension FuzzSeeds {
    /// How to replay `seed` of the demo's fuzz tests.
    static func replay(_ seed: UInt64) -> String {
        replay(seed, filter: "DemoExtremesTests")
    }
}
