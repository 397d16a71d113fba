extension ObservableType {
    /// Drops the source's values for a duration from the subscription, then emits the rest:
    /// RxSwift's `skip(_:scheduler:)`.
    ///
    /// The timer starts on `scheduler` when the output is subscribed, before the source is. A
    /// value sent at the very instant the duration ends is emitted if the scheduler runs the
    /// timer first. The source's end is forwarded whenever it comes.
    ///
    /// Values are delivered on the thread the source emitted them on.
    ///
    /// ```
    /// source:  -a-b-c-d-|
    ///          skip(.seconds(4))
    /// output:  -----c-d-|
    /// ```
    /// ![skip(.seconds(4)), drawn from a run](skipfor-skip-seconds-4)
    ///
    /// - Parameters:
    ///   - duration: How long to drop values; zero or less drops none.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: An observable of the source's values after `duration`.
    public func skip(_ duration: Duration, scheduler: any Scheduler) -> Observable<Element> {
        // The timer is `skip(until:)`'s other observable: subscribed first, it starts at the
        // subscription, and its one value opens the gate. Unlike `skip(until:)`, a source that
        // completes before the timer fires completes the output, as RxSwift's does.
        skip(until: Observable<Int>.timer(max(duration, .zero), scheduler: scheduler), forwardsEarlyCompletion: true)
    }
}
