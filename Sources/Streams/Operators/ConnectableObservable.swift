import Synchronization

/// An observable whose subscribers share one subscription to a source, made when ``connect()``
/// is called: RxSwift's `ConnectableObservableType`.
///
/// ``ConnectableObservable`` is the one Streams makes; adopt the protocol to give a connectable
/// of your own ``refCount()``.
public protocol ConnectableObservableType<Element>: ObservableType {
    /// Subscribes to the source on behalf of every subscriber.
    ///
    /// - Returns: The connection; disposing it unsubscribes from the source.
    func connect() -> any Disposable
}

/// An observable that subscribes to its source only when it is connected, and passes what the
/// source emits to all its subscribers through a subject: RxSwift's `ConnectableObservable`.
///
/// ``ObservableType/publish()``, ``ObservableType/replay(_:)``, ``ObservableType/multicast(_:)``
/// and ``ObservableType/multicast(makeSubject:)`` make one. Subscribing to it subscribes to its
/// subject, and nothing more: the source is subscribed by ``connect()``, once, for everyone.
/// ``ConnectableObservableType/refCount()`` connects at the first subscriber and disconnects
/// when the last one leaves; ``ObservableType/share(replay:scope:)`` is that, in one operator.
///
/// ## Connections
///
/// - ``connect()`` subscribes to the source and sends its events into the subject. Called
///   again while connected, it returns the same connection.
/// - Disposing the connection unsubscribes from the source. The subject's subscribers stay
///   subscribed to it, without receiving anything more from this connection.
/// - When the source fails or completes, the connection ends by itself, before the subject
///   passes the terminal event on; so a subscriber that connects again from inside its
///   terminal handler makes a new connection.
/// - A fixed subject (`multicast(subject)`) serves every connection: once it has ended, a new
///   subscriber receives its end at once, and connecting again subscribes to the source for a
///   subject that ignores it. With a factory (`publish()`, `replay(_:)`,
///   `multicast(makeSubject:)`), each connection has a new subject: the first subscriber or
///   `connect()` after a connection ended makes it, and it starts empty.
///
/// ## Threads
///
/// Subscribe, connect and dispose from any thread. ``connect()`` subscribes to the source on
/// the calling thread. Events are delivered as the subject delivers them: a ``Subject`` or a
/// ``ReplaySubject`` delivers serially, on the thread on which the source emits or on the
/// thread already delivering.
public final class ConnectableObservable<Element: Sendable>: ConnectableObservableType {
    private let source: Observable<Element>
    private let makeSubject: @Sendable () -> MulticastSubject<Element>
    private let state = Mutex(ConnectableState<Element>())

    init(source: Observable<Element>, makeSubject: @escaping @Sendable () -> MulticastSubject<Element>) {
        self.source = source
        self.makeSubject = makeSubject
    }

    /// Subscribes to the source, on behalf of every subscriber, unless it is already connected.
    ///
    /// Until it is disposed or the source terminates, every event of the source goes into the
    /// subject, and from it to the subscribers. While connected, `connect()` returns the same
    /// connection: disposing either result disconnects.
    ///
    /// ```
    /// source:         -a-b-c-d-e-|
    ///                 connect()            (of publish(), at 2; disposed at 6)
    /// output:         ---b-c--
    /// subscriptions:  --^---!
    /// ```
    /// ![connect(), drawn from a run](connectableobservable-connect)
    ///
    /// The subscriber, there since 0, misses `a`, sent before the connection, and everything
    /// after the disconnection at 6.
    ///
    /// - Returns: The connection; disposing it unsubscribes from the source.
    public func connect() -> any Disposable {
        switch state.withLock({ $0.connect(owner: self) }) {
        case .connected(let connection):
            return connection
        case .started(let connection):
            connection.start(source)
            return connection
        case .needsSubject:
            adopt(makeSubject())
            return connect()
        }
    }

    /// Subscribes an observer to the subject of the current connection, or of the next one.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        let subject = state.withLock { $0.subject } ?? adopt(makeSubject())
        return subject.asObservable().subscribe(observer)
    }

    /// This connectable as a plain observable; subscribing to it subscribes to the subject.
    public func asObservable() -> Observable<Element> {
        Observable { [self] observer in subscribe(observer) }
    }

    /// Keeps `made`, made outside the lock (the factory is user code), as the subject, unless
    /// another thread kept one first; returns the subject kept. An unused `made` is released by
    /// the caller, after the lock.
    @discardableResult
    private func adopt(_ made: MulticastSubject<Element>) -> MulticastSubject<Element> {
        state.withLock { state in
            if let subject = state.subject { return subject }
            state.subject = made
            return made
        }
    }

    /// Forgets `connection`, if it is the current one, and its subject: the next subscriber or
    /// connection makes a new one (or, with a fixed subject, takes the same one again).
    fileprivate func disconnect(_ connection: Connection<Element>) {
        // The subject is released after the lock: it holds its subscribers' observers.
        let released = state.withLock { $0.disconnect(connection) }
        _ = released
    }
}

/// A subject as a ``ConnectableObservable`` uses it: the connection sends into it, subscribers
/// subscribe to it.
typealias MulticastSubject<Element: Sendable> = any ObservableType<Element> & ObserverType<Element>

/// The state of a ``ConnectableObservable``: its subject and its current connection.
private struct ConnectableState<Element: Sendable> {
    /// What `connect()` does, decided under the lock.
    enum Connect {
        /// Already connected: return the connection.
        case connected(Connection<Element>)
        /// A new connection, which the caller starts after the lock.
        case started(Connection<Element>)
        /// No subject yet: make one outside the lock, then decide again.
        case needsSubject
    }

    /// The subject of the current connection, or of the next one; `nil` from the end of a
    /// connection until a subscriber or `connect()` needs one.
    var subject: MulticastSubject<Element>?
    /// The current connection, until it is disposed or its source terminates.
    private var connection: Connection<Element>?

    mutating func connect(owner: ConnectableObservable<Element>) -> Connect {
        if let connection { return .connected(connection) }
        guard let subject else { return .needsSubject }
        let connection = Connection(owner: owner, subject: subject)
        self.connection = connection
        return .started(connection)
    }

    /// Ends `connection` if it is the current one; returns the subject let go of.
    mutating func disconnect(_ connection: Connection<Element>) -> MulticastSubject<Element>? {
        guard self.connection === connection else { return nil }
        self.connection = nil
        return subject.take()
    }
}

/// One connection of a ``ConnectableObservable``: the subscription to the source, which sends
/// every event into the subject.
private final class Connection<Element: Sendable>: Disposable {
    private weak let owner: ConnectableObservable<Element>?
    private let subject: MulticastSubject<Element>
    private let subscription = SingleAssignmentDisposable()

    init(owner: ConnectableObservable<Element>, subject: MulticastSubject<Element>) {
        self.owner = owner
        self.subject = subject
    }

    func start(_ source: Observable<Element>) {
        subscription.setDisposable(source.subscribe(AnyObserver { [self] event in
            guard !subscription.isDisposed else { return }
            switch event {
            case .next:
                subject.on(event)
            case .error, .completed:
                // Disconnected before the subject passes the end on, so that a subscriber or a
                // `connect()` from inside a terminal handler starts a new connection.
                dispose()
                subject.on(event)
            }
        }))
    }

    func dispose() {
        owner?.disconnect(self)
        subscription.dispose()
    }
}
