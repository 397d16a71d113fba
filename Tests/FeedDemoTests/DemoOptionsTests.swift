@testable import FeedDemo
import Foundation
import Testing

@Suite("feed-demo options")
struct DemoOptionsTests {
    private let key = ["UNSPLASH_ACCESS_KEY": "k3y"]

    private func options(_ arguments: [String], environment: [String: String] = [:]) throws -> Options {
        guard case .run(let options) = try Options.parse(arguments, environment: environment) else {
            Issue.record("expected options, got help")
            return Options()
        }
        return options
    }

    private func message(_ arguments: [String], environment: [String: String] = [:]) -> String? {
        do {
            _ = try Options.parse(arguments, environment: environment)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("no flags: the built-in tour on 60 photos, waterfall, 10 per page, 1 s answers, page 6 fails once and page 7 four times, live feed on")
    func defaults() throws {
        let options = try options([])
        #expect(options == Options())
        #expect(options.scriptPath == nil)
        #expect(options.layout == .waterfall)
        #expect(options.perPage == 10)
        #expect(options.photoCount == 60)
        #expect(options.latency == .seconds(1))
        #expect(options.effectiveFailPages == [6: 1, 7: 4])
        #expect(options.effectiveLive)
        #expect(options.failureRate == 0)
        #expect(!options.realtime && !options.json && !options.noColor)
        #expect(options.source == .catalog)
        #expect(options.imageLatency == .milliseconds(300) && options.imageBudgetMiB == 12 && options.imageConcurrency == 6)
    }

    @Test("with a script, failures and the live feed are off unless asked for")
    func scriptDefaults() throws {
        let plain = try options(["--script", "a.scroll"])
        #expect(plain.scriptPath == "a.scroll")
        #expect(plain.effectiveFailPages == [:])
        #expect(!plain.effectiveLive)
        let asked = try options(["--script=a.scroll", "--fail", "3,5", "--live"])
        #expect(asked.effectiveFailPages == [3: 1, 5: 1])
        #expect(asked.effectiveLive)
    }

    @Test("reads every flag, in both --flag value and --flag=value forms")
    func everyFlag() throws {
        let options = try options([
            "--layout", "grid", "--per-page=30", "--photos", "0", "--latency", "0", "--fail", "5,3x2,5",
            "--failure-rate", "0.25", "--seed=42", "--live", "--realtime", "--json", "--no-color",
            "--image-latency", "0", "--image-budget=64", "--image-concurrency", "2",
        ])
        #expect(options.imageLatency == .zero && options.imageBudgetMiB == 64 && options.imageConcurrency == 2)
        #expect(options.layout == .grid)
        #expect(options.perPage == 30)
        #expect(options.photoCount == 0)
        #expect(options.latency == .zero)
        #expect(options.failPages == [3: 2, 5: 1])
        #expect(options.failureRate == 0.25)
        #expect(options.seed == 42)
        #expect(options.live == true)
        #expect(options.realtime && options.json && options.noColor)
        #expect(try self.options(["--layout=single"]).layout == .single)
        #expect(try self.options(["--layout", "waterfall"]).layout == .waterfall)
        #expect(try self.options(["--fail", "none"]).effectiveFailPages == [:])
    }

    @Test("--base-url with the key from the environment, or with --proxy and no key")
    func baseURL() throws {
        let direct = try options(["--base-url", "http://127.0.0.1:8080"], environment: key)
        #expect(direct.source == .http(baseURL: URL(string: "http://127.0.0.1:8080")!, accessKey: "k3y", proxy: false))
        #expect(direct.effectiveFailPages == [:] && !direct.effectiveLive)
        #expect(direct.realtime, "a real server plays in wall-clock time")
        let proxy = try options(["--proxy", "--base-url=https://example.com/app"])
        #expect(proxy.source == .http(baseURL: URL(string: "https://example.com/app")!, accessKey: nil, proxy: true))
    }

    @Test("--help and -h win over everything else")
    func help() throws {
        #expect(try Options.parse(["--help"], environment: [:]) == .help)
        #expect(try Options.parse(["--layout", "nope", "-h"], environment: [:]) == .help)
    }

    @Test("a bad flag or value names what was wrong", arguments: [
        (["--frobnicate"], #"unknown option "--frobnicate""#),
        (["-x"], #"unexpected argument "-x""#),
        (["script.scroll"], #"unexpected argument "script.scroll""#),
        (["--script"], "--script needs a value: a file name"),
        (["--script="], #"--script expects a file name, got """#),
        (["--layout", "masonry"], #"--layout expects single, waterfall or grid, got "masonry""#),
        (["--layout"], "--layout needs a value: single, waterfall or grid"),
        (["--per-page", "0"], #"--per-page expects a whole number from 1 to 30, got "0""#),
        (["--per-page", "31"], #"--per-page expects a whole number from 1 to 30, got "31""#),
        (["--per-page", "ten"], #"--per-page expects a whole number from 1 to 30, got "ten""#),
        (["--per-page", "--live"], "--per-page needs a value: a whole number from 1 to 30"),
        (["--photos", "361"], #"--photos expects a whole number from 0 to 360, got "361""#),
        (["--latency", "-5"], #"--latency expects a whole number from 0 to 60000, got "-5""#),
        (["--latency", "1.5"], #"--latency expects a whole number from 0 to 60000, got "1.5""#),
        (["--latency", "99999999999999999999999"],
         #"--latency expects a whole number from 0 to 60000, got "99999999999999999999999""#),
        (["--fail", "0"], #"--fail expects page numbers separated by commas, such as 3,5 or 3,7x4 (page 7 fails 4 times), or none, got "0""#),
        (["--fail", "3,,5"], #"--fail expects page numbers separated by commas, such as 3,5 or 3,7x4 (page 7 fails 4 times), or none, got "3,,5""#),
        (["--fail", "3x0"], #"--fail expects page numbers separated by commas, such as 3,5 or 3,7x4 (page 7 fails 4 times), or none, got "3x0""#),
        (["--fail", "3x"], #"--fail expects page numbers separated by commas, such as 3,5 or 3,7x4 (page 7 fails 4 times), or none, got "3x""#),
        (["--fail", "three"], #"--fail expects page numbers separated by commas, such as 3,5 or 3,7x4 (page 7 fails 4 times), or none, got "three""#),
        (["--failure-rate", "1.5"], #"--failure-rate expects a probability from 0 to 1, such as 0.2, got "1.5""#),
        (["--failure-rate", "nan"], #"--failure-rate expects a probability from 0 to 1, such as 0.2, got "nan""#),
        (["--failure-rate", "0.1", "--seed", "-1"],
         #"--seed expects a whole number from 0 to 18446744073709551615, got "-1""#),
        (["--seed", "7"], "--seed chooses which requests fail; give --failure-rate as well"),
        (["--live=yes"], #"--live takes no value, got "yes""#),
        (["--base-url", "ftp://x"], #"--base-url expects an http or https URL, such as http://127.0.0.1:8080, got "ftp://x""#),
        (["--base-url", "not a url"],
         #"--base-url expects an http or https URL, such as http://127.0.0.1:8080, got "not a url""#),
        (["--base-url", "http://127.0.0.1:1"],
         "--base-url needs an access key in the UNSPLASH_ACCESS_KEY environment variable (or --proxy)"),
        (["--proxy"], "--proxy needs --base-url"),
        (["--base-url", "http://h", "--proxy", "--live"], "--live shapes the built-in catalog and cannot be used with --base-url"),
        (["--base-url", "http://h", "--proxy", "--fail", "2"], "--fail shapes the built-in catalog and cannot be used with --base-url"),
        (["--base-url", "http://h", "--proxy", "--failure-rate", "0.5"],
         "--failure-rate shapes the built-in catalog and cannot be used with --base-url"),
        (["--base-url", "http://h", "--proxy", "--latency", "5"],
         "--latency shapes the built-in catalog and cannot be used with --base-url"),
        (["--base-url", "http://h", "--proxy", "--photos", "5"],
         "--photos shapes the built-in catalog and cannot be used with --base-url"),
        (["--base-url", "http://h", "--proxy", "--image-latency", "5"],
         "--image-latency shapes the built-in catalog and cannot be used with --base-url"),
        (["--image-budget", "0"], #"--image-budget expects a whole number from 1 to 4096, got "0""#),
        (["--image-concurrency", "33"], #"--image-concurrency expects a whole number from 1 to 32, got "33""#),
    ])
    func badFlags(arguments: [String], expected: String) {
        #expect(message(arguments) == expected)
    }

    @Test("colour only on a terminal, without --no-color, NO_COLOR or --json")
    func color() throws {
        let options = try options([])
        #expect(options.usesColor(environment: [:], outputIsTerminal: true))
        #expect(!options.usesColor(environment: [:], outputIsTerminal: false))
        #expect(!options.usesColor(environment: ["NO_COLOR": "1"], outputIsTerminal: true))
        #expect(options.usesColor(environment: ["NO_COLOR": ""], outputIsTerminal: true))
        #expect(!(try self.options(["--no-color"])).usesColor(environment: [:], outputIsTerminal: true))
        #expect(!(try self.options(["--json"])).usesColor(environment: [:], outputIsTerminal: true))
    }
}
