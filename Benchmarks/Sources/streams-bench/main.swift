#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InstructionCounter
import MallocCounter

let usage = """
    usage: streams-bench [--json] [--scale X] [--repetitions N] [--warmups N] [--only W1,W3]
                         [--peers streams,opencombine] [--no-allocations] [--instructions] [--help]

    Runs workloads W1–W5 for Streams, OpenCombine, naive closures and closures + Mutex in one
    process, repetitions interleaved in rotating order, and prints the median ns per unit with
    the ratios Streams/OpenCombine and Streams/floor, then allocations per unit. W6a runs the
    feed end to end (Streams only) for 1,000 pages; W6b, 10,000 pages, runs only when named in
    --only, because it takes minutes. W7a–W7d run scan(into:) appending and a Subject backlog
    at two sizes a hundred times apart (Streams only), to check that the cost per value is flat.
    W8a and W8b run FeedStreams' image rule frame by frame over lists of 1,000 and 100,000
    photos, to check that the cost per frame is flat. W9a–W9j clean hostile text of 1 KB and
    1 MB with FeedStreams' UntrustedText (forTerminal and forHTML, capped and uncapped, and
    forJSON), to check that the cost per scalar is flat. W10a and W10b send to two subjects in
    turn, combined by combineLatest (Streams only) and by zip.

      --json             print the results as one JSON document instead of tables
      --scale X          multiply every workload's size by X (e.g. 0.01 for a smoke run)
      --repetitions N    timed repetitions per peer (default 15); the median is reported
      --warmups N        untimed runs per peer before the repetitions (default 2)
      --only IDS         run only these workloads, comma-separated (W1,W2,W3,W4,W5a,W5b,W6a,W6b,W7a,…,W8b,
                         W9a,…,W9j,W10a,W10b)
      --peers NAMES      run only these peers, comma-separated (streams, opencombine, closures,
                         closures_mutex); for profiling one of them
      --no-allocations   skip the allocation-counting runs
      --instructions     also count instructions per unit under valgrind's callgrind (one
                         run per workload and peer; about 10 minutes at scale 1)
      --help             show this help

    Exit status: 0 on success, 1 when peers' checksums disagree, 2 on a bad command line.
    """

func fail(_ message: String) -> Never {
    var standardError = StandardError()
    print("streams-bench: \(message)\n\n\(usage)", to: &standardError)
    exit(2)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
    }
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var remaining = arguments[...]
    func value(for flag: String) -> String {
        guard let value = remaining.popFirst() else { fail("\(flag) needs a value") }
        return value
    }
    while let argument = remaining.popFirst() {
        switch argument {
        case "--json":
            options.json = true
        case "--scale":
            guard let scale = Double(value(for: argument)), scale > 0, scale.isFinite else {
                fail("--scale needs a positive number")
            }
            options.scale = scale
        case "--repetitions":
            guard let count = Int(value(for: argument)), count > 0 else { fail("--repetitions needs a positive integer") }
            options.repetitions = count
        case "--warmups":
            guard let count = Int(value(for: argument)), count >= 0 else { fail("--warmups needs an integer ≥ 0") }
            options.warmups = count
        case "--only":
            options.only = Set(value(for: argument).split(separator: ",").map { String($0) })
        case "--peers":
            let names = value(for: argument).split(separator: ",").map { String($0) }
            let peers = names.compactMap(Peer.init(rawValue:))
            guard peers.count == names.count else { fail("unknown peer in \(names.joined(separator: ","))") }
            options.peers = Set(peers)
        case "--no-allocations":
            options.allocations = false
        case "--instructions":
            options.instructions = true
        case "--callgrind-child":
            options.isCallgrindChild = true
        case "--help", "-h":
            print(usage)
            exit(0)
        default:
            fail("unknown argument \(argument)")
        }
    }
    return options
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
var workloads = allWorkloads(scale: options.scale)
if let only = options.only {
    let unknown = only.subtracting(workloads.map(\.id))
    if !unknown.isEmpty { fail("unknown workload \(unknown.sorted().joined(separator: ", "))") }
    workloads = workloads.filter { only.contains($0.id) }
} else {
    workloads = workloads.filter(\.runsByDefault)
}
// Under callgrind, instrument from here on: the start of the process and the building of the
// workloads' inputs run uninstrumented, which takes a short run from 3.2 s to 1.1 s.
if options.isCallgrindChild { instruction_counter_start() }

var standardError = StandardError()
do {
    var results = try run(workloads, options: options) { step in
        if !options.json && !options.isCallgrindChild { print("running \(step)…", to: &standardError) }
    }
    if options.instructions {
        try countInstructions(in: &results, options: options) { step in
            if !options.json { print("counting \(step)…", to: &standardError) }
        }
    }
    print(options.json ? renderJSON(results, options: options) : renderTables(results, options: options))
} catch {
    print("streams-bench: \(error)", to: &standardError)
    exit(1)
}
