// Inside Streams, chapter 8, "Traits as thin wrappers": a signal's time operators run their timers
// on the signal's own scheduler, so what a timer emits is delivered there too, as a driver's do.

extension Signal {
    /// Emits a value, then ignores values for `dueTime`, emitting the latest of them (if any,
    /// and if `latest`) when that window ends; the timers run on the signal's scheduler, as
    /// ``Driver/throttle(_:latest:)``.
    ///
    /// ```
    /// signal:  -abc----d-|
    ///          throttle(.seconds(3))
    /// output:  -a--c---d-|
    /// ```
    /// ![throttle(.seconds(3)), drawn from a run](signaltime-throttle-seconds-3)
    ///
    /// - Parameters:
    ///   - dueTime: The least time between two emitted values.
    ///   - latest: Whether to emit the latest value held back during a window when it ends.
    /// - Returns: The throttled signal.
    public func throttle(_ dueTime: Duration, latest: Bool = true) -> Signal<Element> {
        Signal(unshared: asObservable().throttle(dueTime, latest: latest, scheduler: scheduler), scheduler: scheduler)
    }

    /// Emits a value only once `dueTime` has passed without another value arriving; the timers
    /// run on the signal's scheduler, as ``Driver/debounce(_:)``.
    ///
    /// ```
    /// signal:  -ab----cd---|
    ///          debounce(.seconds(3))
    /// output:  -----b-----d|
    /// ```
    /// ![debounce(.seconds(3)), drawn from a run](signaltime-debounce-seconds-3)
    ///
    /// - Parameter dueTime: How long a value must go without a successor to be emitted.
    /// - Returns: The debounced signal.
    public func debounce(_ dueTime: Duration) -> Signal<Element> {
        Signal(unshared: asObservable().debounce(dueTime, scheduler: scheduler), scheduler: scheduler)
    }

    /// Shifts every value, and the completion, later by `dueTime` on the signal's scheduler,
    /// as ``Driver/delay(_:)``.
    ///
    /// ```
    /// signal:  -a-b-c-|
    ///          delay(.seconds(2))
    /// output:  ---a-b-c-|
    /// ```
    /// ![delay(.seconds(2)), drawn from a run](signaltime-delay-seconds-2)
    ///
    /// - Parameter dueTime: How much later each value and the completion are emitted.
    /// - Returns: The delayed signal.
    public func delay(_ dueTime: Duration) -> Signal<Element> {
        Signal(unshared: asObservable().delay(dueTime, scheduler: scheduler), scheduler: scheduler)
    }
}
