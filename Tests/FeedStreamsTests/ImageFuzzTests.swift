import FeedStreams
import FeedTestSupport
import Testing

/// Thousands of generated image sessions, checked against the five promises of the images.
///
/// Each case comes from one seed (see `Support/ImageFuzz.swift`): a screen and layout, flings,
/// reversals and drags, pages appended, live photos inserted at the top, refreshes, memory
/// warnings, random latencies and failures, and cells reused as they scroll. A failure prints the
/// scenario and the command that replays it alone: `FUZZ_SEED=0x… swift test --filter
/// ImageFuzzTests`. `FUZZ_CASES=n` runs more (or fewer) cases, `FUZZ_BASE=n` another series.
///
/// The promises: no load starts for a photo outside the wanted set at that instant; no image on
/// screen waits behind a prefetch; no two loads run for one address; the cache is never over its
/// budget; no cell ever receives another photo's image (and no cell's phases go backwards).
@Suite("Fuzzed image sessions")
struct ImageFuzzTests {
    @Test(
        "sessions: flings, reversals, layouts, latencies, failures, refreshes, live inserts and memory warnings keep every promise of the images",
        arguments: [0, 1, 2, 3]
    )
    func sessions(shard: Int) async throws {
        let seeds = FuzzSeeds.seeds(count: 2_000, salt: 0x1A6E5, shard: shard, of: 4)
        // Off the concurrency pool: see `offPool`.
        let run = try await offPool { () throws -> (failure: String?, coverage: Set<String>) in
            var coverage = Set<String>()
            for seed in seeds {
                let scenario = ImageScenario(seed: seed)
                let fuzz = ImageFuzz(scenario: scenario)
                let failures = try fuzz.run()
                guard failures.isEmpty else {
                    let replay = FuzzSeeds.replay(seed).replacingOccurrences(of: "FeedFuzzTests", with: "ImageFuzzTests")
                    return ("\(scenario)\n\(failures.prefix(4).joined(separator: "\n"))\n\(replay)", coverage)
                }
                coverage.formUnion(fuzz.coverage)
            }
            return (nil, coverage)
        }
        #expect(run.failure == nil, "\(run.failure ?? "")")
        // A series that never reached these situations would prove little.
        if seeds.count >= 100, run.failure == nil {
            let expected: Set<String> = [
                "cancelled", "preempted", "promoted", "kept", "shared", "cache hit", "retry", "evicted", "not cached",
                "prefetch above", "prefetch below", "image shown", "prefetch beside a full screen",
                "append", "insert", "refresh", "memory",
            ]
            #expect(run.coverage.isSuperset(of: expected), "never reached: \(expected.subtracting(run.coverage).sorted())")
        }
    }

    @Test("the generator is deterministic and its cases differ")
    func generator() {
        #expect(ImageScenario(seed: 42).description == ImageScenario(seed: 42).description)
        #expect(ImageScenario(seed: 42).description != ImageScenario(seed: 43).description)
    }
}
