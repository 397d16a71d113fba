import StreamsTesting

/// The runners of the diagrams of connectable observables (`publish`, `multicast`, `replay`,
/// `connect`, `refCount`) and of `AsyncSubject`.
///
/// A connectable's diagram says in its note when it is connected (`(connected at 2)`); its
/// runner connects it at those ticks, as `withUnretained`'s runner releases its object at the
/// tick its note names.
extension DocRunners {
    static let connectable: [String: Runner] = [
        "connect()": { inputs in
            let connectable = inputs.source.publish()
            connect(connectable, at: 2, disposingAt: 6, on: inputs.scheduler)
            return connectable.asObservable()
        },
        "publish()": { inputs in
            let connectable = inputs.source.publish()
            connect(connectable, at: 2, on: inputs.scheduler)
            return connectable.asObservable()
        },
        "replay(2)": { inputs in
            let connectable = inputs.source.replay(2)
            connect(connectable, at: 2, on: inputs.scheduler)
            return connectable.asObservable()
        },
        "multicast(subject)": { inputs in
            let connectable = inputs.source.multicast(Subject())
            connect(connectable, at: 2, on: inputs.scheduler)
            connect(connectable, at: 9, on: inputs.scheduler)
            return connectable.asObservable()
        },
        "multicast(makeSubject: { Subject() })": { inputs in
            let connectable = inputs.source.multicast(makeSubject: { Subject() })
            connect(connectable, at: 2, on: inputs.scheduler)
            connect(connectable, at: 9, on: inputs.scheduler)
            return connectable.asObservable()
        },
        "publish().refCount()": { $0.source.publish().refCount() },
        "multicast({ Subject() }, selector: { Observable.zip($0, $0) { $0 + $1 } })": {
            $0.source.multicast({ Subject() }, selector: { Observable.zip($0, $0) { $0 + $1 } })
        },
        "replay(1).refCount()": { $0.source.replay(1).refCount() },
        "AsyncSubject()": { inputs in
            let subject = AsyncSubject<String>()
            _ = inputs.source.subscribe(subject)
            return subject.asObservable()
        },
    ]

    /// Connects `connectable` at `tick`, and disposes that connection at `disposal`, if given.
    private static func connect(
        _ connectable: ConnectableObservable<String>,
        at tick: Int,
        disposingAt disposal: Int? = nil,
        on scheduler: TestScheduler
    ) {
        let connection = SingleAssignmentDisposable()
        scheduler.scheduleAt(tick) { connection.setDisposable(connectable.connect()) }
        if let disposal {
            scheduler.scheduleAt(disposal) { connection.dispose() }
        }
    }
}
