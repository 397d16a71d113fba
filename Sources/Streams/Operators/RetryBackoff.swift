import Foundation
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
/// The wait after failure `n` (1, 2, 3 …) is
///
///     min(initial · multiplierⁿ⁻¹, max) · (1 − jitter · u)
///
/// where `u`, in `0..<1`, comes from `seed` and `n` alone: the same on every run and in every
/// order, so exact in virtual time. Jitter only shortens a wait, so `max` holds; a jitter of
/// 0.5 waits between half and all of the exponential wait, 1 anywhere up to it. Give each client
/// its own seed to spread their retries apart. The photo feed's `RetryPolicy` computes its waits
/// with this type too.
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
    /// The largest fraction of a wait that jitter takes off: 0 for none, at most 1.
    public let jitter: Double
    /// Where the jitter comes from.
    public let seed: UInt64
    /// How many subscriptions to make in all, or `nil` to retry for as long as it takes.
    public let maxAttempts: Int?

    /// Exponential back-off: `initial`, then `multiplier` times longer after each failure, up
    /// to `max`, each wait shortened by seeded jitter.
    ///
    /// - Parameters:
    ///   - initial: The wait after the first failure; positive.
    ///   - multiplier: The growth of the wait per failure; 1 or more.
    ///   - max: The longest wait; at least `initial`.
    ///   - jitter: The largest fraction of the wait that jitter may take off; from 0 to 1.
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
        let growth = Double.minimum(pow(multiplier, Double(failure - 1)), 1e9)
        // Capped before multiplying: a long initial wait times a large growth can overflow.
        let base = growth >= max / initial ? max : initial * growth
        // A uniform number in [0, 1) from the seed and the failure's number alone: the first
        // draw of SplitMix64 seeded with both.
        let draw = Self.mix((seed ^ UInt64(truncatingIfNeeded: failure) << 40) &+ 0x9E37_79B9_7F4A_7C15)
        let unit = Double(draw >> 11) * 0x1p-53
        return base * (1 - jitter * unit)
    }

    /// Whether failure `failure` (1 for the first) ends the retries.
    public func givesUp(afterFailure failure: Int) -> Bool {
        maxAttempts.map { failure >= $0 } ?? false
    }

    /// The handler for ``ObservableType/retry(when:)-((Observable<Error>)->Trigger)``: after failure `n` it waits
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
