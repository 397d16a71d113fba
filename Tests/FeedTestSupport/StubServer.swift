import Foundation

/// `scripts/unsplash_stub_server.py`, running on a loopback port for the length of one test.
///
/// ```swift
/// let server = try await StubServer()
/// defer { server.stop() }
/// let url = server.baseURL(mode: "429")  // http://127.0.0.1:<port>/mode/429
/// ```
///
/// The script exits when its stdin closes, so even a test process that crashes leaves no
/// server behind.
public final class StubServer {
    /// The access key the server accepts.
    public static let accessKey = "test-access-key"
    /// How long the `slow` mode waits before answering, in seconds: far beyond
    /// ``deadlineBound``, so that only a deadline that fires can end a request to it in time.
    public static let slowSeconds = 60
    /// How long a request with a one-second deadline may take against the `slow` and `drip`
    /// modes. Generous, because a busy 2-core machine running the suite in parallel under
    /// ThreadSanitizer has taken 13 s (and 3.25 s without it); still far below ``slowSeconds``
    /// and the drip's whole body (hours), so a deadline that does not fire fails the test.
    public static let deadlineBound: Duration = .seconds(30)

    /// The port the server listens on.
    public let port: Int
    private let process: Process
    private let input: Pipe

    /// Launches the server and waits for it to print its port.
    ///
    /// The wait reads a pipe on a Dispatch queue, so that parallel tests starting their servers
    /// do not block Swift concurrency's few threads.
    ///
    /// - Throws: ``StubServerError`` when `python3` is not on `PATH` or the script fails to start.
    public init() async throws {
        let script = Self.packageRoot.appending(path: "scripts/unsplash_stub_server.py")
        process = Process()
        process.executableURL = try Self.python3()
        process.arguments = [
            script.path, "--access-key", Self.accessKey, "--slow-seconds", String(Self.slowSeconds),
        ]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let reading = output.fileHandleForReading
        let firstLine = await withCheckedContinuation { continuation in
            // A blocking read, on a thread of its own (see `startThread`): Python starts slowly on a loaded machine.
            startThread { continuation.resume(returning: Self.readFirstLine(of: reading)) }
        }
        guard let port = firstLine.flatMap({ Int($0) }) else {
            process.waitUntilExit()
            throw StubServerError(
                "\(script.path) exited with status \(process.terminationStatus) before printing its port"
            )
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// The server's address; with a mode, the prefix that makes it fail that way; with an image
    /// mode, the prefix that puts the photos' images on this server.
    ///
    /// A test whose client loads images passes an image mode. Without one, the photos' addresses
    /// are Unsplash's, and on a machine without a network each load waits for a lookup of
    /// `images.unsplash.com` that fails, after 5 or 10 s when several are asked at once.
    /// Cancelling a load while its lookup runs waits for the lookup (libcurl's threaded resolver),
    /// and on Linux every `URLSession` of a process shares one work queue, so the wait stalls the
    /// other tests' sessions too: in CI, a 12-second demo session beside them took over 60 s.
    ///
    /// - Parameters:
    ///   - mode: A failure mode from the script's header, such as `"429"`.
    ///   - images: An image mode from the script's header, such as `"ok"` or `"503"`.
    public func baseURL(mode: String? = nil, images: String? = nil) -> URL {
        var url = URL(string: "http://127.0.0.1:\(port)")!
        if let mode { url.append(path: "mode/\(mode)") }
        if let images { url.append(path: "images/\(images)") }
        return url
    }

    /// Stops the server and waits for it to exit. Calling it again does nothing.
    public func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
    }

    /// The package's root directory, two levels above `Tests/FeedTestSupport/`.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    private static func python3() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appending(path: "python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        throw StubServerError(
            "python3 is not on PATH (\(path)); the integration tests need it to run scripts/unsplash_stub_server.py"
        )
    }

    /// Reads up to the first newline, or the end of the stream; `nil` when nothing came.
    private static func readFirstLine(of handle: FileHandle) -> String? {
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).split(separator: "\n").first
        return text.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

/// Why the stub server could not start.
public struct StubServerError: Error, CustomStringConvertible {
    /// What went wrong, for the test log.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
