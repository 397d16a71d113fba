@testable import FeedDemo
import Foundation
import Testing

/// `feed-demo`'s output: each line reaches the pipe when it is written, so that
/// `feed-demo --realtime | cat` streams live instead of in bursts.
@Suite("LineWriter")
struct LineWriterTests {
    @Test("each line is in the pipe as soon as write returns, with nothing held back")
    func writesThrough() throws {
        let pipe = try NonBlockingPipe()
        defer { pipe.close() }
        let writer = LineWriter(fileDescriptor: pipe.writeEnd)

        writer.write("  0.000s  finger     drag 0 → 600")
        #expect(pipe.readAvailable() == "  0.000s  finger     drag 0 → 600\n")

        writer.write("a")
        writer.write("")
        writer.write("two\nlines")
        #expect(pipe.readAvailable() == "a\n\ntwo\nlines\n")
        #expect(pipe.readAvailable() == "", "nothing more was written")
    }

    @Test("the demo's standard output writes through the same way")
    func standardOutput() {
        #expect(LineWriter.standardOutput.descriptor == STDOUT_FILENO)
        #expect(LineWriter.standardError.descriptor == STDERR_FILENO)
    }

    @Test("a reader that went away ends the line quietly")
    func closedReader() throws {
        let pipe = try NonBlockingPipe()
        pipe.closeReadEnd()
        defer { pipe.close() }
        // With SIGPIPE ignored (by default it would end this process), write fails with EPIPE;
        // the writer gives up on the line instead of looping or trapping.
        signal(SIGPIPE, SIG_IGN)
        LineWriter(fileDescriptor: pipe.writeEnd).write("nobody reads this")
    }
}

/// A pipe whose read end never blocks: reading what is not there yet returns nothing, so a
/// line held back in a buffer fails the test at once instead of hanging it.
private final class NonBlockingPipe {
    let readEnd: Int32
    let writeEnd: Int32
    private var readOpen = true

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        readEnd = ends[0]
        writeEnd = ends[1]
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    /// Everything in the pipe now, as UTF-8 text.
    func readAvailable() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func closeReadEnd() {
        if readOpen { _ = Foundation.close(readEnd) }
        readOpen = false
    }

    func close() {
        closeReadEnd()
        _ = Foundation.close(writeEnd)
    }
}
