import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("create delivers serially")
struct CreateSerialTests {
    @Test("4 threads × 2500 values into create's observer: no overlap, nothing lost, each thread's order kept")
    func concurrentSenders() {
        let senders = 4, perSender = 2_500
        let probe = SerialProbe()
        let source = Observable<Int>.create { observer in
            DispatchQueue.concurrentPerform(iterations: senders) { sender in
                for value in 0..<perSender { observer.onNext(sender * perSender + value) }
            }
            observer.onCompleted()
            return Disposables.create()
        }
        _ = source.subscribe(probe.observer)
        #expect(probe.overlaps == 0)
        #expect(probe.completions == 1)
        #expect(probe.valuesBySource(senders, perSource: perSender) == Array(repeating: Array(0..<perSender), count: senders))
    }

    @Test("racing terminal events: one is delivered, last, and nothing after it")
    func racingTerminals() {
        for round in 0..<200 {
            let probe = SerialProbe()
            let source = Observable<Int>.create { observer in
                DispatchQueue.concurrentPerform(iterations: 4) { sender in
                    observer.onNext(sender)
                    if sender.isMultiple(of: 2) { observer.onCompleted() } else { observer.onError(TestError("\(sender)")) }
                    observer.onNext(100 + sender)
                }
                return Disposables.create()
            }
            let events = Recorder<String>()
            _ = source.subscribe(AnyObserver { event in
                probe.observer.on(event)
                switch event {
                case .next(let value): events.append("\(value)")
                case .error, .completed: events.append("end")
                }
            })
            let log = events.items
            #expect(probe.overlaps == 0, "round \(round)")
            #expect(log.last == "end" && log.filter { $0 == "end" }.count == 1, "round \(round): \(log)")
            #expect(log.allSatisfy { $0 == "end" || Int($0)! < 100 }, "round \(round): \(log)")
        }
    }

    @Test("a value sent from inside the subscriber is delivered after the current one, not nested")
    func reentrantSend() {
        let depth = CallDepth()
        let received = Recorder<Int>()
        let current = Mutex<AnyObserver<Int>?>(nil)
        let source = Observable<Int>.create { observer in
            current.withLock { $0 = observer }
            observer.onNext(1)
            return Disposables.create()
        }
        _ = source.subscribe(AnyObserver { event in
            depth.run {
                guard case .next(let value) = event else { return }
                received.append(value)
                let observer = current.withLock { $0 }
                if value < 3 { observer?.onNext(value + 1) } else { observer?.onCompleted() }
                if value == 1 { #expect(received.items == [1], "the send of 2 is queued until 1 returns") }
            }
        })
        #expect(received.items == [1, 2, 3])
        #expect(depth.overlaps == 0)
    }

    @Test("disposal from inside the subscriber drops what is queued behind the current event")
    func disposalStopsDelivery() {
        let received = Recorder<Int>()
        let subscription = SerialDisposable()
        let current = Mutex<AnyObserver<Int>?>(nil)
        let source = Observable<Int>.create { observer in
            current.withLock { $0 = observer }
            return Disposables.create()
        }
        subscription.disposable = source.subscribe(AnyObserver { event in
            guard case .next(let value) = event else { return }
            received.append(value)
            // 2 and 3 are queued behind 1; delivering 2 disposes, so 3 is dropped.
            if value == 1, let observer = current.withLock({ $0 }) { observer.onNext(2); observer.onNext(3) }
            if value == 2 { subscription.dispose() }
        })
        current.withLock { $0 }?.onNext(1)
        #expect(received.items == [1, 2])
    }
}
