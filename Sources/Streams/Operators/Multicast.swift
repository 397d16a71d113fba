extension ObservableType {
    /// Shares this observable through `subject`, from the moment the result is connected:
    /// RxSwift's `multicast(_:)`.
    ///
    /// Subscribers subscribe to `subject`; ``ConnectableObservable/connect()`` subscribes
    /// `subject` to this observable. Every connection feeds the same subject, so once it has
    /// ended (the source failed or completed), a new subscriber receives that end at once, and a
    /// new connection runs the source for nothing. For a new subject at each connection, use
    /// ``multicast(makeSubject:)``.
    ///
    /// ```
    /// source:           --a-b|                    (cold)
    ///                 multicast(subject)          (connected at 2 and at 9)
    /// early:          ----a-b|
    /// late:           --------|                   (subscribed at 8: the subject has ended)
    /// subscriptions:  --^----!
    ///                 ---------^----!
    /// ```
    /// ![multicast(subject), drawn from a run](multicast-multicast-subject)
    ///
    /// Events are delivered as `subject` delivers them (see ``ConnectableObservable``).
    ///
    /// `subject` is any ``SubjectType``, as in RxSwift: the connection sends into its
    /// `asObserver()`, and subscribers subscribe to it. Its values are this observable's type
    /// (RxSwift's may be of another).
    ///
    /// - Parameter subject: Receives the source's events and passes them to the subscribers.
    /// - Returns: A connectable observable that subscribes `subject` to this one when connected.
    public func multicast<S: SubjectType>(_ subject: S) -> ConnectableObservable<Element>
    where S.Element == Element, S.Observer.Element == Element {
        let shared = SubjectParts(observable: subject.asObservable(), observer: subject.asObserver())
        return ConnectableObservable(source: asObservable(), makeSubject: { shared })
    }

    /// Shares this observable through a new subject for each connection: RxSwift's
    /// `multicast(makeSubject:)`.
    ///
    /// `makeSubject` is called for the first subscriber or connection, and again after each
    /// connection has ended (disposed, or its source terminated). So a subscriber that arrives
    /// after a connection ended does not receive its end: it waits, on a new subject, for the
    /// next connection.
    ///
    /// ```
    /// source:           --a-b|                    (cold)
    ///                 multicast(makeSubject: { Subject() })     (connected at 2 and at 9)
    /// early:          ----a-b|
    /// late:           -----------a-b|             (subscribed at 8: a new subject)
    /// subscriptions:  --^----!
    ///                 ---------^----!
    /// ```
    /// ![multicast(makeSubject: { Subject() }), drawn from a run](multicast-multicast-makesubject-subject)
    ///
    /// Events are delivered as the subject delivers them (see ``ConnectableObservable``).
    ///
    /// - Parameter makeSubject: Makes the subject of a connection. It is called outside any
    ///   lock, and may be called from any thread.
    /// - Returns: A connectable observable that subscribes a new subject to this one at each
    ///   connection.
    public func multicast<S: ObservableType & ObserverType>(
        makeSubject: @escaping @Sendable () -> S
    ) -> ConnectableObservable<Element> where S.Element == Element {
        ConnectableObservable(source: asObservable(), makeSubject: { makeSubject() })
    }

    /// Shares this observable inside `selector`, through a new subject for each subscription:
    /// RxSwift's `multicast(_:selector:)`.
    ///
    /// Each subscription makes a subject with `subjectSelector`, passes `selector` an observable
    /// of it, subscribes to what `selector` returns, and then connects the subject to this
    /// observable. However often `selector` uses its argument, this observable is subscribed
    /// once per subscription; the result's end, or a disposal, ends that connection too. If
    /// either closure throws, the subscriber receives the error and nothing is subscribed.
    ///
    /// ```
    /// source:         -a--b--|        (cold: subscribed once)
    ///                 multicast({ Subject() }, selector: { Observable.zip($0, $0) { $0 + $1 } })
    /// output:         -A--B--|        (A = aa, B = bb)
    /// subscriptions:  ^------!
    /// ```
    /// ![multicast({ Subject() }, selector: { Observable.zip($0, $0) { $0 + $1 } }), drawn from a run](multicast-multicast-subject-selector-observable)
    ///
    /// Events are delivered as the observable that `selector` returns delivers them.
    ///
    /// - Parameters:
    ///   - subjectSelector: Makes the subject of one subscription; may throw.
    ///   - selector: Builds the result from the shared observable; may throw.
    /// - Returns: An observable of the result's events, connected at each subscription.
    public func multicast<S: ObservableType & ObserverType, Result: Sendable>(
        _ subjectSelector: @escaping @Sendable () throws -> S,
        selector: @escaping @Sendable (Observable<Element>) throws -> Observable<Result>
    ) -> Observable<Result> where S.Element == Element {
        let source = asObservable()
        return Observable<Result> { observer in
            let subject: S
            let result: Observable<Result>
            do {
                subject = try subjectSelector()
                result = try selector(subject.asObservable())
            } catch {
                observer.on(.error(error))
                return Disposables.create()
            }
            let subscription = SingleAssignmentDisposable()
            let connection = SingleAssignmentDisposable()
            let both = Disposables.create(subscription, connection)
            subscription.setDisposable(result.subscribe(AnyObserver { event in
                guard !subscription.isDisposed else { return }
                switch event {
                case .next:
                    observer.on(event)
                case .error, .completed:
                    both.dispose()
                    observer.on(event)
                }
            }))
            // Connected after the result has subscribed, so that it sees the first value.
            connection.setDisposable(ConnectableObservable(source: source, makeSubject: { subject }).connect())
            return both
        }
    }

    /// Shares this observable from the moment the result is connected, passing each value to
    /// the subscribers of that moment: RxSwift's `publish()`.
    ///
    /// It is `multicast(makeSubject: { Subject() })`. Nothing reaches the source until
    /// ``ConnectableObservable/connect()``: values sent before are lost, and a subscriber
    /// receives what the source emits after it subscribed. Call `connect()` once everyone who
    /// must see the first value has subscribed; or let ``ConnectableObservableType/refCount()``
    /// connect at the first subscriber, which is ``ObservableType/share(replay:scope:)``.
    ///
    /// ```
    /// source:         -a-b-c-d-e-|
    ///                 publish()             (connected at 2)
    /// early:          ---b-c-d-e-|          (subscribed at 0)
    /// late:           -------d-e-|          (subscribed at 6)
    /// subscriptions:  --^--------!
    /// ```
    /// ![publish(), drawn from a run](multicast-publish)
    ///
    /// Events are delivered as by a ``Subject``: serially, on the thread on which the source
    /// emits, or on the thread already delivering.
    ///
    /// - Returns: A connectable observable that shares one subscription to this one.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { Subject() })
    }

    /// Shares this observable from the moment the result is connected, replaying up to
    /// `bufferSize` of the latest values to each new subscriber: RxSwift's `replay(_:)`.
    ///
    /// It is `multicast(makeSubject: { ReplaySubject(bufferSize: bufferSize) })`: each connection
    /// has a new buffer.
    ///
    /// ```
    /// source:         -a-b-c----d-e-|
    ///                 replay(2)             (connected at 2)
    /// early:          ---b-c----d-e-|       (subscribed at 0)
    /// late:           ------(bc)d-e-|       (subscribed at 6: b and c replayed)
    /// ```
    /// ![replay(2), drawn from a run](multicast-replay-2)
    ///
    /// Events are delivered as by a ``ReplaySubject``: serially, on the thread on which the
    /// source emits, or on the thread already delivering; the replay to a new subscriber on the
    /// thread that subscribes.
    ///
    /// - Parameter bufferSize: How many values to replay; 1 or more.
    /// - Returns: A connectable observable that shares one subscription to this one.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        precondition(bufferSize >= 1, "replay(_:) needs a bufferSize of 1 or more, got \(bufferSize)")
        return multicast(makeSubject: { ReplaySubject(bufferSize: bufferSize) })
    }

    /// RxSwift's `replayAll()`, which replays every value of the connection.
    @available(*, unavailable, message: "Streams has no unbounded replay: a buffer that only grows is a leak in a long-lived screen; pick a bound with replay(_:)")
    public func replayAll() -> ConnectableObservable<Element> {
        fatalError("replayAll() is unavailable")
    }
}

/// A ``SubjectType`` as a ``ConnectableObservable`` uses it: a sequence to subscribe to, and an
/// observer to send into.
private struct SubjectParts<SubjectObserver: ObserverType>: ObservableType, ObserverType {
    typealias Element = SubjectObserver.Element

    let observable: Observable<Element>
    let observer: SubjectObserver

    func asObservable() -> Observable<Element> {
        observable
    }

    func on(_ event: Event<Element>) {
        observer.on(event)
    }
}
