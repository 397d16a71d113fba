import FeedStreams

/// What a session was asked to play, and in which world: the lines above the text timeline,
/// the first JSON object, and the page's settings table, from one description.
struct SessionSettings: Sendable {
    /// The script's name: a file as given on the command line, or the built-in tour.
    var scriptName: DisplayText
    /// How many steps the script has.
    var steps: Int
    /// The parsed flags.
    var options: Options
    /// The service's deadline for a server (`--base-url`); `nil` for the built-in catalog.
    var deadline: Duration?

    /// - Parameters:
    ///   - options: The parsed flags.
    ///   - steps: How many steps the script has.
    ///   - deadline: The HTTP service's deadline, for `--base-url`.
    init(options: Options, steps: Int, deadline: Duration?) {
        self.options = options
        self.steps = steps
        self.deadline = deadline
        scriptName = options.scriptPath.map { "\(untrusted: $0)" } ?? "the built-in tour"
    }

    /// `virtual time` or `wall-clock time`.
    var clock: String {
        options.realtime ? "wall-clock time" : "virtual time"
    }

    /// Where the pages come from: the catalog, or the server's address as given.
    var source: DisplayText {
        switch options.source {
        case .catalog:
            "the built-in catalog of \(own: Narrator.count(options.photoCount, "photo"))"
        case .http(let baseURL, _, let proxy):
            "\(untrusted: baseURL.absoluteString)\(own: proxy ? " (proxy)" : "")"
        }
    }

    /// How the catalog misbehaves (failing pages, random failures, the live feed), one item each.
    var world: [String] {
        guard case .catalog = options.source else { return [] }
        var world: [String] = []
        for (page, times) in options.effectiveFailPages.sorted(by: { $0.key < $1.key }) {
            world.append("page \(page) fails \(times == 1 ? "once" : "\(times) times")")
        }
        if options.failureRate > 0 {
            world.append("\(Int((options.failureRate * 100).rounded()))% of requests fail (seed \(options.seed))")
        }
        if options.effectiveLive {
            world.append("a new photo is published at the top every \(DemoSession.livePeriod.components.seconds)s")
        }
        return world
    }

    /// `answers after 1000ms`, or `each request ends within 30s` for a server.
    var timing: String {
        if let deadline {
            "each request ends within \(Narrator.duration(deadline))"
        } else {
            "answers after \(DemoSummary.milliseconds(options.latency))ms"
        }
    }

    /// `images: up to 6 at a time, 600 pt ahead, 12 MiB in memory, …`: the image rule's settings.
    var images: String {
        let rules = DemoSession.imageConfiguration(options)
        let timing = deadline == nil
            ? "answer after \(DemoSummary.milliseconds(options.imageLatency))ms ± half"
            : "come from the server's addresses"
        return "images: up to \(rules.maxConcurrentLoads) at a time, \(Narrator.points(rules.prefetchDistance)) pt ahead, "
            + "\(ByteCount.memory(rules.memoryBudget)) in memory, sized for a 2× screen; they \(timing)"
    }

    /// `feed-demo · the built-in tour (32 steps) · virtual time`.
    var heading: DisplayText {
        "feed-demo · \(scriptName) (\(own: Narrator.count(steps, "step"))) · \(own: clock)"
    }

    /// `the built-in catalog of 60 photos · 10 per page · waterfall layout · answers after 1000ms`.
    var line: DisplayText {
        "\(source) · \(options.perPage) per page · \(own: options.layout.rawValue) layout · \(own: timing)"
    }

    /// The first JSON object of `--json`.
    var json: JSONValue {
        let rules = DemoSession.imageConfiguration(options)
        let failPages = options.effectiveFailPages.sorted(by: { $0.key < $1.key }).map { ("\($0.key)", JSONValue.int($0.value)) }
        return .object([
            ("t_ms", .int(0)), ("kind", .string("session")), ("script", .string(scriptName.data)),
            ("steps", .int(steps)), ("layout", .string(options.layout.rawValue)),
            ("per_page", .int(options.perPage)), ("latency_ms", deadline == nil ? .int(DemoSummary.milliseconds(options.latency)) : .null),
            ("deadline_ms", deadline.map { .int(DemoSummary.milliseconds($0)) } ?? .null),
            ("source", .string(source.data)), ("fail_pages", .object(failPages)),
            ("failure_rate", .double(options.failureRate)), ("live", .bool(options.effectiveLive)),
            ("realtime", .bool(options.realtime)),
            ("images", .object([
                ("max_concurrent_loads", .int(rules.maxConcurrentLoads)),
                ("prefetch_distance", .double(rules.prefetchDistance)),
                ("keep_margin", .double(rules.keepMargin)),
                ("budget_bytes", .int(rules.memoryBudget)),
                ("max_entry_bytes", .int(rules.maxEntryBytes)),
                ("screen_scale", .double(rules.screenScale)),
                ("latency_ms", deadline == nil ? .int(DemoSummary.milliseconds(options.imageLatency)) : .null),
            ])),
        ])
    }

    /// The page's settings table: label and value.
    var rows: [(String, DisplayText)] {
        var rows: [(String, DisplayText)] = [
            ("script", "\(scriptName) (\(own: Narrator.count(steps, "step")))"),
            ("clock", "\(own: clock)"),
            ("photos from", source),
            ("layout", "\(own: options.layout.rawValue), on a \(own: Narrator.points(DemoSession.viewportWidth)) × \(own: Narrator.points(DemoSession.viewportHeight)) pt screen"),
            ("page size", "\(options.perPage) photos"),
            ("answers", "\(own: timing)"),
            ("prefetch distance", "\(own: Narrator.points(DemoSession.prefetchDistance)) pt: the next page is wanted while the content ends less than this below the screen"),
        ]
        rows.append(("images", "\(own: String(images.dropFirst("images: ".count)))"))
        if !world.isEmpty { rows.append(("the catalog", "\(own: world.joined(separator: " · "))")) }
        return rows
    }
}
