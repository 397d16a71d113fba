@testable import FeedDemo
import FeedStreams
import FeedTestSupport
import Foundation
import Testing

/// The page of `feed-demo --html -` with these arguments.
private func page(_ arguments: [String]) throws -> String {
    let run = FeedDemoRun(arguments + ["--html", "-"])
    guard run.status == 0, run.output.count == 1, let page = run.output.first else {
        throw OptionsError("feed-demo \(arguments.joined(separator: " ")) --html - exited \(run.status): \(run.errors)")
    }
    return page
}

/// The values of an attribute, in the order they appear.
private func values(_ attribute: String, in page: String) -> [String] {
    page.matches(of: try! Regex("\(attribute)=\"([^\"]*)\"")).compactMap { $0.output[1].substring.map(String.init) }
}

/// How many times each value of an attribute appears.
private func tally(_ attribute: String, in page: String) -> [String: Int] {
    values(attribute, in: page).reduce(into: [:]) { $0[$1, default: 0] += 1 }
}

/// The non-zero counts of a `--json` summary's breakdown.
private func nonZero(_ object: Any?) -> [String: Int] {
    ((object as? [String: Int]) ?? [:]).filter { $0.value > 0 }
}

/// The lanes' marks with their attributes, one dictionary per `<g>` with a `data-…` of `kind`.
private func marks(_ kind: String, in page: String) -> [[String: String]] {
    page.matches(of: try! Regex("<g class=\"[^\"]*\" data-\(kind)=[^>]*>")).map { match in
        var attributes: [String: String] = [:]
        for pair in String(match.output[0].substring ?? "").matches(of: /([a-z-]+)="([^"]*)"/) {
            attributes[String(pair.output.1)] = String(pair.output.2)
        }
        return attributes
    }
}

@Suite("feed-demo --html: the session as one page")
struct SessionPageTests {
    /// The built-in tour (no flags) and every example script with its header's flags.
    static let sessions: [String] = ["the built-in tour"] + ExampleScripts.names

    private static func arguments(_ session: String) throws -> [String] {
        // Without the header's `--json` (image-flings asks for it): each test adds its own output.
        session == "the built-in tour" ? [] : try ExampleScripts.arguments(session).filter { $0 != "--json" }
    }

    @Test("the page's request spans, failures, ignored triggers and photo counts equal the --json summary of the same run",
          arguments: sessions)
    func countsEqualTheSummary(session: String) throws {
        let arguments = try Self.arguments(session)
        let json = FeedDemoRun(arguments + ["--json"])
        let summary = try json.jsonSummary()
        let page = try page(arguments)

        let requests = marks("request", in: page)
        #expect(requests.count == summary["requests"] as? Int)
        #expect(tally("data-reason", in: page) == nonZero(summary["requests_by_reason"]))
        #expect(requests.map { Int($0["data-request"] ?? "") } == requests.indices.map { $0 + 1 }, "one span per request, in order")
        #expect(requests.filter { $0["data-outcome"] == "failed" }.count == summary["failures"] as? Int)
        #expect(requests.filter { $0["data-outcome"] == "cancelled" }.count == summary["cancelled_requests"] as? Int)
        #expect(requests.filter { $0["data-outcome"] == "page" }.count == summary["pages_loaded"] as? Int)
        #expect(requests.filter { $0["data-stale"] != nil }.count == summary["stale_responses_dropped"] as? Int)
        #expect(marks("ignored", in: page).reduce(into: [:]) { $0[$1["data-ignored"] ?? "", default: 0] += 1 }
                == nonZero(summary["triggers_ignored"]))

        let pages = marks("page-change", in: page)
        #expect(pages.count == summary["pages_loaded"] as? Int)
        #expect(pages.reduce(0) { $0 + (Int($1["data-duplicates"] ?? "") ?? 0) } == summary["duplicates_dropped"] as? Int)
        #expect(values("data-photos-shown", in: page) == ["\(summary["photos_shown"] as? Int ?? -1)"])
        #expect(pages.last.map { $0["data-photos"] } == (summary["photos_shown"] as? Int).map { "\($0)" } ?? nil
                || summary["pages_loaded"] as? Int == 0)

        // The images lane: a tick per load cancelled and per load failed, as many as --json counts.
        let images = try #require(summary["images"] as? [String: Any])
        let ticks = values("data-image", in: page)
        #expect(ticks.filter { $0 != "failed" }.count == images["cancelled"] as? Int)
        #expect(ticks.filter { $0 == "left" }.count == images["cancelled_left"] as? Int)
        #expect(ticks.filter { $0 == "preempted" }.count == images["cancelled_preempted"] as? Int)
        #expect(ticks.filter { $0 == "failed" }.count == images["failures"] as? Int)
        #expect(marks("memory-warning", in: page).count == images["memory_warnings"] as? Int, "a line for each memory warning")

        let screens = json.output.filter { $0.contains(#""kind":"screen""#) }.count
        #expect(values("id", in: page).filter { $0.hasPrefix("moment-") }.count == screens, "a picture for each the text draws")
        #expect(values("data-moment", in: page).count == screens, "and a badge on the lanes for each")

        // The summary table says the same, for the browser check to read.
        let table = try #require(page.firstMatch(of: /<table id="summary"([^>]*)>/)?.output.1)
        let ignored = nonZero(summary["triggers_ignored"]).values.reduce(0, +)
        for (name, expected) in [
            ("requests", summary["requests"]), ("failures", summary["failures"]), ("cancelled", summary["cancelled_requests"]),
            ("stale", summary["stale_responses_dropped"]), ("ignored", ignored), ("pages", summary["pages_loaded"]),
            ("photos", summary["photos_shown"]), ("duplicates", summary["duplicates_dropped"]),
        ] {
            #expect(table.contains(#"data-\#(name)="\#(expected as? Int ?? -1)""#), "\(name) in \(table)")
        }
    }

    @Test("the same run writes the same bytes; a page on virtual time holds no wall-clock time")
    func sameBytes() throws {
        let first = try page([])
        #expect(try page([]) == first)
        #expect(!first.contains("wall time"))
        let script = try page(try ExampleScripts.arguments("refresh-race"))
        #expect(try page(try ExampleScripts.arguments("refresh-race")) == script)
        #expect(script != first)
    }

    @Test("the tour's page stays under 1 MB")
    func size() throws {
        #expect(try page([]).utf8.count < 1_000_000)
    }

    @Test("nothing is fetched: no link, image, font or script from elsewhere; every reference is inside the page")
    func offline() throws {
        let page = try page([])
        let ids = Set(values("id", in: page))
        for reference in values("href", in: page) {
            #expect(reference.hasPrefix("#") && ids.contains(String(reference.dropFirst())), "\(reference)")
        }
        #expect(!page.contains("<link") && !page.contains("<img") && !page.contains("@import") && !page.contains("src="))
        #expect(page.matches(of: /url\(([^)]*)\)/).allSatisfy { $0.output.1.hasPrefix("#") })
        #expect(!page.contains("http://") && !page.contains("https://"))
        #expect(page.matches(of: /<script/).count == 2, "the data, and the playhead")
    }

    @Test("a title, a title and a note for every lane, words for the picture, light and dark after the reader's setting")
    func readable() throws {
        let page = try page([])
        #expect(page.contains("<title>feed-demo · the built-in tour (32 steps) · virtual time · the session as one picture</title>"))
        let lanes = page.matches(of: /class="lane-title"[^>]*>([^<]*)</).map { String($0.output.1) }
        #expect(lanes == ["finger", "demand", "requests", "back-off", "ignored", "photos", "images"])
        #expect(page.matches(of: /class="lane-note"[^>]*>[^<]+</).count >= lanes.count)
        #expect(page.contains(#"<desc id="lanes-desc">Finger: "#))
        #expect(page.contains("@media (prefers-color-scheme:dark)") && page.contains(#"<meta name="color-scheme" content="light dark">"#))
        // With scripts off, the last state shows and the timeline is whole; the script marks the page "js".
        #expect(page.contains(#"<html lang="en" class="no-js">"#))
        let statuses = page.matches(of: /<dl class="status"[^>]*>/).map { String($0.output) }
        #expect(statuses.last?.contains("hidden") == false && statuses.dropLast().allSatisfy { $0.contains("hidden") })
    }

    @Test("the tour's page shows the prefill, the ignored flings, the refresh race, the 503's back-off and retry, the exhausted retries and the tap, and the last page")
    func tourStory() throws {
        let page = try page([])
        let requests = marks("request", in: page)
        func request(_ id: Int) -> [String: String] { requests[id - 1] }
        // Prefill: page 2 asked for by itself, while the short first page cannot fill the screen.
        #expect(request(2)["data-reason"] == "prefill" && request(2)["data-outcome"] == "page")
        #expect(values("data-wants", in: page).first == "unfilled")
        // The fling up past the pages whose images were let go (section 5), then the flings while
        // page 5 loads: two triggers ignored, between the first of those and the next page.
        let flings = marks("gesture", in: page).filter { $0["data-gesture"] == "fling" }.compactMap { Int($0["data-t"] ?? "") }
        let ignored = marks("ignored", in: page).filter { $0["data-ignored"] == "loading" }.compactMap { Int($0["data-t"] ?? "") }
        #expect(flings.count == 4 && ignored.count == 2)
        #expect(ignored.allSatisfy { $0 > flings[1] && $0 < Int(request(10)["data-t"] ?? "") ?? 0 })
        // The refresh cancels the load-more: #4 is cancelled at the instant #5, the refresh, starts.
        #expect(request(4)["data-outcome"] == "cancelled" && request(5)["data-reason"] == "refresh")
        #expect(page.contains("#4 p4 scroll </tspan>") || page.contains("⊘ cancelled by refresh"))
        // The 503 on page 6, the back-off, and the retry that loads it.
        #expect(request(10)["data-outcome"] == "failed" && request(11)["data-reason"] == "retry" && request(11)["data-outcome"] == "page")
        #expect(page.contains(">page 6: retry 1 of 3 in 928ms</text>"))
        // Page 7: three retries fail, the footer offers a tap, the user taps, and it is the last page.
        #expect((12...15).allSatisfy { request($0)["data-outcome"] == "failed" })
        #expect(marks("backoff", in: page).map { $0["data-backoff"] ?? "" } == ["wait", "wait", "wait", "wait", "tap"])
        #expect(page.contains(">page 7: tap to retry</text>") && page.contains(">tap retry</text>"))
        #expect(request(16)["data-reason"] == "gesture" && page.contains("✓ 10 · last page"))
        #expect(marks("ignored", in: page).last?["data-ignored"] == "last_page")
        // The pictures the text draws, in its words.
        let moments = page.matches(of: /class="moment-title"[^>]*>([^<]*)</).map { String($0.output.1) }
        #expect(moments == ["after the first page", "after the refresh", "after the fling", "the retries ran out", "photo 3 tapped"])
    }

    @Test("every layout draws its own cells, and its page's counts equal the --json summary",
          arguments: [
            ("single", ["0 0 390 520", "0 530 390 292.5", "0 832.5 390 390", "0 1232.5 390 260"]),
            ("waterfall", ["0 0 190 253.3", "200 0 190 142.5", "200 152.5 190 190", "0 263.3 190 126.7"]),
            ("grid", ["0 0 190 190", "200 0 190 190", "0 200 190 190", "200 200 190 190"]),
          ])
    func layouts(layout: String, firstCells: [String]) throws {
        let page = try page(["--layout", layout])
        let first = try #require(page.firstMatch(of: /<g id="layout-1">(.*)<\/g>/)?.output.1)
        let cells = first.matches(of: /class="cell" x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"/)
            .map { "\($0.output.1) \($0.output.2) \($0.output.3) \($0.output.4)" }
        #expect(cells.count == 10, "the first page's ten photos")
        #expect(Array(cells.prefix(4)) == firstCells)
        let summary = try FeedDemoRun(["--layout", layout, "--json"]).jsonSummary()
        #expect(marks("request", in: page).count == summary["requests"] as? Int)
        #expect(values("data-photos-shown", in: page) == ["\(summary["photos_shown"] as? Int ?? -1)"])
        #expect(page.contains("<tr><th>layout</th><td>\(layout), on a 390 × 600 pt screen</td></tr>"))
    }

    @Test("each picture of the phone is the real layout: the cells in their photos' colours, the one tapped outlined")
    func phone() throws {
        let page = try page([])
        // Photo 3 of the tour is #b3c5e3, tapped at the end.
        #expect(page.contains(##"fill="#b3c5e3"/><text class="cell-index ink-dark""##))
        // Outlined in its picture, and on the phone beside the timeline, which shows the end.
        #expect(page.matches(of: /<rect class="selected" x="0" y="295" width="190" height="142.5"/).count == 2)
        #expect(page.matches(of: /<rect class="selected" x/).count == 2, "the other phones' outlines are hidden")
        let layouts = values("id", in: page).filter { $0.hasPrefix("layout-") }
        #expect(layouts.first == "layout-none" && layouts.count > 5)
        for layout in values("href", in: page).filter({ $0.hasPrefix("#layout-") }) {
            #expect(layouts.contains(String(layout.dropFirst())))
        }
        // The playhead's data: numbers and the demo's words, and no markup.
        let data = try #require(page.firstMatch(of: /<script type="application\/json" id="session-data">([^<]*)<\/script>/)?.output.1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let frames = try #require(object["frames"] as? [[Int]])
        #expect(frames.first?.first == 0 && frames.map { $0[0] } == frames.map { $0[0] }.sorted())
        #expect(frames.allSatisfy { $0.count == 13 })
        #expect(frames.last.map { Array($0[9...]) } == [0, 2950, 1900, 1425], "photo 3 outlined once tapped")
        #expect(frames.dropLast().allSatisfy { $0[9] == -1 }, "and never before")
        #expect((object["texts"] as? [String])?.contains("Couldn't load — tap to retry") == true)
    }

    @Test("--html FILE writes the page when the session is over, and the timeline still prints and says where")
    func htmlFile() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "feed-demo-page-\(UUID().uuidString).html").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let arguments = try ExampleScripts.arguments("last-page")
        let run = FeedDemoRun(arguments + ["--html", path])
        #expect(run.status == 0 && run.errors.isEmpty)
        #expect(run.output.contains { $0.hasPrefix(" ") && $0.contains("request →") }, "the timeline")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == (try page(arguments)) + "\n")
        #expect(run.output.last == "The page: \(path) (\(ByteCount.file(written.utf8.count))); open it in any browser")
        #expect(FeedDemoRun(arguments + ["--json", "--html", path]).output.allSatisfy { $0.hasPrefix("{") }, "JSON stays JSON")
    }

    @Test("--html is refused before anything plays: a directory, a missing directory, no name, or - with --json")
    func htmlRefused() {
        let directory = FileManager.default.temporaryDirectory.path
        let cases: [([String], String)] = [
            (["--html", directory], "feed-demo: cannot write the page \"\(directory)\": it is a directory"),
            (["--html", "/nonexistent-feed-demo/tour.html"], "feed-demo: cannot write the page \"/nonexistent-feed-demo/tour.html\": no such directory"),
            (["--html"], "feed-demo: --html needs a value: a file name, or - for standard output"),
            (["--html", "-", "--json"], "feed-demo: --json and --html - both write to standard output; give --html a file name"),
        ]
        for (arguments, message) in cases {
            let run = FeedDemoRun(arguments)
            #expect(run.status == 2)
            #expect(run.output.isEmpty, "nothing played")
            #expect(run.errors.first == message)
        }
    }

    @Test("the README's screenshot is of the tour's page as drawn today (redraw: python3 scripts/session-page-check.py --readme)")
    func readmeScreenshot() throws {
        let image = try Data(contentsOf: ExampleScripts.packageRoot.appending(path: "Examples/session-page.png"))
        let recorded = try #require(PNGText.value(of: "feed-demo-page", in: Array(image)), "the screenshot records the page it shows")
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in (try page([]) + "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let today = "fnv1a64:" + String(hash, radix: 16).leftPadded(to: 16, with: "0")
        #expect(recorded == today, "Examples/session-page.png shows an older page: redraw it with python3 scripts/session-page-check.py --readme")
        #expect(image.count < 200_000)
    }
}

/// Reads a PNG's `tEXt` chunks.
private enum PNGText {
    static func value(of keyword: String, in bytes: [UInt8]) -> String? {
        var position = 8
        while position + 8 <= bytes.count {
            let length = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            let kind = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
            let body = Array(bytes[min(position + 8, bytes.count)..<min(position + 8 + length, bytes.count)])
            if kind == "tEXt", let zero = body.firstIndex(of: 0), String(decoding: body[..<zero], as: UTF8.self) == keyword {
                return String(decoding: body[(zero + 1)...], as: UTF8.self)
            }
            position += 12 + length
        }
        return nil
    }
}

@Suite("the session page's parts")
struct SessionPagePartsTests {
    @Test("marks at the same instant fan out over rows; a row is reused once free; past the last row, the one that frees first")
    func rows() {
        var packer = RowPacker(maxRows: 3)
        let sameInstant = [packer.place(10, 50), packer.place(10, 30), packer.place(10, 40)]
        #expect(sameInstant == [0, 1, 2])
        #expect(packer.place(36, 60) == 1, "row 1 ended at 30, plus the gap")
        #expect(packer.place(41, 70) == 2)
        #expect(packer.place(42, 80) == 0, "every row is taken: the one that frees first")
        #expect(packer.rows == 3)
    }

    @Test("a label goes inside its bar when it fits, else after it, else before it at the right edge")
    func labels() {
        let inside = SpanLabel(start: 0, end: 100, width: 50, limit: 500)
        #expect((inside.x, inside.anchor, inside.extent.start, inside.extent.end) == (4, "start", 0, 100))
        let after = SpanLabel(start: 0, end: 20, width: 50, limit: 500)
        #expect((after.x, after.anchor, after.extent.start, after.extent.end) == (25, "start", 0, 75))
        let before = SpanLabel(start: 460, end: 480, width: 50, limit: 500)
        #expect((before.x, before.anchor, before.extent.start, before.extent.end) == (455, "end", 405, 480))
        #expect(before.attributes(y: 9) == #"x="455" y="9" text-anchor="end""#)
        #expect(SpanLabel(start: 0, end: 100, width: 50, limit: 500, inside: false).x == 105, "a tick's label never goes inside")
    }

    @Test("numbers are written to a tenth, the same on every machine")
    func numbers() {
        #expect(PageMarkup.number(12.25) == "12.3")
        #expect(PageMarkup.number(3) == "3")
        #expect(PageMarkup.number(-0.04) == "0")
        #expect(PageMarkup.number(-2.5) == "-2.5")
        #expect(PageMarkup.number(.nan) == "0" && PageMarkup.number(.infinity) == "0")
        #expect(PageMarkup.color(RGBColor(red: 179, green: 197, blue: 227)) == "#b3c5e3")
        #expect(PageMarkup.color(nil) == "#808080", "a photo without a colour: the neutral grey")
    }

    @Test("the time axis runs from the start to the end, with round ticks far enough apart")
    func axis() {
        let axis = TimeAxis(duration: .milliseconds(35_428), left: 118, width: 1104)
        #expect(axis.x(.zero) == 118 && axis.x(.milliseconds(35_428)) == 1222)
        #expect(axis.x(.seconds(-1)) == 118 && axis.x(.seconds(99)) == 1222, "outside the session: at its ends")
        #expect(axis.ticks == stride(from: 0, through: 34, by: 2).map { .seconds($0) })
        #expect(TimeAxis(duration: .zero, left: 0, width: 100).x(.zero) == 0, "an empty session still has an axis")
    }

    @Test("the demo's words keep the spaces that join them to a server's text in HTML")
    func htmlSpaces() {
        let line: DisplayText = "\(untrusted: " Lena <b>Tanaka</b> ") · ♥ \(own: "437")"
        #expect(line.html == "Lena &lt;b&gt;Tanaka&lt;/b&gt; · ♥ 437")
        #expect(DisplayText("\(untrusted: "a") \(untrusted: "b")").html == "a b")
    }

    @Test("a request's span ends where its outcome is decided: a page, a failure, a cancellation (and a late answer dropped), or still in flight")
    func requestSpans() {
        var recording = SessionRecording(origin: .zero, viewportHeight: 600)
        var state = FeedState()
        func send(_ event: FeedEvent, at milliseconds: Int) {
            state = FeedState.reduce(state, event, at: .milliseconds(milliseconds))
            recording.record(state, at: .milliseconds(milliseconds))
        }
        let photos = (0..<3).map { photo("p\($0)") }
        send(.load, at: 0)
        let first = PageRequest(id: 1, page: 1, reason: .firstLoad, startedAt: .zero)
        send(.loaded(first, PhotoPage(photos: photos, page: 1, hasNextPage: true)), at: 1000)
        send(.reachedBottom, at: 1100)
        let second = PageRequest(id: 2, page: 2, reason: .scroll, startedAt: .milliseconds(1100))
        send(.refresh, at: 1200)
        let refresh = PageRequest(id: 3, page: 1, reason: .refresh, startedAt: .milliseconds(1200))
        send(.loaded(second, PhotoPage(photos: [], page: 2, hasNextPage: true)), at: 1300)
        send(.failed(refresh, .serverError(status: 503)), at: 1500)
        send(.reachedBottom, at: 1600)

        let spans = RequestSpan.spans(in: recording)
        #expect(spans.map(\.request.id) == [1, 2, 3, 4])
        #expect(spans.map(\.outcome.name) == ["page", "cancelled", "failed", "in-flight"])
        #expect(spans.map { DemoSummary.milliseconds($0.start) } == [0, 1100, 1200, 1600])
        #expect(spans.map { DemoSummary.milliseconds($0.end) } == [1000, 1200, 1500, 1600])
        #expect(spans[1].staleAnswer == .milliseconds(1300) && spans.filter { $0.staleAnswer != nil }.count == 1)
        #expect(spans[1].outcomeLabel.data == "⊘ cancelled by refresh · late answer dropped as stale")
        #expect(spans[2].outcomeLabel.data == "✗ HTTP 503")
        #expect(spans[3].outcomeLabel.data == "… in flight at the end")
    }
}
