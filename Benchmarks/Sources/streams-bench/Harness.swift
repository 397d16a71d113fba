import InstructionCounter
import MallocCounter

/// The implementations a workload is run on.
enum Peer: String, CaseIterable {
    case streams
    case opencombine
    case closures
    case closuresMutex = "closures_mutex"

    var label: String {
        switch self {
        case .streams: "Streams"
        case .opencombine: "OpenCombine"
        case .closures: "closures"
        case .closuresMutex: "closures+Mutex"
        }
    }
}

/// Times the hot part of one run, and counts its allocations when asked to.
///
/// Each implementation does its own setup (subscribing, filling a subject), calls ``measure(_:)``
/// around the part the workload is about, then tears down, so that setup is not timed.
struct Meter {
    let countsAllocations: Bool
    /// Whether callgrind collects instructions during the measured part (a run under
    /// `--instructions`, see Instructions.swift).
    var countsInstructions = false
    private(set) var elapsed: Duration = .zero
    private(set) var allocations = 0
    /// How many more heap bytes the process held after the measured part than before it (only
    /// when counting allocations).
    private(set) var liveBytes = 0
    /// How many items the run still holds when the measured part ends (photos in W6), set by the
    /// run; with ``liveBytes`` it gives the bytes held per item. 0 when not reported.
    var held = 0

    init(countsAllocations: Bool) {
        self.countsAllocations = countsAllocations
    }

    mutating func measure(_ body: () -> Void) {
        let clock = ContinuousClock()
        if countsInstructions {
            instruction_counter_toggle()
            elapsed = clock.measure(body)
            instruction_counter_toggle()
        } else if countsAllocations {
            malloc_counter_start()
            elapsed = clock.measure(body)
            allocations = Int(malloc_counter_stop())
            liveBytes = Int(malloc_counter_live_bytes())
        } else {
            elapsed = clock.measure(body)
        }
    }
}

/// One benchmark: the same work done by each peer, in units (events, subscriptions, reads) so
/// that results read as "ns per unit".
struct Workload {
    let id: String
    let title: String
    /// What one unit is, singular ("event", "subscription", "delivery").
    let unit: String
    /// How many units one run does.
    let units: Int
    /// The floor Streams is compared with: the Mutex floor where there is one, else the naive one.
    let floor: Peer
    /// Targets, as ratios: Streams / OpenCombine and Streams / floor (`nil`: no target).
    let maxVersusOpenCombine: Double?
    let maxVersusFloor: Double?
    /// Whether allocations per unit are reported for this workload.
    let reportsAllocations: Bool
    /// Target on Streams' allocations per unit (`nil`: no target).
    var maxAllocations: Double? = nil
    /// Each peer's run: measures its hot part and returns a checksum that must agree across peers.
    let runs: [Peer: (inout Meter) -> Int]
    /// Caps on the command line's repetitions and warm-up runs, for workloads whose runs take
    /// seconds (W6); `nil`: no cap.
    var maxRepetitions: Int? = nil
    var maxWarmups: Int? = nil
    /// Whether allocations are counted during the timed runs (the last repetition's count is
    /// reported) instead of in one extra run: for long runs, whose timing the counter does not
    /// disturb measurably.
    var countsWhileTiming = false
    /// Whether the workload runs without being named in `--only` (W6b takes minutes).
    var runsByDefault = true
    /// What sets this size apart from its pair's other size, when it is not the units (W8: the
    /// photos in the list, `1000 photos`).
    var sizeLabel: String? = nil

    var peers: [Peer] { Peer.allCases.filter { runs[$0] != nil } }
}

/// How the benchmark is run, from the command line.
struct Options {
    var json = false
    var scale = 1.0
    var repetitions = 15
    var warmups = 2
    var only: Set<String>? = nil
    var peers: Set<Peer> = Set(Peer.allCases)
    var allocations = true
    /// Also count instructions per unit under callgrind (`--instructions`).
    var instructions = false
    /// This process is one callgrind run started by `--instructions`: collect during the timed
    /// repetitions only.
    var isCallgrindChild = false
}

/// The measurements of one workload.
struct Result {
    let workload: Workload
    /// Median nanoseconds per unit, per peer.
    var median: [Peer: Double] = [:]
    /// Allocations per unit, per peer (only when counted).
    var allocations: [Peer: Double] = [:]
    /// Instructions per unit, per peer, from callgrind (only with `--instructions`).
    var instructions: [Peer: Double] = [:]
    /// Heap bytes held per item at the end of the counted run, per peer (only for workloads whose
    /// runs report what they hold, and only when allocations were counted).
    var bytesPerHeld: [Peer: Double] = [:]

    var streams: Double? { median[.streams] }

    func ratio(_ peer: Peer) -> Double? {
        guard let streams, let other = median[peer], other > 0 else { return nil }
        return streams / other
    }

    /// The targets this result misses, as sentences; empty when all are met.
    var misses: [String] {
        var misses: [String] = []
        if let limit = workload.maxVersusOpenCombine, let ratio = ratio(.opencombine), ratio > limit {
            misses.append("Streams/OpenCombine \(format(ratio, 2)) > \(format(limit, 2))")
        }
        if let limit = workload.maxVersusFloor, let ratio = ratio(workload.floor), ratio > limit {
            misses.append("Streams/\(workload.floor.label) \(format(ratio, 2)) > \(format(limit, 2))")
        }
        if let limit = workload.maxAllocations, let count = allocations[.streams], count > limit {
            misses.append("\(format(count, 2)) allocations per \(workload.unit) > \(format(limit, 2))")
        }
        return misses
    }
}

struct ChecksumMismatch: Error, CustomStringConvertible {
    let workload: String
    let checksums: [(Peer, Int)]

    var description: String {
        let list = checksums.map { "\($0.0.rawValue)=\($0.1)" }.joined(separator: ", ")
        return "checksum mismatch in \(workload): \(list)"
    }
}

/// Runs each workload: warm-up runs, then repetitions with the peers in a rotating order (so
/// that no peer always runs first or right after the same neighbour), medians, then one counted
/// run per peer for allocations (or counts during the timed runs, for long workloads).
func run(_ workloads: [Workload], options: Options, progress: (String) -> Void) throws -> [Result] {
    var results: [Result] = []
    for workload in workloads {
        progress("\(workload.id) \(workload.title)")
        let peers = workload.peers.filter(options.peers.contains)
        let repetitions = min(options.repetitions, workload.maxRepetitions ?? .max)
        let warmups = min(options.warmups, workload.maxWarmups ?? .max)
        let counts = options.allocations && workload.reportsAllocations && malloc_counter_is_active() != 0
        var result = Result(workload: workload)
        func record(_ meter: Meter, of peer: Peer) {
            result.allocations[peer] = Double(meter.allocations) / Double(workload.units)
            if meter.held > 0 {
                result.bytesPerHeld[peer] = Double(meter.liveBytes) / Double(meter.held)
            }
        }
        for _ in 0..<warmups {
            for peer in peers {
                var meter = Meter(countsAllocations: false)
                _ = workload.runs[peer]!(&meter)
            }
        }
        var samples: [Peer: [Double]] = [:]
        for repetition in 0..<repetitions {
            var checksums: [(Peer, Int)] = []
            let shift = repetition % peers.count
            for peer in peers[shift...] + peers[..<shift] {
                var meter = Meter(countsAllocations: counts && workload.countsWhileTiming)
                meter.countsInstructions = options.isCallgrindChild
                let checksum = workload.runs[peer]!(&meter)
                checksums.append((peer, checksum))
                samples[peer, default: []].append(nanoseconds(meter.elapsed) / Double(workload.units))
                if meter.countsAllocations { record(meter, of: peer) }
            }
            if Set(checksums.map(\.1)).count > 1 {
                throw ChecksumMismatch(workload: workload.id, checksums: checksums.sorted { $0.0.rawValue < $1.0.rawValue })
            }
        }
        for (peer, values) in samples {
            result.median[peer] = median(values)
        }
        if counts && !workload.countsWhileTiming {
            for peer in peers {
                var meter = Meter(countsAllocations: true)
                _ = workload.runs[peer]!(&meter)
                record(meter, of: peer)
            }
        }
        results.append(result)
    }
    return results
}

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// `value` with `digits` decimals.
func format(_ value: Double, _ digits: Int) -> String {
    var scaled = value
    for _ in 0..<digits { scaled *= 10 }
    let rounded = Int(scaled.rounded())
    guard digits > 0 else { return String(rounded) }
    let sign = rounded < 0 ? "-" : ""
    let magnitude = String(abs(rounded))
    let padded = String(repeating: "0", count: max(0, digits + 1 - magnitude.count)) + magnitude
    return sign + padded.dropLast(digits) + "." + padded.suffix(digits)
}
