import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("retry(when:) and RetryBackoff")
struct RetryWhenTests {
    @Test("each trigger value after an error makes a new attempt; the trigger's completion completes")
    func retriesOnTrigger() {
        expectMarbles("-a----a--a-----|") { m in
            let source = m.cold("-a#", subscriptions: "^-!", "-----^-!", "--------^-!")
            let trigger = m.hot("-----x--x------|", subscriptions: "^--------------!")
            return source.retry(when: { _ in trigger })
        }
    }

    @Test("trigger values while an attempt runs are ignored")
    func ignoresTriggerWhileRunning() {
        expectMarbles("-a-b-----a-b---|") { m in
            let source = m.cold("-a-b#", subscriptions: "^---!", "--------^---!")
            let trigger = m.hot("-xx-----x---x--|")
            return source.retry(when: { _ in trigger })
        }
    }

    @Test("the handler receives each attempt's error")
    func receivesErrors() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(1, 1), .error(2, TestError("up"))])
        let seen = Recorder<String>()
        let observer = scheduler.start(disposed: 210) {
            source.retry(when: { errors in errors.do(onNext: { seen.append("\($0)") }).delay(.seconds(1), scheduler: scheduler) })
        }
        #expect(observer.events == [.next(201, 1), .next(204, 1), .next(207, 1)])
        #expect(seen.items == ["up", "up", "up"])
        #expect(source.subscriptions == [Subscription(200, 202), Subscription(203, 205), Subscription(206, 208), Subscription(209, 210)])
        expectNoPendingWork(scheduler)
    }

    @Test("the trigger's error fails the output; the source's completion completes it")
    func endings() {
        expectMarbles("-a--#") { m in
            let trigger = m.hot("----#", subscriptions: "^---!")
            return m.cold("-a#", subscriptions: "^-!").retry(when: { _ in trigger })
        }
        expectMarbles("-a-|") { m in
            let trigger = m.hot("-----x|", subscriptions: "^--!")
            return m.cold("-a-|", subscriptions: "^--!").retry(when: { _ in trigger })
        }
    }

    @Test("the trigger completing while an attempt waits completes the output at that tick")
    func completionWhileWaiting() {
        expectMarbles("-a-----|") { m in
            let trigger = m.hot("-------|")
            return m.cold("-a#", subscriptions: "^-!").retry(when: { _ in trigger.asObservable() })
        }
    }

    @Test("disposal while waiting unsubscribes the trigger and cancels its timer")
    func disposalWhileWaiting() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(1, 1), .error(2, TestError("up"))])
        let observer = scheduler.start(disposed: 204) {
            source.retry(.exponential(initial: .seconds(10), max: .seconds(10)), scheduler: scheduler)
        }
        #expect(observer.events == [.next(201, 1)])
        #expect(source.subscriptions == [Subscription(200, 202)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source that fails during subscribe, with a trigger that answers at once, loops without recursion")
    func synchronousFailuresDoNotRecurse() {
        let attempts = Mutex(0)
        let failures = 100_000
        let source = Observable<Int>.create { observer in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            if attempt <= failures {
                observer.onError(TestError("now"))
            } else {
                observer.onNext(attempt)
                observer.onCompleted()
            }
            return Disposables.create()
        }
        let seen = Recorder<String>()
        _ = source.retry(when: { $0 }).subscribe { seen.append("\($0)") }
        #expect(seen.items == ["next(\(failures + 1))", "completed"])
        #expect(attempts.withLock { $0 } == failures + 1)
    }

    @Test("a value sent back into the source from onNext is delivered after the current one")
    func reentrancy() throws {
        let scheduler = TestScheduler()
        let events = try recordCountingUpReentrantly(on: scheduler, completingAt: nil) { subject in
            subject.retry(when: { $0 })
        }
        #expect(events == [.next(10, 1), .next(10, 2), .next(10, 3), .completed(10)])
        expectNoPendingWork(scheduler)
    }

    @Test("releases the observer and the handler when the subscription ends", arguments: SubscriptionEnding.allCases)
    func releases(_ ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { fixture in
            let other = fixture.other, probe = fixture.probe
            return fixture.source.retry(when: { _ in other.filter { probe.pass($0) } })
        }
    }

    @Test("releases the observer while a back-off wait is pending")
    func releasesWhileWaiting() throws {
        for giveUp in [false, true] {
            let scheduler = TestScheduler()
            let source = scheduler.createColdObservable([.next(1, 1), .error(2, TestError("up"))])
            let backoff = RetryBackoff.exponential(initial: .seconds(5), max: .seconds(5), maxAttempts: 2)
            let released = try isReleased(subscribe: { probe in
                source.retry(backoff, scheduler: scheduler).subscribe(AnyObserver { _ in _ = probe })
            }, after: { subscription in
                try scheduler.advance(to: 4)
                // Disposed while the wait runs, or left to give up after the second attempt.
                if !giveUp { subscription.dispose() }
                try scheduler.run()
            })
            #expect(released, "gives up: \(giveUp)")
            #expect(source.subscriptions == (giveUp ? [Subscription(0, 2), Subscription(7, 9)] : [Subscription(0, 2)]))
            expectNoPendingWork(scheduler)
        }
    }

    // MARK: Back-off

    @Test("exponential back-off waits 1, 2, 4 seconds and forwards the error of the last attempt")
    func backoffTimeline() {
        expectMarbles("-a--a---a-----a#") { m in
            m.cold("-a#", subscriptions: "^-!", "---^-!", "-------^-!", "-------------^-!")
                .retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 4), scheduler: m.scheduler)
        }
    }

    @Test("the waits grow by the multiplier up to the cap")
    func backoffDelays() {
        let backoff = RetryBackoff.exponential(initial: .milliseconds(250), multiplier: 3, max: .seconds(5))
        #expect((1...6).map(backoff.delay(afterFailure:)) == [
            .milliseconds(250), .milliseconds(750), .milliseconds(2250), .seconds(5), .seconds(5), .seconds(5),
        ])
        #expect(backoff.delay(afterFailure: 10_000) == .seconds(5))
        #expect(!backoff.givesUp(afterFailure: 1_000))
        let limited = RetryBackoff.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 3)
        #expect([1, 2, 3].map(limited.givesUp(afterFailure:)) == [false, false, true])
    }

    @Test("jitter is seeded: the same seed gives the same waits, each shortened by at most the jitter", arguments: [0, 7, 12_345] as [UInt64])
    func backoffJitter(_ seed: UInt64) {
        print("RetryBackoff jitter seed \(seed)")
        let backoff = RetryBackoff.exponential(initial: .seconds(1), max: .seconds(8), jitter: 0.5, seed: seed)
        let waits = (1...8).map(backoff.delay(afterFailure:))
        #expect(waits == (1...8).map(RetryBackoff.exponential(initial: .seconds(1), max: .seconds(8), jitter: 0.5, seed: seed)
            .delay(afterFailure:)))
        for (index, wait) in waits.enumerated() {
            let base = min(Duration.seconds(1) * (1 << index), .seconds(8))
            #expect(wait >= base / 2 && wait <= base, "seed \(seed), failure \(index + 1): \(wait)")
        }
        let other = RetryBackoff.exponential(initial: .seconds(1), max: .seconds(8), jitter: 0.5, seed: seed + 1)
        #expect((1...8).map(other.delay(afterFailure:)) != waits, "seed \(seed)")
    }

    @Test("jittered waits run in virtual time, each rounded up to the scheduler's tick")
    func jitterInVirtualTime() throws {
        let backoff = RetryBackoff.exponential(initial: .seconds(1), max: .seconds(8), jitter: 0.3, seed: 42, maxAttempts: 3)
        let first = backoff.delay(afterFailure: 1), second = backoff.delay(afterFailure: 2)
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let source = scheduler.createColdObservable([.error(0, TestError("up"))] as [Recorded<Event<Int>>])
        let observer = scheduler.start(disposed: 100_000) { source.retry(backoff, scheduler: scheduler) }
        let firstRetry = 200 + scheduler.ticks(for: first), secondRetry = firstRetry + scheduler.ticks(for: second)
        #expect(source.subscriptions == [Subscription(200, 200), Subscription(firstRetry, firstRetry), Subscription(secondRetry, secondRetry)])
        #expect(observer.events == [.error(secondRetry, TestError("up"))])
        expectNoPendingWork(scheduler)
    }
}
