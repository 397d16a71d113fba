import Streams
import StreamsTesting
import Synchronization
import Testing

/// Collects items from any thread, in the order they arrive.
final class Recorder<T: Sendable>: Sendable {
    private let storage = Mutex<[T]>([])
    func append(_ item: T) { storage.withLock { $0.append(item) } }
    var items: [T] { storage.withLock { $0 } }
}

/// How a subscription under test ends.
enum SubscriptionEnding: CaseIterable, Sendable { case completion, error, disposal }

/// An object whose release a test watches through a weak reference.
final class LifetimeProbe: Sendable {
    func pass(_ value: Int) -> Bool { true }
}

/// Whether the probe handed to `subscribe` is released once `drive` has run, while the
/// subscription's disposable is still held.
func isReleased(
    subscribe: (LifetimeProbe) -> any Disposable,
    after drive: (any Disposable) throws -> Void
) rethrows -> Bool {
    weak var weakProbe: LifetimeProbe?
    let subscription: any Disposable
    do {
        let probe = LifetimeProbe()
        weakProbe = probe
        subscription = subscribe(probe)
    }
    try drive(subscription)
    return withExtendedLifetime(subscription) { weakProbe == nil }
}

/// Subscribes through `operator` to a hot source that emits 1 at 210 and ends at 220 (or is
/// disposed at 220), with a probe held by the operator's closures (if it takes one) and by the
/// subscriber, and expects the probe to be released when the subscription ends.
func expectReleasesProbe(
    ending: SubscriptionEnding,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ makeOutput: (Observable<Int>, LifetimeProbe) -> Observable<Int>
) throws {
    try expectReleasesProbe(ending: ending, sourceLocation: sourceLocation) { fixture in
        makeOutput(fixture.source, fixture.probe)
    }
}

/// What an output under a release check is built from.
struct ReleaseFixture {
    /// Emits 1 at 210, then completes or fails at 220 as the ending says.
    let source: Observable<Int>
    /// A second input for operators that take one: emits 5 at 205 and 6 at 212, and ends like
    /// `source`, at 220, after it.
    let other: Observable<Int>
    /// Held by the subscriber; give it to the operator's closures too.
    let probe: LifetimeProbe
    /// For time operators; one tick is one second.
    let scheduler: TestScheduler
}

/// Subscribes to `makeOutput(fixture)` at 0 with a subscriber that holds the probe, ends the
/// subscription at 215 (disposal) or lets the sources end at 220, and expects by `settledBy`
/// (220 unless the operator delays the end) that:
/// - the probe is released, so neither the subscriber's observer nor the operator's closures
///   are retained by the returned disposable, the sources or the scheduler;
/// - every subscription to `source` and `other` has ended;
/// - the subscriber received `values` (1 by default), and no scheduled work is left.
func expectReleasesProbe(
    ending: SubscriptionEnding,
    values expected: [Int] = [1],
    settledBy settleTick: Int = 220,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ makeOutput: (ReleaseFixture) -> Observable<Int>
) throws {
    let scheduler = TestScheduler()
    let source = scheduler.createHotObservable(ending == .error
        ? [.next(210, 1), .error(220, TestError("up"))]
        : [.next(210, 1), .completed(220)])
    let other = scheduler.createHotObservable(ending == .error
        ? [.next(205, 5), .next(212, 6), .error(220, TestError("other"))]
        : [.next(205, 5), .next(212, 6), .completed(220)])
    weak var weakProbe: LifetimeProbe?
    let values = Recorder<Int>()
    let subscription: any Disposable
    do {
        let probe = LifetimeProbe()
        weakProbe = probe
        let fixture = ReleaseFixture(source: source.asObservable(), other: other.asObservable(), probe: probe, scheduler: scheduler)
        // A bare observer, which does not dispose on a terminal event as `subscribe(onNext:…)`
        // does: the operator itself must let go when it forwards one.
        subscription = makeOutput(fixture).subscribe(AnyObserver { [probe] event in
            if case .next(let value) = event, probe.pass(value) { values.append(value) }
        })
    }
    try scheduler.advance(to: 215)
    #expect(weakProbe != nil, "released before the subscription ended", sourceLocation: sourceLocation)
    if ending == .disposal { subscription.dispose() }
    try scheduler.advance(to: settleTick)
    #expect(weakProbe == nil, "observer or closures retained after the subscription ended", sourceLocation: sourceLocation)
    for (name, input) in [("source", source), ("other", other)] {
        #expect(input.subscriptions.allSatisfy { $0.unsubscribe != .max },
                "\(name) still subscribed: \(input.subscriptions)", sourceLocation: sourceLocation)
    }
    #expect(values.items == expected, sourceLocation: sourceLocation)
    subscription.dispose()
    expectNoPendingWork(scheduler, sourceLocation: sourceLocation)
}

/// Subscribes through `makeOutput` to a hot source that sends 1 at 10 and 2 at 11 and then, at
/// 12, completes, fails or is disposed, with an observer holding a probe; runs the scheduler
/// and expects the probe to be released while the subscription's disposable is still held, and
/// no work to be left. Made for the time operators, where a value is still waiting at 12.
func expectReleasesObserver(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ makeOutput: (TestableObservable<Int>, TestScheduler) -> Observable<Int>
) throws {
    for ending in SubscriptionEnding.allCases {
        let scheduler = TestScheduler()
        let events: [Recorded<Event<Int>>] = switch ending {
        case .completion: [.next(10, 1), .next(11, 2), .completed(12)]
        case .error: [.next(10, 1), .next(11, 2), .error(12, TestError("x"))]
        case .disposal: [.next(10, 1), .next(11, 2)]
        }
        let source = scheduler.createHotObservable(events)
        let released = try isReleased(subscribe: { probe in
            makeOutput(source, scheduler).subscribe(AnyObserver { [probe] _ in _ = probe })
        }, after: { subscription in
            if ending == .disposal {
                try scheduler.advance(to: 12)
                subscription.dispose()
            }
            try scheduler.run()
        })
        #expect(released, "\(ending)", sourceLocation: sourceLocation)
        expectNoPendingWork(scheduler, sourceLocation: sourceLocation)
    }
}

/// Subscribes through `makeOutput` to a subject at 10 and sends 1 into it; for each value
/// below 3, the observer sends the next one back into the subject from inside `onNext`. The
/// subject completes at `completionTick`, or, when it is `nil`, from inside `onNext` on 3. Runs
/// the scheduler and returns the events the observer recorded.
func recordCountingUpReentrantly(
    on scheduler: TestScheduler,
    completingAt completionTick: Int?,
    _ makeOutput: (Subject<Int>) -> Observable<Int>
) throws -> [Recorded<Event<Int>>] {
    let subject = Subject<Int>()
    let output = makeOutput(subject)
    let observer = scheduler.createObserver(Int.self)
    let subscription = SerialDisposable()
    scheduler.scheduleAt(10) {
        subscription.disposable = output.subscribe { event in
            observer.on(event)
            guard case .next(let value) = event else { return }
            if value < 3 {
                subject.onNext(value + 1)
            } else if completionTick == nil {
                subject.onCompleted()
            }
        }
        subject.onNext(1)
    }
    if let completionTick { scheduler.scheduleAt(completionTick) { subject.onCompleted() } }
    try scheduler.run()
    return observer.events
}

/// The release check of the operators that subscribe to inner observables. On one scheduler,
/// three outer observables each send one value, for which the operator subscribes to the cold
/// inner `ys` (1 after 10, completed after 20): one outer completes at 15, one fails at 65, and
/// the subscription to the third is disposed at 115. Expects the observer (and whatever the
/// operator's closures hold of the probe) to be released each time, `ys` to be subscribed
/// from 10 to 30, 60 to 65 and 110 to 115, and no work to be left.
///
/// - Parameters:
///   - value: The outer value sent at 10, 60 and 110, made from `ys`: `ys` itself for
///     `merge()`, anything for an operator whose transform returns `ys`.
///   - label: Names the operator in failure messages.
///   - makeOutput: The operator under test, from the outer observable, `ys` and the probe.
func expectReleasesWithInner<Value: Sendable>(
    sending value: (TestableObservable<Int>) -> Value,
    label: String = "",
    sourceLocation: SourceLocation = #_sourceLocation,
    _ makeOutput: (TestableObservable<Value>, TestableObservable<Int>, LifetimeProbe) -> Observable<Int>
) throws {
    let scheduler = TestScheduler()
    let ys = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let completing = scheduler.createHotObservable([.next(10, value(ys)), .completed(15)])
    let failing = scheduler.createHotObservable([.next(60, value(ys)), .error(65, TestError())])
    let endless = scheduler.createHotObservable([.next(110, value(ys))])
    #expect(try isReleased(subscribe: { probe in
        makeOutput(completing, ys, probe).subscribe(AnyObserver { _ in _ = probe })
    }, after: { _ in try scheduler.advance(to: 50) }), "\(label) after completion", sourceLocation: sourceLocation)
    #expect(try isReleased(subscribe: { probe in
        makeOutput(failing, ys, probe).subscribe(AnyObserver { _ in _ = probe })
    }, after: { _ in try scheduler.advance(to: 100) }), "\(label) after error", sourceLocation: sourceLocation)
    #expect(try isReleased(subscribe: { probe in
        makeOutput(endless, ys, probe).subscribe(AnyObserver { _ in _ = probe })
    }, after: { subscription in
        try scheduler.advance(to: 115)
        subscription.dispose()
    }), "\(label) after disposal", sourceLocation: sourceLocation)
    #expect(ys.subscriptions == [Subscription(10, 30), Subscription(60, 65), Subscription(110, 115)],
            "\(label)", sourceLocation: sourceLocation)
    try scheduler.run()
    expectNoPendingWork(scheduler, sourceLocation: sourceLocation)
}

/// A source that lets a test send events into the current subscriber directly, so a handler
/// can send re-entrantly, without a subject's queue in between.
final class ReentrantSource<Element: Sendable>: Sendable {
    private let current = Mutex<AnyObserver<Element>?>(nil)

    var observable: Observable<Element> {
        Observable.create { [self] observer in
            current.withLock { $0 = observer }
            return Disposables.create { [self] in current.withLock { $0 = nil } }
        }
    }

    func send(_ event: Event<Element>) {
        current.withLock { $0 }?.on(event)
    }
}
