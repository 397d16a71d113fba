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
    private(set) var elapsed: Duration = .zero
    private(set) var allocations = 0

    init(countsAllocations: Bool) {
        self.countsAllocations = countsAllocations
    }

    mutating func measure(_ body: () -> Void) {
        let clock = ContinuousClock()
        if countsAllocations {
            malloc_counter_start()
            elapsed = clock.measure(body)
            allocations = Int(malloc_counter_stop())
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
    /// Each peer's run: measures its hot part and returns a checksum that must agree across peers.
    let runs: [Peer: (inout Meter) -> Int]

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
}

/// The measurements of one workload.
struct Result {
    let workload: Workload
    /// Median nanoseconds per unit, per peer.
    var median: [Peer: Double] = [:]
    /// Allocations per unit, per peer (only when counted).
    var allocations: [Peer: Double] = [:]

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
/// run per peer for allocations.
func run(_ workloads: [Workload], options: Options, progress: (String) -> Void) throws -> [Result] {
    var results: [Result] = []
    for workload in workloads {
        progress("\(workload.id) \(workload.title)")
        let peers = workload.peers.filter(options.peers.contains)
        for _ in 0..<options.warmups {
            for peer in peers {
                var meter = Meter(countsAllocations: false)
                _ = workload.runs[peer]!(&meter)
            }
        }
        var samples: [Peer: [Double]] = [:]
        for repetition in 0..<options.repetitions {
            var checksums: [(Peer, Int)] = []
            let shift = repetition % peers.count
            for peer in peers[shift...] + peers[..<shift] {
                var meter = Meter(countsAllocations: false)
                let checksum = workload.runs[peer]!(&meter)
                checksums.append((peer, checksum))
                samples[peer, default: []].append(nanoseconds(meter.elapsed) / Double(workload.units))
            }
            if Set(checksums.map(\.1)).count > 1 {
                throw ChecksumMismatch(workload: workload.id, checksums: checksums.sorted { $0.0.rawValue < $1.0.rawValue })
            }
        }
        var result = Result(workload: workload)
        for (peer, values) in samples {
            result.median[peer] = median(values)
        }
        if options.allocations && workload.reportsAllocations && malloc_counter_is_active() != 0 {
            for peer in peers {
                var meter = Meter(countsAllocations: true)
                _ = workload.runs[peer]!(&meter)
                result.allocations[peer] = Double(meter.allocations) / Double(workload.units)
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
