// Inside Streams, chapter 8, "Traits as thin wrappers": a driver's time operators run their timers
// on the driver's own scheduler, so what a timer emits is delivered there too, with no
// `observe(on:)` of its own.

extension Driver {
    /// Emits a value only once `dueTime` has passed without another value arriving: a search
    /// field that queries once the user stops typing.
    ///
    /// The timers run on the driver's scheduler, so a value emitted after the pause is
    /// delivered there, as is a value flushed by the completion (the driver delivers its
    /// completion there). See ``ObservableType/debounce(_:scheduler:)``.
    ///
    /// ```
    /// driver:  -ab----cd---|
    ///          debounce(.seconds(3))
    /// output:  -----b-----d|
    /// ```
    /// ![debounce(.seconds(3)), drawn from a run](drivertime-debounce-seconds-3)
    ///
    /// - Parameter dueTime: How long a value must go without a successor to be emitted.
    /// - Returns: The debounced driver.
    public func debounce(_ dueTime: Duration) -> Driver<Element> {
        Driver(unshared: asObservable().debounce(dueTime, scheduler: scheduler), scheduler: scheduler)
    }

    /// Emits a value, then ignores values for `dueTime`, emitting the latest of them (if any,
    /// and if `latest`) when that window ends: a button that must not fire twice in a row.
    ///
    /// A value that passes at once is delivered on the thread it arrived on, the driver's
    /// scheduler; a value emitted when a window ends, by a timer on that same scheduler. See
    /// ``ObservableType/throttle(_:latest:scheduler:)``.
    ///
    /// ```
    /// driver:  -abc----d-|
    ///          throttle(.seconds(3))
    /// output:  -a--c---d-|
    /// ```
    /// ![throttle(.seconds(3)), drawn from a run](drivertime-throttle-seconds-3)
    ///
    /// - Parameters:
    ///   - dueTime: The least time between two emitted values.
    ///   - latest: Whether to emit the latest value held back during a window when it ends.
    /// - Returns: The throttled driver.
    public func throttle(_ dueTime: Duration, latest: Bool = true) -> Driver<Element> {
        Driver(unshared: asObservable().throttle(dueTime, latest: latest, scheduler: scheduler), scheduler: scheduler)
    }

    /// Shifts every value, and the completion, later by `dueTime`, on the driver's scheduler,
    /// which delivers them. See ``ObservableType/delay(_:scheduler:)``.
    ///
    /// ```
    /// driver:  -a-b-c-|
    ///          delay(.seconds(2))
    /// output:  ---a-b-c-|
    /// ```
    /// ![delay(.seconds(2)), drawn from a run](drivertime-delay-seconds-2)
    ///
    /// - Parameter dueTime: How much later each value and the completion are emitted.
    /// - Returns: The delayed driver.
    public func delay(_ dueTime: Duration) -> Driver<Element> {
        Driver(unshared: asObservable().delay(dueTime, scheduler: scheduler), scheduler: scheduler)
    }
}
