@testable import FeedDemo
import FeedStreams
import Foundation
import Testing

/// `feed-demo` given input nobody should send it: scroll scripts and flags full of garbage must
/// give an error naming the line (or the flag) and exit with status 2, never crash.
@Suite("Hostile input, to feed-demo")
struct HostileDemoInputTests {
    /// Scripts that must be refused: the bytes, and the line the error must name.
    static let garbageScripts: [(name: String, bytes: [UInt8], line: Int)] = [
        ("a NUL byte", Array("wait 1s\nfling \0\n".utf8), 2),
        ("a 100 KB number", Array(("wait 1s\n# ok\ndrag to " + String(repeating: "9", count: 100_000) + "\n").utf8), 3),
        ("an integer past Int.max", Array("tap 99999999999999999999\n".utf8), 1),
        ("a duration past a lifetime", Array("wait 99999999999999999999999ms\n".utf8), 1),
        ("1e308 seconds", Array("wait 1e308s\n".utf8), 1),
        ("a negative duration", Array("wait 1s\nwait -5ms\n".utf8), 2),
        ("two decimal points", Array("wait 1.5.5s\n".utf8), 1),
        ("nan and inf offsets", Array("drag to nan\n".utf8), 1),
        ("an infinite offset", Array("scroll to top\ndrag to inf\n".utf8), 2),
        ("an overflowing velocity", Array("fling 1e400\n".utf8), 1),
        ("an offset of 1e300", Array("drag to 1e300 over 1ms\n".utf8), 1),
        ("a tap at nan", Array("tap at nan nan\n".utf8), 1),
        ("a negative index", Array("tap -1\n".utf8), 1),
        ("Arabic-Indic digits", Array("tap \u{0663}\n".utf8), 1),
        ("an emoji keyword", Array("scroll to \u{1F92F}\n".utf8), 1),
        ("a keyword cut short", Array("pull to\n".utf8), 1),
        ("trailing words", Array("scroll to top now please\n".utf8), 1),
        ("CRLF with garbage on line 3", Array("wait 1s\r\n\r\nflung 3000\r\n".utf8), 3),
    ]

    @Test("a garbage scroll script is refused with its line number and status 2",
          arguments: garbageScripts.map(\.name))
    func garbageScript(name: String) throws {
        let script = try #require(Self.garbageScripts.first { $0.name == name })
        let path = try temporaryScript(script.bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = runDemo(["--script", path])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.first?.hasPrefix("\(path):\(script.line): expected ") == true, "\(run.errors.first ?? "nothing")")
        #expect(run.errors.count == 3, "the message, the line, and a caret under the column")
        #expect(run.errors.last?.trimmingCharacters(in: .whitespaces) == "^")
    }

    @Test("a script's name and its lines are echoed in errors only cleaned, with the caret under the word")
    func hostileScriptEcho() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "hostile-\(UUID().uuidString)-\u{1B}]0;PWNED\u{7}")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "a\u{202E}b.scroll").path
        try Data("wait 1s\nfling \u{1B}[2J\u{1B}]0;x\u{7}fast \u{9B}31m\n".utf8).write(to: URL(fileURLWithPath: path))
        let run = runDemo(["--script", path])
        #expect(run.status == 2)
        let shownPath = UntrustedText.forTerminal(path)
        #expect(shownPath.hasSuffix("-�/a�b.scroll"))
        #expect(run.errors == [
            "\(shownPath):2: expected a velocity in points per second, such as 3000, got \"�fast\"",
            "    fling �fast �",
            "          ^",
        ])
        let missing = runDemo(["--script", path + "\u{1B}[2J"])
        #expect(missing.errors == ["feed-demo: cannot read the script \"\(shownPath)�\": no such file"])
        let flag = runDemo(["--layout", "\u{1B}[2Jspiral"])
        #expect(flag.errors.first == #"feed-demo: --layout expects single, waterfall or grid, got "�spiral""#)
    }

    @Test("a script that is not UTF-8, or not a file, is refused with status 2")
    func unreadableScripts() throws {
        let notText = try temporaryScript([0x77, 0x61, 0x69, 0x74, 0x20, 0xFF, 0xFE, 0x0A])
        defer { try? FileManager.default.removeItem(atPath: notText) }
        let run = runDemo(["--script", notText])
        #expect(run.status == 2)
        #expect(run.errors == ["\(notText):1: not UTF-8 text: column 6 holds the byte 0xFF"])

        let directory = FileManager.default.temporaryDirectory.path
        let runDirectory = runDemo(["--script", directory])
        #expect(runDirectory.status == 2)
        #expect(runDirectory.errors == ["feed-demo: cannot read the script \"\(directory)\": it is a directory"])
    }

    @Test("scripts that are odd but valid play to the end", arguments: [
        "", "\n\n# only comments\n", "wait 0ms\n", "wait 0.0000001ms\n", "wait 1s\rfling 3000\r", "wait 3600s\nwait 3600s\n",
    ])
    func oddButValidScripts(text: String) throws {
        let path = try temporaryScript(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = runDemo(["--script", path, "--json", "--latency", "0"])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
    }

    static let badFlags: [[String]] = [
        ["--per-page"], ["--per-page", "-1"], ["--per-page", "99999999999999999999999"], ["--per-page="], ["--per-page=3=4"],
        ["--latency", "nan"], ["--latency", "1e308s"], ["--latency", "-1ms"],
        ["--failure-rate", "2"], ["--failure-rate", "nan"], ["--failure-rate", "-0.1"],
        ["--seed"], ["--seed", "x", "--failure-rate", "0.5"], ["--seed", "3"],
        ["--fail", "0"], ["--fail", "a,b"], ["--fail", "1,,2"], ["--fail", String(repeating: "9", count: 40)],
        ["--photos", "1e9"], ["--photos", "361"], ["--layout", "spiral"], ["--layout"],
        ["--base-url"], ["--base-url", "::::"], ["--base-url", "ftp://x"], ["--proxy"],
        ["--script"], ["--json=1"], ["--"], ["-"], ["--\u{1F92F}"], [String(repeating: "-", count: 10_000)],
    ]

    @Test("garbage flags are refused with what was wrong, the usage, and status 2", arguments: badFlags)
    func garbageFlags(arguments: [String]) {
        let run = runDemo(arguments)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.first?.hasPrefix("feed-demo: ") == true, "\(run.errors.first ?? "nothing")")
        #expect(run.errors.contains("usage: feed-demo [options]"))
    }
}
