import Streams
import Synchronization
import Testing

/// How a subscription under test ends.
enum SubscriptionEnding: CaseIterable, Sendable { case completion, error, disposal }

/// An object whose release a test watches through a weak reference.
final class LifetimeProbe: Sendable {
    func pass(_ value: Int) -> Bool { true }
}

/// Subscribes through `operator` to a hot source that emits 1 at 210 and ends at 220 (or is
/// disposed at 220), with a probe held by the operator's closures (if it takes one) and by the
/// subscriber, and expects the probe to be released when the subscription ends.
func expectReleasesProbe(
    ending: SubscriptionEnding,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ makeOutput: (Observable<Int>, LifetimeProbe) -> Observable<Int>
) throws {
    let scheduler = TestScheduler()
    let source = scheduler.createHotObservable(ending == .error
        ? [.next(210, 1), .error(220, TestError("up"))]
        : [.next(210, 1), .completed(220)])
    weak var weakProbe: LifetimeProbe?
    let values = Recorder<Int>()
    let subscription: any Disposable
    do {
        let probe = LifetimeProbe()
        weakProbe = probe
        subscription = makeOutput(source.asObservable(), probe).subscribe(onNext: { [probe] value in
            if probe.pass(value) { values.append(value) }
        })
    }
    try scheduler.advance(to: 215)
    #expect(weakProbe != nil, sourceLocation: sourceLocation)
    if ending == .disposal { subscription.dispose() }
    try scheduler.advance(to: 220)
    #expect(weakProbe == nil, sourceLocation: sourceLocation)
    #expect(values.items == [1], sourceLocation: sourceLocation)
    subscription.dispose()
    #expect(scheduler.pendingTicks.isEmpty, sourceLocation: sourceLocation)
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
