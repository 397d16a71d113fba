extension ObservableType {
    /// Emits the source's values for a duration from the subscription, then completes.
    ///
    /// The timer starts on `scheduler` when the output is subscribed, before the source is.
    /// When it fires, the output completes and the source is unsubscribed; if the source ends
    /// first, its terminal event is forwarded and the timer is cancelled.
    ///
    /// Values are delivered on the thread the source emitted them on, and the completion on
    /// `scheduler`, or on the thread delivering a value when the timer fires, right after it:
    /// the two never overlap.
    ///
    /// ```
    /// source:  -a-b-c-d-|
    ///          take(for: .seconds(4))
    /// output:  -a-b|
    /// ```
    /// ![take(for: .seconds(4)), drawn from a run](takefor-take-for-seconds-4)
    ///
    /// - Parameters:
    ///   - duration: How long to emit values; zero or more.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: An observable of the source's values during `duration`.
    public func take(for duration: Duration, scheduler: any Scheduler) -> Observable<Element> {
        precondition(duration >= .zero, "take(for:scheduler:) needs a duration of zero or more, got \(duration)")
        // The timer is `take(until:)`'s other observable: subscribed first, it starts at the
        // subscription, and its one value ends the output through the same serial outbox.
        return take(until: Observable<Int>.timer(duration, scheduler: scheduler))
    }
}
