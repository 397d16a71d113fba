import Dispatch
import Streams
import Synchronization
import Testing

/// Subject and BehaviorValue delivery: the guarantees the benchmark-driven fast path must keep
/// (serial delivery, re-entrancy, nothing after dispose, observers released on dispose).
@Suite("Subject")
struct SubjectTests {
    @Test("a subscriber receives only the events sent after it subscribed")
    func lateSubscriber() {
        let subject = Subject<Int>()
        let early = Recorder<Int>()
        let late = Recorder<Int>()
        let first = subject.subscribe(onNext: { early.append($0) })
        subject.onNext(1)
        let second = subject.subscribe(onNext: { late.append($0) })
        subject.onNext(2)
        #expect(early.items == [1, 2])
        #expect(late.items == [2])
        first.dispose()
        second.dispose()
    }

    @Test("after completion further events are ignored and a late subscriber gets only the completion")
    func terminal() {
        let subject = Subject<Int>()
        let events = Recorder<String>()
        let first = subject.subscribe { events.append("early \($0)") }
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        let second = subject.subscribe { events.append("late \($0)") }
        #expect(events.items == ["early next(1)", "early completed", "late completed"])
        #expect(!subject.hasObservers)
        first.dispose()
        second.dispose()
    }

    @Test("a send from inside a subscriber is delivered to everyone after the current event")
    func reentrantSend() {
        let subject = Subject<Int>()
        let seen = Recorder<String>()
        let a = subject.subscribe(onNext: { value in
            seen.append("a\(value)")
            if value == 1 { subject.onNext(2) }
        })
        let b = subject.subscribe(onNext: { seen.append("b\($0)") })
        subject.onNext(1)
        #expect(seen.items == ["a1", "b1", "a2", "b2"])
        a.dispose()
        b.dispose()
    }

    @Test("a subscription disposed during a broadcast receives nothing more, not even that event")
    func disposedDuringBroadcast() {
        let subject = Subject<Int>()
        let seen = Recorder<String>()
        let second = SingleAssignmentDisposable()
        let first = subject.subscribe(onNext: { value in
            seen.append("a\(value)")
            second.dispose()
        })
        second.setDisposable(subject.subscribe(onNext: { seen.append("b\($0)") }))
        subject.onNext(1)
        subject.onNext(2)
        #expect(seen.items == ["a1", "a2"])
        #expect(subject.hasObservers)
        first.dispose()
        #expect(!subject.hasObservers)
    }

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

    @Test("sends from several threads are delivered one at a time, none lost")
    func serialUnderContention() {
        let subject = Subject<Int>()
        let busy = Atomic<Bool>(false)
        let overlaps = Atomic<Int>(0)
        let total = Atomic<Int>(0)
        let subscription = subject.subscribe(onNext: { value in
            if busy.exchange(true, ordering: .acquiring) { overlaps.add(1, ordering: .relaxed) }
            total.add(value, ordering: .relaxed)
            busy.store(false, ordering: .releasing)
        })
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<2_000 { subject.onNext(1) }
        }
        #expect(total.load(ordering: .relaxed) == 8_000)
        #expect(overlaps.load(ordering: .relaxed) == 0)
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
