// A driver or a signal around a source that keeps the promise by itself, for the package's own view
// models: `asDriver` would move every event through `observe(on:)` a second time, behind other
// work at the same instant.

extension SharedSequence {
    /// `source` as a driver or a signal, shared as `SharingStrategy` says, without moving it to
    /// `scheduler` and without an error handler.
    ///
    /// Only for a source that already keeps the other two promises: it delivers every event on
    /// `scheduler` and never fails. `FeedViewModel` and `ImageViewModel` build their outputs so.
    /// An `asDriver` or `asSignal` would hand each event to `scheduler` once more, and so after
    /// the other work scheduled for the same instant.
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler `source` delivers on; the time operators run there too.
    ///   - source: The values, already on `scheduler`, never failing.
    package init(alreadyOn scheduler: any Scheduler, neverFailing source: Observable<Element>) {
        self.init(unshared: source, scheduler: scheduler)
    }
}
