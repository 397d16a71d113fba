import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("Subject")
struct SubjectTests {
    @Test("each subscriber receives only the events sent while it is subscribed")
    func currentSubscribersOnly() throws {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let source = scheduler.createHotObservable([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
            .next(520, 7), .completed(630),
        ])
        let feed = source.subscribe(subject.asObserver())
        let observers = (0..<3).map { _ in scheduler.createObserver(Int.self) }
        let subscriptions = Mutex<[Int: any Disposable]>([:])
        for (index, (start, end)) in [(100, 300), (400, 500), (500, 700)].enumerated() {
            scheduler.scheduleAt(start) {
                let subscription = subject.subscribe(observers[index].asObserver())
                subscriptions.withLock { $0[index] = subscription }
            }
            scheduler.scheduleAt(end) { subscriptions.withLock { $0[index] }?.dispose() }
        }
        try scheduler.run()
        #expect(observers[0].events == [.next(110, 2), .next(220, 3), .next(270, 4)])
        #expect(observers[1].events == [.next(410, 6)])
        #expect(observers[2].events == [.next(520, 7), .completed(630)])
        #expect(!subject.hasObservers)
        feed.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("a subscriber that comes after completion receives only the completion")
    func lateAfterCompletion() {
        let subject = Subject<Int>()
        subject.onNext(1)
        subject.onCompleted()
        let seen = Recorder<String>()
        _ = subject.subscribe { seen.append("\($0)") }
        #expect(seen.items == ["completed"])
        #expect(!subject.hasObservers)
    }

    @Test("a subscriber that comes after an error receives only the error")
    func lateAfterError() {
        let subject = Subject<Int>()
        subject.onNext(1)
        subject.onError(TestError("gone"))
        let seen = Recorder<String>()
        _ = subject.subscribe { seen.append("\($0)") }
        #expect(seen.items == ["error(gone)"])
    }

    @Test("events sent after the end are ignored")
    func ignoresAfterEnd() {
        let subject = Subject<Int>()
        let seen = Recorder<String>()
        let subscription = subject.subscribe { seen.append("\($0)") }
        subject.onNext(1)
        subject.onError(TestError("first"))
        subject.onNext(2)
        subject.onCompleted()
        subject.onError(TestError("second"))
        #expect(seen.items == ["next(1)", "error(first)"])
        #expect(!subject.hasObservers)
        subscription.dispose()
    }

    @Test("a send from inside a subscriber reaches everyone after the current event, in order")
    func reentrantSend() {
        let subject = Subject<Int>()
        let log = Recorder<String>()
        let first = subject.subscribe(AnyObserver { event in
            guard let value = event.element else { return }
            log.append("A begin \(value)")
            if value == 1 {
                subject.onNext(2)
                subject.onNext(3)
                subject.onCompleted()
            }
            log.append("A end \(value)")
        })
        let second = subject.subscribe { event in log.append("B \(event)") }
        subject.onNext(1)
        #expect(log.items == [
            "A begin 1", "A end 1", "B next(1)",
            "A begin 2", "A end 2", "B next(2)",
            "A begin 3", "A end 3", "B next(3)",
            "B completed",
        ])
        first.dispose()
        second.dispose()
    }

    @Test("a subscriber that disposes another during a broadcast stops it at once")
    func disposeAnotherDuringBroadcast() {
        let subject = Subject<Int>()
        let log = Recorder<String>()
        let victim = Mutex<(any Disposable)?>(nil)
        let killer = subject.subscribe(onNext: { value in
            log.append("killer \(value)")
            if value == 2 { victim.withLock { $0 }?.dispose() }
        })
        victim.withLock { $0 = subject.subscribe(onNext: { log.append("victim \($0)") }) }
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        #expect(log.items == ["killer 1", "victim 1", "killer 2", "killer 3"])
        killer.dispose()
    }

    @Test("a subscriber that disposes itself receives nothing more")
    func disposeSelf() {
        let subject = Subject<Int>()
        let log = Recorder<Int>()
        let own = Mutex<(any Disposable)?>(nil)
        own.withLock {
            $0 = subject.subscribe(onNext: { value in
                log.append(value)
                own.withLock { $0 }?.dispose()
                subject.onNext(value + 10)
            })
        }
        subject.onNext(1)
        subject.onNext(2)
        #expect(log.items == [1])
        #expect(!subject.hasObservers)
    }

    @Test("a subscriber added during a broadcast starts with the next event")
    func subscribeDuringBroadcast() {
        let subject = Subject<Int>()
        let log = Recorder<String>()
        let added = Mutex<(any Disposable)?>(nil)
        let first = subject.subscribe(onNext: { value in
            log.append("first \(value)")
            if value == 1 {
                added.withLock { $0 = subject.subscribe(onNext: { log.append("added \($0)") }) }
            }
        })
        subject.onNext(1)
        subject.onNext(2)
        #expect(log.items == ["first 1", "first 2", "added 2"])
        first.dispose()
        added.withLock { $0 }?.dispose()
    }

    @Test("hasObservers follows subscription and disposal")
    func hasObservers() {
        let subject = Subject<Int>()
        #expect(!subject.hasObservers)
        let subscription = subject.subscribe { _ in }
        #expect(subject.hasObservers)
        subscription.dispose()
        #expect(!subject.hasObservers)
    }

    @Test("as an observer it relays another sequence, ending with it")
    func asObserver() throws {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.createObserver(Int.self)
        let relay = source.subscribe(subject.asObserver())
        let subscription = subject.subscribe(observer.asObserver())
        try scheduler.run()
        #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
        relay.dispose()
        subscription.dispose()
        expectNoPendingWork(scheduler)
    }

    @Test("a subscriber that joins while another thread completes the subject receives the completion, whichever comes first")
    func joinRacingCompletion() {
        for _ in 0..<200 {
            let subject = Subject<Int>()
            let received = Recorder<String>()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    _ = subject.subscribe { event in received.append("\(event)") }
                } else {
                    subject.onCompleted()
                }
            }
            #expect(received.items == ["completed"])
        }
    }

    @Test("sends from several threads reach each subscriber serially, once each, all of them")
    func concurrentSends() {
        let subject = Subject<Int>()
        let threads = 4
        let perThread = 2_000
        let subscribers = (0..<3).map { _ in SerialProbe() }
        let subscriptions = subscribers.map { probe in subject.subscribe(onNext: { probe.receive($0) }) }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                subject.onNext(thread * perThread + index)
            }
        }
        for probe in subscribers {
            let values = probe.values
            #expect(probe.overlaps == 0)
            #expect(values.count == threads * perThread)
            #expect(Set(values) == Set(0..<(threads * perThread)))
            for thread in 0..<threads {
                let fromThread = values.filter { $0 / perThread == thread }
                #expect(fromThread == fromThread.sorted(), "values of thread \(thread) arrive in the order sent")
            }
        }
        for subscription in subscriptions { subscription.dispose() }
    }

    @Test("subscribers coming and going while other threads send leave the others intact")
    func concurrentChurn() {
        let subject = Subject<Int>()
        let steady = SerialProbe()
        let steadySubscription = subject.subscribe(onNext: { steady.receive($0) })
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 0 {
                for _ in 0..<500 {
                    let passing = SerialProbe()
                    subject.subscribe(onNext: { passing.receive($0) }).dispose()
                    #expect(passing.overlaps == 0)
                }
            } else {
                for index in 0..<1_000 { subject.onNext(thread * 1_000 + index) }
            }
        }
        #expect(steady.overlaps == 0)
        #expect(steady.values.count == 3_000)
        #expect(Set(steady.values) == Set(1_000..<4_000))
        #expect(subject.hasObservers)
        steadySubscription.dispose()
        #expect(!subject.hasObservers)
    }
}

@Suite("Subject releases")
struct SubjectReleaseTests {
    @Test("a subscriber is released after the terminal event even while its disposable is held")
    func releasesAfterTerminal() {
        final class Probe: Sendable {}
        let subject = Subject<Int>()
        weak var weakProbe: Probe?
        let subscription: any Disposable
        do {
            let probe = Probe()
            weakProbe = probe
            subscription = subject.subscribe(AnyObserver { [probe] _ in _ = probe })
        }
        #expect(weakProbe != nil)
        subject.onCompleted()
        #expect(weakProbe == nil)
        subscription.dispose()
    }
}
