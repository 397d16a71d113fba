import FeedStreams
@testable import feed_demo
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

/// Collects the events of a session.
private final class Events: Sendable {
    private let events = Mutex<[TimelineEvent]>([])

    var all: [TimelineEvent] {
        events.withLock { $0 }
    }

    func append(_ event: TimelineEvent) {
        events.withLock { $0.append(event) }
    }
}

/// The package's root directory, three levels above this file.
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func example(_ name: String) -> String {
    packageRoot.appending(path: "Examples/scripts/\(name).scroll").path
}

/// Runs `feed-demo` in-process.
private func runDemo(
    _ arguments: [String],
    environment: [String: String] = [:],
    terminal: Bool = false
) -> (status: Int32, output: [String], errors: [String]) {
    let output = Lines()
    let errors = Lines()
    let status = FeedDemo.main(
        arguments: arguments,
        environment: environment,
        outputIsTerminal: terminal,
        output: output.write,
        errors: errors.write
    )
    return (status, output.all, errors.all)
}

/// Runs a session and returns its summary (wall time zeroed) and events.
private func session(_ options: Options, script: String) throws -> (DemoSummary, [TimelineEvent]) {
    let events = Events()
    var summary = try DemoSession.run(options, steps: try ScrollScript.parse(script)) { events.append($0) }
    summary.wallTime = .zero
    return (summary, events.all)
}

@Suite("feed-demo runs")
struct DemoRunTests {
    // MARK: The built-in tour

    @Test("the built-in tour plays every scenario, with exactly these numbers")
    func tourSummary() throws {
        let (summary, _) = try session(Options(), script: DemoSession.tourScript)
        #expect(summary == DemoSummary(
            requests: 12,
            pagesLoaded: 10,
            photosShown: 62,
            duplicatesDropped: 5,
            failures: 1,
            retries: 1,
            triggersIgnoredWhileLoading: 3,
            staleResponsesDropped: 0,
            cancelledRequests: 1,
            geometryEvents: 405,
            bottomTriggers: 14,
            reachedLastPage: true,
            sessionTime: .milliseconds(24_228)
        ))
    }

    @Test("the tour's timeline shows the refresh race, the failure and its retry, the last page and the tap")
    func tourTimeline() throws {
        let (_, events) = try session(Options(), script: DemoSession.tourScript)
        let lines = events.map { "\(TimelinePrinter.clock($0.time)) \($0.kind.rawValue) \($0.text)" }
        let expected = [
            "  7.700s request #5 page 1 (refresh) · supersedes #4",
            "  7.700s response page 4 cancelled before it arrived",
            " 14.538s feed ignored the trigger: #9 page 5 (next page) is still loading",
            " 17.636s error Unsplash is having trouble (error 503). Try again later. — the next trigger asks for page 6 again",
            " 18.752s request #11 page 6 (next page) · a retry",
            " 21.520s feed that was the last page: no more requests until a refresh",
            " 24.228s detail photo 3 by Ayesha Romero (@ayesharomerophoto) · 4032 × 3024 · ♥ 838 · #b3c5e3",
        ]
        for line in expected {
            #expect(lines.contains(line), "missing: \(line)")
        }
        #expect(lines.contains { $0.hasSuffix("dropped 1 duplicate (already on screen)") })
        let moments = events.filter { $0.kind == .screen }.map(\.text)
        #expect(moments == ["after the first page", "after the refresh", "after the fling", "photo 3 tapped"])
    }

    @Test("the built-in tour is Examples/scripts/tour.scroll, and every example script parses")
    func examples() throws {
        let tour = try String(contentsOfFile: example("tour"), encoding: .utf8)
        #expect(tour.trimmingCharacters(in: .newlines) == DemoSession.tourScript)
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appending(path: "Examples/scripts").path)
        #expect(names.filter { $0.hasSuffix(".scroll") }.count == 8)
        for name in names where name.hasSuffix(".scroll") {
            let text = try String(contentsOfFile: packageRoot.appending(path: "Examples/scripts/\(name)").path, encoding: .utf8)
            #expect(throws: Never.self) { try ScrollScript.parse(text, fileName: name) }
        }
    }

    // MARK: The example scripts

    /// The options an example's header comment runs it with (`swift run feed-demo …`).
    private func headerOptions(_ name: String) throws -> Options {
        let text = try String(contentsOfFile: example(name), encoding: .utf8)
        let command = try #require(text.split(separator: "\n").first { $0.contains("swift run feed-demo") })
        let arguments = command.split(separator: " ").drop { $0 != "feed-demo" }.dropFirst().map { word in
            word.hasPrefix("Examples/") ? packageRoot.appending(path: String(word)).path : String(word)
        }
        guard case .run(let options) = try Options.parse(arguments, environment: [:]) else {
            throw OptionsError("\(name): the header asks for help")
        }
        return options
    }

    private func exampleSummary(_ name: String) throws -> (DemoSummary, [TimelineEvent]) {
        let options = try headerOptions(name)
        return try session(options, script: try String(contentsOfFile: try #require(options.scriptPath), encoding: .utf8))
    }

    @Test("fling-while-loading: three approaches during one load are ignored")
    func flingWhileLoading() throws {
        let (summary, _) = try exampleSummary("fling-while-loading")
        #expect(summary.triggersIgnoredWhileLoading == 4)  // The empty screen's, then three flings.
        #expect(summary.requests == 4)
    }

    @Test("refresh-race: the refresh cancels the load-more, and the list is replaced")
    func refreshRace() throws {
        let (summary, events) = try exampleSummary("refresh-race")
        #expect(summary.cancelledRequests == 1)
        #expect(summary.staleResponsesDropped == 0)
        #expect(summary.photosShown == 20)
        #expect(events.contains { $0.kind == .request && $0.text == "#4 page 1 (refresh) · supersedes #3" })
    }

    @Test("failure-and-retry: page 3 fails once and the next approach gets it")
    func failureAndRetry() throws {
        let (summary, _) = try exampleSummary("failure-and-retry")
        #expect((summary.failures, summary.retries, summary.pagesLoaded, summary.photosShown) == (1, 1, 3, 30))
    }

    @Test("live-duplicates: later pages repeat photos, which are dropped and counted")
    func liveDuplicates() throws {
        let (summary, _) = try exampleSummary("live-duplicates")
        #expect(summary.duplicatesDropped == 4)
    }

    @Test("last-page: 25 photos are three pages, and then nothing more is asked for")
    func lastPage() throws {
        let (summary, events) = try exampleSummary("last-page")
        #expect(summary.reachedLastPage)
        #expect((summary.requests, summary.photosShown) == (3, 25))
        #expect(events.contains { $0.text.hasSuffix("the last page is in: nothing to load") })
    }

    @Test("tap-detail: taps on photos on screen open their detail; the others miss")
    func tapDetail() throws {
        let (_, events) = try exampleSummary("tap-detail")
        #expect(events.filter { $0.kind == .detail }.count == 2)
        #expect(events.filter { $0.kind == .finger && $0.text.contains("hit no photo") }.count == 2)
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
        #expect(run.output.first == "feed-demo · the built-in tour (29 steps) · virtual time")
        #expect(run.output.contains("  triggers ignored while loading  3"))
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
        #expect(kinds == ["session", "stream", "request", "response", "feed", "finger", "screen", "summary"])
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
        #expect(run.errors == [#"feed-demo: cannot read the script "/nonexistent/feed-demo.scroll""#])
    }

    // MARK: Other clocks and services

    @Test("--realtime plays the same kind of session on a dispatch queue and returns when it is over")
    func realtime() throws {
        var options = Options()
        options.realtime = true
        options.latency = .milliseconds(200)
        options.scriptPath = "short"
        let (summary, events) = try session(options, script: "wait 50ms\nscroll to bottom\n")
        // Real timers: which triggers the throttle lets through depends on the machine's speed,
        // so only what holds on any machine is checked.
        #expect(summary.pagesLoaded >= 1)
        #expect(summary.requests == summary.pagesLoaded)
        #expect(summary.sessionTime >= .milliseconds(200))
        #expect(events.contains { $0.kind == .finger && $0.text == "script finished" })
    }

    @Test("--base-url plays a script against the loopback stub server, in wall-clock time")
    func stubServer() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let arguments = ["--base-url", server.baseURL().absoluteString, "--script", example("last-page"), "--json"]
        let run = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: runDemo(arguments, environment: ["UNSPLASH_ACCESS_KEY": StubServer.accessKey]))
            }
        }
        #expect(run.status == 0)
        let objects = try run.output.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.first??["realtime"] as? Bool == true)
        #expect(objects.first??["deadline_ms"] as? Int == 30_000)
        #expect(objects.first??["latency_ms"] is NSNull, "the catalog's latency does not apply")
        let responses = objects.compactMap { $0 }.filter { $0["kind"] as? String == "response" }
        // Real time: how long each answer took, and so how many pages the script reached, varies.
        #expect((responses.first?["text"] as? String)?.hasPrefix("page 1: 10 photos, more after it (after ") == true)
        let summary = try #require(objects.last ?? nil)
        #expect(summary["kind"] as? String == "summary")
        #expect((summary["pages_loaded"] as? Int ?? 0) >= 2)
        #expect(summary["failures"] as? Int == 0)
    }

    @Test("--base-url with a wrong key reports the error in the timeline and still ends")
    func stubServerUnauthorized() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let arguments = ["--base-url", server.baseURL().absoluteString, "--script", example("empty-feed")]
        let run = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: runDemo(arguments, environment: ["UNSPLASH_ACCESS_KEY": "wrong"]))
            }
        }
        #expect(run.status == 0)
        #expect(run.output.contains { $0.contains("page 1 failed: HTTP 401 (bad access key)") })
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
