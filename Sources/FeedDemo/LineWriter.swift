import Foundation
import Synchronization

/// Writes lines to a file descriptor, each one as soon as it is given.
///
/// `print` goes through the C library's buffer, which holds a whole block when standard output
/// is a pipe: `feed-demo --realtime | cat` then showed nothing for seconds and then a burst.
/// Each ``write(_:)`` here hands its line to the kernel in full before it returns, so whoever
/// reads the pipe sees every line when it happens. Lines from several threads never mix.
final class LineWriter: Sendable {
    /// Standard output.
    static let standardOutput = LineWriter(fileDescriptor: STDOUT_FILENO)
    /// Standard error.
    static let standardError = LineWriter(fileDescriptor: STDERR_FILENO)

    let descriptor: Int32
    /// Held while a line is written, so that lines from several threads never interleave.
    private let writing = Mutex(())

    /// Creates a writer for an open file descriptor, which stays the caller's to close.
    init(fileDescriptor: Int32) {
        descriptor = fileDescriptor
    }

    /// Writes `line` and a line break, all of it, before returning.
    ///
    /// A write that fails (a reader that went away) drops the rest of the line.
    @Sendable func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        writing.withLock { _ in
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0, errno == EINTR {
                        continue
                    } else {
                        return
                    }
                }
            }
        }
    }
}
