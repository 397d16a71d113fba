// Inside Streams, chapter 8, "Traits as thin wrappers": the time operators of a driver or a signal
// run their timers on its scheduler, so what a timer emits is delivered there too.

extension SharedSequence {
    /// Emits a value once `dueTime` has passed without another, on the sequence's scheduler: a
    /// search field that queries once the user stops typing; see
    /// ``ObservableType/debounce(_:scheduler:)``.
    ///
    /// ```
    /// source:  -ab----cd---|
    ///          debounce(.seconds(3))
    /// output:  -----b-----d|
    /// ```
    /// ![debounce(.seconds(3)), drawn from a run](sharedsequencetime-debounce-seconds-3)
    ///
    /// - Parameter dueTime: How long a value must go without a successor to be emitted.
    /// - Returns: The debounced sequence, of the same kind.
    public func debounce(_ dueTime: Duration) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().debounce(dueTime, scheduler: scheduler), scheduler: scheduler)
    }

    /// Emits a value, then ignores values for `dueTime`, emitting the latest of them (if any, and
    /// if `latest`) when that window ends, on the sequence's scheduler: a button that must not
    /// fire twice in a row. See ``ObservableType/throttle(_:latest:scheduler:)``.
    ///
    /// ```
    /// source:  -abc----d-|
    ///          throttle(.seconds(3))
    /// output:  -a--c---d-|
    /// ```
    /// ![throttle(.seconds(3)), drawn from a run](sharedsequencetime-throttle-seconds-3)
    ///
    /// - Parameters:
    ///   - dueTime: The least time between two emitted values.
    ///   - latest: Whether to emit the latest value held back during a window when it ends.
    /// - Returns: The throttled sequence, of the same kind.
    public func throttle(_ dueTime: Duration, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().throttle(dueTime, latest: latest, scheduler: scheduler), scheduler: scheduler)
    }

    /// Shifts every value, and the completion, later by `dueTime`, on the sequence's scheduler;
    /// see ``ObservableType/delay(_:scheduler:)``.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          delay(.seconds(2))
    /// output:  ---a-b-c-|
    /// ```
    /// ![delay(.seconds(2)), drawn from a run](sharedsequencetime-delay-seconds-2)
    ///
    /// - Parameter dueTime: How much later each value and the completion are emitted.
    /// - Returns: The delayed sequence, of the same kind.
    public func delay(_ dueTime: Duration) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().delay(dueTime, scheduler: scheduler), scheduler: scheduler)
    }
}
