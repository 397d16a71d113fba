import Synchronization

extension ConnectableObservableType {
    /// Connects at the first subscriber and disconnects when the last one leaves: RxSwift's
    /// `refCount()`.
    ///
    /// The first subscriber subscribes, then calls ``ConnectableObservableType/connect()``;
    /// later subscribers join the connection. When the last of them disposes, the connection is
    /// disposed, and the next subscriber connects again. When the source fails or completes,
    /// the connection is over for every subscriber: it is forgotten before the terminal event
    /// is passed on, so a subscriber arriving after it, even from inside a terminal handler,
    /// connects again.
    ///
    /// ```
    /// source:         -a-b-c-d-e|               (cold)
    ///                 publish().refCount()
    /// first:          -a-b-c                    (subscribed at 0: connects)
    /// second:         -----c-d                  (subscribed at 4: joins; leaves last, at 8)
    /// third:          -----------a-b-c-d-e|     (subscribed at 10: connects again)
    /// subscriptions:  ^-------!
    ///                 ----------^---------!
    /// ```
    /// ![publish().refCount(), drawn from a run](refcount-publish-refcount)
    ///
    /// `publish().refCount()` is ``ObservableType/share(replay:scope:)`` with its defaults, and
    /// `replay(n).refCount()` is `share(replay: n)`; `share` does the same in one operator,
    /// with its subject and its connection behind one lock. Events are delivered as the
    /// connectable delivers them.
    ///
    /// A subscriber that arrives on one thread while the last one leaves on another may
    /// subscribe to the subject of the connection that is ending, and then wait for nothing, as
    /// in RxSwift; ``ObservableType/share(replay:scope:)`` decides both under its one lock.
    ///
    /// - Returns: An observable that stays connected while it has subscribers.
    public func refCount() -> Observable<Element> {
        let connectable = self
        let state = Mutex(RefCountState())
        return Observable { observer in
            let member = state.withLock { $0.newMember() }
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(connectable.asObservable().subscribe(AnyObserver { event in
                guard !subscription.isDisposed else { return }
                switch event {
                case .next:
                    observer.on(event)
                case .error, .completed:
                    subscription.dispose()
                    // Forgotten before the end is passed on, so that a subscriber arriving from
                    // inside the terminal handler connects again.
                    let connection = state.withLock { $0.connectionEnded(for: member) }
                    connection?.dispose()
                    observer.on(event)
                }
            }))
            // Counted once subscribed, so that what the source emits as it connects reaches this
            // subscriber too; a subscription that has already ended (its subject had) is not.
            let connection = state.withLock { $0.join(member, hasEnded: subscription.isDisposed) }
            connection?.setDisposable(connectable.connect())
            return Disposables.create {
                subscription.dispose()
                let connection = state.withLock { $0.leave(member) }
                connection?.dispose()
            }
        }
    }
}

/// The state of one `refCount()` observable, shared by all its subscriptions: which of them
/// count in the current connection, and the connection.
private struct RefCountState {
    private var nextMember: UInt64 = 0
    /// The subscriptions counted in the current connection: empty exactly when there is none.
    /// A subscription of an earlier connection is not among them, so its late end changes
    /// nothing.
    private var members: Set<UInt64> = []
    /// The current connection, holding what `connect()` returned once it has.
    private var connection: SingleAssignmentDisposable?

    /// A number for a new subscription.
    mutating func newMember() -> UInt64 {
        defer { nextMember &+= 1 }
        return nextMember
    }

    /// Counts a subscription in the current connection, unless it has already ended.
    ///
    /// - Returns: The connection to make, when this is the first subscription.
    mutating func join(_ member: UInt64, hasEnded: Bool) -> SingleAssignmentDisposable? {
        guard !hasEnded else { return nil }
        let isFirst = members.isEmpty
        members.insert(member)
        guard isFirst else { return nil }
        let connection = SingleAssignmentDisposable()
        self.connection = connection
        return connection
    }

    /// A subscription was disposed.
    ///
    /// - Returns: The connection to dispose, when it was the last one counted in it.
    mutating func leave(_ member: UInt64) -> SingleAssignmentDisposable? {
        guard members.remove(member) != nil, members.isEmpty else { return nil }
        return connection.take()
    }

    /// A subscription received the terminal event: if it counts in the current connection,
    /// that connection is over for everyone.
    ///
    /// - Returns: The connection to dispose.
    mutating func connectionEnded(for member: UInt64) -> SingleAssignmentDisposable? {
        guard members.contains(member) else { return nil }
        members.removeAll()
        return connection.take()
    }
}
