import Dispatch
import Streams
import StreamsTesting
import Testing

@Suite("observe(on:)")
struct ObserveOnTests {
    @Test("delivers every event on the tick it was sent, with no extra tick")
    func normal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let observer = scheduler.start { source.observe(on: scheduler) }
        #expect(observer.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("forwards an error after the values sent before it")
    func error() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 2), .error(250, TestError("x"))])
        let observer = scheduler.start { source.observe(on: scheduler) }
        #expect(observer.events == [.next(210, 2), .error(250, TestError("x"))])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("events wait for the delivering scheduler, in order")
    func waitsForScheduler() throws {
        let target = TestScheduler()
        try target.advance(to: 5)
        let subject = Subject<Int>()
        let observer = target.createObserver(Int.self)
        let subscription = subject.observe(on: target).subscribe(observer.asObserver())
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        #expect(observer.events.isEmpty)
        try target.advance(to: 7)
        #expect(observer.events == [.next(5, 1), .next(5, 2), .completed(5)])
        subscription.dispose()
        expectNoPendingWork(target)
    }

    @Test("disposal drops the events still queued")
    func disposalDropsQueued() throws {
        let scheduler = TestScheduler()
        let target = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let observer = target.createObserver(Int.self)
        let subscription = source.observe(on: target).subscribe(observer.asObserver())
        try scheduler.advance(to: 250)
        subscription.dispose()
        try target.run()
        #expect(observer.events.isEmpty)
        #expect(source.subscriptions == [Subscription(0, 250)])
        try scheduler.run()
        expectNoPendingWork(scheduler)
        expectNoPendingWork(target)
    }

    @Test("a value sent back into the source from onNext is delivered after the current one")
    func reentrant() throws {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let seen = Recorder<String>()
        let subscription = SerialDisposable()
        scheduler.scheduleAt(10) {
            subscription.disposable = subject.observe(on: scheduler).subscribe(onNext: { value in
                seen.append("begin \(value)")
                if value < 3 { subject.onNext(value + 1) }
                seen.append("end \(value)")
            })
            subject.onNext(1)
        }
        try scheduler.run()
        #expect(seen.items == ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
        expectNoPendingWork(scheduler)
        subscription.dispose()
    }

    @Test("the observer is released after completion, error and disposal")
    func releasesObserver() throws {
        try expectReleasesObserver { source, scheduler in
            source.observe(on: scheduler)
        }
    }

    @Test("on a dispatch queue, events sent from another thread arrive on the queue, in order")
    func dispatchQueue() {
        let queue = DispatchQueue(label: "ObserveOnTests.dispatchQueue")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 1)
        let subject = Subject<Int>()
        let done = DispatchSemaphore(value: 0)
        let values = Recorder<Int>()
        let offQueue = Recorder<Int>()
        let subscription = subject
            .observe(on: DispatchQueueScheduler(queue: queue))
            .subscribe(onNext: { value in
                values.append(value)
                if DispatchQueue.getSpecific(key: key) != 1 { offQueue.append(value) }
            }, onCompleted: { done.signal() })
        for value in 0..<200 { subject.onNext(value) }
        subject.onCompleted()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(values.items == Array(0..<200))
        #expect(offQueue.items.isEmpty)
        subscription.dispose()
    }

    @Test("on a concurrent scheduler, delivery is still serial and in order")
    func concurrentScheduler() {
        let scheduler = ConcurrentScheduler()
        let subject = Subject<Int>()
        let done = DispatchSemaphore(value: 0)
        let values = Recorder<Int>()
        let calls = CallDepth()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in
            calls.run { values.append(value) }
        }, onCompleted: { done.signal() })
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for value in 0..<500 { subject.onNext(value) }
        }
        group.wait()
        subject.onCompleted()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(values.items == Array(0..<500))
        #expect(calls.overlaps == 0)
        subscription.dispose()
    }
}

/// Runs every action on a concurrent queue, to check that `observe(on:)` keeps delivery serial.
private struct ConcurrentScheduler: Scheduler {
    let queue = DispatchQueue(label: "ObserveOnTests.concurrent", attributes: .concurrent)

    var now: Duration { .nanoseconds(DispatchTime.now().uptimeNanoseconds) }

    func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        queue.async(execute: action)
        return Disposables.create()
    }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        schedule(action)
    }
}
