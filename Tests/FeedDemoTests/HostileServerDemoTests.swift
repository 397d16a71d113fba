@testable import FeedDemo
import FeedStreams
import FeedTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Streams
import Synchronization
import Testing

extension DemoWallClockTests {
    /// `feed-demo --base-url` against the stub server's hostile modes: what reaches a terminal, what
    /// `--json` keeps, and that a session ends whatever the server does.
    @Suite("Hostile server, through feed-demo")
    struct HostileServerDemoTests {
        /// The hostile names, usernames, descriptions and colours of `hostile_photos`, as the stub
        /// sends them (`HOSTILE_PHOTOS` in scripts/unsplash_stub_server.py), photo n having entry n % 4.
        static let names = ["\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{1B}[1;31mEVIL", "Zoë\u{0}NUL\u{7F}DEL", "\u{9B}31mC1 CSI\u{9B}0m", "שלום مرحبا"]
        static let usernames = ["user\u{202E}gnp.exe", "\u{2066}isolated\u{2069}", "tab\tnew\nline", "plain"]
        static let idSuffixes = ["\u{1B}[2J", "\u{202E}", "\u{0}", "-ok"]
        static let colors: [String?] = [nil, nil, nil, "#d9c0c0"]

        /// What the terminal shows of each name and username.
        static let shownBylines = ["�EVIL (@user�gnp.exe)", "Zoë�NUL�DEL (@�isolated�)", "�C1 CSI� (@tab new line)", "שלום مرحبا (@plain)"]

        /// The scalars a terminal must never get from a server: C0 controls but the line break, DEL,
        /// C1 controls, bidi controls and other format characters, private use, line separators.
        static func unsafeScalars(in text: String) -> [Unicode.Scalar] {
            text.unicodeScalars.filter { scalar in
                guard scalar != "\n" else { return false }
                switch scalar.properties.generalCategory {
                case .control, .format, .privateUse, .surrogate, .lineSeparator, .paragraphSeparator: return true
                default: return false
                }
            }
        }

        @Test("a hostile server's names, descriptions and colours reach the terminal only cleaned, each with a marker",
              arguments: [false, true])
        func hostilePhotosOnATerminal(color: Bool) async throws {
            let server = try await StubServer()
            defer { server.stop() }
            let script = try temporaryScript(Array("wait 200ms\nscroll to bottom\nwait 200ms\n".utf8))
            defer { try? FileManager.default.removeItem(atPath: script) }
            let arguments = ["--base-url", server.baseURL(mode: "hostile_photos", images: "ok").absoluteString, "--script", script]
            let run = try #require(await runDemoOnItsOwnThread(arguments + (color ? [] : ["--no-color"]), terminal: color))
            #expect(run.status == 0)
            let text = run.output.joined(separator: "\n")
            // With colour, the demo's own SGR sequences are the only escapes; without, there are none.
            let shown = color ? text.replacing(#/\x1B\[[0-9;]*m/#, with: "") : text
            #expect(Self.unsafeScalars(in: shown).isEmpty, "\(Self.unsafeScalars(in: shown).map { String($0.value, radix: 16) })")
            #expect(!color || text.contains("\u{1B}[48;2;"), "with colour, the blocks are painted")
            // The first page's legend names photos 0 to 3, each name cleaned and cut to 18 characters.
            for name in ["�EVIL", "Zoë�NUL�DEL", "�C1 CSI�", "שלום مرحبا"] {
                #expect(text.contains("  \(name) · ♥ "), "\(name) is not in the legend")
            }
            #expect(!text.contains("PWNED") && !text.contains("zzzzzz"))
        }

        @Test("--json keeps a hostile server's text as data: every line parses, the values come back as sent, nothing raw is printed")
        func hostilePhotosAsJSON() async throws {
            let server = try await StubServer()
            defer { server.stop() }
            let script = try temporaryScript(Array("wait 200ms\n".utf8))
            defer { try? FileManager.default.removeItem(atPath: script) }
            let arguments = ["--base-url", server.baseURL(mode: "hostile_photos", images: "ok").absoluteString, "--script", script, "--json"]
            let run = try #require(await runDemoOnItsOwnThread(arguments))
            #expect(run.status == 0)
            #expect(Self.unsafeScalars(in: run.output.joined(separator: "\n")).isEmpty, "JSON escapes what a terminal must not get")
            let objects = try run.output.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            let response = try #require(objects.first { $0["kind"] as? String == "response" && $0["page"] as? Int == 1 })
            #expect(response["ids"] as? [String] == (0..<10).map { "stub-\($0)\(Self.idSuffixes[$0 % 4])" })
        }

        @Test("the detail of each hostile photo: cleaned on the terminal, as sent in JSON; a malformed colour is not shown")
        func hostileDetails() async throws {
            let server = try await StubServer()
            defer { server.stop() }
            // The stub's page, through the real service; then a session on virtual time, so the taps land.
            let page = try await Self.hostilePhotos(from: server)
            #expect(page.photos.map(\.user.name) == (0..<10).map { Self.names[$0 % 4] })
            let options = Options()  // the waterfall: photos 0 to 3 are all on screen
            let texts = Mutex<[String]>([])
            let json = Mutex<[String]>([])
            let text = TimelinePrinter(format: .text, usesColor: false) { line in texts.withLock { $0.append(line) } }
            let tools = TimelinePrinter(format: .json, usesColor: false) { line in json.withLock { $0.append(line) } }
            _ = try DemoSession.run(options, steps: try ScrollScript.parse("wait 1s\ntap 0\ntap 1\ntap 2\ntap 3\n"), service: StaticPhotoService(page)) {
                text.print($0)
                tools.print($0)
            }
            let lines = texts.withLock { $0 }
            #expect(Self.unsafeScalars(in: lines.joined(separator: "\n")).isEmpty)
            for index in 0..<4 {
                let photo = page.photos[index]
                let detail = try #require(lines.first { $0.contains("detail     photo \(index) by") })
                let colour = Self.colors[index].map { " · \($0)" } ?? ""
                #expect(detail.hasSuffix("photo \(index) by \(Self.shownBylines[index]) · \(photo.width) × \(photo.height) · ♥ \(Narrator.grouped(photo.likes))\(colour)"))
            }
            #expect(lines.contains { $0.hasSuffix(#"       "<script>alert(1)</script> & "quot…""#) }, "photo 0's alt text, cut to 34 characters")
            #expect(lines.contains { $0.hasSuffix(#"       "�overridden text""#) }, "photo 1's description")
            let details = try json.withLock { $0 }.compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { $0["kind"] as? String == "detail" }
            #expect(details.map { $0["photographer"] as? String } == Self.names)
            #expect(details.map { $0["username"] as? String } == Self.usernames)
            #expect(details.map { $0["color"] as? String } == Self.colors)
        }

        @Test("a server that rate-limits for an hour: the demo ends right after its script and says what was pending")
        func rateLimitedForAnHour() async throws {
            let server = try await StubServer()
            defer { server.stop() }
            let script = try temporaryScript(Array("wait 300ms\n".utf8))
            defer { try? FileManager.default.removeItem(atPath: script) }
            let arguments = ["--base-url", server.baseURL(mode: "429_hour", images: "ok").absoluteString, "--script", script]

            let json = try #require(await runDemoOnItsOwnThread(arguments + ["--json"]), "the demo did not end")
            let session = try Self.endsInTime(json)
            let pending = try #require(session.summary["pending"] as? [[String: Any]])
            #expect(pending.count == 1)
            #expect(pending.first?["what"] as? String == "retry")
            #expect(pending.first?["page"] as? Int == 1)
            #expect(pending.first?["error"] as? String == "rate limited, resets in 1 h")
            #expect((pending.first?["in_ms"] as? Int ?? 0) > 3_500_000)

            let text = try #require(await runDemoOnItsOwnThread(arguments + ["--no-color"]), "the demo did not end")
            #expect(text.output.contains("  pending                  page 1 would be retried in 1 h (rate limited, resets in 1 h)"))
            #expect(text.output.contains { $0.hasSuffix("error  ✗   Too many requests for now. Try again in 1 hour.") })
        }

        @Test("a server whose pages add nothing yet say more follow: the demo ends right after its script and says what was pending",
              arguments: ["empty_more", "duplicates_more"])
        func pagesAddingNothing(mode: String) async throws {
            let server = try await StubServer()
            defer { server.stop() }
            let script = try temporaryScript(Array("wait 300ms\n".utf8))
            defer { try? FileManager.default.removeItem(atPath: script) }
            let arguments = ["--base-url", server.baseURL(mode: mode, images: "ok").absoluteString, "--script", script, "--per-page", "3", "--json"]
            let run = try #require(await runDemoOnItsOwnThread(arguments), "the demo did not end")
            let summary = try Self.endsInTime(run).summary
            let pending = try #require(summary["pending"] as? [[String: Any]])
            let loaded = try #require(summary["pages_loaded"] as? Int)
            // The feed keeps asking (within its budget); the session does not wait for it.
            #expect(!pending.isEmpty, "the feed still wanted more")
            let startedAfter = pending.filter { $0["what"] as? String == "request" }.count
            #expect(summary["requests"] as? Int == loaded + startedAfter)
            // Page 1 is the first list; every page after it added nothing.
            #expect(summary["pages_adding_nothing"] as? Int == max(loaded - 1, 0))
        }

        @Test("photos of 1 × Int.max px with Int.max likes from a server: the demo neither crashes nor hangs, in any layout",
              arguments: ["single", "waterfall", "grid"])
        func extremeSizes(layout: String) async throws {
            let server = try await StubServer()
            defer { server.stop() }
            let script = try temporaryScript(Array("wait 200ms\nscroll to bottom\nfling 8000\nwait 200ms\n".utf8))
            defer { try? FileManager.default.removeItem(atPath: script) }
            let arguments = ["--base-url", server.baseURL(mode: "extreme_sizes", images: "ok").absoluteString, "--script", script, "--layout", layout, "--per-page", "4"]
            let run = try #require(await runDemoOnItsOwnThread(arguments), "the demo did not end")
            #expect(run.status == 0)
            #expect(run.output.contains { $0.contains("♥ 9,223,372,036,854,775,807 · ") })
            #expect(run.output.contains { $0.hasPrefix("  photos shown ") })
        }

        @Test("the session page shows a hostile server's text only escaped: no markup of the server's, no control or bidi character",
              arguments: ["hostile_photos", "javascript_link", "hostile_json", "hostile_plain", "extreme_sizes"])
        func hostilePage(mode: String) async throws {
            let server = try await StubServer()
            defer { server.stop() }
            let script = try temporaryScript(Array("wait 200ms\nscroll to bottom\nwait 200ms\n".utf8))
            defer { try? FileManager.default.removeItem(atPath: script) }
            let arguments = ["--base-url", server.baseURL(mode: mode, images: "ok").absoluteString, "--script", script, "--html", "-"]
            let run = try #require(await runDemoOnItsOwnThread(arguments), "the demo did not end")
            #expect(run.status == 0)
            let page = run.output.joined(separator: "\n")
            #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("</html>"))
            #expect(Self.foreignMarkup(in: page).isEmpty, "\(Self.foreignMarkup(in: page).prefix(5))")
            #expect(Self.unsafeScalars(in: page).isEmpty, "\(Self.unsafeScalars(in: page).map { String($0.value, radix: 16) })")
            #expect(!page.contains("PWNED") && !page.contains("zzzzzz"))
            if mode == "hostile_photos" {
                // The first page's picture names its photographers, cleaned and escaped.
                for name in ["�EVIL", "Zoë�NUL�DEL", "�C1 CSI�", "שלום مرحبا"] {
                    #expect(page.contains(name), "\(name) is not on the page")
                }
            }
        }

        @Test("the details of hostile photos on the session page: descriptions with markup are shown as text")
        func hostileDetailsOnThePage() async throws {
            let server = try await StubServer()
            defer { server.stop() }
            let page = try await Self.hostilePhotos(from: server)
            let steps = try ScrollScript.parse("wait 1s\ntap 0\ntap 1\ntap 2\ntap 3\n")
            let (summary, recording) = try DemoSession.record(Options(), steps: steps, service: StaticPhotoService(page)) { _ in }
            let html = SessionPage(recording: recording, summary: summary).html
            #expect(Self.foreignMarkup(in: html).isEmpty, "\(Self.foreignMarkup(in: html).prefix(5))")
            #expect(Self.unsafeScalars(in: html).isEmpty)
            #expect(html.contains("<p>&quot;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quot…&quot;</p>"), "photo 0's alt text, as text")
            #expect(html.contains("<p>&quot;�overridden text&quot;</p>"), "photo 1's description, its override removed")
            #expect(!html.contains("<script>alert"))
        }

        /// The first page of `hostile_photos`, through the real service.
        private static func hostilePhotos(from server: StubServer) async throws -> PhotoPage {
            let configuration = UnsplashHTTPService.Configuration(baseURL: server.baseURL(mode: "hostile_photos"), accessKey: nil)
            return try await withCheckedThrowingContinuation { continuation in
                _ = UnsplashHTTPService(configuration: configuration, sessionConfiguration: .ephemeral).photos(page: 1, perPage: 10)
                    .subscribe(onSuccess: { continuation.resume(returning: $0) }, onFailure: { continuation.resume(throwing: $0) })
            }
        }

        /// The tags and attributes a session page is made of.
        static let pageTags: Set<String> = [
            "html", "head", "meta", "title", "body", "header", "main", "section", "footer", "figure", "figcaption", "div", "p", "h1",
            "h2", "b", "span", "a", "ol", "ul", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tr", "th", "td", "input",
            "button", "output", "svg", "defs", "desc", "pattern", "g", "use", "rect", "line", "path", "circle", "polyline", "polygon",
            "text", "tspan",
        ]
        static let pageAttributes: Set<String> = [
            "lang", "class", "id", "charset", "name", "content", "viewBox", "width", "height", "role", "aria-labelledby",
            "aria-label", "aria-hidden", "focusable", "x", "y", "x1", "x2", "y1", "y2", "rx", "r", "cx", "cy", "d", "points",
            "transform", "href", "fill", "style", "text-anchor", "patternUnits", "patternTransform", "type", "min", "max",
            "step", "value", "hidden",
        ]

        /// What on a session page is not the page's own markup: a tag or an attribute it does not
        /// use (an event handler, say), a link or a style that is not its own, or a `<` that starts
        /// no tag. The style sheet and the two scripts, the page's own, are set aside first.
        static func foreignMarkup(in page: String) -> [String] {
            var rest = page
            let own = [/<style>\n.*?\n<\/style>/.dotMatchesNewlines(), /<script[^>]*>.*?<\/script>/.dotMatchesNewlines()]
            guard rest.matches(of: own[0]).count == 1, rest.matches(of: own[1]).count == 2 else { return ["not one style sheet and two scripts"] }
            for block in own { rest = rest.replacing(block, with: "") }
            guard rest.hasPrefix("<!DOCTYPE html>\n") else { return ["no doctype"] }
            rest.removeFirst("<!DOCTYPE html>\n".count)
            var foreign: [String] = []
            for candidate in rest.matches(of: /<[^>]*>?/) {
                let tag = String(candidate.output)
                guard let parsed = tag.wholeMatch(of: /<\/?([a-z][a-z0-9]*)((?:\s+[a-zA-Z][a-zA-Z0-9-]*(?:="[^"<>]*")?)*)\s*\/?>/),
                      pageTags.contains(String(parsed.output.1))
                else {
                    foreign.append(tag)
                    continue
                }
                for attribute in parsed.output.2.matches(of: /([a-zA-Z][a-zA-Z0-9-]*)(?:="([^"]*)")?/) {
                    let name = String(attribute.output.1)
                    let value = attribute.output.2.map(String.init) ?? ""
                    let allowed = switch name {
                    case _ where name.hasPrefix("data-"): true
                    case "href": value.hasPrefix("#")
                    case "style": value.wholeMatch(of: /display:none|background:#[0-9a-f]{6}|margin-left:[0-9.]+%;width:[0-9.]+%/) != nil
                    case "fill": value.wholeMatch(of: /#[0-9a-f]{6}/) != nil
                    default: pageAttributes.contains(name)
                    }
                    if !allowed { foreign.append("\(name)=\"\(value)\" in \(tag)") }
                }
            }
            return foreign
        }

        /// The session line, the script's end and the summary of a `--json` run, after checking that
        /// the summary came within the service's deadline of the script's end.
        private static func endsInTime(_ run: DemoRun) throws -> (summary: [String: Any], afterScript: Int) {
            #expect(run.status == 0)
            let objects = try run.output.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            let deadline = try #require(objects.first?["deadline_ms"] as? Int)
            let finished = try #require(objects.first { $0["kind"] as? String == "finger" && $0["action"] as? String == "finished" })
            let summary = try #require(objects.last)
            #expect(summary["kind"] as? String == "summary")
            let afterScript = try #require(summary["t_ms"] as? Int) - (try #require(finished["t_ms"] as? Int))
            #expect(afterScript >= 0 && afterScript <= deadline, "ended \(afterScript) ms after the script, past the \(deadline) ms deadline")
            return (summary, afterScript)
        }
    }
}

/// A photo service that answers every request with one page, at once.
private final class StaticPhotoService: PhotoService {
    let page: PhotoPage

    init(_ page: PhotoPage) {
        self.page = page
    }

    func photos(page number: Int, perPage: Int) -> Single<PhotoPage> {
        .just(PhotoPage(photos: number == 1 ? page.photos : [], page: number, hasNextPage: false))
    }
}
