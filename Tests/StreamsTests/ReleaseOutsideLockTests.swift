import Streams
import Synchronization
import Testing

/// A value an operator lets go of is released after the operator's lock is released, never
/// under it: its `deinit` is user code, and user code may call back into the operator.
///
/// Each test sends a ``Tripwire`` that an operator then drops (replaced by a newer value, or
/// discarded by an error or a disposal). The tripwire's `deinit` calls into the same operator
/// in a way that takes the operator's own `Mutex` (disposing the subscription, which closes the
/// operator's outbox; sending another value; reading the current value). `Mutex` is not recursive and traps on re-entry, so a
/// release under the lock would crash the test run; a passing test also checks that the
/// `deinit` did run and what the subscriber saw.
@Suite("Values are released after the lock")
struct ReleaseOutsideLockTests {
    @Test("throttle: a held value replaced by a newer one")
    func throttleReplacesHeldValue() throws {
        let scheduler = TestScheduler()
        let source = Pipe<Tripwire>()
        let seen = Log()
        let subscription = Slot()
        subscription.set(source.observable
            .throttle(.seconds(3), scheduler: scheduler)
            .subscribe(onNext: { seen.append($0.name) }))
        source.send(Tripwire("a"))
        // Sending from the deinit enters the throttle again, which takes its lock.
        source.send(Tripwire("b") { seen.append("b released"); source.send(Tripwire("late")) })
        source.send(Tripwire("c"))
        try scheduler.advance(by: 5)
        #expect(seen.items == ["a", "b released", "late"])
        subscription.dispose()
    }

    @Test("throttle: a held value dropped by an error")
    func throttleErrorDropsHeldValue() throws {
        let scheduler = TestScheduler()
        let source = Pipe<Tripwire>()
        let seen = Log()
        let subscription = Slot()
        subscription.set(source.observable
            .throttle(.seconds(3), scheduler: scheduler)
            .subscribe(onNext: { seen.append($0.name) }, onError: { _ in seen.append("error") }))
        source.send(Tripwire("a"))
        // Disposing takes the throttle's lock.
        source.send(Tripwire("b") { seen.append("b released"); subscription.dispose() })
        source.fail()
        try scheduler.advance(by: 5)
        // The error is delivered unless the release (and its disposal) came first.
        #expect(seen.items == ["a", "b released"] || seen.items == ["a", "error", "b released"])
    }

    @Test("debounce: a pending value replaced by a newer one")
    func debounceReplacesPendingValue() throws {
        let scheduler = TestScheduler()
        let source = Pipe<Tripwire>()
        let seen = Log()
        let subscription = Slot()
        subscription.set(source.observable
            .debounce(.seconds(2), scheduler: scheduler)
            .subscribe(onNext: { seen.append($0.name) }))
        source.send(Tripwire("a") { seen.append("a released"); subscription.dispose() })
        source.send(Tripwire("b"))
        try scheduler.advance(by: 5)
        #expect(seen.items == ["a released"])
    }

    @Test("delay: values waiting when an error arrives")
    func delayErrorDropsWaitingValues() throws {
        let scheduler = TestScheduler()
        let source = Pipe<Tripwire>()
        let seen = Log()
        let subscription = Slot()
        subscription.set(source.observable
            .delay(.seconds(2), scheduler: scheduler)
            .subscribe(onNext: { seen.append($0.name) }, onError: { _ in seen.append("error") }))
        source.send(Tripwire("a") { seen.append("a released"); subscription.dispose() })
        source.fail()
        try scheduler.advance(by: 5)
        // The error is delivered unless the release (and its disposal) came first.
        #expect(seen.items.first == "a released" || seen.items == ["error", "a released"])
        #expect(!seen.items.contains("a"))
    }

    @Test("merge: events queued for the deliverer when the subscriber disposes")
    func mergeDisposalDropsQueuedEvents() {
        let first = Pipe<Tripwire>()
        let second = Pipe<Tripwire>()
        let seen = Log()
        let subscription = Slot()
        subscription.set(Observable.merge(first.observable, second.observable).subscribe(onNext: { tripwire in
            seen.append(tripwire.name)
            guard tripwire.name == "a" else { return }
            // Queued behind "a", then dropped by the disposal. Its deinit sends into the merge.
            second.send(Tripwire("b") { seen.append("b released"); second.send(Tripwire("c")) })
            subscription.dispose()
        }))
        first.send(Tripwire("a"))
        #expect(seen.items == ["a", "b released"])
    }

    @Test("withLatestFrom: the latest value replaced by a newer one")
    func withLatestFromReplacesLatest() {
        let source = Pipe<Int>()
        let other = Pipe<Tripwire>()
        let seen = Log()
        let subscription = Slot()
        subscription.set(source.observable.withLatestFrom(other.observable)
            .subscribe(onNext: { seen.append($0.name) }))
        other.send(Tripwire("x") { seen.append("x released"); subscription.dispose() })
        other.send(Tripwire("y"))
        source.send(1)
        #expect(seen.items == ["x released"])
    }

    @Test("combineLatest: a source's value replaced by its next one")
    func combineLatestReplacesValue() {
        let first = Pipe<Tripwire>()
        let second = Pipe<Int>()
        let seen = Log()
        let subscription = Slot()
        subscription.set(Observable.combineLatest(first.observable, second.observable) { "\($0.name)\($1)" }
            .subscribe(onNext: { seen.append($0) }))
        first.send(Tripwire("x") { seen.append("x released"); subscription.dispose() })
        first.send(Tripwire("y"))
        second.send(1)
        #expect(seen.items == ["x released"])
    }

    @Test("distinctUntilChanged: the last key replaced by a new one")
    func distinctUntilChangedReplacesKey() {
        let source = Pipe<Tripwire>()
        let seen = Log()
        let subscription = Slot()
        subscription.set(source.observable.distinctUntilChanged { $0 === $1 }
            .subscribe(onNext: { seen.append($0.name) }))
        source.send(Tripwire("x") { seen.append("x released"); subscription.dispose() })
        source.send(Tripwire("y"))
        // "y" is delivered unless the release (and its disposal) came first.
        #expect(seen.items.prefix(1) == ["x"])
        #expect(seen.items.contains("x released"))
    }

    @Test("Subject: the latest value replaced by a newer one")
    func subjectReplacesLatest() {
        let subject = Subject<Tripwire>()
        let seen = Log()
        let subscription = subject.subscribe(onNext: { seen.append($0.name) })
        subject.onNext(Tripwire("x") { seen.append("x released, observed: \(subject.hasObservers)") })
        subject.onNext(Tripwire("y"))
        #expect(seen.items.sorted() == ["x", "x released, observed: true", "y"])
        subscription.dispose()
    }

    @Test("BehaviorValue: the value replaced by a newer one, and evicted from the replay")
    func behaviorValueReplacesValue() {
        let seen = Log()
        let holder = Slot()
        let value = BehaviorValue(Tripwire("x"))
        // Reading `value` from the deinit takes the subject's lock.
        value.accept(Tripwire("x") { seen.append("x released, now \(holder.behaviorValue?.value.name ?? "?")") })
        holder.behaviorValue = value
        let subscription = value.subscribe(onNext: { seen.append($0.name) })
        value.accept(Tripwire("y"))
        #expect(seen.items.sorted() == ["x", "x released, now y", "y"])
        subscription.dispose()
    }

    @Test("share: the replayed value, released with the subject when the last subscriber leaves")
    func shareReleasesSubjectOnDisconnect() {
        let source = Subject<Int>()
        let seen = Log()
        let holder = Mutex<Observable<Tripwire>?>(nil)
        // Subscribing to the shared observable from the deinit takes share's lock.
        let shared = source.map { value in
            Tripwire("\(value)") {
                let again = holder.withLock { $0 }?.subscribe(onNext: { seen.append("again \($0.name)") })
                seen.append("\(value) released, subscribed again: \(again != nil)")
                again?.dispose()
            }
        }.share(replay: 1, scope: .whileConnected)
        holder.withLock { $0 = shared }
        let subscription = shared.subscribe(onNext: { seen.append($0.name) })
        source.onNext(1)
        #expect(seen.items == ["1"])
        // The last subscriber leaves: share lets go of its subject, which holds "1" for replay.
        subscription.dispose()
        #expect(seen.items == ["1", "1 released, subscribed again: true"])
    }
}

/// A value that runs `onRelease` when it is deallocated: the release tests here and in
/// AsyncSubjectTests use it to see when an operator lets a value go.
final class Tripwire: Sendable {
    let name: String
    private let onRelease: @Sendable () -> Void

    init(_ name: String, onRelease: @escaping @Sendable () -> Void = {}) {
        self.name = name
        self.onRelease = onRelease
    }

    deinit {
        onRelease()
    }
}

/// A source driven by hand that keeps no reference to the values it sends (unlike a
/// ``Subject``, which keeps its latest value).
private final class Pipe<Element: Sendable>: Sendable {
    private let observer = Mutex<AnyObserver<Element>?>(nil)

    var observable: Observable<Element> {
        Observable.create { [self] observer in
            self.observer.withLock { $0 = observer }
            return Disposables.create()
        }
    }

    func send(_ value: Element) {
        observer.withLock { $0 }?.onNext(value)
    }

    func fail() {
        observer.withLock { $0 }?.onError(PipeError())
    }
}

private struct PipeError: Error {}

/// Holds a subscription (or a value) set after the closures that use it were written.
private final class Slot: Sendable {
    private let disposable = Mutex<(any Disposable)?>(nil)
    private let value = Mutex<BehaviorValue<Tripwire>?>(nil)

    var behaviorValue: BehaviorValue<Tripwire>? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }

    func set(_ disposable: any Disposable) {
        self.disposable.withLock { $0 = disposable }
    }

    func dispose() {
        disposable.withLock { $0 }?.dispose()
    }
}

/// What the subscribers and the tripwires saw, in order.
private final class Log: Sendable {
    private let entries = Mutex<[String]>([])

    func append(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var items: [String] {
        entries.withLock { $0 }
    }
}
