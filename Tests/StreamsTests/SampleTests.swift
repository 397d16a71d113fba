import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("sample")
struct SampleTests {
    @Test("each sample emits the latest value once; the source's completion ends it at the next sample")
    func samples() {
        expectMarbles("--a--b--c--|") { m in
            m.hot("-a-b---c-|", subscriptions: "^--------!")
                .sample(m.hot("--x--xx-x--x|", subscriptions: "^----------!"))
        }
    }

    @Test("a sample with nothing new emits the default value")
    func defaultValue() {
        expectMarbles("--a--bz--z-(z|)") { m in
            m.hot("-a--b-----|").sample(m.hot("--x--xx--x-x|"), defaultValue: "z")
        }
    }

    @Test("completion while a value is pending: the value comes at the next sample, then the completion")
    func completionWithPendingValue() {
        expectMarbles("----(b|)") { m in
            m.hot("-ab|", subscriptions: "^--!").sample(m.hot("----x---x|", subscriptions: "^---!"))
        }
    }

    @Test("the sampler's completion takes a last sample and completes")
    func samplerCompletes() {
        expectMarbles("---(b|)") { m in
            m.hot("-ab-c-|", subscriptions: "^--!").sample(m.hot("---|", subscriptions: "^--!"))
        }
    }

    @Test("an error from either input fails the output at once and unsubscribes both")
    func errors() {
        expectMarbles("--a-#") { m in
            m.hot("-a-b#", subscriptions: "^---!").sample(m.hot("--x---x|", subscriptions: "^---!"))
        }
        expectMarbles("--a-#") { m in
            m.hot("-a-b---|", subscriptions: "^---!").sample(m.hot("--x-#", subscriptions: "^---!"))
        }
    }

    @Test("disposal unsubscribes both at the disposal tick")
    func disposal() {
        expectMarbles("--a--") { m in
            m.dispose(at: 4)
            return m.hot("-a-b---|", subscriptions: "^---!").sample(m.hot("--x---x|", subscriptions: "^---!"))
        }
    }

    @Test("a sample taken re-entrantly from the subscriber is delivered after the current one")
    func reentrant() {
        let source = Subject<Int>()
        let sampler = Subject<Void>()
        let seen = Recorder<String>()
        let subscription = source.sample(sampler).subscribe(
            onNext: { value in
                seen.append("begin \(value)")
                if value == 1 {
                    source.onNext(2)
                    sampler.onNext(())
                    sampler.onCompleted()
                }
                seen.append("end \(value)")
            },
            onCompleted: { seen.append("completed") }
        )
        source.onNext(1)
        sampler.onNext(())
        #expect(seen.items == ["begin 1", "end 1", "begin 2", "end 2", "completed"])
        subscription.dispose()
    }

    @Test("source and sampler on two threads: samples rise, never repeat, never overlap")
    func concurrentInputs() {
        let count = 20_000
        let source = Subject<Int>()
        let sampler = Subject<Void>()
        let inside = Mutex(false)
        let overlaps = Mutex(0)
        let samples = Recorder<Int>()
        let subscription = source.sample(sampler).subscribe(onNext: { value in
            if inside.withLock({ wasInside in defer { wasInside = true }; return wasInside }) { overlaps.withLock { $0 += 1 } }
            samples.append(value)
            inside.withLock { $0 = false }
        })
        runConcurrently(2) { thread in
            for value in 0..<count {
                if thread == 0 { source.onNext(value) } else { sampler.onNext(()) }
            }
        }
        sampler.onNext(())
        let items = samples.items
        #expect(zip(items, items.dropFirst()).allSatisfy { $0 < $1 })
        #expect(items.last == count - 1)
        #expect(overlaps.withLock { $0 } == 0)
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { f in f.source.sample(f.other) }
    }
}
