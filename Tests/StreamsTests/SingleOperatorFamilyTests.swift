import Streams
import StreamsTesting
import Testing

/// The `single()` and `single(_:)` operators on observables (the ``Single`` trait has its own
/// tests): RxSwift's `Observable+SingleTests`, translated, with `RxError` as ``SingleError``.
@Suite("single() and single(_:)")
struct SingleOperatorFamilyTests {
    @Test("an empty source fails with noElements at its completion")
    func empty() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let observer = scheduler.start { source.single() }
        #expect(observer.events == [.error(250, SingleError.noElements)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("one value is emitted at once, and the completion follows the source's")
    func one() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
        let observer = scheduler.start { source.single() }
        #expect(observer.events == [.next(210, 2), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("a second value fails with moreThanOneElement and unsubscribes at its tick")
    func many() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let observer = scheduler.start { source.single() }
        #expect(observer.events == [.next(210, 2), .error(220, SingleError.moreThanOneElement)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source error is forwarded")
    func error() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .error(210, TestError("up"))])
        let observer = scheduler.start { source.single() }
        #expect(observer.events == [.error(210, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 210)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source error after the value is forwarded")
    func errorAfterValue() {
        expectMarbles(hot: "^a-#", { $0.single() }, "-a-#", subscriptions: "^--!")
    }

    @Test("disposal unsubscribes at the disposal tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let observer = scheduler.start(disposed: 215) { source.single() }
        #expect(observer.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 215)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value sent back into the source from onNext is the second one (RxSwift's DecrementCountsFirst)")
    func reentrant() {
        let subject = BehaviorSubject(value: false)
        let seen = Recorder<String>()
        let subscription = subject.single().subscribe(
            onNext: { value in
                seen.append("next(\(value))")
                subject.onNext(!value)
            },
            onError: { seen.append("error(\($0))") }
        )
        #expect(seen.items == ["next(false)", "error(\(SingleError.moreThanOneElement))"])
        subscription.dispose()
    }

    @Test("releases the observer after completion, error and disposal", arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, _ in source.single() }
    }
}

// MARK: With a predicate

extension SingleOperatorFamilyTests {
    @Test("with a predicate: a source with no match fails with noElements")
    func predicateEmpty() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
        let observer = scheduler.start { source.single { $0 % 2 == 1 } }
        #expect(observer.events == [.error(250, SingleError.noElements)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("with a predicate: the one match is emitted at its tick, the others are dropped")
    func predicateOne() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let observer = scheduler.start { source.single { $0 == 4 } }
        #expect(observer.events == [.next(230, 4), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("with a predicate: a second match fails with moreThanOneElement")
    func predicateMany() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let observer = scheduler.start { source.single { $0 % 2 == 1 } }
        #expect(observer.events == [.next(220, 3), .error(240, SingleError.moreThanOneElement)])
        #expect(source.subscriptions == [Subscription(200, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("with a predicate: a source error is forwarded")
    func predicateError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .error(210, TestError("up"))])
        let observer = scheduler.start { source.single { $0 % 2 == 1 } }
        #expect(observer.events == [.error(210, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 210)])
        expectNoPendingWork(scheduler)
    }

    @Test("with a predicate: a throwing predicate ends the output with its error and unsubscribes")
    func predicateThrows() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let observer = scheduler.start {
            source.single { value in
                guard value < 4 else { throw TestError("predicate") }
                return false
            }
        }
        #expect(observer.events == [.error(230, TestError("predicate"))])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("with a predicate: releases the predicate and the observer after completion, error and disposal",
          arguments: SubscriptionEnding.allCases)
    func predicateReleases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending) { source, probe in source.single { [probe] in probe.pass($0) } }
    }
}
