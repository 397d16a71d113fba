import FeedStreams
import Streams

/// Subscribes to `single` and awaits its result, and how long it took to arrive.
///
/// The time is read on the thread that delivers the result, so that a test process whose
/// concurrency pool is busy with other tests (a synchronous test holds one of its threads) does
/// not add its wait for a thread to the service's or the loader's time.
func timedResult<Value: Sendable>(of single: Single<Value>) async -> (result: Result<Value, FeedError>, took: Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    let (event, end) = await withCheckedContinuation { continuation in
        _ = single.subscribe { continuation.resume(returning: ($0, clock.now)) }
    }
    let result = event.mapError { error in
        (error as? FeedError) ?? .malformedResponse(path: "", problem: "not a FeedError: \(error)")
    }
    return (result, start.duration(to: end))
}
