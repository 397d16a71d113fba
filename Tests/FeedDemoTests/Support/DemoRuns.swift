@testable import FeedDemo
import FeedStreams
import Foundation
import Synchronization

/// What a run of `feed-demo` printed, line by line, and its status.
typealias DemoRun = (status: Int32, output: [String], errors: [String])

/// Runs `feed-demo` in-process and collects what it prints, line by line.
func runDemo(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false) -> DemoRun {
    let output = Mutex<[String]>([])
    let errors = Mutex<[String]>([])
    let status = DemoCommand.main(
        arguments: arguments,
        environment: environment,
        outputIsTerminal: terminal,
        output: { text in
            output.withLock { $0 += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        },
        errors: { text in
            errors.withLock { $0 += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        }
    )
    return (status, output.withLock { $0 }, errors.withLock { $0 })
}

/// Runs a session and returns its summary (wall time zeroed) and events.
func session(_ options: Options, script: String) throws -> (DemoSummary, [TimelineEvent]) {
    let events = Mutex<[TimelineEvent]>([])
    var summary = try DemoSession.run(options, steps: try ScrollScript.parse(script)) { event in
        events.withLock { $0.append(event) }
    }
    summary.wallTime = .zero
    return (summary, events.withLock { $0 })
}

/// Writes a script to a fresh temporary file and returns its path.
func temporaryScript(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appending(path: "feed-demo-\(UUID().uuidString).scroll").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}
