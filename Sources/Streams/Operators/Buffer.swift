extension ObservableType {
    /// Collects the source's values into arrays, each emitted when it holds `count` values or
    /// when `timeSpan` has passed since the last one was started, whichever comes first.
    /// RxSwift's `buffer(timeSpan:count:scheduler:)`.
    ///
    /// The first buffer starts at the subscription. A full buffer is emitted at the tick of its
    /// last value, and the next one starts then; a buffer that times out is emitted then, empty
    /// or not, so a quiet source yields `[]` every `timeSpan`. When the source completes, the
    /// buffer in progress is emitted (empty or not) and the output completes; an error is
    /// forwarded at once and drops it. Think of a ferry that leaves when every seat is taken or
    /// at its scheduled time, whichever comes first.
    ///
    /// ```
    /// source:  -ab-c------d|
    ///          buffer(timeSpan: .seconds(4), count: 2, scheduler: scheduler)   (A = [a, b], B = [c], C = [], D = [d])
    /// output:  --A---B---C-(D|)
    /// ```
    /// ![buffer(timeSpan: .seconds(4), count: 2, scheduler: scheduler), drawn from a run](buffer-buffer-timespan-seconds-4-count-2)
    ///
    /// It is ``window(timeSpan:count:scheduler:)`` with each window collected into an array,
    /// `window(…).flatMap { $0.toArray() }`: a buffer is emitted when its window closes.
    /// Arrays are delivered on the thread of the source's value or completion, on `scheduler`
    /// when a buffer times out, or on the thread already delivering an earlier one.
    ///
    /// - Parameters:
    ///   - timeSpan: The longest a buffer collects for; more than zero.
    ///   - count: The most values a buffer holds; one or more.
    ///   - scheduler: The scheduler that times the buffers. It must wait for a delay: on an
    ///     ``ImmediateScheduler``, buffers would time out forever.
    /// - Returns: An observable of arrays of the source's values.
    public func buffer(timeSpan: Duration, count: Int, scheduler: any Scheduler) -> Observable<[Element]> {
        window(timeSpan: timeSpan, count: count, scheduler: scheduler).flatMap { $0.toArray() }
    }
}
