import Streams
import StreamsTesting
import Testing

@Suite("distinctUntilChanged")
struct DistinctUntilChangedTests {
    @Test("passes the first value and every change, drops consecutive duplicates")
    func someChanges() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(215, 3), .next(220, 3), .next(225, 2), .next(230, 2),
            .next(230, 1), .next(240, 2), .completed(250),
        ])
        let observer = scheduler.start { source.distinctUntilChanged() }
        #expect(observer.events == [
            .next(215, 3), .next(225, 2), .next(230, 1), .next(240, 2), .completed(250),
        ])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("the value before the subscription does not count as the previous one")
    func perSubscription() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 2), .next(210, 2), .next(220, 2), .completed(250)])
        let observer = scheduler.start { source.distinctUntilChanged() }
        #expect(observer.events == [.next(210, 2), .completed(250)])
        expectNoPendingWork(scheduler)
    }

    @Test("compares keys; the emitted value is the original")
    func keySelector() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 11), .next(220, 15), .next(230, 21), .next(240, 12), .completed(250),
        ])
        let observer = scheduler.start { source.distinctUntilChanged { $0 / 10 } }
        #expect(observer.events == [.next(210, 11), .next(230, 21), .next(240, 12), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("the comparer sees the last emitted value, not the last received one")
    func comparerAgainstLastEmitted() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let pairs = Recorder<[Int]>()
        let observer = scheduler.start {
            source.distinctUntilChanged { last, next in
                pairs.append([last, next])
                return abs(last - next) <= 1
            }
        }
        #expect(observer.events == [.next(210, 1), .next(230, 3), .completed(250)])
        #expect(pairs.items == [[1, 2], [1, 3], [3, 4]])
        expectNoPendingWork(scheduler)
    }

    @Test("forwards an upstream error and unsubscribes at its tick")
    func upstreamError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .error(230, TestError("up"))])
        let observer = scheduler.start { source.distinctUntilChanged() }
        #expect(observer.events == [.next(210, 1), .error(230, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("completes while the latest value was a dropped duplicate")
    func completesAfterDuplicate() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .completed(230)])
        let observer = scheduler.start { source.distinctUntilChanged() }
        #expect(observer.events == [.next(210, 1), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing key selector ends the sequence with its error and unsubscribes")
    func throwingKeySelector() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let observer = scheduler.start {
            source.distinctUntilChanged { value -> Int in
                if value == 2 { throw TestError("key") }
                return value
            }
        }
        #expect(observer.events == [.next(210, 1), .error(220, TestError("key"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing comparer ends the sequence with its error and unsubscribes")
    func throwingComparer() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let observer = scheduler.start {
            source.distinctUntilChanged { (_: Int, _: Int) -> Bool in throw TestError("compare") }
        }
        #expect(observer.events == [.next(210, 1), .error(220, TestError("compare"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal stops delivery and unsubscribes at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let observer = scheduler.start(disposed: 225) { source.distinctUntilChanged() }
        #expect(observer.events == [.next(210, 1), .next(220, 2)])
        #expect(source.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent into the source from inside the subscriber is compared with the current one")
    func reentrant() {
        let subject = Subject<Int>()
        let seen = Recorder<Int>()
        let subscription = subject.distinctUntilChanged().subscribe(onNext: { value in
            seen.append(value)
            if value == 1 {
                subject.onNext(1)
                subject.onNext(2)
            }
            seen.append(-value)
        })
        subject.onNext(1)
        #expect(seen.items == [1, -1, 2, -2])
        subscription.dispose()
    }

    // MARK: distinctUntilChanged(at:) and distinctUntilChanged(_:comparer:)

    /// A value with a property to compare by, and another that does not count.
    struct Tagged: Equatable, Sendable {
        let value: Int
        let note: String
    }

    @Test("at: a key path passes every value whose property changed (RxSwift's allChanges)")
    func keyPathAllChanges() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, Tagged(value: 1, note: "")), .next(210, Tagged(value: 2, note: "")),
            .next(220, Tagged(value: 3, note: "")), .next(230, Tagged(value: 4, note: "")), .completed(250),
        ])
        let observer = scheduler.start { source.distinctUntilChanged(at: \.value) }
        #expect(observer.events == [
            .next(210, Tagged(value: 2, note: "")), .next(220, Tagged(value: 3, note: "")),
            .next(230, Tagged(value: 4, note: "")), .completed(250),
        ])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("at: a key path drops a value whose property is unchanged, whatever else changed")
    func keyPathDropsUnchangedProperty() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, Tagged(value: 1, note: "a")), .next(220, Tagged(value: 1, note: "b")),
            .next(230, Tagged(value: 2, note: "b")), .next(240, Tagged(value: 1, note: "b")), .error(250, TestError("up")),
        ])
        let observer = scheduler.start { source.distinctUntilChanged(at: \.value) }
        #expect(observer.events == [
            .next(210, Tagged(value: 1, note: "a")), .next(230, Tagged(value: 2, note: "b")),
            .next(240, Tagged(value: 1, note: "b")), .error(250, TestError("up")),
        ])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("(_:comparer:) compares the key of each value with the key of the last one emitted")
    func keySelectorAndComparer() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, "1"), .next(220, "2"), .next(230, "3"), .next(240, "5"), .completed(250),
        ])
        let pairs = Recorder<[Int]>()
        let observer = scheduler.start {
            source.distinctUntilChanged({ Int($0)! }, comparer: { last, next in
                pairs.append([last, next])
                return abs(last - next) <= 1
            })
        }
        #expect(observer.events == [.next(210, "1"), .next(230, "3"), .next(240, "5"), .completed(250)])
        #expect(pairs.items == [[1, 2], [1, 3], [3, 5]])
        expectNoPendingWork(scheduler)
    }

    @Test("(_:comparer:): a throwing comparer ends the sequence at the second value (RxSwift's comparerThrows)")
    func keySelectorAndThrowingComparer() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let observer = scheduler.start {
            source.distinctUntilChanged { $0 } comparer: { _, _ in throw TestError("compare") }
        }
        #expect(observer.events == [.next(210, 2), .error(220, TestError("compare"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("(_:comparer:): a throwing key selector ends the sequence before the comparer runs")
    func throwingKeySelectorWithComparer() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let compared = Recorder<Int>()
        let observer = scheduler.start {
            source.distinctUntilChanged({ value -> Int in
                if value == 2 { throw TestError("key") }
                return value
            }, comparer: { last, _ in
                compared.append(last)
                return false
            })
        }
        #expect(observer.events == [.next(210, 1), .error(220, TestError("key"))])
        #expect(compared.items.isEmpty)
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("releases the comparer and the observer after completion, error and disposal",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, probe in
            source.distinctUntilChanged { [probe] (a: Int, b: Int) in probe.pass(a) && a == b }
        }
    }
}
