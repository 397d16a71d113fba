import Streams
import Synchronization

/// A scripted observable for tests that logs when it was subscribed to and disposed.
///
/// Made from recorded events by ``TestScheduler/createHotObservable(_:)`` and
/// ``TestScheduler/createColdObservable(_:)``, or from a marble diagram by
/// ``TestScheduler/createHotObservable(_:values:error:fileID:filePath:line:column:)`` and
/// ``TestScheduler/createColdObservable(_:values:error:fileID:filePath:line:column:)``:
///
/// - **hot**: its events are scheduled once, at their absolute ticks, when it is created, and
///   reach whoever is subscribed at that tick (like a subject driven by the user);
/// - **cold**: each subscription gets its own copy of the events, at ticks counted from the
///   moment it subscribed (like a network request).
///
/// ``subscriptions`` lists every subscription as `Subscription(subscribed, disposed)`. As in
/// RxTest, a subscription made through ``asObservable()`` (as every operator makes it) ends at
/// the terminal event the source sends, if nothing disposed it before; a test observable sends
/// nothing after its terminal event to that subscriber.
public final class TestableObservable<Element: Sendable>: ObservableType {
    enum Kind { case hot, cold }

    private struct State {
        var subscriptions: [Subscription] = []
        var observers: [(id: Int, observer: AnyObserver<Element>)] = []
        /// For each subscription, the indices in `recordedEvents` of the events it was sent.
        var delivered: [[Int]] = []
    }

    /// The scripted events, with absolute ticks (hot) or ticks after subscription (cold).
    public let recordedEvents: [Recorded<Event<Element>>]
    /// The tick marked `^` in the marble diagram this source was made from, if any.
    public let subscriptionTick: Int?
    private let kind: Kind
    let scheduler: TestScheduler
    private let state = Mutex(State())

    init(kind: Kind, events: [Recorded<Event<Element>>], scheduler: TestScheduler, subscriptionTick: Int? = nil) {
        self.kind = kind
        self.subscriptionTick = subscriptionTick
        self.recordedEvents = events
        self.scheduler = scheduler
        guard kind == .hot else { return }
        for (index, recorded) in events.enumerated() {
            scheduler.scheduleAt(recorded.time) { [weak self] in
                guard let self else { return }
                let observers = state.withLock { state in
                    for (id, _) in state.observers { state.delivered[id].append(index) }
                    return state.observers.map(\.observer)
                }
                for observer in observers { observer.on(recorded.value) }
            }
        }
    }

    /// Every subscription so far, in the order they were made.
    public var subscriptions: [Subscription] {
        state.withLock { $0.subscriptions }
    }

    /// For each subscription, in the order of ``subscriptions``, the indices in
    /// ``recordedEvents`` of the events it was sent: what a picture draws as delivered, the rest
    /// as ghosts.
    var deliveries: [[Int]] {
        state.withLock { $0.delivered }
    }

    var isCold: Bool { kind == .cold }

    /// This source as a plain observable, whose subscriptions end at the terminal event.
    public func asObservable() -> Observable<Element> {
        Observable.create { [self] observer in subscribe(observer) }
    }

    /// Subscribes an observer, logging the subscription at the current tick.
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        let now = scheduler.clock
        let index = state.withLock { state in
            state.subscriptions.append(Subscription(now))
            state.delivered.append([])
            return state.subscriptions.count - 1
        }
        let scheduled = CompositeDisposable()
        switch kind {
        case .hot:
            state.withLock { $0.observers.append((index, observer)) }
        case .cold:
            for (event, recorded) in recordedEvents.enumerated() {
                scheduled.insert(scheduler.schedule(after: scheduler.resolution * recorded.time) { [self] in
                    state.withLock { $0.delivered[index].append(event) }
                    observer.on(recorded.value)
                })
            }
        }
        return Disposables.create { [self] in
            scheduled.dispose()
            let end = scheduler.clock
            state.withLock { state in
                state.subscriptions[index] = Subscription(state.subscriptions[index].subscribe, end)
                state.observers.removeAll { $0.id == index }
            }
        }
    }
}
