@testable import FeedDemo
import FeedStreams
import Foundation
import Synchronization
import Testing

/// What a run printed, from whichever thread printed it.
private final class Printed: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] {
        lines.withLock { $0 }
    }

    var write: @Sendable (String) -> Void {
        { line in self.lines.withLock { $0.append(contentsOf: line.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) } }
    }
}

/// Runs `feed-demo` in-process with a script written to a temporary file.
private func runDemo(
    script: String? = nil,
    bytes: [UInt8]? = nil,
    _ arguments: [String] = []
) throws -> (status: Int32, output: [String], errors: [String], path: String) {
    let path = FileManager.default.temporaryDirectory.appending(path: "feed-demo-\(UUID().uuidString).scroll").path
    if let script { try script.write(toFile: path, atomically: true, encoding: .utf8) }
    if let bytes { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = Printed()
    let errors = Printed()
    let status = DemoCommand.main(
        arguments: ["--script", path] + arguments, environment: [:], outputIsTerminal: false,
        output: output.write, errors: errors.write
    )
    return (status, output.all, errors.all, path)
}

@Suite("feed-demo scripts")
struct DemoScriptTests {
    @Test("a tap past the photos the catalog can ever show is reported at its line before anything plays, and exits 2")
    func tapPastTheCatalog() throws {
        let run = try runDemo(script: "wait 1s\n\ntap 5 # one too far\n", ["--photos", "5"])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors == [
            "\(run.path):3: expected a photo index from 0 to 4 (the feed can show at most 5 photos), got \"5\"",
            "    tap 5 # one too far",
            "        ^",
        ])
        // The default catalog has 60 photos; a live feed publishes 10 more.
        #expect(try runDemo(script: "tap 60").status == 2)
        #expect(try runDemo(script: "tap 69", ["--live"]).status == 0)
        #expect(try runDemo(script: "tap 70", ["--live"]).status == 2)
    }

    @Test("a missing script says so, and one that is not UTF-8 says where; both exit 2")
    func unreadable() throws {
        let missing = try runDemo()
        #expect(missing.status == 2)
        #expect(missing.errors == ["feed-demo: cannot read the script \"\(missing.path)\": no such file"])
        let latin1 = try runDemo(bytes: Array("wait 1s\nwait 1s # caf".utf8) + [0xE9, 0x0A])
        #expect(latin1.status == 2)
        #expect(latin1.errors == ["\(latin1.path):2: not UTF-8 text: column 14 holds the byte 0xE9"])
    }

    @Test("the header says 1 step and 1 photo, not 1 steps and 1 photos")
    func plurals() throws {
        let run = try runDemo(script: "wait 100ms", ["--photos", "1"])
        #expect(run.status == 0)
        #expect(run.output.first?.hasSuffix("(1 step) · virtual time") == true)
        #expect(run.output.dropFirst().first?.hasPrefix("  the built-in catalog of 1 photo · ") == true)
    }

    @Test("a tap on a photo that is not loaded or off screen says what was on screen")
    func missedTaps() throws {
        let run = try runDemo(script: "wait 2.5s\ntap 40\ntap 15")
        #expect(run.status == 0)
        #expect(run.output.contains { $0.hasSuffix("tap #40 hit no photo: only 20 photos are loaded; photos 0–9 are on screen") })
        #expect(run.output.contains { $0.hasSuffix("tap #15 hit no photo: it is off screen; photos 0–9 are on screen") })
    }

    @Test("an hour of drags that go nowhere plays with a handful of geometry events, in virtual time")
    func stillDrags() throws {
        let steps = try ScrollScript.parse(Array(repeating: "drag to -500 over 180s", count: 20).joined(separator: "\n"))
        var options = Options()
        options.scriptPath = "still"
        let summary = try DemoSession.run(options, steps: steps) { _ in }
        #expect(summary.sessionTime >= .seconds(3600))
        #expect(summary.geometryEvents < 10)
    }
}
