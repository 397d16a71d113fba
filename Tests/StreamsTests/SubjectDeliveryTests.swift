import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

/// The guarantees Subject's fast delivery path must keep beyond the behaviour in
/// SubjectTests: observers released on dispose and on completion (they live in the subject's
/// list, not in the subscription), the lock-free hand-back of the delivering role under
/// concurrent and re-entrant sends, and BehaviorValue's reads and replay.
@Suite("Subject delivery")
struct SubjectDeliveryTests {
    @Test("disposing releases the observer even while the disposable is still held")
    func releasesObserverOnDispose() {
        let subject = Subject<Int>()
        weak var weakProbe: Probe?
        let subscription: any Disposable
        do {
            let probe = Probe()
            weakProbe = probe
            subscription = subject.subscribe(onNext: { probe.touch($0) })
        }
        subject.onNext(1)
        #expect(weakProbe != nil)
        subscription.dispose()
        #expect(weakProbe == nil)
        #expect(!subject.hasObservers)
    }

    @Test("a disposal from inside the subscriber's own handler releases the observer after delivery")
    func releasesObserverDisposedFromHandler() {
        let subject = Subject<Int>()
        weak var weakProbe: Probe?
        let subscription = SingleAssignmentDisposable()
        do {
            let probe = Probe()
            weakProbe = probe
            subscription.setDisposable(subject.subscribe(onNext: { value in
                probe.touch(value)
                subscription.dispose()
            }))
        }
        subject.onNext(1)
        subject.onNext(2)
        #expect(weakProbe == nil)
        #expect(!subject.hasObservers)
    }

    @Test("completion releases every observer")
    func releasesObserversOnCompletion() {
        let subject = Subject<Int>()
        weak var weakProbe: Probe?
        let subscription: any Disposable
        do {
            let probe = Probe()
            weakProbe = probe
            subscription = subject.subscribe { probe.touch($0.element ?? 0) }
        }
        subject.onCompleted()
        #expect(weakProbe == nil)
        subscription.dispose()
    }

    @Test("concurrent and re-entrant sends are all delivered, serially, with nothing left queued")
    func serialUnderContentionWithReentrancy() {
        let subject = Subject<Int>()
        let busy = Atomic<Bool>(false)
        let overlaps = Atomic<Int>(0)
        let received = Atomic<Int>(0)
        let subscription = subject.subscribe(onNext: { value in
            if busy.exchange(true, ordering: .acquiring) { overlaps.add(1, ordering: .relaxed) }
            received.add(1, ordering: .relaxed)
            busy.store(false, ordering: .releasing)
            // Every send of 1 triggers one re-entrant send of 2.
            if value == 1 { subject.onNext(2) }
        })
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<5_000 { subject.onNext(1) }
        }
        #expect(received.load(ordering: .relaxed) == 40_000)
        #expect(overlaps.load(ordering: .relaxed) == 0)
        // The delivering role was handed back: a later send is delivered at once, on this thread.
        subject.onNext(3)
        #expect(received.load(ordering: .relaxed) == 40_001)
        subscription.dispose()
    }

    @Test("a BehaviorValue replays its current value and reports the latest one even while it is queued")
    func behaviorValue() {
        let value = BehaviorValue(1)
        let seen = Recorder<String>()
        let first = value.subscribe(onNext: { current in
            seen.append("a\(current)")
            if current == 2 {
                value.accept(3)
                seen.append("read \(value.value)")
            }
        })
        value.accept(2)
        let second = value.subscribe(onNext: { seen.append("b\($0)") })
        #expect(seen.items == ["a1", "a2", "read 3", "a3", "b3"])
        #expect(value.value == 3)
        first.dispose()
        second.dispose()
    }
}

/// An object whose lifetime shows whether a subscription still holds its observer.
private final class Probe: Sendable {
    private let last = Atomic<Int>(0)
    func touch(_ value: Int) { last.store(value, ordering: .relaxed) }
}
