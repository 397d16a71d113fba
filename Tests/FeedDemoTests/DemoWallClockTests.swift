import Dispatch
@testable import FeedDemo
import FeedStreams
import FeedTestSupport
import Foundation
import Synchronization
import Testing

/// feed-demo's tests that need real time: sessions on real timers (`--realtime`) and against the
/// loopback stub server (`--base-url`, scripts/unsplash_stub_server.py), here and in the nested
/// ``HostileServerDemoTests``. They are one suite so that they run as a step of their own, away
/// from the tests that keep the cores busy:
///
///     swift test --filter DemoWallClockTests
///
/// How fast a machine answers varies (under ThreadSanitizer, or beside the whole suite, by
/// seconds), so each asserts only what holds on any machine: what the session must do once
/// something has happened, never that it happened by a given time.
@Suite("feed-demo in wall-clock time")
struct DemoWallClockTests {
    // MARK: Real timers

    @Test("--realtime plays the same kind of session on a dispatch queue and returns when it is over")
    func realtime() throws {
        var options = Options()
        options.realtime = true
        options.latency = .milliseconds(200)
        options.scriptPath = "short"
        let (summary, events) = try session(options, script: "wait 50ms\nscroll to bottom\n")
        // Real timers: how far the pages get depends on the machine's speed, so only what holds
        // on any machine is checked. Page 1 was in flight when the script ended, and the session
        // waited for it; a request the feed started after that was not waited for.
        #expect(summary.stats.pagesLoaded >= 1)
        let startedAfter = summary.pending.filter { if case .request = $0 { true } else { false } }
        #expect(summary.stats.totalRequests == summary.stats.pagesLoaded + startedAfter.count)
        #expect(summary.sessionTime >= .milliseconds(200))
        #expect(events.contains { $0.kind == .finger && $0.text.terminal == "script finished" })
    }

    @Test("--realtime ends after the request in flight when the script ends, not after the back-off that follows")
    func realtimeBackoff() throws {
        var options = Options()
        options.realtime = true
        options.latency = .milliseconds(100)
        options.failPages = [1: 2]
        options.scriptPath = "short"
        let (summary, _) = try session(options, script: "wait 10ms\n")
        // Page 1 was in flight when the script ended and failed; its retry, a back-off later,
        // is what the session did not wait for.
        #expect(summary.stats.requests == [.firstLoad: 1])
        #expect(summary.stats.failures == 1)
        guard case .retry(let page, let after, .serverError(503))? = summary.pending.first else {
            Issue.record("pending: \(summary.pending)")
            return
        }
        #expect(page == 1)
        #expect(after > .zero && after <= .seconds(1))
        #expect(summary.pending.count == 1)
    }

    @Test("a session in wall-clock time draws its page as well, with its wall time")
    func realtimePage() throws {
        let script = FileManager.default.temporaryDirectory.appending(path: "feed-demo-realtime-\(UUID().uuidString).scroll").path
        try "wait 50ms\nscroll to bottom\n".write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let run = FeedDemoRun(["--realtime", "--latency", "100", "--script", script, "--html", "-"])
        #expect(run.status == 0, "\(run.errors)")
        let page = try #require(run.output.first)
        let table = try #require(page.firstMatch(of: /<table id="summary"[^>]* data-requests="([0-9]+)"/)?.output.1)
        #expect(page.matches(of: /<g class="[^"]*" data-request=/).count == Int(table), "one mark per request")
        #expect(page.contains("<th>wall time</th>") && page.contains("this session played in wall-clock time"))
    }

    // MARK: A server on loopback

    @Test("--base-url plays a script against the loopback stub server, in wall-clock time")
    func stubServer() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let arguments = ["--base-url", server.baseURL(images: "ok").absoluteString, "--script", ExampleScripts.path("last-page"), "--json"]
        let run = try #require(await runDemoOnItsOwnThread(arguments), "the demo did not end")
        #expect(run.status == 0)
        let objects = try run.output.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.first??["realtime"] as? Bool == true)
        #expect(objects.first??["deadline_ms"] as? Int == 30_000)
        #expect(objects.first??["latency_ms"] is NSNull, "the catalog's latency does not apply")
        let responses = objects.compactMap { $0 }.filter { $0["kind"] as? String == "response" }
        // Real time: how long each answer took, and so how many pages the script reached, varies.
        #expect((responses.first?["text"] as? String)?.hasPrefix("#1 page 1 (first load): 10 photos, more after it (after ") == true)
        let summary = try #require(objects.last ?? nil)
        #expect(summary["kind"] as? String == "summary")
        if scrolledToBottomAfterFirstPage(objects.compactMap { $0 }) {
            #expect((summary["pages_loaded"] as? Int ?? 0) >= 2, "responses: \(responses.map { $0["text"] ?? "" }), summary: \(summary)")
        }
        #expect(summary["failures"] as? Int == 0)
    }

    @Test("--base-url loads the images over HTTP; an image server that is slow or fails never stalls paging", arguments: ["ok", "slow", "503"])
    func stubServerImages(mode: String) async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let base = server.baseURL(images: mode).absoluteString
        // The images that answer at once (ok, 503) get 6 s more after the script, so that even a
        // loaded machine under ThreadSanitizer has their answers in before the session ends; the
        // slow ones (60 s) still answer after it.
        var script = try String(contentsOfFile: ExampleScripts.path("last-page"), encoding: .utf8)
        if mode != "slow" { script += "\nwait 6s\n" }
        let scriptFile = FileManager.default.temporaryDirectory.appending(path: "images-\(mode)-\(UUID().uuidString).scroll")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scriptFile) }
        let arguments = ["--base-url", base, "--script", scriptFile.path, "--json"]
        let run = try #require(await runDemoOnItsOwnThread(arguments), "the demo did not end")
        #expect(run.status == 0)
        let objects = try run.output.compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let summary = try #require(objects.last)
        let images = try #require(summary["images"] as? [String: Any])
        let responses = objects.filter { $0["kind"] as? String == "response" }.map { $0["text"] ?? "" }
        if scrolledToBottomAfterFirstPage(objects) {
            #expect((summary["pages_loaded"] as? Int ?? 0) >= 2, "paging went on: responses \(responses), summary \(summary)")
        }
        #expect(summary["failures"] as? Int == 0)
        #expect((images["loads_started"] as? Int ?? 0) > 0)
        let started = objects.filter { $0["event"] as? String == "load_started" }
        #expect(started.allSatisfy { $0["frame_y"] is Double && $0["offset"] is Double }, "each start has its geometry")
        switch mode {
        case "ok":
            #expect((images["loaded"] as? Int ?? 0) > 0 && images["failures"] as? Int == 0)
        case "slow":
            #expect(images["loaded"] as? Int == 0, "the slow images answer after the session")
        default:
            #expect(images["loaded"] as? Int == 0 && (images["failures"] as? Int ?? 0) > 0)
            #expect(objects.contains { $0["event"] as? String == "load_failed" && $0["error"] as? String == "HTTP 503" })
            #expect(objects.contains { $0["event"] as? String == "retry_scheduled" })
        }
    }

    @Test("--base-url with a wrong key reports the error in the timeline and still ends")
    func stubServerUnauthorized() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        // The script ends at once, while the first page is in flight (or after its answer, on a
        // fast machine): either way the session ends with that answer, so no gesture can race it.
        let script = FileManager.default.temporaryDirectory.appending(path: "feed-demo-401-\(UUID().uuidString).scroll").path
        try "wait 10ms\n".write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let arguments = ["--base-url", server.baseURL(images: "ok").absoluteString, "--script", script]
        let run = try #require(await runDemoOnItsOwnThread(arguments, accessKey: "wrong"), "the demo did not end")
        #expect(run.status == 0)
        // On a loaded machine the first answer can come after the script's pull to refresh, which
        // then supersedes it: the refresh's answer is the 401.
        #expect(run.output.contains {
            $0.contains("#1 page 1 (first load) failed: HTTP 401 (bad access key) (after ")
                || $0.contains("#2 page 1 (refresh) failed: HTTP 401 (bad access key) (after ")
        })
        // A rejected key fails the same way every time: no automatic retry, the footer offers one.
        #expect(run.output.contains { $0.hasSuffix("page 1 will not load by asking again by itself: the footer shows \"Couldn't load — tap to retry\"") })
        #expect(run.output.contains("  requests                 1  (first load 1)"))
        #expect(run.output.contains("  pending                  page 1 waits for a tap on retry (HTTP 401 (bad access key))"))
    }
}

/// Runs `feed-demo` in-process on a thread of its own (see `startThread`) and awaits it: a
/// session in wall-clock time blocks for its script. `nil` when it has not ended after `limit`
/// seconds, so that a demo that hangs fails its test instead of hanging the suite (its thread is
/// left behind).
func runDemoOnItsOwnThread(
    _ arguments: [String], accessKey: String = StubServer.accessKey, terminal: Bool = false, limit: Int = 60
) async -> DemoRun? {
    let waiting = Mutex<CheckedContinuation<DemoRun?, Never>?>(nil)
    return await withCheckedContinuation { continuation in
        waiting.withLock { $0 = continuation }
        startThread {
            let run = runDemo(arguments, environment: ["UNSPLASH_ACCESS_KEY": accessKey], terminal: terminal)
            waiting.withLock { $0.take() }?.resume(returning: run)
        }
        // A guard against hanging, not a clock the test reads.
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(limit)) {
            waiting.withLock { $0.take() }?.resume(returning: nil)
        }
    }
}

/// Whether, in a `--json` timeline, the finger scrolled to the bottom after page 1 had arrived.
/// Then the feed must have asked for page 2 before the script ended, and the session waits for
/// the request in flight at its end, so page 2 is in the summary. Whether it did is a matter of
/// how fast a loaded machine answers, not of the feed (in CI, with the whole suite beside it,
/// page 1 once came after `last-page.scroll`'s scrolls at 2.5 s and 4 s); what the feed must do
/// once it did is not. (A script that scrolled once a second for twelve seconds made sure of it,
/// but its image traffic slowed the rest of the suite's loopback requests past their deadlines.)
private func scrolledToBottomAfterFirstPage(_ objects: [[String: Any]]) -> Bool {
    guard let arrived = objects.first(where: { $0["kind"] as? String == "response" })?["t_ms"] as? Int else {
        return false
    }
    return objects.contains {
        $0["kind"] as? String == "finger" && $0["action"] as? String == "scroll_to_bottom" && ($0["t_ms"] as? Int ?? 0) > arrived
    }
}
