import Synchronization

extension ObservableType {
    /// Resubscribes to this sequence after each error, waiting longer each time, until an
    /// attempt does not fail or `backoff` gives up.
    ///
    /// The waits are ``RetryBackoff/delay(afterFailure:)``: with `.exponential(initial:
    /// .seconds(1), max: .seconds(4), maxAttempts: 4)`, 1, 2 and 4 seconds, and the error of the
    /// fourth attempt is forwarded. The same seed gives the same jitter, so a test states the
    /// retries to the tick.
    ///
    /// ```
    /// source:  -a#     (cold: each attempt starts over)
    ///          retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 4), scheduler: scheduler)
    /// output:  -a--a---a-----a#
    /// ```
    /// ![retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 4), scheduler: scheduler), drawn from a run](retrybackoff-retry-exponential-initial-seconds-1)
    ///
    /// Values are delivered on the source's thread; attempts after the first are subscribed
    /// on `scheduler`.
    ///
    /// - Parameters:
    ///   - backoff: How long to wait before each new attempt, and how many attempts to make.
    ///   - scheduler: The scheduler that runs the waits.
    /// - Returns: An observable that retries this one with back-off.
    public func retry(_ backoff: RetryBackoff, scheduler: any Scheduler) -> Observable<Element> {
        retry(when: backoff.notificationHandler(scheduler: scheduler))
    }
}

/// How long to wait before each new attempt of ``ObservableType/retry(_:scheduler:)``, and when
/// to give up: exponential back-off with a cap and seeded jitter.
///
/// The wait after failure `n` (1, 2, 3 …) is `initial × multiplierⁿ⁻¹`, capped at `max`, then
/// moved by up to ±`jitter` of itself, capped at `max` again, and rounded to whole
/// milliseconds. The jitter of failure `n` comes from `seed` and `n` alone, so it is the same on
/// every run and in every order: exact in virtual time. Give each client its own seed to
/// spread their retries apart.
///
/// ```swift
/// let backoff = RetryBackoff.exponential(initial: .seconds(1), max: .seconds(30), jitter: 0.2,
///                                        seed: 7, maxAttempts: 5)
/// let page = service.page(1).retry(backoff, scheduler: scheduler)   // a Single, retried
/// ```
public struct RetryBackoff: Sendable, Equatable {
    /// The wait after the first failure, before jitter.
    public let initial: Duration
    /// What each wait is multiplied by for the next one.
    public let multiplier: Double
    /// The longest wait, jitter included.
    public let max: Duration
    /// How far, as a fraction of the wait, jitter moves it either way: 0 for none, at most 1.
    public let jitter: Double
    /// Where the jitter comes from.
    public let seed: UInt64
    /// How many subscriptions to make in all, or `nil` to retry for as long as it takes.
    public let maxAttempts: Int?

    /// Exponential back-off: `initial`, then `multiplier` times longer after each failure, up
    /// to `max`, each wait moved by seeded jitter.
    ///
    /// - Parameters:
    ///   - initial: The wait after the first failure; positive.
    ///   - multiplier: The growth of the wait per failure; 1 or more.
    ///   - max: The longest wait; at least `initial`.
    ///   - jitter: The fraction of the wait jitter may add or remove; from 0 to 1.
    ///   - seed: Where the jitter comes from.
    ///   - maxAttempts: How many subscriptions to make in all (as in ``ObservableType/retry(_:)``);
    ///     1 or more, or `nil` for no limit.
    /// - Returns: The back-off.
    public static func exponential(
        initial: Duration,
        multiplier: Double = 2,
        max: Duration,
        jitter: Double = 0,
        seed: UInt64 = 0,
        maxAttempts: Int? = nil
    ) -> RetryBackoff {
        precondition(initial > .zero, "RetryBackoff.exponential needs a positive initial wait, got \(initial)")
        precondition(multiplier >= 1, "RetryBackoff.exponential needs a multiplier of 1 or more, got \(multiplier)")
        precondition(max >= initial, "RetryBackoff.exponential needs max (\(max)) to be at least initial (\(initial))")
        precondition((0...1).contains(jitter), "RetryBackoff.exponential needs a jitter from 0 to 1, got \(jitter)")
        precondition((maxAttempts ?? 1) >= 1, "RetryBackoff.exponential needs maxAttempts of 1 or more, got \(maxAttempts ?? 0)")
        return RetryBackoff(initial: initial, multiplier: multiplier, max: max, jitter: jitter, seed: seed,
                            maxAttempts: maxAttempts)
    }

    /// The wait after failure `failure` (1 for the first), before the next attempt.
    public func delay(afterFailure failure: Int) -> Duration {
        precondition(failure >= 1, "RetryBackoff.delay(afterFailure:) counts failures from 1, got \(failure)")
        let cap = max / .milliseconds(1)
        var base = initial / .milliseconds(1)
        for _ in 1..<failure where base < cap { base *= multiplier }
        base = Swift.min(base, cap)
        // A uniform number in [-1, 1) from the seed and the failure's number alone.
        let unit = Double(Self.mix(seed &+ UInt64(failure) &* 0x9E37_79B9_7F4A_7C15) >> 11) / Double(1 << 53) * 2 - 1
        let jittered = Swift.min(Swift.max(base * (1 + jitter * unit), 0), cap)
        return .milliseconds(Int64(jittered.rounded()))
    }

    /// Whether failure `failure` (1 for the first) ends the retries.
    public func givesUp(afterFailure failure: Int) -> Bool {
        maxAttempts.map { failure >= $0 } ?? false
    }

    /// The handler for ``ObservableType/retry(when:)``: after failure `n` it waits
    /// ``delay(afterFailure:)`` on `scheduler` and emits `n`, or fails with the error when the
    /// back-off gives up.
    ///
    /// - Parameter scheduler: The scheduler that runs the waits.
    /// - Returns: The notification handler.
    public func notificationHandler(scheduler: any Scheduler) -> @Sendable (Observable<any Error>) -> Observable<Int> {
        let backoff = self
        return { errors in
            Observable.deferred {
                let failures = Mutex(0)
                return errors.concatMap { error -> Observable<Int> in
                    let failure = failures.withLock { count in
                        count += 1
                        return count
                    }
                    guard !backoff.givesUp(afterFailure: failure) else { return .error(error) }
                    return Observable<Int>.timer(backoff.delay(afterFailure: failure), scheduler: scheduler).map { _ in failure }
                }
            }
        }
    }

    /// SplitMix64's finaliser: spreads the bits of `value` over the whole word.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
