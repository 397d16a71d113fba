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

            let listeners: InnerSubjects.WithListeners = { body in state.withLock { body(&$0.listeners) } }
            let steps = InnerSubjects.deliverer(to: observer, listeners: listeners) { (key: Key, group: Subject<Element>) in
                GroupedObservable(key: key, source: InnerSubjects.counted(group, listeners: listeners, release: release))
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
                if listeners({ $0.removeOutput() }) { release() }
            }
        }
    }
}

/// A step of a ``ObservableType/groupBy(keySelector:)`` subscription: a group's label is its key.
private typealias GroupByStep<Key: Hashable & Sendable, Element: Sendable> = InnerSubjects.Step<Key, Element>

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
    /// Who keeps the source subscribed: the output, and the subscriptions to groups.
    var listeners = InnerSubjects.Listeners()
    var outbox = SerialOutbox<Event<GroupByStep<Key, Element>>>()

    /// Sends `value` into the group of `key`, opening that group first if the key is new.
    mutating func receive(_ value: Element, key: Key) -> Handoff<Event<GroupByStep<Key, Element>>>? {
        guard !outbox.isClosed else { return nil }
        if let group = groups[key] { return outbox.send(.next(.send(value, group))) }
        let group = Subject<Element>()
        groups[key] = group
        opened.append(group)
        return outbox.send(contentsOf: [.next(.open(key, group)), .next(.send(value, group))])
    }

    /// Ends every group, then the output, with `end`.
    mutating func finish(with end: Event<Element>) -> Handoff<Event<GroupByStep<Key, Element>>>? {
        guard !outbox.isClosed else { return nil }
        let outputEnd: Event<GroupByStep<Key, Element>> = end.error.map { .error($0) } ?? .completed
        // The subjects move into the steps; the emptied collections release nothing.
        let closes = opened.map { Event<GroupByStep<Key, Element>>.next(.close($0, end)) }
        opened = []
        groups = [:]
        return outbox.send(contentsOf: closes + [outputEnd])
    }
}
