@testable import FeedDemo
import FeedStreams
import Foundation
import Synchronization
import Testing

/// Collects what a run prints, from whichever thread prints it.
private final class Lines: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] {
        lines.withLock { $0 }
    }

    var write: @Sendable (String) -> Void {
        { line in self.lines.withLock { $0.append(contentsOf: line.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) } }
    }
}

private let packageRoot = ExampleScripts.packageRoot

private func example(_ name: String) -> String {
    ExampleScripts.path(name)
}

@Suite("feed-demo runs")
struct DemoRunTests {
    // MARK: The built-in tour

    @Test("the built-in tour plays every scenario, with exactly these numbers")
    func tourSummary() throws {
        let (summary, _) = try session(Options(), script: DemoSession.tourScript)
        var stats = FeedCounts()
        stats.requests = [.firstLoad: 1, .refresh: 1, .prefill: 2, .scroll: 7, .retry: 4, .gesture: 1]
        stats.pagesLoaded = 10
        stats.failures = 5
        stats.duplicatesDropped = 9
        stats.triggersIgnored = [.loading: 2, .lastPage: 1]
        stats.cancelled = 1
        #expect(summary == DemoSummary(
            stats: stats,
            photosShown: 62,
            reachedLastPage: true,
            geometryEvents: 428,
            sessionTime: .milliseconds(37_084),
            images: summary.images
        ))
        // The images' counts, exactly: the loads of the fling up cancelled, the way back from the
        // cache, the cache at its budget and never over it.
        let images = try #require(summary.images)
        #expect(images.budget == 12 * 1_048_576)
        #expect(images.stats.peakBytes <= images.budget)
        let counted = images.stats
        let counts: [Int] = [
            counted.loadsStarted, counted.loaded, counted.cancelledLeft, counted.cancelledPreempted,
            counted.kept, counted.deduplicated, counted.cacheHits, counted.evicted, counted.failures,
        ]
        #expect(counts == [147, 83, 35, 23, 33, 0, 167, 64, 0])
    }

    @Test("the tour's timeline shows prefill, the refresh race, the back-off, the tap to retry, the last page and the tap")
    func tourTimeline() throws {
        let (_, events) = try session(Options(), script: DemoSession.tourScript)
        let lines = events.map { "\(TimelinePrinter.clock($0.time)) \($0.kind.rawValue) \($0.text.terminal)" }
        let expected = [
            "  1.000s request #2 page 2 (prefill) · the content (848 pt) does not fill the screen and the prefetch distance",
            "  7.700s response #4 page 4 (scroll) cancelled before it arrived: a refresh supersedes it",
            "  7.700s request #5 page 1 (refresh)",
            " 16.146s feed ignored: #9 page 5 (scroll) is still loading (not queued)",
            " 19.244s error Unsplash is having trouble (error 503). Try again later.",
            " 19.244s feed back-off: page 6 again in 928ms (retry 1 of 3) · the footer shows \"retrying\"",
            " 20.173s request #11 page 6 (retry) · the back-off is over",
            " 27.295s feed back-off: page 7 again in 3.586s (retry 3 of 3) · the footer shows \"retrying\"",
            " 31.882s feed page 7 failed 4 times in a row: the footer shows \"Couldn't load — tap to retry\"",
            " 33.684s request #16 page 7 (gesture) · asked again after the retries ran out",
            " 34.684s feed that was the last page: no more requests until a refresh",
            " 35.676s feed ignored: the last page is in, nothing to load",
            " 37.084s detail photo 3 by Ayesha Romero (@ayesharomerophoto) · 4032 × 3024 · ♥ 838 · #b3c5e3",
        ]
        for line in expected {
            #expect(lines.contains(line), "missing: \(line)")
        }
        #expect(lines.contains { $0.hasSuffix("dropped 1 duplicate (already on screen)") })
        let moments = events.filter { $0.kind == .screen }.map(\.text.terminal)
        #expect(moments == ["after the first page", "after the refresh", "after the fling", "the retries ran out", "photo 3 tapped"])
    }

    @Test("the built-in tour plays as Examples/scripts/tour.scroll does with the tour's flags")
    func tourIsTheExample() throws {
        // The first line names the script; the summary's wall time is the machine's.
        func played(_ arguments: [String]) -> [String] {
            let run = runDemo(arguments + ["--json"])
            #expect(run.status == 0, "\(run.errors)")
            return run.output.dropFirst().map { $0.replacing(/"wall_ms":[0-9]+/, with: "") }
        }
        let builtIn = played([])
        #expect(builtIn.count > 100)
        #expect(builtIn == played(["--script", example("tour"), "--fail", "6,7x4", "--live"]))
    }

    @Test("every example script parses")
    func examples() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appending(path: "Examples/scripts").path)
        #expect(names.filter { $0.hasSuffix(".scroll") }.count == 11)
        for name in names where name.hasSuffix(".scroll") {
            let text = try String(contentsOfFile: packageRoot.appending(path: "Examples/scripts/\(name)").path, encoding: .utf8)
            #expect(throws: Never.self) { try ScrollScript.parse(text, fileName: name) }
        }
    }

    // MARK: Images

    @Test("grid, 30 per page, fast flings, --json: every image load starts for a cell on screen or in the prefetch window ahead, and the cache stays within its budget")
    func imageFlings() throws {
        let result = runDemo(["--script", example("image-flings"), "--layout", "grid", "--per-page", "30", "--json"])
        #expect(result.status == 0, "\(result.errors)")
        let objects = result.output.filter { !$0.isEmpty }.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let session = try #require(objects.first { $0["kind"] as? String == "session" })
        let rules = try #require(session["images"] as? [String: Any])
        let prefetch = try #require(rules["prefetch_distance"] as? Double)
        let budget = try #require(rules["budget_bytes"] as? Int)
        let decisions = objects.filter { $0["kind"] as? String == "image" && $0["event"] != nil && $0["event"] as? String != "images" }
        let starts = decisions.filter { $0["event"] as? String == "load_started" }
        #expect(starts.count > 50, "flings start many loads: \(starts.count)")
        for start in starts {
            let (offset, viewport) = (start["offset"] as! Double, start["viewport"] as! Double)
            let (top, height) = (start["frame_y"] as! Double, start["frame_height"] as! Double)
            let onScreen = top + height > offset && top < offset + viewport
            let ahead = (start["direction"] as! String) == "down"
                ? top + height > offset + viewport && top < offset + viewport + prefetch
                : top < offset && top + height > offset - prefetch
            let standing = start["standing"] as! String
            #expect(standing == "visible" ? onScreen : (ahead && !onScreen), "load \(start["load"]!) started outside the wanted set: \(start)")
        }
        let cancelled = decisions.filter { $0["event"] as? String == "load_cancelled" && $0["reason"] as? String == "left" }
        #expect(cancelled.count > 20, "flings cancel the loads of cells they pass: \(cancelled.count)")
        #expect(decisions.allSatisfy { ($0["cache_bytes"] as? Int ?? 0) <= budget })
        let summary = try #require(objects.last)
        let images = try #require(summary["images"] as? [String: Any])
        #expect((images["peak_bytes"] as! Int) <= budget)
        #expect((images["cache_hits"] as! Int) > 0)
    }

    @Test("the tour's images: a fling whose loads are cancelled, the way back from the cache, and the counts in the summary")
    func tourImages() throws {
        let (summary, events) = try session(Options(), script: DemoSession.tourScript)
        let images = try #require(summary.images)
        #expect(images.stats.loaded > 30 && images.stats.cancelledLeft > 10 && images.stats.cacheHits > 20)
        #expect(images.stats.peakBytes <= images.budget && images.bytesHeld <= images.budget)
        let lines = events.filter { $0.kind == .image && !$0.isQuiet }.map(\.text.terminal)
        #expect(lines.first == "cells show their photo's colour at once, then its BlurHash where it has one (decoded here, no I/O), then the image")
        // The fling up past the pages let go, and the drag straight back, each on a line.
        let fling = try #require(lines.firstIndex { $0.hasPrefix("during the fling: ") && $0.contains("cancelled before arriving") })
        #expect(lines[fling + 1].hasPrefix("during the drag: ") && lines[fling + 1].contains("came on screen from the cache"))
        let rows = summary.rows().map { "\($0.0) \($0.1.terminal)" }
        for label in ["images loaded", "images cancelled", "images deduplicated", "image cache hits", "image cache"] {
            #expect(rows.contains { $0.hasPrefix(label + " ") }, "the summary names \(label)")
        }
    }

    // MARK: The example scripts

    /// The options an example's header comment runs it with (`swift run feed-demo …`).
    private func headerOptions(_ name: String) throws -> Options {
        guard case .run(let options) = try Options.parse(try ExampleScripts.arguments(name), environment: [:]) else {
            throw OptionsError("\(name): the header asks for help")
        }
        return options
    }

    private func exampleSummary(_ name: String) throws -> (DemoSummary, [TimelineEvent]) {
        let options = try headerOptions(name)
        return try session(options, script: try String(contentsOfFile: try #require(options.scriptPath), encoding: .utf8))
    }

    @Test("fling-while-loading: coming back near the end three times during one load is ignored, not queued")
    func flingWhileLoading() throws {
        let (summary, _) = try exampleSummary("fling-while-loading")
        #expect(summary.stats.triggersIgnored == [.loading: 3])
        #expect(summary.stats.requests == [.firstLoad: 1, .prefill: 1, .scroll: 3])
    }

    @Test("refresh-race: the refresh cancels the load-more, and the list is replaced")
    func refreshRace() throws {
        let (summary, events) = try exampleSummary("refresh-race")
        #expect(summary.stats.cancelled == 1)
        #expect(summary.stats.staleResponsesDropped == 0)
        #expect(summary.photosShown == 20)
        #expect(events.contains { $0.kind == .response && $0.text.terminal == "#3 page 3 (scroll) cancelled before it arrived: a refresh supersedes it" })
        #expect(events.contains { $0.kind == .request && $0.text.terminal == "#4 page 1 (refresh)" })
    }

    @Test("failure-and-retry: page 3 fails once, the back-off retries it by itself, and coming back meanwhile is ignored")
    func failureAndRetry() throws {
        let (summary, events) = try exampleSummary("failure-and-retry")
        #expect((summary.stats.failures, summary.retries, summary.stats.pagesLoaded, summary.photosShown) == (1, 1, 3, 30))
        #expect(summary.stats.triggersIgnored == [.backoff: 1])
        #expect(events.contains { $0.kind == .request && $0.text.terminal == "#4 page 3 (retry) · the back-off is over" })
    }

    @Test("grid-sit: one photo per page in a grid fills the screen and the prefetch distance, then waits for the user")
    func gridSit() throws {
        let (summary, events) = try exampleSummary("grid-sit")
        // Sitting still: 13 photos, 7 rows of 194 pt, reach 790 pt below a 600 pt screen.
        let beforeTheDrag = events.filter { $0.kind == .request && $0.time < .seconds(20) }
        #expect(beforeTheDrag.count == 13)
        #expect(events.contains { $0.kind == .stream && $0.time == .seconds(13) && $0.text.terminal == "geometry: the end is 790 pt below the screen: enough" })
        #expect(summary.stats.requests == [.firstLoad: 1, .prefill: 12, .scroll: 4])
        #expect(summary.photosShown == 17)
    }

    @Test("live-duplicates: later pages repeat photos, which are dropped and counted")
    func liveDuplicates() throws {
        let (summary, _) = try exampleSummary("live-duplicates")
        #expect(summary.stats.duplicatesDropped == 4)
    }

    @Test("last-page: 25 photos are three pages, and then nothing more is asked for")
    func lastPage() throws {
        let (summary, events) = try exampleSummary("last-page")
        #expect(summary.reachedLastPage)
        #expect((summary.stats.totalRequests, summary.photosShown) == (3, 25))
        #expect(events.contains { $0.text.terminal == "ignored: the last page is in, nothing to load" })
    }

    @Test("tap-detail: taps on photos on screen open their detail; the others miss")
    func tapDetail() throws {
        let (_, events) = try exampleSummary("tap-detail")
        #expect(events.filter { $0.kind == .detail }.count == 2)
        #expect(events.filter { $0.kind == .finger && $0.text.terminal.contains("hit no photo") }.count == 2)
    }

    @Test("memory-warning: the warning at 6 s empties the cache, says what it let go in MiB, and loads the images on screen again first")
    func memoryWarning() throws {
        let (summary, events) = try exampleSummary("memory-warning")
        let atWarning = events.filter { $0.time == .seconds(6) && !$0.isQuiet }.map { "\($0.kind) \($0.text.terminal)" }
        #expect(atWarning == [
            "stream memoryWarnings: the system warns that memory is low",
            "image memory warning: the image cache let go of all 20 images, 10.2 MiB → 0.0 MiB of 12.0 MiB; the cells on screen keep theirs, and 6 loads started to cache them again",
        ])
        let reloads = events.filter { $0.time == .seconds(6) && $0.fields.contains { $0 == ("event", .string("load_started")) } }
        #expect(reloads.count == 6 && reloads.allSatisfy { $0.fields.contains { $0 == ("standing", .string("visible")) } })
        let decision = try #require(events.first { $0.isQuiet && $0.fields.contains { $0 == ("event", .string("memory_warning")) } })
        #expect(decision.time == .seconds(6))
        #expect(decision.fields.filter { ["images_dropped", "bytes_dropped", "cache_bytes"].contains($0.0) }.map { $0.1 }
            == [.int(20), .int(10_685_600), .int(0)])
        let images = try #require(summary.images)
        #expect(images.stats.memoryWarnings == 1)
        #expect(summary.rows().contains { $0.0 == "memory warnings" && $0.1.terminal == "1  (each emptied the image cache)" })
        #expect(summary.rows().contains { $0.0 == "image cache" && $0.1.terminal == "11.8 MiB held of 12.0 MiB · peak 11.8 MiB · 0 let go, 0 not kept" })
    }

    @Test("empty-feed: an empty first page shows No photos")
    func emptyFeed() throws {
        let (summary, events) = try exampleSummary("empty-feed")
        #expect(summary.photosShown == 0)
        #expect(events.contains { $0.scene?.isEmpty == true })
    }

    // MARK: The command

    @Test("with no flags it plays the tour, prints the timeline, pictures and summary, and exits 0")
    func defaultCommand() {
        let run = runDemo([])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(run.output.first == "feed-demo · the built-in tour (32 steps) · virtual time")
        #expect(run.output.contains("  triggers ignored         3  (loading 2 · last page 1)"))
        #expect(run.output.contains("  image cache hits         167  (on screen from memory, no request)"))
        #expect(run.output.contains { $0.hasPrefix("          ╭─────────────── Photos ────────────────╮") })
        #expect(!run.output.joined().contains("\u{1B}"))
    }

    @Test("colour only on a terminal without NO_COLOR")
    func color() {
        #expect(runDemo(["--script", example("last-page")], terminal: true).output.joined().contains("\u{1B}[48;2;"))
        #expect(!runDemo(["--script", example("last-page")], environment: ["NO_COLOR": "1"], terminal: true)
            .output.joined().contains("\u{1B}"))
        #expect(!runDemo(["--script", example("last-page"), "--no-color"], terminal: true).output.joined().contains("\u{1B}"))
    }

    @Test("--json prints one JSON object per line, each with a time and a kind")
    func json() throws {
        let run = runDemo(["--script", example("refresh-race"), "--json"])
        #expect(run.status == 0)
        #expect(run.output.count > 20)
        var kinds: Set<String> = []
        for line in run.output {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let fields = try #require(object, "not a JSON object: \(line)")
            #expect(fields["t_ms"] is Int)
            kinds.insert(try #require(fields["kind"] as? String))
        }
        #expect(kinds == ["session", "stream", "request", "response", "feed", "finger", "screen", "image", "summary"])
        let summary = try JSONSerialization.jsonObject(with: Data(try #require(run.output.last).utf8)) as? [String: Any]
        #expect(summary?["cancelled_requests"] as? Int == 1)
    }

    @Test("--help prints the usage and exits 0")
    func help() {
        let run = runDemo(["--help"])
        #expect(run.status == 0)
        #expect(run.output.first == "usage: feed-demo [options]")
    }

    @Test("a bad flag prints what was wrong and the usage on standard error, and exits 2")
    func badFlag() {
        let run = runDemo(["--per-page", "0"])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.first == #"feed-demo: --per-page expects a whole number from 1 to 30, got "0""#)
        #expect(run.errors.contains("usage: feed-demo [options]"))
    }

    @Test("a bad script line is reported as FILE:LINE with the line and a caret, and exits 2")
    func badScript() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "feed-demo-bad-\(UUID().uuidString).scroll").path
        try "wait 1s\n# fine so far\nfling fast\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = runDemo(["--script", path])
        #expect(run.status == 2)
        #expect(run.errors == [
            "\(path):3: expected a velocity in points per second, such as 3000, got \"fast\"",
            "    fling fast",
            "          ^",
        ])
    }

    @Test("a script that cannot be read exits 2")
    func missingScript() {
        let run = runDemo(["--script", "/nonexistent/feed-demo.scroll"])
        #expect(run.status == 2)
        #expect(run.errors == [#"feed-demo: cannot read the script "/nonexistent/feed-demo.scroll": no such file"#])
    }

    // MARK: The printer

    @Test("a text line is the time, the lane and the text; JSON escapes what it must")
    func printerLines() throws {
        let printer = TimelinePrinter(format: .text, usesColor: false, write: { _ in })
        let event = TimelineEvent(
            time: .milliseconds(12_345), kind: .request, text: "#3 page 3 (next page)",
            fields: [("page", .int(3)), ("note", .string("a \"quoted\"\nline\u{1}")), ("ok", .bool(true)), ("none", .null)]
        )
        #expect(printer.textLine(for: event) == " 12.345s  request →  #3 page 3 (next page)")
        #expect(TimelinePrinter.clock(.milliseconds(7)) == "  0.007s")
        let json = printer.jsonLine(for: event)
        #expect(json == ##"{"t_ms":12345,"kind":"request","text":"#3 page 3 (next page)","page":3,"note":"a \"quoted\"\nline\u0001","ok":true,"none":null}"##)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(decoded?["note"] as? String == "a \"quoted\"\nline\u{1}")
        let colored = TimelinePrinter(format: .text, usesColor: true, write: { _ in })
        #expect(colored.textLine(for: event) == " 12.345s  \u{1B}[33mrequest →\u{1B}[0m  #3 page 3 (next page)")
    }

    @Test("waits are left out of the text timeline but kept in JSON")
    func quietEvents() {
        let lines = Lines()
        let wait = TimelineEvent(time: .zero, kind: .finger, text: "wait 1s", isQuiet: true)
        TimelinePrinter(format: .text, usesColor: false, write: lines.write).print(wait)
        #expect(lines.all.isEmpty)
        TimelinePrinter(format: .json, usesColor: false, write: lines.write).print(wait)
        #expect(lines.all == [#"{"t_ms":0,"kind":"finger","text":"wait 1s"}"#])
    }
}
