import FeedStreams
import Foundation
import Synchronization

/// The command: reads the flags and the script, runs a ``DemoSession`` and prints it.
///
/// Exit status: 0 after a session (or `--help`), 2 for a bad flag or value, a script that
/// cannot be read (saying why), or a bad script line, including a `tap INDEX` past the photos
/// the catalog can ever show (reported on standard error with the usage or the offending line),
/// 1 when the session itself fails.
public enum DemoCommand {
    /// Runs the command on the process's standard output and standard error, as `feed-demo`
    /// does: each line is written at once (see ``LineWriter``), so that a pipe
    /// (`feed-demo --realtime | cat`) streams live, and colour needs standard output to be a
    /// terminal.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The environment (`NO_COLOR`, `UNSPLASH_ACCESS_KEY`).
    /// - Returns: The exit status.
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        main(
            arguments: arguments,
            environment: environment,
            outputIsTerminal: isatty(1) == 1,
            output: LineWriter.standardOutput.write,
            errors: LineWriter.standardError.write
        )
    }

    /// Runs the command with its output going where a caller says: a test's collector, say.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The environment (`NO_COLOR`, `UNSPLASH_ACCESS_KEY`).
    ///   - outputIsTerminal: Whether standard output is a terminal; colour needs one.
    ///   - output: Receives each line for standard output.
    ///   - errors: Receives each line for standard error.
    /// - Returns: The exit status.
    static func main(
        arguments: [String],
        environment: [String: String],
        outputIsTerminal: Bool,
        output: @escaping @Sendable (String) -> Void,
        errors: @escaping @Sendable (String) -> Void
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

        if case .file(let path) = options.html, let problem = PageFile.problem(writing: path) {
            errors(problem.description)
            return 2
        }

        // With --html -, standard output is the page's: the timeline is not printed.
        var timeline = output
        if options.html == .standardOutput { timeline = { _ in } }
        let printer = TimelinePrinter(
            format: options.json ? .json : .text,
            usesColor: options.usesColor(environment: environment, outputIsTerminal: outputIsTerminal),
            write: timeline
        )
        let http = httpService(options)
        let settings = SessionSettings(options: options, steps: steps.count, deadline: http?.configuration.deadline)
        printIntroduction(settings, printer: printer)
        do {
            let images = http.map { UnsplashHTTPImageLoader(configuration: $0.configuration) }
            guard let destination = options.html else {
                printer.print(try DemoSession.run(options, steps: steps, service: http, imageLoader: images) { printer.print($0) })
                return 0
            }
            var (summary, recording) = try DemoSession.record(options, steps: steps, service: http, imageLoader: images) {
                printer.print($0)
            }
            printer.print(summary)
            recording.settings = settings
            let page = SessionPage(recording: recording, summary: summary).html
            switch destination {
            case .standardOutput:
                output(page)
            case .file(let path):
                try PageFile.write(page, to: path)
                if !options.json {
                    printer.write("")
                    printer.write("The page: \(UntrustedText.forTerminal(path)) (\(ByteCount.file(page.utf8.count + 1))); open it in any browser")
                }
            }
            return 0
        } catch let error as PageFileError {
            errors(error.description)
            return 1
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
    private static func printIntroduction(_ settings: SessionSettings, printer: TimelinePrinter) {
        switch printer.format {
        case .json:
            printer.write(settings.json.text)
        case .text:
            printer.heading(settings.heading)
            printer.write("  \(settings.line.terminal)")
            if !settings.world.isEmpty { printer.write("  " + settings.world.joined(separator: " · ")) }
            printer.write("  " + settings.images)
            printer.write("")
            printer.write("  finger     what the simulated user did")
            printer.write("  stream     the input streams: the geometry's demand for content, pullToRefresh, retry, selection, memoryWarnings")
            printer.write("  request →  a page the view model asked for     response ←  what the service answered")
            printer.write("  feed       how the list changed                error       what the user is told")
            printer.write("  images     what the image rule decided: loads started, cancelled, arrived, the cache")
            printer.write("")
        }
    }
}
