import Streams
import StreamsTesting
import Testing

/// Subscribes through `subscribe` with an observer that, from inside its delivery, subscribes
/// again the same way; runs `scheduler` and returns what both observers received, each line
/// with the tick it arrived at. The re-entrancy check of the traits' operators.
func recordNestedSubscription<Outcome>(
    on scheduler: TestScheduler,
    _ subscribe: @escaping @Sendable (@escaping @Sendable (Outcome) -> Void) -> any Disposable
) throws -> [String] {
    let log = Recorder<String>()
    let nested = SerialDisposable()
    let outer = subscribe { outcome in
        log.append("outer \(outcome) at \(scheduler.clock)")
        nested.disposable = subscribe { log.append("nested \($0) at \(scheduler.clock)") }
    }
    try scheduler.run()
    outer.dispose()
    nested.dispose()
    return log.items
}

/// Expects each named trait, subscribed by an observer that holds a probe, to release the
/// probe once it has ended, or for `never`, once the subscription is disposed.
func expectFactoriesRelease(
    _ factories: [(name: String, subscribe: (LifetimeProbe) -> any Disposable)],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for (name, subscribe) in factories {
        let released = isReleased(subscribe: subscribe, after: { subscription in
            if name == "never" { subscription.dispose() }
        })
        #expect(released, "\(name)", sourceLocation: sourceLocation)
    }
}
