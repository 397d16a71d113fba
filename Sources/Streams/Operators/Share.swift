import Synchronization

/// How long the subject behind ``ObservableType/share(replay:scope:)`` lives, and so what a
/// subscriber arriving after a disconnection sees.
public enum SubjectLifetimeScope: Sendable {
    /// A new subject for each connection. When the last subscriber leaves, or the source
    /// terminates, the connection and its replay buffer are dropped; the next subscriber
    /// connects afresh and sees nothing of the previous connection.
    case whileConnected
    /// One subject for the lifetime of the shared observable. Its replay buffer survives
    /// disconnections, and once the source has terminated every later subscriber receives the
    /// replayed values and the terminal event, without a new connection.
    case forever
}

extension ObservableType {
    /// Shares one subscription to this observable among all subscribers, replaying the latest
    /// `replay` values to each new one.
    ///
    /// The first subscriber *connects*: it subscribes to this observable, once, on behalf of
    /// everyone. Later subscribers join that connection and first receive up to `replay` of
    /// the latest values. When the last subscriber disposes, the connection is disposed too.
    /// With ``SubjectLifetimeScope/whileConnected`` (the default), a subscriber arriving after
    /// that, or after this observable terminated, connects again: a cold source runs again
    /// from the start.
    ///
    /// ```
    /// source:  -a-b-c-d-e-|         (cold: subscribed once, shared)
    ///          share(replay: 1)
    /// first:   -a-b-c-d-e-|         (subscribed at 0: connects)
    /// second:  ----bc-d-e-|         (subscribed at 4: b is replayed)
    /// ```
    /// ![share(replay: 1), drawn from a run](share-share-replay-1)
    ///
    /// ```
    /// source:  -a-b|                (cold)
    ///          share()
    /// first:   -a-b|                (subscribed at 0: connects)
    /// second:  ------a-b|           (subscribed at 5, after completion: connects again)
    /// ```
    /// ![share(), drawn from a run](share-share)
    ///
    /// Use it when several consumers need the result of one piece of work, such as one
    /// network request feeding both a list and a counter. Events are delivered as by a
    /// ``Subject``: serially, on the source's thread or on the thread already delivering; a
    /// subscriber that subscribes from inside a handler is queued, not nested.
    ///
    /// - Parameters:
    ///   - replay: How many of the latest values each new subscriber receives first; 0 by
    ///     default.
    ///   - scope: Whether the replay buffer and the terminal event outlive a connection.
    /// - Returns: An observable that shares one subscription to this one.
    public func share(
        replay: Int = 0,
        scope: SubjectLifetimeScope = .whileConnected
    ) -> Observable<Element> {
        precondition(replay >= 0, "share(replay:) needs replay ≥ 0")
        let source = asObservable()
        let state = Mutex(ShareState<Element>(replay: replay, scope: scope))
        return Observable { observer in
            let ticket = state.withLock { $0.join() }
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(ticket.subject.subscribe(AnyObserver { event in
                guard !subscription.isDisposed else { return }
                switch event {
                case .next:
                    observer.on(event)
                case .error, .completed:
                    subscription.dispose()
                    observer.on(event)
                }
            }))
            if let connection = ticket.connect {
                connection.setDisposable(source.subscribe(AnyObserver { event in
                    switch event {
                    case .next:
                        ticket.subject.on(event)
                    case .error, .completed:
                        let released = state.withLock { $0.sourceTerminated(ticket.generation) }
                        _ = released
                        connection.dispose()
                        ticket.subject.on(event)
                    }
                }))
            }
            guard let generation = ticket.generation else { return subscription }
            return Disposables.create {
                subscription.dispose()
                // The subject a disconnection lets go of is released after the lock.
                let (connection, released) = state.withLock { $0.leave(generation) }
                _ = released
                connection?.dispose()
            }
        }
    }
}

/// The state shared by every subscription to one `share(replay:scope:)` observable: the
/// current connection, if any, and how many subscribers it has.
private struct ShareState<Element: Sendable> {
    /// What a new subscriber joins: the subject to subscribe to, the connection's
    /// generation (`nil` when the forever subject has terminated and there is no connection),
    /// and the connection to make when this subscriber is the first.
    struct Ticket {
        let subject: Subject<Element>
        let generation: UInt64?
        let connect: SingleAssignmentDisposable?
    }

    let replay: Int
    let scope: SubjectLifetimeScope
    private var subject: Subject<Element>?
    private var connection: SingleAssignmentDisposable?
    /// Identifies the current connection, so a late `leave` of an earlier one is ignored.
    private var generation: UInt64 = 0
    private var count = 0
    /// For `.forever`: the source terminated, and its subject holds the terminal event.
    private var isTerminated = false

    init(replay: Int, scope: SubjectLifetimeScope) {
        self.replay = replay
        self.scope = scope
    }

    mutating func join() -> Ticket {
        let subject = self.subject ?? Subject(replay: replay, initial: [])
        self.subject = subject
        if isTerminated {
            return Ticket(subject: subject, generation: nil, connect: nil)
        }
        var connect: SingleAssignmentDisposable?
        if connection == nil {
            generation &+= 1
            connect = SingleAssignmentDisposable()
            connection = connect
        }
        count += 1
        return Ticket(subject: subject, generation: generation, connect: connect)
    }

    /// A subscriber of connection `generation` left; returns the connection to dispose when it
    /// was the last one, and the subject the state let go of, to release after the lock.
    mutating func leave(_ generation: UInt64) -> (SingleAssignmentDisposable?, released: Subject<Element>?) {
        guard generation == self.generation, let connection else { return (nil, nil) }
        count -= 1
        guard count == 0 else { return (nil, nil) }
        return (connection, disconnect())
    }

    /// The source of connection `generation` terminated: the next subscriber starts afresh
    /// (`.whileConnected`) or receives the terminal event (`.forever`).
    /// Returns the subject the state let go of, to release after the lock.
    mutating func sourceTerminated(_ generation: UInt64?) -> Subject<Element>? {
        guard generation == self.generation else { return nil }
        if scope == .forever { isTerminated = true }
        return disconnect()
    }

    /// Forgets the connection, and the subject too unless it lives forever; returns the subject
    /// it let go of.
    private mutating func disconnect() -> Subject<Element>? {
        connection = nil
        count = 0
        return scope == .whileConnected ? subject.take() : nil
    }
}
