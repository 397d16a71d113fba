import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("BehaviorValue")
struct BehaviorValueTests {
    @Test("a new subscriber receives the current value at once, then every new one")
    func replaysCurrent() throws {
        let scheduler = TestScheduler()
        let value = BehaviorValue(0)
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(210) { value.accept(1) }
        scheduler.scheduleAt(220) { value.accept(2) }
        let subscription = Mutex<(any Disposable)?>(nil)
        scheduler.scheduleAt(215) { subscription.withLock { $0 = value.subscribe(observer.asObserver()) } }
        scheduler.scheduleAt(230) { subscription.withLock { $0 }?.dispose() }
        scheduler.scheduleAt(240) { value.accept(3) }
        try scheduler.run()
        #expect(observer.events == [.next(215, 1), .next(220, 2)])
        #expect(value.value == 3)
        expectNoPendingWork(scheduler)
    }

    @Test("value reads the latest accepted value")
    func readsLatest() {
        let value = BehaviorValue("initial")
        #expect(value.value == "initial")
        value.accept("next")
        #expect(value.value == "next")
        value.accept("last")
        #expect(value.value == "last")
    }

    @Test("every subscriber receives each accepted value")
    func broadcasts() {
        let value = BehaviorValue(0)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let a = value.subscribe(onNext: { first.append($0) })
        value.accept(1)
        let b = value.subscribe(onNext: { second.append($0) })
        value.accept(2)
        #expect(first.items == [0, 1, 2])
        #expect(second.items == [1, 2])
        a.dispose()
        b.dispose()
    }

    @Test("it never ends: a subscription only stops when disposed")
    func neverEnds() {
        let value = BehaviorValue(0)
        let log = Recorder<String>()
        let subscription = value.subscribe(
            onNext: { log.append("next \($0)") },
            onError: { log.append("error \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        value.accept(1)
        subscription.dispose()
        value.accept(2)
        #expect(log.items == ["next 0", "next 1", "disposed"])
    }

    @Test("an accept from inside a subscriber is delivered after the current value, and value is already updated")
    func reentrantAccept() {
        let value = BehaviorValue(0)
        let log = Recorder<String>()
        let first = value.subscribe(onNext: { current in
            log.append("A begin \(current)")
            if current == 1 {
                value.accept(2)
                log.append("A sees value \(value.value)")
            }
            log.append("A end \(current)")
        })
        let second = value.subscribe(onNext: { log.append("B \($0)") })
        value.accept(1)
        #expect(log.items == [
            "A begin 0", "A end 0", "B 0",
            "A begin 1", "A sees value 2", "A end 1", "B 1",
            "A begin 2", "A end 2", "B 2",
        ])
        first.dispose()
        second.dispose()
    }

    @Test("a subscriber added from inside a subscriber receives the value being delivered, then the next")
    func subscribeDuringDelivery() {
        let value = BehaviorValue(0)
        let log = Recorder<String>()
        let added = Mutex<(any Disposable)?>(nil)
        let first = value.subscribe(onNext: { current in
            log.append("first \(current)")
            if current == 1 {
                added.withLock { $0 = value.subscribe(onNext: { log.append("added \($0)") }) }
            }
        })
        value.accept(1)
        value.accept(2)
        #expect(log.items == ["first 0", "first 1", "added 1", "first 2", "added 2"])
        first.dispose()
        added.withLock { $0 }?.dispose()
    }

    @Test("accepts from several threads reach each subscriber serially, once each, all of them")
    func concurrentAccepts() {
        let value = BehaviorValue(-1)
        let threads = 4
        let perThread = 2_000
        let subscribers = (0..<3).map { _ in SerialProbe() }
        let subscriptions = subscribers.map { probe in value.subscribe(onNext: { probe.receive($0) }) }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                value.accept(thread * perThread + index)
            }
        }
        for probe in subscribers {
            let values = probe.values
            #expect(probe.overlaps == 0)
            #expect(values.first == -1)
            #expect(values.count == threads * perThread + 1)
            #expect(Set(values.dropFirst()) == Set(0..<(threads * perThread)))
            for thread in 0..<threads {
                let fromThread = values.filter { $0 >= 0 && $0 / perThread == thread }
                #expect(fromThread == fromThread.sorted(), "values of thread \(thread) arrive in the order sent")
            }
            #expect(values.last == value.value, "the last value delivered is the current value")
        }
        for subscription in subscriptions { subscription.dispose() }
    }
}
