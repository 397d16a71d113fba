import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

/// `merge`'s delivery of inner observables that emit during their own subscription, re-entrantly
/// or on other threads: every value goes through the outbox, so the observer is called one event
/// at a time, in the order the values were sent, and never while a lock is held.
@Suite("merge and flatMap: delivery of inner observables that emit during subscription")
struct MergeDeliveryTests {
    /// Records events as strings, one call at a time, with the depth of each call.
    private final class Log: Sendable {
        let calls = CallDepth()
        let lines = Recorder<String>()

        func observer(_ react: @escaping @Sendable (Event<Int>) -> Void = { _ in }) -> AnyObserver<Int> {
            AnyObserver { [self] event in
                calls.run { depth in
                    switch event {
                    case .next(let value): lines.append("\(value)")
                    case .error(let error): lines.append("error \(error)")
                    case .completed: lines.append("completed")
                    }
                    if depth != 1 { lines.append("nested at depth \(depth)") }
                    react(event)
                }
            }
        }
    }

    @Test("a synchronous inner's values arrive in order, each inner before the next outer value")
    func synchronousInners() {
        let outer = Subject<Int>()
        let log = Log()
        let subscription = outer.flatMap { Observable.from($0 * 10 ..< $0 * 10 + 3) }.subscribe(log.observer())
        outer.onNext(1)
        outer.onNext(2)
        outer.onCompleted()
        #expect(log.lines.items == ["10", "11", "12", "20", "21", "22", "completed"])
        subscription.dispose()
    }

    @Test("a value another inner sends from inside the observer comes after the current value, before the rest")
    func reentrantOtherInner() {
        let outer = Subject<Observable<Int>>()
        let running = Subject<Int>()
        let log = Log()
        let subscription = outer.merge().subscribe(log.observer { event in
            if case .next(1) = event { running.onNext(100) }
        })
        outer.onNext(running.asObservable())
        outer.onNext(Observable.from([1, 2, 3]))
        #expect(log.lines.items == ["1", "100", "2", "3"])
        subscription.dispose()
    }

    @Test("an inner that arrives from inside the observer is subscribed after the current inner")
    func reentrantOuter() {
        let outer = Subject<Int>()
        let log = Log()
        let subscription = outer.flatMap { Observable.from($0 * 10 ..< $0 * 10 + 3) }.subscribe(log.observer { event in
            if case .next(10) = event { outer.onNext(2) }
        })
        outer.onNext(1)
        #expect(log.lines.items == ["10", "11", "12", "20", "21", "22"])
        subscription.dispose()
    }

    @Test("disposed from inside the observer, it delivers nothing more of the inner in progress")
    func disposalMidInner() {
        let outer = Subject<Int>()
        let log = Log()
        let holder = Mutex<(any Disposable)?>(nil)
        let subscription = outer.flatMap { _ in Observable.from(0..<10) }.subscribe(log.observer { event in
            if case .next(3) = event { holder.withLock { $0 }?.dispose() }
        })
        holder.withLock { $0 = subscription }
        outer.onNext(1)
        outer.onNext(2)
        #expect(log.lines.items == ["0", "1", "2", "3"])
    }

    @Test("an inner that fails during its subscription ends the merge after its values; later values are ignored")
    func innerFailsDuringSubscription() {
        let outer = Subject<Int>()
        let log = Log()
        let subscription = outer.flatMap { value in
            Observable<Int>.create { observer in
                observer.onNext(value)
                observer.onError(TestError("inner \(value)"))
                observer.onNext(value + 1)
                return Disposables.create()
            }
        }.subscribe(log.observer())
        outer.onNext(1)
        outer.onNext(5)
        #expect(log.lines.items == ["1", "error inner 1"])
        subscription.dispose()
    }

    @Test("another inner failing from inside the observer ends the merge at once; the rest of the inner is dropped")
    func otherInnerFailsMidInner() {
        let outer = Subject<Observable<Int>>()
        let running = Subject<Int>()
        let log = Log()
        let subscription = outer.merge().subscribe(log.observer { event in
            if case .next(1) = event { running.onError(TestError("other")) }
        })
        outer.onNext(running.asObservable())
        outer.onNext(Observable.from([1, 2, 3]))
        #expect(log.lines.items == ["1", "error other"])
        subscription.dispose()
    }

    @Test("outer values from several threads, each to a synchronous inner: one call at a time, each inner in order")
    func threads() {
        let sources = (0..<4).map { _ in Subject<Int>() }
        let perSource = 500
        let inner = 10
        let probe = SerialProbe()
        let subscription = Observable.merge(sources.map { $0.asObservable() })
            .flatMap { value in Observable.from(value * inner ..< value * inner + inner) }
            .subscribe(probe.observer)
        sendConcurrently(perSource, from: sources)
        #expect(probe.overlaps == 0)
        #expect(probe.completions == 1)
        let values = probe.values
        #expect(values.count == 4 * perSource * inner)
        #expect(Set(values).count == values.count)
        // Each inner's ten values arrive in order (they may interleave with other inners').
        let byInner = Dictionary(grouping: values, by: { $0 / inner })
        #expect(byInner.values.allSatisfy { $0 == $0.sorted() })
        subscription.dispose()
    }

    @Test("a running inner's value sent during another inner's subscription is delivered when it is sent, as in RxSwift")
    func runningInnerDuringSubscription() {
        let outer = Subject<Observable<Int>>()
        let running = Subject<Int>()
        let log = Log()
        let subscription = outer.merge().subscribe(log.observer())
        outer.onNext(Observable.from([1]))
        outer.onNext(running.asObservable())
        outer.onNext(Observable.create { observer in
            // Nobody is delivering while this inner subscribes: each value goes out as it is sent.
            running.onNext(2)
            observer.onNext(3)
            observer.onCompleted()
            return Disposables.create()
        })
        outer.onCompleted()
        #expect(log.lines.items == ["1", "2", "3"])
        running.onCompleted()
        #expect(log.lines.items == ["1", "2", "3", "completed"])
        subscription.dispose()
    }

    @Test("an inner that goes on emitting on another thread after its subscription returned stays serial")
    func innerOutlivesSubscriptionOnAnotherThread() {
        let outer = Subject<Int>()
        let perInner = 2_000
        let group = DispatchGroup()
        let probe = SerialProbe()
        let subscription = outer.flatMap { value in
            Observable<Int>.create { observer in
                // Starts emitting while `subscribe` is still running, and goes on after it returned.
                group.enter()
                DispatchQueue.global().async {
                    for offset in 0..<perInner { observer.onNext(value * perInner + offset) }
                    observer.onCompleted()
                    group.leave()
                }
                return Disposables.create()
            }
        }.subscribe(probe.observer)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for value in 0..<2 { outer.onNext(thread * 2 + value) }
        }
        outer.onCompleted()
        group.wait()
        #expect(probe.overlaps == 0)
        #expect(probe.completions == 1)
        #expect(probe.valuesBySource(4, perSource: perInner) == Array(repeating: Array(0..<perInner), count: 4))
        subscription.dispose()
    }
}
