@testable import FeedDemo
import Foundation
import Synchronization

/// The example scripts in `Examples/scripts/`, and the flags each one's header runs it with.
enum ExampleScripts {
    /// The package's root directory, three levels above this file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The path of `Examples/scripts/NAME.scroll`.
    static func path(_ name: String) -> String {
        packageRoot.appending(path: "Examples/scripts/\(name).scroll").path
    }

    /// Every example's name, sorted (`tour` among them).
    static var names: [String] {
        let directory = packageRoot.appending(path: "Examples/scripts").path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".scroll") }.map { String($0.dropLast(".scroll".count)) }.sorted()
    }

    /// The arguments of the `swift run feed-demo …` line in the example's header, with the
    /// script's path made absolute.
    static func arguments(_ name: String) throws -> [String] {
        let text = try String(contentsOfFile: path(name), encoding: .utf8)
        guard let command = text.split(separator: "\n").first(where: { $0.contains("swift run feed-demo") }) else {
            throw OptionsError("\(name): no swift run feed-demo line in the header")
        }
        return command.split(separator: " ").drop { $0 != "feed-demo" }.dropFirst().map { word in
            word.hasPrefix("Examples/") ? packageRoot.appending(path: String(word)).path : String(word)
        }
    }
}

/// A run of `feed-demo` in-process: its status, and each piece it wrote, as written (one line of
/// the timeline, or a whole page).
struct FeedDemoRun: Sendable {
    var status: Int32
    var output: [String]
    var errors: [String]

    /// Runs `feed-demo` with these arguments.
    init(_ arguments: [String], environment: [String: String] = [:]) {
        let output = Mutex<[String]>([])
        let errors = Mutex<[String]>([])
        status = DemoCommand.main(
            arguments: arguments,
            environment: environment,
            outputIsTerminal: false,
            output: { text in output.withLock { $0.append(text) } },
            errors: { text in errors.withLock { $0.append(text) } }
        )
        self.output = output.withLock { $0 }
        self.errors = errors.withLock { $0 }
    }

    /// The last JSON object of a `--json` run: the summary.
    func jsonSummary() throws -> [String: Any] {
        guard let line = output.last,
              let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              object["kind"] as? String == "summary"
        else { throw OptionsError("the run's last line is not a JSON summary: \(output.last ?? "nothing")") }
        return object
    }
}
