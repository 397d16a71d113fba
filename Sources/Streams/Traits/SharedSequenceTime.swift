// Inside Streams, chapter 8, "Traits as thin wrappers": timers run on the sequence's scheduler.

extension SharedSequence {
    /// Emits a value once `dueTime` has passed without another, on the sequence's scheduler: a
    /// search field that queries once the user stops typing; see
    /// ``ObservableType/debounce(_:scheduler:)``.
    ///
    /// ![debounce(.seconds(3)), drawn from a run](debounce-debounce-seconds-3)
    public func debounce(_ dueTime: Duration) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().debounce(dueTime, scheduler: scheduler), scheduler: scheduler)
    }

    /// Emits a value, then ignores values for `dueTime`, emitting the latest of them (if any, and
    /// if `latest`) when that window ends, on the sequence's scheduler: a button that must not fire
    /// twice in a row. See ``ObservableType/throttle(_:latest:scheduler:)``.
    ///
    /// ![throttle(.seconds(3)), drawn from a run](throttle-throttle-seconds-3)
    public func throttle(_ dueTime: Duration, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().throttle(dueTime, latest: latest, scheduler: scheduler), scheduler: scheduler)
    }

    /// Shifts every value, and the completion, later by `dueTime`, on the sequence's scheduler; see
    /// ``ObservableType/delay(_:scheduler:)``.
    ///
    /// ![delay(.seconds(2)), drawn from a run](delay-delay-seconds-2)
    public func delay(_ dueTime: Duration) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(unshared: asObservable().delay(dueTime, scheduler: scheduler), scheduler: scheduler)
    }
}
