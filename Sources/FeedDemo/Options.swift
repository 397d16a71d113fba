import FeedStreams
import Foundation

/// What `feed-demo` was asked to do, read from its arguments and environment.
///
/// ``parse(_:environment:)`` accepts `--flag value` and `--flag=value`, checks every value,
/// and never stops at the first flag it likes: a bad flag anywhere is an ``OptionsError``,
/// which `main` prints with the usage before exiting with status 2.
struct Options: Equatable, Sendable {
    /// How the feed arranges its photos.
    enum Layout: String, CaseIterable, Sendable {
        /// One photo per row, full width.
        case single
        /// Two columns; each photo joins the shorter one (Pinterest style).
        case waterfall
        /// Two columns of square-ish cells of one height.
        case grid
    }

    /// Where pages come from.
    enum Source: Equatable, Sendable {
        /// The embedded, seeded ``PhotoCatalog``, served by a ``CatalogPhotoService``.
        case catalog
        /// An Unsplash-compatible server; `accessKey` is `nil` for a proxy.
        case http(baseURL: URL, accessKey: String?, proxy: Bool)
    }

    /// The script file, or `nil` for the built-in session.
    var scriptPath: String?
    /// The layout.
    var layout: Layout = .waterfall
    /// The page size, 1…30.
    var perPage = 10
    /// How long the catalog takes to answer (in virtual time unless `--realtime`).
    var latency: Duration = .seconds(1)
    /// Pages whose first answers fail, and how many of them; `nil` for the session's default.
    var failPages: [Int: Int]?
    /// The fraction of requests that fail at random.
    var failureRate = 0.0
    /// Chooses which requests fail at random.
    var seed: UInt64 = 1
    /// Whether new photos appear at the top of the feed over time; `nil` for the session's default.
    var live: Bool?
    /// How many photos the embedded catalog holds.
    var photoCount = Options.defaultPhotoCount
    /// Play in wall-clock time instead of virtual time.
    var realtime = false
    /// Where pages come from.
    var source: Source = .catalog
    /// Print one JSON object per event instead of the timeline and pictures.
    var json = false
    /// Never print ANSI escape codes.
    var noColor = false
    /// How long the catalog's images take to arrive, on average (each varies by half of it).
    var imageLatency: Duration = .milliseconds(300)
    /// The images' memory budget, in MiB of decoded images.
    var imageBudgetMiB = 12
    /// The most image loads at once.
    var imageConcurrency = 6
    /// Where to write the session's page (`--html`), if anywhere.
    var html: PageDestination?

    /// Where `--html` writes the page.
    enum PageDestination: Equatable, Sendable {
        /// `--html -`: standard output, instead of the timeline.
        case standardOutput
        /// `--html FILE`: a file, written when the session is over; the timeline still prints.
        case file(String)
    }

    /// The number of photos in the embedded catalog unless `--photos` says otherwise.
    static let defaultPhotoCount = 60
    /// The failing pages of the built-in session: page 6 fails once (the back-off retries it),
    /// page 7 four times (the retries run out and the user taps retry).
    static let builtInFailPages = [6: 1, 7: 4]

    /// The failing pages in effect, page to number of failing answers: the flag's, or the
    /// built-in session's when no script is given.
    var effectiveFailPages: [Int: Int] {
        failPages ?? (scriptPath == nil && source == .catalog ? Self.builtInFailPages : [:])
    }

    /// Whether the live feed is on: the flag, or on for the built-in session.
    var effectiveLive: Bool {
        live ?? (scriptPath == nil && source == .catalog)
    }

    /// Whether to draw with 24-bit colour: not with `--no-color`, not when `NO_COLOR` is set
    /// to anything non-empty (no-color.org), and not when standard output is not a terminal.
    func usesColor(environment: [String: String], outputIsTerminal: Bool) -> Bool {
        !noColor && !json && (environment["NO_COLOR"] ?? "").isEmpty && outputIsTerminal
    }

    /// What the command line asks for.
    enum Command: Equatable, Sendable {
        /// Print ``usage`` and exit with status 0.
        case help
        /// Run a session.
        case run(Options)
    }

    /// Reads the arguments (without the program name).
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments after the program name.
    ///   - environment: The environment, for `UNSPLASH_ACCESS_KEY`.
    /// - Returns: ``Command/help`` when `--help` or `-h` appears anywhere, else the options.
    /// - Throws: ``OptionsError`` naming the first bad flag or value.
    static func parse(_ arguments: [String], environment: [String: String]) throws(OptionsError) -> Command {
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
        var options = Options()
        var baseURL: URL?
        var proxy = false
        var seedGiven = false
        var reader = ArgumentReader(arguments: arguments)
        while let flag = try reader.nextFlag() {
            switch flag {
            case "--script":
                let path = try reader.value(for: flag, expected: "a file name")
                guard !path.isEmpty else { throw reader.bad(flag, expected: "a file name", got: path) }
                options.scriptPath = path
            case "--layout":
                let text = try reader.value(for: flag, expected: "single, waterfall or grid")
                guard let layout = Layout(rawValue: text) else {
                    throw reader.bad(flag, expected: "single, waterfall or grid", got: text)
                }
                options.layout = layout
            case "--per-page":
                options.perPage = try reader.integer(for: flag, in: 1...PhotoPage.maxPerPage)
            case "--latency":
                options.latency = .milliseconds(try reader.integer(for: flag, in: 0...60_000))
            case "--photos":
                options.photoCount = try reader.integer(for: flag, in: 0...360)
            case "--image-latency":
                options.imageLatency = .milliseconds(try reader.integer(for: flag, in: 0...60_000))
            case "--image-budget":
                options.imageBudgetMiB = try reader.integer(for: flag, in: 1...4_096)
            case "--image-concurrency":
                options.imageConcurrency = try reader.integer(for: flag, in: 1...32)
            case "--fail":
                options.failPages = try reader.pages(for: flag)
            case "--failure-rate":
                let expected = "a probability from 0 to 1, such as 0.2"
                let text = try reader.value(for: flag, expected: expected)
                guard let rate = Double(text), rate.isFinite, (0...1).contains(rate), text.first != "+" else {
                    throw reader.bad(flag, expected: expected, got: text)
                }
                options.failureRate = rate
            case "--seed":
                let expected = "a whole number from 0 to \(UInt64.max)"
                let text = try reader.value(for: flag, expected: expected)
                guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let seed = UInt64(text) else {
                    throw reader.bad(flag, expected: expected, got: text)
                }
                options.seed = seed
                seedGiven = true
            case "--live":
                options.live = true
            case "--realtime":
                options.realtime = true
            case "--base-url":
                let expected = "an http or https URL, such as http://127.0.0.1:8080"
                let text = try reader.value(for: flag, expected: expected)
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                      scheme == "http" || scheme == "https", url.host?.isEmpty == false
                else { throw reader.bad(flag, expected: expected, got: text) }
                baseURL = url
            case "--proxy":
                proxy = true
            case "--json":
                options.json = true
            case "--no-color":
                options.noColor = true
            case "--html":
                let expected = "a file name, or - for standard output"
                let path = try reader.value(for: flag, expected: expected)
                guard !path.isEmpty else { throw reader.bad(flag, expected: expected, got: path) }
                options.html = path == "-" ? .standardOutput : .file(path)
            default:
                throw OptionsError("unknown option \(OptionsError.quoted(flag))")
            }
        }
        if options.json, options.html == .standardOutput {
            throw OptionsError("--json and --html - both write to standard output; give --html a file name")
        }
        if seedGiven, options.failureRate == 0 {
            throw OptionsError("--seed chooses which requests fail; give --failure-rate as well")
        }
        if let baseURL {
            for (given, name) in [
                (options.live != nil, "--live"), (options.failPages != nil, "--fail"),
                (options.failureRate > 0, "--failure-rate"), (reader.saw("--photos"), "--photos"),
                (reader.saw("--latency"), "--latency"), (reader.saw("--image-latency"), "--image-latency"),
            ] where given {
                throw OptionsError("\(name) shapes the built-in catalog and cannot be used with --base-url")
            }
            // A real server answers in its own time, so virtual time cannot play it.
            options.realtime = true
            let key = environment["UNSPLASH_ACCESS_KEY"].flatMap { $0.isEmpty ? nil : $0 }
            if key == nil, !proxy {
                throw OptionsError(
                    "--base-url needs an access key in the UNSPLASH_ACCESS_KEY environment variable (or --proxy)"
                )
            }
            options.source = .http(baseURL: baseURL, accessKey: proxy ? nil : key, proxy: proxy)
        } else if proxy {
            throw OptionsError("--proxy needs --base-url")
        }
        return .run(options)
    }

    /// The help text; `main` prints it for `--help` and after a bad flag.
    static let usage = """
        usage: feed-demo [options]

        Plays a scripted scroll session through the reactive photo feed and shows what the
        finger did, which stream events that produced, the requests and responses, and the
        screen. Without --script it plays the built-in tour, on virtual time.

        options:
          --script FILE        play a scroll script (one step per line; see Examples/README.md)
          --layout KIND        single, waterfall (default) or grid
          --per-page N         photos per page, 1 to 30 (default 10)
          --photos N           photos in the built-in catalog, 0 to 360 (default 60)
          --latency MS         how long each catalog answer takes, 0 to 60000 ms (default 1000)
          --image-latency MS   how long the catalog's images take, on average, 0 to 60000 ms
                               (default 300; each varies by half of it)
          --image-budget MIB   the images' memory budget in MiB of decoded images, 1 to 4096
                               (default 12)
          --image-concurrency N
                               the most image loads at once, 1 to 32 (default 6)
          --fail PAGES         pages whose first answer fails, e.g. 3,5; 7x4 fails page 7's
                               first four answers; or none (the built-in tour: 6,7x4)
          --failure-rate P     make a fraction P (0 to 1) of requests fail at random
          --seed S             choose which requests --failure-rate fails, and the catalog
                               images' latencies and bytes (default 1)
          --live               publish new photos at the top while you scroll
                               (on for the built-in tour)
          --realtime           play in wall-clock time instead of virtual time
          --base-url URL       load pages from an Unsplash-compatible server, in wall-clock
                               time; needs the UNSPLASH_ACCESS_KEY environment variable
                               unless --proxy
          --proxy              the server is a key-holding proxy (/api/unsplash/list)
          --json               print one JSON object per event, for tools
          --html FILE          also write the session as one page that opens in any
                               browser, offline; - writes it to standard output instead
                               of the timeline
          --no-color           draw without colour (also when NO_COLOR is set or the
                               output is not a terminal)
          -h, --help           show this help
        """
}

/// A bad flag or value: what was wrong, in one line.
struct OptionsError: Error, Equatable, CustomStringConvertible {
    /// The message, without the program name.
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// An argument as the message quotes it: in quotes, through
    /// ``UntrustedText/forTerminal(_:maxLength:)`` (an argument may hold anything).
    static func quoted(_ argument: some StringProtocol) -> String {
        "\"" + UntrustedText.forTerminal(String(argument), maxLength: 60) + "\""
    }
}

/// Walks the arguments, splitting `--flag=value` and handing out values.
private struct ArgumentReader {
    private var arguments: [String]
    private var index = 0
    private var inlineValue: String?
    private var seen: Set<String> = []

    init(arguments: [String]) {
        self.arguments = arguments
    }

    func saw(_ flag: String) -> Bool {
        seen.contains(flag)
    }

    /// The next flag, or `nil` at the end; anything that is not a flag is an error.
    mutating func nextFlag() throws(OptionsError) -> String? {
        if let inlineValue {
            let flag = UntrustedText.forTerminal(String(arguments[index - 1].prefix { $0 != "=" }), maxLength: 60)
            throw OptionsError("\(flag) takes no value, got \(OptionsError.quoted(inlineValue))")
        }
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        guard argument.hasPrefix("--"), argument.count > 2 else {
            throw OptionsError("unexpected argument \(OptionsError.quoted(argument))")
        }
        var flag = argument
        if let equals = argument.firstIndex(of: "=") {
            flag = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        }
        seen.insert(flag)
        return flag
    }

    /// The flag's value: after `=`, or the next argument.
    mutating func value(for flag: String, expected: String) throws(OptionsError) -> String {
        if let inlineValue {
            self.inlineValue = nil
            return inlineValue
        }
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw OptionsError("\(flag) needs a value: \(expected)")
        }
        index += 1
        return arguments[index - 1]
    }

    mutating func integer(for flag: String, in range: ClosedRange<Int>) throws(OptionsError) -> Int {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        let text = try value(for: flag, expected: expected)
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), range.contains(number) else {
            throw bad(flag, expected: expected, got: text)
        }
        return number
    }

    /// `3,5` or `none`: distinct page numbers of 1 or more, sorted.
    mutating func pages(for flag: String) throws(OptionsError) -> [Int: Int] {
        let expected = "page numbers separated by commas, such as 3,5 or 3,7x4 (page 7 fails 4 times), or none"
        let text = try value(for: flag, expected: expected)
        if text == "none" { return [:] }
        var pages: [Int: Int] = [:]
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
            func number(_ text: Substring, in range: ClosedRange<Int>) -> Int? {
                guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), range.contains(value) else { return nil }
                return value
            }
            guard let page = number(pieces[0], in: 1...10_000),
                  let times = pieces.count == 2 ? number(pieces[1], in: 1...100) : 1
            else {
                throw bad(flag, expected: expected, got: text)
            }
            pages[page] = times
        }
        return pages
    }

    func bad(_ flag: String, expected: String, got text: String) -> OptionsError {
        OptionsError("\(flag) expects \(expected), got \(OptionsError.quoted(text))")
    }
}
