import FeedStreams
import Foundation
import Synchronization

/// The command: reads the flags and the script, runs a ``DemoSession`` and prints it.
///
/// Exit status: 0 after a session (or `--help`), 2 for a bad flag or value, a script that
/// cannot be read (saying why), or a bad script line, including a `tap INDEX` past the photos
/// the catalog can ever show (reported on standard error with the usage or the offending line),
/// 1 when the session itself fails.
enum FeedDemo {
    /// Runs the command.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The environment (`NO_COLOR`, `UNSPLASH_ACCESS_KEY`).
    ///   - outputIsTerminal: Whether standard output is a terminal; colour needs one.
    ///   - output: Receives each line for standard output; by default each is written at once
    ///     (see ``LineWriter``), so that a pipe (`feed-demo --realtime | cat`) streams live.
    ///   - errors: Receives each line for standard error.
    /// - Returns: The exit status.
    static func main(
        arguments: [String],
        environment: [String: String],
        outputIsTerminal: Bool = isatty(1) == 1,
        output: @escaping @Sendable (String) -> Void = LineWriter.standardOutput.write,
        errors: @escaping @Sendable (String) -> Void = LineWriter.standardError.write
    ) -> Int32 {
        let options: Options
        do {
            switch try Options.parse(arguments, environment: environment) {
            case .help:
                output(Options.usage)
                return 0
            case .run(let parsed):
                options = parsed
            }
        } catch {
            errors("feed-demo: \(error)")
            errors("")
            errors(Options.usage)
            return 2
        }

        let scriptName = options.scriptPath ?? "the built-in tour"
        let text: String
        do {
            text = try options.scriptPath.map(ScriptFile.read) ?? DemoSession.tourScript
        } catch {
            errors(error.description)
            return 2
        }
        let steps: [ScrollStep]
        do {
            steps = try ScrollScript.parse(
                text, fileName: options.scriptPath ?? "tour.scroll", photoCount: tappablePhotos(options)
            )
        } catch {
            errors(error.excerpt)
            return 2
        }

        let printer = TimelinePrinter(
            format: options.json ? .json : .text,
            usesColor: options.usesColor(environment: environment, outputIsTerminal: outputIsTerminal),
            write: output
        )
        let http = httpService(options)
        printIntroduction(options, scriptName: scriptName, steps: steps.count, http: http, printer: printer)
        do {
            let images = http.map { UnsplashHTTPImageLoader(configuration: $0.configuration) }
            let summary = try DemoSession.run(options, steps: steps, service: http, imageLoader: images) { printer.print($0) }
            printer.print(summary)
            return 0
        } catch {
            errors("feed-demo: \(error)")
            return 1
        }
    }

    /// How many photos the session can ever show: the catalog's, plus those its live feed
    /// publishes; `nil` for a server, which does not say in advance.
    private static func tappablePhotos(_ options: Options) -> Int? {
        guard case .catalog = options.source else { return nil }
        return options.photoCount + (options.effectiveLive ? DemoSession.liveCount : 0)
    }

    /// The Unsplash service for `--base-url`, or `nil` for the built-in catalog.
    private static func httpService(_ options: Options) -> UnsplashHTTPService? {
        guard case .http(let baseURL, let accessKey, let proxy) = options.source else { return nil }
        let configuration = UnsplashHTTPService.Configuration(
            baseURL: baseURL,
            accessKey: accessKey,
            endpoint: proxy ? .proxy(orderBy: .latest) : .unsplash
        )
        return UnsplashHTTPService(configuration: configuration)
    }

    /// The lines before the timeline: what is being played, in which world, and how to read it.
    private static func printIntroduction(
        _ options: Options,
        scriptName: String,
        steps: Int,
        http: UnsplashHTTPService?,
        printer: TimelinePrinter
    ) {
        let clock = options.realtime ? "wall-clock time" : "virtual time"
        let source: String
        var world: [String] = []
        switch options.source {
        case .catalog:
            source = "the built-in catalog of \(Narrator.count(options.photoCount, "photo"))"
            for (page, times) in options.effectiveFailPages.sorted(by: { $0.key < $1.key }) {
                world.append("page \(page) fails \(times == 1 ? "once" : "\(times) times")")
            }
            if options.failureRate > 0 {
                world.append("\(Int((options.failureRate * 100).rounded()))% of requests fail (seed \(options.seed))")
            }
            if options.effectiveLive {
                world.append("a new photo is published at the top every \(DemoSession.livePeriod.components.seconds)s")
            }
        case .http(let baseURL, _, let proxy):
            source = "\(baseURL.absoluteString)\(proxy ? " (proxy)" : "")"
        }
        let latency = "\(DemoSummary.milliseconds(options.latency))ms"
        let imageRules = DemoSession.imageConfiguration(options)
        let imageTiming = http == nil
            ? "answer after \(DemoSummary.milliseconds(options.imageLatency))ms ± half"
            : "come from the server's addresses"
        let imagesLine = "images: up to \(imageRules.maxConcurrentLoads) at a time, \(Narrator.points(imageRules.prefetchDistance)) pt ahead, "
            + "\(ImageNarrator.megabytes(imageRules.memoryBudget)) in memory, sized for a 2× screen; they \(imageTiming)"
        let timing = if let http {
            "each request ends within \(Narrator.duration(http.configuration.deadline))"
        } else {
            "answers after \(latency)"
        }
        switch printer.format {
        case .json:
            printer.write(JSONValue.object([
                ("t_ms", .int(0)), ("kind", .string("session")), ("script", .string(scriptName)),
                ("steps", .int(steps)), ("layout", .string(options.layout.rawValue)),
                ("per_page", .int(options.perPage)), ("latency_ms", http == nil ? .int(DemoSummary.milliseconds(options.latency)) : .null),
                ("deadline_ms", http.map { .int(DemoSummary.milliseconds($0.configuration.deadline)) } ?? .null),
                ("source", .string(source)), ("fail_pages", .object(options.effectiveFailPages.sorted(by: { $0.key < $1.key }).map { ("\($0.key)", .int($0.value)) })),
                ("failure_rate", .double(options.failureRate)), ("live", .bool(options.effectiveLive)),
                ("realtime", .bool(options.realtime)),
                ("images", .object([
                    ("max_concurrent_loads", .int(imageRules.maxConcurrentLoads)),
                    ("prefetch_distance", .double(imageRules.prefetchDistance)),
                    ("keep_margin", .double(imageRules.keepMargin)),
                    ("budget_bytes", .int(imageRules.memoryBudget)),
                    ("max_entry_bytes", .int(imageRules.maxEntryBytes)),
                    ("screen_scale", .double(imageRules.screenScale)),
                    ("latency_ms", http == nil ? .int(DemoSummary.milliseconds(options.imageLatency)) : .null),
                ])),
            ]).text)
        case .text:
            printer.heading("feed-demo · \(untrusted: scriptName) (\(own: Narrator.count(steps, "step"))) · \(own: clock)")
            printer.write("  \(UntrustedText.forTerminal(source)) · \(options.perPage) per page · \(options.layout.rawValue) layout · \(timing)")
            if !world.isEmpty { printer.write("  " + world.joined(separator: " · ")) }
            printer.write("  " + imagesLine)
            printer.write("")
            printer.write("  finger     what the simulated user did")
            printer.write("  stream     the input streams: the geometry's demand for content, pullToRefresh, retry, selection")
            printer.write("  request →  a page the view model asked for     response ←  what the service answered")
            printer.write("  feed       how the list changed                error       what the user is told")
            printer.write("  images     what the image rule decided: loads started, cancelled, arrived, the cache")
            printer.write("")
        }
    }
}
