// The core protocols as RxSwift's own tests use them: a custom observable that writes only
// `subscribe`, a custom subject (`SubjectType`), a connectable of one's own, `mapObserver`, the
// disposables `BooleanDisposable`, `RefCountDisposable` and `ScheduledDisposable`, and
// `object.rx.property`. The mocks below have the shapes of RxSwift's test mocks
// (`PrimitiveHotObservable`, `PrimitiveMockObserver`, `MySubject`, `TestConnectableObservable`),
// written for Swift 6.
import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

// MARK: - Mocks with the shapes of RxSwift's test mocks

/// A hot observable driven by hand that writes only `subscribe(_:)`, as RxSwift's
/// `PrimitiveHotObservable` does; it logs each subscription as subscribed (`Subscription(0)`)
/// or ended (`Subscription(0, 0)`).
final class HandDrivenObservable<Element: Sendable>: ObservableType {
    private let observers = Subject<Element>()
    private let log = Mutex<[Subscription]>([])

    var subscriptions: [Subscription] {
        log.withLock { $0 }
    }

    func on(_ event: Event<Element>) {
        observers.on(event)
    }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element {
        let index = log.withLock { log in
            log.append(Subscription(0))
            return log.count - 1
        }
        let removal = observers.subscribe(observer)
        return Disposables.create {
            removal.dispose()
            self.log.withLock { $0[index] = Subscription(0, 0) }
        }
    }
}

/// An observer that writes only `on(_:)` and records what it receives, as RxSwift's
/// `PrimitiveMockObserver` does (every event at time 0).
final class EventJournal<Element: Sendable>: ObserverType {
    private let received = Mutex<[Event<Element>]>([])

    var events: [Recorded<Event<Element>>] {
        received.withLock { $0 }.map { Recorded(time: 0, value: $0) }
    }

    func on(_ event: Event<Element>) {
        received.withLock { $0.append(event) }
    }
}

/// A subject of one's own, as RxSwift's `MySubject`: one observer at a time, a count of
/// subscriptions, whether the last one was disposed, and a disposable to dispose when a given
/// value passes.
final class HandMadeSubject<Element: Hashable & Sendable>: SubjectType, ObserverType {
    private struct State {
        var observer: AnyObserver<Element>?
        var disposeOn: [Element: any Disposable] = [:]
        var subscribeCount = 0
        var isDisposed = false
    }

    private let state = Mutex(State())

    var subscribeCount: Int {
        state.withLock { $0.subscribeCount }
    }

    var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    func disposeOn(_ value: Element, disposable: any Disposable) {
        state.withLock { $0.disposeOn[value] = disposable }
    }

    func on(_ event: Event<Element>) {
        let observer = state.withLock { $0.observer }
        observer?.on(event)
        if case .next(let value) = event {
            let disposable = state.withLock { $0.disposeOn[value] }
            disposable?.dispose()
        }
    }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element {
        state.withLock { state in
            state.subscribeCount += 1
            state.observer = AnyObserver(observer)
        }
        return Disposables.create {
            let released = self.state.withLock { state in
                state.isDisposed = true
                return state.observer.take()
            }
            _ = released
        }
    }

    func asObserver() -> HandMadeSubject<Element> {
        self
    }
}

/// A connectable of one's own over any subject, as RxSwift's `TestConnectableObservable`.
final class ConnectableThrough<S: SubjectType>: ConnectableObservableType where S.Element == S.Observer.Element {
    typealias Element = S.Element

    private let connectable: ConnectableObservable<S.Element>

    init(source: Observable<S.Element>, subject: S) {
        connectable = source.multicast(subject)
    }

    func connect() -> any Disposable {
        connectable.connect()
    }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element {
        connectable.subscribe(observer)
    }
}

/// A source that breaks the event grammar: a value after its completion, and a second
/// completion; it counts how often its subscription is disposed.
final class UnrulyObservable: ObservableType {
    typealias Element = Int

    let disposals = Mutex(0)

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
        observer.on(.next(1))
        observer.on(.completed)
        observer.on(.next(2))
        observer.on(.completed)
        return Disposables.create { self.disposals.withLock { $0 += 1 } }
    }
}

/// A gauge on screen: a main-actor class whose property `object.rx.level` binds.
@MainActor
final class Gauge: ReactiveCompatible {
    var level = 0
}

/// A model object that is not UI, `Sendable` through its lock, with a settable property.
final class Counter: ReactiveCompatible, Sendable {
    private let state = Mutex(0)

    var count: Int {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

/// What any subject receives and passes on, through the two faces of ``SubjectType``.
private func passThrough<S: SubjectType>(_ subject: S, _ events: [Event<Int>]) -> [String]
where S.Element == Int, S.Observer.Element == Int {
    let seen = Mutex<[String]>([])
    let subscription = subject.subscribe(AnyObserver<Int> { event in seen.withLock { $0.append("\(event)") } })
    for event in events {
        subject.asObserver().on(event)
    }
    subscription.dispose()
    return seen.withLock { $0 }
}

// MARK: - Tests

@Suite("RxSwift's core protocols: custom observables and subjects, mapObserver, disposables, rx key paths")
struct RxSwiftSpellingsCoreTests {
    // MARK: A custom ObservableType writes only subscribe

    @Test("a type that writes only subscribe(_:) gets asObservable() and the operators")
    func customObservableGetsAsObservable() throws {
        let scheduler = TestScheduler()
        let xs = HandDrivenObservable<Int>()
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = xs.map { $0 * 10 }.subscribe(observer) }
        scheduler.scheduleAt(210) { xs.on(.next(1)) }
        scheduler.scheduleAt(220) { xs.on(.next(2)) }
        scheduler.scheduleAt(230) { xs.on(.completed) }
        try scheduler.run()
        let hidden: Observable<Int> = xs.asObservable()
        _ = hidden
        #expect(observer.events == [.next(210, 10), .next(220, 20), .completed(230)])
        #expect(xs.subscriptions == [Subscription(0, 0)], "the subscription ends at the completion")
        expectNoPendingWork(scheduler)
    }

    @Test("observe(on:) of a custom observable: the values at their ticks, the subscription ended by the completion")
    func observeOnOfCustomObservable() throws {
        let scheduler = TestScheduler()
        let xs = HandDrivenObservable<Int>()
        let observer = EventJournal<Int>()
        let recorded = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = xs.observe(on: scheduler).subscribe(observer)
            _ = xs.observe(on: scheduler).subscribe(recorded)
        }
        scheduler.scheduleAt(210) { xs.on(.next(0)) }
        scheduler.scheduleAt(220) {
            xs.on(.next(1))
            xs.on(.next(2))
        }
        scheduler.scheduleAt(230) { #expect(xs.subscriptions == [Subscription(0), Subscription(0)]) }
        scheduler.scheduleAt(240) { xs.on(.completed) }
        try scheduler.run()
        #expect(observer.events == [.next(0, 0), .next(0, 1), .next(0, 2), .completed(0)])
        #expect(recorded.events == [.next(210, 0), .next(220, 1), .next(220, 2), .completed(240)])
        #expect(xs.subscriptions == [Subscription(0, 0), Subscription(0, 0)])
        expectNoPendingWork(scheduler)
    }

    @Test("observe(on:) of a custom observable, disposed: nothing more arrives and the subscription ends")
    func observeOnOfCustomObservableDisposed() throws {
        let scheduler = TestScheduler()
        let xs = HandDrivenObservable<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = SingleAssignmentDisposable()
        scheduler.scheduleAt(200) { subscription.setDisposable(xs.observe(on: scheduler).subscribe(observer)) }
        scheduler.scheduleAt(210) { xs.on(.next(1)) }
        scheduler.scheduleAt(220) { subscription.dispose() }
        scheduler.scheduleAt(230) { xs.on(.next(2)) }
        try scheduler.run()
        #expect(observer.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(0, 0)])
        expectNoPendingWork(scheduler)
    }

    @Test("the default asObservable() keeps the grammar: nothing after the first end, disposed once")
    func defaultAsObservableKeepsTheGrammar() throws {
        let scheduler = TestScheduler()
        let unruly = UnrulyObservable()
        let observer = scheduler.start { unruly }
        #expect(observer.events == [.next(200, 1), .completed(200)])
        #expect(unruly.disposals.withLock { $0 } == 1)
    }

    // MARK: SubjectType

    @Test("Streams' subjects are SubjectTypes: what goes into asObserver() comes out to subscribers")
    func streamsSubjectsAreSubjectTypes() {
        let events: [Event<Int>] = [.next(1), .next(2), .completed]
        #expect(passThrough(Subject<Int>(), events) == ["next(1)", "next(2)", "completed"])
        #expect(passThrough(BehaviorSubject(value: 0), events) == ["next(0)", "next(1)", "next(2)", "completed"])
        #expect(passThrough(ReplaySubject<Int>(bufferSize: 1), events) == ["next(1)", "next(2)", "completed"])
        #expect(passThrough(AsyncSubject<Int>(), events) == ["next(2)", "completed"])
        #expect(passThrough(HandMadeSubject<Int>(), events) == ["next(1)", "next(2)", "completed"])
        let observer: AnyObserver<Int> = Subject<Int>().asObserver()
        _ = observer
    }

    @Test("multicast(_:) takes a subject of one's own; refCount connects at the first subscriber and ends with the source")
    func refCountConnectsOnFirst() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let subject = HandMadeSubject<Int>()
        let connectable = ConnectableThrough(source: xs.asObservable(), subject: subject)
        let observer = scheduler.start { connectable.refCount() }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(subject.isDisposed)
        expectNoPendingWork(scheduler)
    }

    @Test("refCount over a subject that has already ended does not connect", arguments: [true, false])
    func refCountDoesNotConnectToAnEndedSubject(completed: Bool) {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let subject = Subject<Int>()
        subject.on(completed ? .completed : .error(TestError("ended")))
        let connectable = ConnectableThrough(source: xs.asObservable(), subject: subject)
        let observer = scheduler.start { connectable.refCount() }
        let end: Recorded<Event<Int>> = completed ? .completed(200) : .error(200, TestError("ended"))
        #expect(observer.events == [end])
        #expect(xs.subscriptions == [])
    }

    @Test("a synchronous source through a subject of one's own: connect() delivers every event", arguments: ["values", "error after values", "error", "empty"])
    func synchronousSourceThroughHandMadeSubject(kind: String) {
        let source: Observable<Int> = switch kind {
        case "values": .of(0, 1, 2)
        case "error after values": .concat([.of(0, 1, 2), .error(TestError("late"))])
        case "error": .error(TestError("now"))
        default: .empty()
        }
        let connectable = ConnectableThrough(source: source, subject: HandMadeSubject<Int>())
        let seen = Mutex<[String]>([])
        let subscription = connectable.subscribe { event in seen.withLock { $0.append("\(event)") } }
        connectable.connect().dispose()
        subscription.dispose()
        let expected: [String] = switch kind {
        case "values": ["next(0)", "next(1)", "next(2)", "completed"]
        case "error after values": ["next(0)", "next(1)", "next(2)", "error(late)"]
        case "error": ["error(now)"]
        default: ["completed"]
        }
        #expect(seen.withLock { $0 } == expected)
    }

    @Test("refCount of a connectable of one's own: one connection while subscribed, a new one after the last leaves")
    func refCountNotConnected() {
        let connections = Mutex(0)
        let disconnected = Mutex(false)
        let xs: Observable<Int> = .deferred {
            connections.withLock { $0 += 1 }
            return .create { _ in Disposables.create { disconnected.withLock { $0 = true } } }
        }
        let subject = HandMadeSubject<Int>()
        let shared = ConnectableThrough(source: xs, subject: subject).refCount()

        let first = shared.subscribe { _ in }
        #expect(connections.withLock { $0 } == 1)
        #expect(subject.subscribeCount == 1)
        let second = shared.subscribe { _ in }
        #expect(connections.withLock { $0 } == 1)
        #expect(subject.subscribeCount == 2)
        first.dispose()
        #expect(disconnected.withLock { $0 } == false)
        second.dispose()
        #expect(disconnected.withLock { $0 } == true)

        disconnected.withLock { $0 = false }
        let third = shared.subscribe { _ in }
        #expect(connections.withLock { $0 } == 2)
        #expect(subject.subscribeCount == 3)
        #expect(disconnected.withLock { $0 } == false)
        third.dispose()
        #expect(disconnected.withLock { $0 } == true)
    }

    @Test("a subject of one's own disposes what it was given when a value passes")
    func handMadeSubjectDisposesOnValue() {
        let subject = HandMadeSubject<Int>()
        let flag = BooleanDisposable()
        subject.disposeOn(2, disposable: flag)
        let subscription = subject.subscribe { _ in }
        subject.on(.next(1))
        #expect(!flag.isDisposed)
        subject.on(.next(2))
        #expect(flag.isDisposed)
        #expect(!subject.isDisposed)
        subscription.dispose()
        #expect(subject.isDisposed)
    }

    // MARK: mapObserver

    @Test("mapObserver converts a value")
    func mapObserverValue() {
        let observer = EventJournal<Int>()
        observer.mapObserver { (x: Int) -> Int in x / 2 }.on(.next(2))
        #expect(observer.events == [.next(0, 1)])
    }

    @Test("mapObserver passes a completion and an error on", arguments: [true, false])
    func mapObserverEnds(completes: Bool) {
        let observer = EventJournal<Int>()
        observer.mapObserver { (x: Int) -> Int in x / 2 }.on(completes ? .completed : .error(TestError("up")))
        let end: Recorded<Event<Int>> = completes ? .completed(0) : .error(0, TestError("up"))
        #expect(observer.events == [end])
    }

    @Test("mapObserver sends what the transform throws, then nothing more")
    func mapObserverThrows() {
        let observer = EventJournal<Int>()
        let mapped = observer.mapObserver { (x: Int) -> Int in
            guard x != 3 else { throw TestError("three") }
            return x * 10
        }
        mapped.on(.next(2))
        mapped.on(.next(3))
        mapped.on(.next(4))
        mapped.on(.completed)
        #expect(observer.events == [.next(0, 20), .error(0, TestError("three"))])
    }

    @Test("mapObserver gives an observer of one type to a sequence of another, at the sequence's ticks")
    func mapObserverAcrossTypes() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.createObserver(String.self)
        scheduler.scheduleAt(200) { _ = xs.subscribe(observer.mapObserver { (x: Int) in "#\(x)" }) }
        try scheduler.run()
        #expect(observer.events == [.next(210, "#1"), .next(220, "#2"), .completed(230)])
    }

    // MARK: BooleanDisposable, RefCountDisposable, ScheduledDisposable

    @Test("BooleanDisposable records its disposal, however often")
    func booleanDisposable() {
        let flag = BooleanDisposable()
        #expect(!flag.isDisposed)
        flag.dispose()
        flag.dispose()
        #expect(flag.isDisposed)
        #expect(BooleanDisposable(isDisposed: true).isDisposed)
        #expect(!BooleanDisposable(isDisposed: false).isDisposed)
    }

    @Test("RefCountDisposable: the holders let go first, then the owner disposes it")
    func refCountDisposableCounting() {
        let flag = BooleanDisposable()
        let shared = RefCountDisposable(disposable: flag)
        #expect(!shared.isDisposed)
        let first = shared.retain()
        let second = shared.retain()
        #expect(!flag.isDisposed)
        first.dispose()
        #expect(!flag.isDisposed)
        second.dispose()
        #expect(!flag.isDisposed)
        shared.dispose()
        #expect(flag.isDisposed)
        #expect(shared.isDisposed)
        let late = shared.retain()
        late.dispose()
        #expect(flag.isDisposed)
    }

    @Test("RefCountDisposable: the owner disposes first, the last holder disposes it; a share counts once")
    func refCountDisposableOwnerFirst() {
        let flag = BooleanDisposable()
        let shared = RefCountDisposable(disposable: flag)
        let first = shared.retain()
        let second = shared.retain()
        first.dispose()
        first.dispose()
        #expect(!flag.isDisposed, "a share disposed twice counts once")
        shared.dispose()
        shared.dispose()
        #expect(!flag.isDisposed)
        #expect(!shared.isDisposed)
        second.dispose()
        #expect(flag.isDisposed)
        #expect(shared.isDisposed)
    }

    @Test("ScheduledDisposable disposes on its scheduler, once, and is disposed from then on")
    func scheduledDisposableOnTheScheduler() throws {
        let scheduler = TestScheduler()
        let disposedAt = Mutex<[Int]>([])
        let scheduled = ScheduledDisposable(
            scheduler: scheduler,
            disposable: Disposables.create { disposedAt.withLock { $0.append(scheduler.clock) } }
        )
        scheduler.scheduleAt(210) {
            scheduled.dispose()
            scheduled.dispose()
            #expect(!scheduled.isDisposed, "the disposal waits for the scheduler")
        }
        try scheduler.advance(to: 209)
        #expect(!scheduled.isDisposed)
        try scheduler.run()
        #expect(scheduled.isDisposed)
        #expect(disposedAt.withLock { $0 } == [210])
        expectNoPendingWork(scheduler)
    }

    @Test("ScheduledDisposable disposes on its scheduler's queue")
    func scheduledDisposableOnTheQueue() {
        let label = "ScheduledDisposable's queue"
        let queue = DispatchQueue(label: label)
        let name = DispatchSpecificKey<String>()
        queue.setSpecific(key: name, value: label)
        let disposedOn = Mutex<[String?]>([])
        let scheduled = ScheduledDisposable(
            scheduler: ConcurrentDispatchQueueScheduler(queue: queue),
            disposable: Disposables.create { disposedOn.withLock { $0.append(DispatchQueue.getSpecific(key: name)) } }
        )
        scheduled.dispose()
        queue.sync {}  // the queue is serial: the disposal, queued first, has run
        #expect(disposedOn.withLock { $0 } == [label])
        #expect(scheduled.isDisposed)
    }

    // MARK: object.rx.property

    @Test("object.rx.property is a Binder that sets the property on the main actor")
    @MainActor
    func dynamicMemberBinder() async {
        let gauge = Gauge()
        let binding = Observable.just(10).bind(to: gauge.rx.level)
        #expect(gauge.level == 0, "the value is delivered on the main queue, after this turn")
        await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
        #expect(gauge.level == 10)
        binding.dispose()
    }

    @Test("object.rx.property of a Sendable class that is not UI")
    @MainActor
    func dynamicMemberBinderOfModel() async {
        let counter = Counter()
        let binder: Binder<Int> = counter.rx.count
        binder.onNext(3)
        binder.onCompleted()
        await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
        #expect(counter.count == 3)
    }
}
