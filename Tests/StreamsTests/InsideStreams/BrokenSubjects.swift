import Streams
import Synchronization

// Three small subjects, each missing one part of what `Subject` does, for the failing
// interleavings of Inside Streams: chapter 4 (the Mutex rule) and chapter 5 (serial delivery).
// Each reports its steps to a `Choreography`, which lets a test decide which thread runs when;
// InterleavingTests runs them and draws the pictures.

/// Every field has a lock of its own, but `subscribe` decides in two steps: it checks that the
/// subject has not completed, then it joins the list. A completion can come in between.
final class SubjectWithLockedFields: Sendable {
    private let subscribers = Mutex<[AnyObserver<Int>]>([])
    private let isCompleted = Mutex(false)
    private let trace: Choreography

    init(trace: Choreography) {
        self.trace = trace
    }

    func subscribe(_ observer: AnyObserver<Int>) {
        if isCompleted.withLock({ $0 }) {
            observer.onCompleted()
            return
        }
        trace.step("subscribe: not completed yet")
        subscribers.withLock { $0.append(observer) }
        trace.step("subscribe: joins the list")
    }

    func onCompleted() {
        isCompleted.withLock { $0 = true }
        let current = subscribers.withLock { $0 }
        trace.step("onCompleted: tells \(current.count) subscriber")
        for observer in current { observer.onCompleted() }
    }
}

/// One lock around the whole decision, but the observers are called while it is held.
final class SubjectCallingUnderTheLock: Sendable {
    private let subscribers = Mutex<[AnyObserver<Int>]>([])
    private let trace: Choreography

    init(trace: Choreography) {
        self.trace = trace
    }

    func subscribe(_ observer: AnyObserver<Int>) {
        subscribers.withLock { $0.append(observer) }
    }

    func onNext(_ value: Int) {
        trace.step("onNext(\(value)) asks for the lock")
        subscribers.withLock { subscribers in
            trace.step("onNext(\(value)) has the lock", .lock)
            for observer in subscribers { observer.onNext(value) }
            trace.step("onNext(\(value)) lets the lock go", .unlock)
        }
    }
}

/// Lock, decide, unlock, act: every decision is whole and no observer runs under the lock. But
/// two threads can act at once, and the later decision can be delivered first.
final class SubjectWithoutADeliverer: Sendable {
    private struct State {
        var subscribers: [AnyObserver<Int>] = []
        var isStopped = false
    }

    private let state = Mutex(State())
    private let trace: Choreography

    init(trace: Choreography) {
        self.trace = trace
    }

    func subscribe(_ observer: AnyObserver<Int>) {
        state.withLock { $0.subscribers.append(observer) }
    }

    func on(_ event: Event<Int>) {
        let recipients = state.withLock { state -> [AnyObserver<Int>] in
            guard !state.isStopped else { return [] }
            if event.isStopEvent { state.isStopped = true }
            return state.subscribers
        }
        trace.step("on(\(event)): decided, unlocked")
        for observer in recipients { observer.on(event) }
    }
}
