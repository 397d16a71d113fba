#if canImport(Glibc)
import Glibc
#endif

// `--instructions`: the same workloads counted in instructions with callgrind, which gives the
// same figure on every run however busy the machine is. For each workload and peer, the
// benchmark starts itself under `valgrind --tool=callgrind` with instrumentation and collection
// off (the child switches instrumentation on once its workloads are built), for one
// warm-up run and one repetition of that peer only; the child switches collection on around
// its measured part (`Meter.countsInstructions`), and the parent reads the total from the
// output file and divides it by the workload's units. The child is a copy of this executable
// without its debug information (`strip --strip-debug`): valgrind 3.22 cannot read the DWARF 5
// that Swift 6 emits and gives up.

/// Adds instructions per unit to `results`. Long workloads (W6) are not counted: under
/// callgrind they take many minutes.
func countInstructions(in results: inout [Result], options: Options, progress: (String) -> Void) throws {
    let executable = "/tmp/streams-bench-callgrind.\(getpid()).exe"
    let copy = "strip --strip-debug -o \(executable) \(try currentExecutable())"
    guard system(copy) == 0 else {
        throw InstructionCountFailed(workload: "-", peer: .streams, command: copy)
    }
    defer { unlink(executable) }
    for index in results.indices {
        let workload = results[index].workload
        guard workload.maxRepetitions == nil else { continue }
        for peer in workload.peers where options.peers.contains(peer) {
            progress("\(workload.id) \(peer.rawValue) under callgrind")
            let output = "/tmp/streams-bench-callgrind.\(getpid()).\(workload.id).\(peer.rawValue)"
            let command = [
                "valgrind", "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no", "--callgrind-out-file=\(output)",
                executable, "--callgrind-child", "--only", workload.id, "--peers", peer.rawValue,
                "--scale", String(options.scale), "--repetitions", "1", "--warmups", "1", "--no-allocations",
            ].joined(separator: " ") + " >/dev/null 2>&1"
            let status = system(command)
            defer { unlink(output) }
            guard status == 0, let total = callgrindTotal(in: output) else {
                throw InstructionCountFailed(workload: workload.id, peer: peer, command: command)
            }
            results[index].instructions[peer] = Double(total) / Double(workload.units)
        }
    }
}

struct InstructionCountFailed: Error, CustomStringConvertible {
    let workload: String
    let peer: Peer
    let command: String

    var description: String {
        "counting instructions of \(workload) for \(peer.rawValue) failed (are valgrind and strip installed?): \(command)"
    }
}

/// The path of this executable, from `/proc/self/exe`.
private func currentExecutable() throws -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { throw InstructionCountFailed(workload: "-", peer: .streams, command: "readlink /proc/self/exe") }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The instructions collected, from the `totals:` (or `summary:`) line of a callgrind output file.
private func callgrindTotal(in path: String) -> Int? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    var summary: Int?
    while getline(&line, &capacity, file) > 0, let line {
        let text = String(cString: line)
        for key in ["totals:", "summary:"] where text.hasPrefix(key) {
            let number = text.dropFirst(key.count).split(separator: " ").first.flatMap { Int($0.trimmingCharacters()) }
            if key == "totals:", let number { return number }
            summary = summary ?? number
        }
    }
    return summary
}

extension Substring {
    fileprivate func trimmingCharacters() -> Substring {
        var text = self
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
