import Streams
import StreamsTesting
import Synchronization
import Testing

/// `groupBy(keySelector:)`: groups opened at their first key, values routed, the source's end
/// reaching every group and then the output, a throwing key selector, and the groups' own
/// subscriptions keeping the source (RxSwift's ref count).
@Suite("groupBy(keySelector:)")
struct GroupByTests {
    /// Keys by the last digit: 11 and 21 are in group 1, 12 and 22 in group 2.
    private static let values: [Recorded<Event<Int>>] = [
        .next(205, 11), .next(210, 12), .next(240, 21), .next(280, 13), .next(320, 22), .next(350, 31),
    ]

    private static func lastDigit(_ value: Int) -> Int { value % 10 }

    /// Each event of each group as "key event", the groups merged.
    private static func described(_ groups: Observable<GroupedObservable<Int, Int>>) -> Observable<String> {
        groups.flatMap { group in
            group.materialize().map { event in
                switch event {
                case .next(let value): "\(group.key) \(value)"
                case .error(let error): "\(group.key) failed: \(error)"
                case .completed: "\(group.key) completed"
                }
            }
        }
    }

    @Test("a group is emitted at the tick its key is first seen, with that key")
    func groupsAtFirstKey() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let observer = scheduler.start { source.groupBy(keySelector: Self.lastDigit).map(\.key) }
        #expect(observer.events == [.next(205, 1), .next(210, 2), .next(280, 3), .completed(600)])
        #expect(source.subscriptions == [Subscription(200, 600)])
        expectNoPendingWork(scheduler)
    }

    @Test("each value goes into the group of its key; completion completes every group, in opening order, then the output")
    func completion() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let observer = scheduler.start { Self.described(source.groupBy(keySelector: Self.lastDigit)) }
        #expect(observer.events == [
            .next(205, "1 11"), .next(210, "2 12"), .next(240, "1 21"), .next(280, "3 13"), .next(320, "2 22"),
            .next(350, "1 31"), .next(600, "1 completed"), .next(600, "2 completed"), .next(600, "3 completed"),
            .completed(600),
        ])
        #expect(source.subscriptions == [Subscription(200, 600)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error fails every group, in opening order, then the output")
    func error() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.error(600, TestError("up"))])
        let observer = scheduler.start { Self.described(source.groupBy(keySelector: Self.lastDigit)) }
        #expect(observer.events == [
            .next(205, "1 11"), .next(210, "2 12"), .next(240, "1 21"), .next(280, "3 13"), .next(320, "2 22"),
            .next(350, "1 31"), .next(600, "1 failed: up"), .next(600, "2 failed: up"), .next(600, "3 failed: up"),
            .error(600, TestError("up")),
        ])
        #expect(source.subscriptions == [Subscription(200, 600)])
        expectNoPendingWork(scheduler)
    }

    @Test("a key selector that throws fails the groups and the output, and unsubscribes the source at that tick")
    func keySelectorThrows() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let observer = scheduler.start {
            Self.described(source.groupBy { value in
                if value == 13 { throw TestError("key") }
                return Self.lastDigit(value)
            })
        }
        #expect(observer.events == [
            .next(205, "1 11"), .next(210, "2 12"), .next(240, "1 21"), .next(280, "1 failed: key"),
            .next(280, "2 failed: key"), .error(280, TestError("key")),
        ])
        #expect(source.subscriptions == [Subscription(200, 280)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposing the output and the groups together unsubscribes the source at that tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let observer = scheduler.start(disposed: 300) { Self.described(source.groupBy(keySelector: Self.lastDigit)) }
        #expect(observer.events == [.next(205, "1 11"), .next(210, "2 12"), .next(240, "1 21"), .next(280, "3 13")])
        #expect(source.subscriptions == [Subscription(200, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("with nobody subscribed to a group, disposing the output unsubscribes the source at once")
    func outputAloneReleases() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let observer = scheduler.start(disposed: 250) { source.groupBy(keySelector: Self.lastDigit).map(\.key) }
        #expect(observer.events == [.next(205, 1), .next(210, 2)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a group subscription keeps the source after the output is disposed, until the group ends (RxSwift's ref count)")
    func groupOutlivesOutput() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        // take(1) disposes the output at the first group; flatMap stays subscribed to group 1.
        let observer = scheduler.start {
            source.groupBy(keySelector: Self.lastDigit).take(1).flatMap { $0 }
        }
        #expect(observer.events == [.next(205, 11), .next(240, 21), .next(350, 31), .completed(600)])
        #expect(source.subscriptions == [Subscription(200, 600)])
        expectNoPendingWork(scheduler)
    }

    @Test("the source is unsubscribed at the tick the last of the output and the group subscriptions ends")
    func lastSubscriptionReleases() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let first = Mutex<GroupedObservable<Int, Int>?>(nil)
        let output = SerialDisposable()
        let groupSubscription = SerialDisposable()
        let seen = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            output.disposable = source.groupBy(keySelector: Self.lastDigit).subscribe(onNext: { group in
                first.withLock { $0 = $0 ?? group }
            })
        }
        scheduler.scheduleAt(206) { groupSubscription.disposable = first.withLock { $0 }!.subscribe(seen) }
        scheduler.scheduleAt(215) { output.dispose() }
        scheduler.scheduleAt(300) { groupSubscription.dispose() }
        try scheduler.run()
        #expect(first.withLock { $0?.key } == 1)
        #expect(seen.events == [.next(240, 21)])
        #expect(source.subscriptions == [Subscription(200, 300)])
        expectNoPendingWork(scheduler)
    }

    @Test("a group is hot: subscribed late, it sends only the values after, then its completion")
    func lateGroupSubscriber() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable(Self.values + [.completed(600)])
        let groups = Mutex<[GroupedObservable<Int, Int>]>([])
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = source.groupBy(keySelector: Self.lastDigit)
                .subscribe(onNext: { group in groups.withLock { $0.append(group) } })
        }
        scheduler.scheduleAt(300) { _ = groups.withLock { $0[0] }.subscribe(late) }
        try scheduler.run()
        #expect(late.events == [.next(350, 31), .completed(600)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent back into the source from a group's subscriber goes in after the steps already decided")
    func reentrant() throws {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let observer = scheduler.createObserver(String.self)
        scheduler.scheduleAt(0) {
            _ = Self.described(subject.groupBy(keySelector: Self.lastDigit)).subscribe { event in
                observer.on(event)
                if case .next("1 11") = event { subject.onNext(22) }
            }
            subject.onNext(11)
            subject.onNext(21)
        }
        scheduler.scheduleAt(50) { subject.onCompleted() }
        try scheduler.run()
        #expect(observer.events == [
            .next(0, "1 11"), .next(0, "2 22"), .next(0, "1 21"), .next(50, "1 completed"), .next(50, "2 completed"),
            .completed(50),
        ])
        expectNoPendingWork(scheduler)
    }

    @Test("marbles: the doc's diagram, the groups merged, each value drawn after its group's key")
    func marbles() {
        expectMarbles(
            "-A-B-C-D-E|",
            values: ["A": "o1", "B": "e2", "C": "o3", "D": "e4", "E": "o5"]
        ) { m in
            m.hot("-1-2-3-4-5|", subscriptions: "^---------!")
                .groupBy { Int($0)! % 2 == 0 ? "e" : "o" }
                .flatMap { group in group.map { "\(group.key)\($0)" } }
        }
    }

    @Test("the observer is released after completion, error and disposal, with the groups subscribed")
    func releasesObserver() throws {
        try expectReleasesObserver { source, _ in
            source.groupBy { $0 % 2 }.flatMap { $0 }
        }
    }

    @Test("on dispatch queues, each group observed on another queue: every value once, in its key's group, in order")
    func dispatchQueues() throws {
        let values = DispatchQueueScheduler(label: "GroupByTests.values")
        let groups = DispatchQueueScheduler(label: "GroupByTests.groups")
        let events = try Observable.from(0..<5_000, scheduler: values)
            .groupBy { $0 % 7 }
            .flatMap { group in group.observe(on: groups).map { (group.key, $0) } }
            .toBlocking(timeout: .seconds(60))
            .toArray()
        #expect(events.count == 5_000)
        #expect(events.allSatisfy { $0.0 == $0.1 % 7 })
        for key in 0..<7 {
            #expect(events.filter { $0.0 == key }.map(\.1) == Array(stride(from: key, to: 5_000, by: 7)))
        }
    }

    @Test("a group's observer is released after the group ends, and after its subscription is disposed")
    func releasesGroupObserver() throws {
        try expectReleasesObserver { source, _ in
            source.groupBy { $0 % 2 }.take(1).flatMap { $0 }
        }
    }
}
