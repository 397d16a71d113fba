import Synchronization

extension ObservableType {
    /// Splits the source into groups by key: emits a ``GroupedObservable`` the first time a key
    /// is seen, and sends each value into the group of its key. RxSwift's `groupBy(keySelector:)`.
    ///
    /// A new group is emitted before its first value is sent into it. When the source
    /// completes, every group completes, in the order they were opened, and then the output; an
    /// error, or an error thrown by `keySelector`, fails every group and then the output, and
    /// unsubscribes the source.
    ///
    /// ```
    /// source:  -1-2-3-4-5|
    ///          groupBy { Int($0)! % 2 == 0 ? "e" : "o" }   (the groups merged, each value drawn after its group's key)
    /// output:  -A-B-C-D-E|      (A = o1, B = e2, C = o3, D = e4, E = o5)
    /// ```
    /// ![groupBy { Int($0)! % 2 == 0 ? "e" : "o" }, drawn from a run](groupby-groupby-int-0-2-0-e-o)
    ///
    /// Above, group `o` is emitted at tick 1 and group `e` at tick 3; both complete with the
    /// source at tick 10.
    ///
    /// A group is hot, like a ``Subject``: it sends only the values that arrive after you
    /// subscribe. Subscribing to a group when it arrives, as ``ObservableType/flatMap(_:)``
    /// does, misses nothing.
    ///
    /// As in RxSwift, the source subscription lives as long as the output subscription or any
    /// subscription to a group: if you dispose the output while subscribed to a group, that
    /// group still receives its values, and the source is unsubscribed when the last group
    /// subscription ends. Keys first seen after the output was disposed still get a group,
    /// which nobody can subscribe to.
    ///
    /// Groups are emitted, and values and terminal events sent into them, on the thread of the
    /// source's event, or on the thread already delivering an earlier one, which delivers the
    /// later one after it returns. `keySelector` runs on the thread of the source's event.
    ///
    /// - Parameter keySelector: Returns the key of a value. An error it throws ends the groups
    ///   and the output with that error.
    /// - Returns: An observable of groups, each an observable of the values with its key.
    public func groupBy<Key: Hashable & Sendable>(
        keySelector: @escaping @Sendable (Element) throws -> Key
    ) -> Observable<GroupedObservable<Key, Element>> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(GroupByState<Key, Element>())
            let upstream = SingleAssignmentDisposable()

            // Ends the subscription for good: the source and the steps still queued.
            @Sendable func release() {
                state.cancelDelivery()
                upstream.dispose()
            }

            // A group as its subscribers see it: its subject, each subscription to which keeps
            // the source subscription alive until it ends (the group's end ends it too).
            @Sendable func counted(_ group: Subject<Element>) -> Observable<Element> {
                Observable { groupObserver in
                    guard state.withLock({ $0.addGroupSubscription() }) else { return group.subscribe(groupObserver) }
                    let ended = Disposables.create {
                        if state.withLock({ $0.removeGroupSubscription() }) { release() }
                    }
                    let subscription = group.subscribe(AnyObserver { event in
                        groupObserver.on(event)
                        if event.isStopEvent { ended.dispose() }
                    })
                    return Disposables.create(subscription, ended)
                }
            }

            // The deliverer: performs each step, with no lock held, in the order decided.
            let steps = AnyObserver<GroupByStep<Key, Element>> { event in
                switch event {
                case .next(.open(let key, let group)):
                    if state.withLock({ $0.isOutputSubscribed }) {
                        observer.on(.next(GroupedObservable(key: key, source: counted(group))))
                    }
                case .next(.send(let value, let group)):
                    group.onNext(value)
                case .next(.close(let group, let end)):
                    group.on(end)
                case .error(let error):
                    if state.withLock({ $0.isOutputSubscribed }) { observer.on(.error(error)) }
                case .completed:
                    if state.withLock({ $0.isOutputSubscribed }) { observer.on(.completed) }
                }
            }

            @Sendable func finish(with end: Event<Element>) {
                let first = state.withLock { $0.finish(with: end) }
                upstream.dispose()
                state.deliver(first, to: steps)
            }

            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    // User code, so before the lock.
                    let key: Key
                    do {
                        key = try keySelector(value)
                    } catch {
                        finish(with: .error(error))
                        return
                    }
                    state.deliver(state.withLock { $0.receive(value, key: key) }, to: steps)
                case .error, .completed:
                    finish(with: event)
                }
            }))
            return Disposables.create {
                if state.withLock({ $0.removeOutputSubscription() }) { release() }
            }
        }
    }
}

/// One thing the deliverer of a ``ObservableType/groupBy(keySelector:)`` subscription does.
/// The terminal events of the outbox go to the output.
private enum GroupByStep<Key: Hashable & Sendable, Element: Sendable>: Sendable {
    /// Emits a new group.
    case open(Key, Subject<Element>)
    /// Sends a value into a group.
    case send(Element, Subject<Element>)
    /// Ends a group with the source's terminal event.
    case close(Subject<Element>, Event<Element>)
}

/// The state of one ``ObservableType/groupBy(keySelector:)`` subscription.
///
/// Values and the source's end are decided under the lock and sent through `outbox` as steps,
/// so a group is emitted before its first value and never receives a value after its end. The
/// methods return the step the caller must deliver, if it became the deliverer.
private struct GroupByState<Key: Hashable & Sendable, Element: Sendable>: SerialDelivering {
    /// The groups by key.
    var groups: [Key: Subject<Element>] = [:]
    /// The groups in the order they were opened, the order in which they end.
    var opened: [Subject<Element>] = []
    /// Whether the output subscription is still there; the groups may outlive it.
    var isOutputSubscribed = true
    /// How many subscriptions to groups are still there.
    var groupSubscriptions = 0
    var outbox = SerialOutbox<GroupByStep<Key, Element>>()

    /// Sends `value` into the group of `key`, opening that group first if the key is new.
    mutating func receive(_ value: Element, key: Key) -> Event<GroupByStep<Key, Element>>? {
        guard !outbox.isClosed else { return nil }
        if let group = groups[key] { return outbox.send(.next(.send(value, group))) }
        let group = Subject<Element>()
        groups[key] = group
        opened.append(group)
        return outbox.send(contentsOf: [.next(.open(key, group)), .next(.send(value, group))])
    }

    /// Ends every group, then the output, with `end`.
    mutating func finish(with end: Event<Element>) -> Event<GroupByStep<Key, Element>>? {
        guard !outbox.isClosed else { return nil }
        let outputEnd: Event<GroupByStep<Key, Element>> = end.error.map { .error($0) } ?? .completed
        // The subjects move into the steps; the emptied collections release nothing.
        let closes = opened.map { Event<GroupByStep<Key, Element>>.next(.close($0, end)) }
        opened = []
        groups = [:]
        return outbox.send(contentsOf: closes + [outputEnd])
    }

    /// Counts a subscription to a group; `false` once the subscription was released.
    mutating func addGroupSubscription() -> Bool {
        guard isOutputSubscribed || groupSubscriptions > 0 else { return false }
        groupSubscriptions += 1
        return true
    }

    /// Returns whether that was the last thing keeping the source subscription.
    mutating func removeGroupSubscription() -> Bool {
        groupSubscriptions -= 1
        return groupSubscriptions == 0 && !isOutputSubscribed
    }

    /// Returns whether no group subscription keeps the source subscription.
    mutating func removeOutputSubscription() -> Bool {
        isOutputSubscribed = false
        return groupSubscriptions == 0
    }
}
