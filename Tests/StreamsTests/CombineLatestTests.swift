import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("combineLatest")
struct CombineLatestTests {
    @Test("emits once both have a value, then on every value from either")
    func combines() throws {
        let scheduler = TestScheduler()
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .next(225, 4), .completed(230)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .next(230, 5), .next(235, 6),
                                                .completed(240)])
        let observer = scheduler.start { Observable.combineLatest(e0, e1) { $0 * 10 + $1 } }
        #expect(observer.events == [.next(220, 23), .next(225, 43), .next(230, 45), .next(235, 46), .completed(240)])
        #expect(e0.subscriptions == [Subscription(200, 230)])
        #expect(e1.subscriptions == [Subscription(200, 240)])
        expectNoPendingWork(scheduler)
    }

    @Test("a source that completes empty while the other never emits: nothing, and no completion")
    func emptyNever() throws {
        let scheduler = TestScheduler()
        let e0 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e1 = scheduler.createHotObservable([.next(150, 1)])
        let observer = scheduler.start { Observable.combineLatest(e0, e1) { $0 + $1 } }
        #expect(observer.events == [])
        #expect(e0.subscriptions == [Subscription(200, 210)])
        #expect(e1.subscriptions == [Subscription(200, 1000)])
        expectNoPendingWork(scheduler)
    }

    @Test("completes early when a value arrives and every other source completed without one")
    func emptyReturn() throws {
        let scheduler = TestScheduler()
        let e0 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])
        let observer = scheduler.start { Observable.combineLatest(e0, e1) { $0 + $1 } }
        #expect(observer.events == [.completed(215)])
        #expect(e0.subscriptions == [Subscription(200, 210)])
        #expect(e1.subscriptions == [Subscription(200, 215)])
        expectNoPendingWork(scheduler)
    }

    @Test("completes when the last source completes, keeping a completed source's last value")
    func completesWhenAllComplete() throws {
        let scheduler = TestScheduler()
        let e0 = scheduler.createHotObservable([.next(215, 2), .completed(230)])
        let e1 = scheduler.createHotObservable([.next(220, 3), .next(235, 4), .completed(250)])
        let observer = scheduler.start { Observable.combineLatest(e0, e1) { $0 + $1 } }
        #expect(observer.events == [.next(220, 5), .next(235, 6), .completed(250)])
        #expect(e0.subscriptions == [Subscription(200, 230)])
        #expect(e1.subscriptions == [Subscription(200, 250)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error from either source fails at once and disposes the other")
    func error() throws {
        let scheduler = TestScheduler()
        let e0 = scheduler.createHotObservable([.next(215, 2), .error(225, TestError("e0"))])
        let e1 = scheduler.createHotObservable([.next(220, 3), .next(230, 4), .completed(250)])
        let observer = scheduler.start { Observable.combineLatest(e0, e1) { $0 + $1 } }
        #expect(observer.events == [.next(220, 5), .error(225, TestError("e0"))])
        #expect(e0.subscriptions == [Subscription(200, 225)])
        #expect(e1.subscriptions == [Subscription(200, 225)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error before any value fails at once")
    func errorBeforeValues() throws {
        let scheduler = TestScheduler()
        let e0 = scheduler.createHotObservable([.next(150, 1)])
        let e1 = scheduler.createHotObservable([.error(220, TestError("e1"), Int.self)])
        let observer = scheduler.start { Observable.combineLatest(e0, e1) { $0 + $1 } }
        #expect(observer.events == [.error(220, TestError("e1"))])
        #expect(e0.subscriptions == [Subscription(200, 220)])
        #expect(e1.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing selector fails at once and disposes both sources")
    func selectorThrows() throws {
        let scheduler = TestScheduler()
        let e0 = scheduler.createHotObservable([.next(215, 2), .next(230, 7), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 3), .completed(300)])
        let observer = scheduler.start {
            Observable.combineLatest(e0, e1) { a, b -> Int in
                if a == 7 { throw TestError("selector") }
                return a + b
            }
        }
        #expect(observer.events == [.next(220, 5), .error(230, TestError("selector"))])
        #expect(e0.subscriptions == [Subscription(200, 230)])
        #expect(e1.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("disposal unsubscribes from every source")
    func disposal() throws {
        let scheduler = TestScheduler()
        let e0 = scheduler.createColdObservable([.next(15, 2), .next(40, 7), .completed(100)])
        let e1 = scheduler.createColdObservable([.next(20, 3), .completed(100)])
        let observer = scheduler.start(disposed: 230) { Observable.combineLatest(e0, e1) { $0 + $1 } }
        #expect(observer.events == [.next(220, 5)])
        #expect(e0.subscriptions == [Subscription(200, 230)])
        #expect(e1.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("synchronous sources combine the last value of the first with each of the second")
    func synchronous() {
        let values = Recorder<String>()
        let completions = Recorder<Bool>()
        _ = Observable.combineLatest(Observable.of(1, 2), Observable.of("a", "b"))
            .subscribe(onNext: { values.append("\($0)\($1)") }, onCompleted: { completions.append(true) })
        #expect(values.items == ["2a", "2b"])
        #expect(completions.items == [true])
    }

    @Test("three sources, with a selector and as a tuple")
    func threeSources() throws {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 10), .completed(250)])
        let c = scheduler.createHotObservable([.next(230, 100), .next(260, 200), .completed(270)])
        let observer = scheduler.start { Observable.combineLatest(a, b, c) { $0 + $1 + $2 } }
        #expect(observer.events == [.next(230, 111), .next(240, 112), .next(260, 212), .completed(300)])
        #expect(b.subscriptions == [Subscription(200, 250)])
        #expect(c.subscriptions == [Subscription(200, 270)])
        #expect(a.subscriptions == [Subscription(200, 300)])

        expectNoPendingWork(scheduler)

        let synchronous = TestScheduler()
        let tuples = synchronous.start {
            Observable.combineLatest(Observable.just(1), Observable.just("x"), Observable.just(true)).map { "\($0)\($1)\($2)" }
        }
        #expect(tuples.events == [.next(200, "1xtrue"), .completed(200)])
    }

    @Test("an array of sources emits arrays; an empty array emits [] and completes")
    func arrayOfSources() throws {
        let scheduler = TestScheduler()
        let a = scheduler.createHotObservable([.next(210, 1), .completed(240)])
        let b = scheduler.createHotObservable([.next(220, 2), .next(230, 3), .completed(250)])
        let observer = scheduler.start { Observable.combineLatest([a.asObservable(), b.asObservable()]) }
        #expect(observer.events == [.next(220, [1, 2]), .next(230, [1, 3]), .completed(250)])
        #expect(a.subscriptions == [Subscription(200, 240)])
        #expect(b.subscriptions == [Subscription(200, 250)])

        expectNoPendingWork(scheduler)

        let empty = TestScheduler().start { Observable<Int>.combineLatest([]) }
        #expect(empty.events == [.next(200, []), .completed(200)])
    }

    @Test("a value sent from inside the observer is combined and delivered after the current one")
    func reentrant() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let log = Recorder<String>()
        let calls = CallDepth()
        let subscription = Observable.combineLatest(a, b) { $0 * 10 + $1 }.subscribe(AnyObserver { event in
            calls.run { depth in
                log.append("\(event) at depth \(depth)")
                if event.element == 11 { b.onNext(2) }
                if event.element == 12 { a.onNext(3) }
            }
        })
        a.onNext(1)
        b.onNext(1)
        #expect(log.items == ["next(11) at depth 1", "next(12) at depth 1", "next(32) at depth 1"])
        subscription.dispose()
    }

    @Test("sources emitting on several threads reach the selector and the observer one call at a time")
    func threads() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let count = 5_000
        let calls = CallDepth()
        let pairs = Mutex<[(Int, Int)]>([])
        let completions = Atomic<Int>(0)
        let subscription = Observable.combineLatest(a, b) { first, second -> (Int, Int) in
            calls.run { (first, second) }
        }
        .subscribe(AnyObserver { event in
            calls.run {
                switch event {
                case .next(let pair): pairs.withLock { $0.append(pair) }
                case .error: break
                case .completed: completions.add(1, ordering: .relaxed)
                }
            }
        })
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let subject = index == 0 ? a : b
            for value in 0..<count { subject.onNext(value) }
            subject.onCompleted()
        }
        let seen = pairs.withLock { $0 }
        #expect(calls.overlaps == 0)
        #expect(completions.load(ordering: .relaxed) == 1)
        #expect(seen.last.map { [$0.0, $0.1] } == [count - 1, count - 1])
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.0 <= $1.0 && $0.1 <= $1.1 })
        subscription.dispose()
    }

    @Test("releases the observer and the selector after completion, error and disposal")
    func releases() throws {
        let scheduler = TestScheduler()
        let one = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        #expect(try isReleased(subscribe: { probe in
            Observable.combineLatest(one, one) { _ = probe; return $0 + $1 }.subscribe(AnyObserver { _ in _ = probe })
        }, after: { _ in try scheduler.advance(to: 50) }))
        let failing = scheduler.createColdObservable([.error(10, TestError(), Int.self)])
        #expect(try isReleased(subscribe: { probe in
            Observable.combineLatest(one, failing) { _ = probe; return $0 + $1 }.subscribe(AnyObserver { _ in _ = probe })
        }, after: { _ in try scheduler.advance(to: 100) }))
        let endless = scheduler.createColdObservable([.next(10, 1)])
        #expect(try isReleased(subscribe: { probe in
            Observable.combineLatest(one, endless) { _ = probe; return $0 + $1 }.subscribe(AnyObserver { _ in _ = probe })
        }, after: { subscription in
            try scheduler.advance(to: 120)
            subscription.dispose()
        }))
        #expect(endless.subscriptions == [Subscription(100, 120)])
        expectNoPendingWork(scheduler)
    }

    // MARK: Marble twins of the documentation diagrams

    private static let pairs: [Character: String] = ["A": "a1", "B": "b1", "C": "b2", "D": "c2"]

    @Test("diagram: combineLatest completes early when the other source completed empty")
    func diagramEarlyCompletion() throws {
        expectMarbles("----|") { m in
            let first = m.hot("--|", subscriptions: "^-!")
            let second = m.hot("----a--b-|", subscriptions: "^---!")
            return Observable.combineLatest(first, second) { $0 + $1 }
        }
    }

    @Test("sources of different types, nil values included, reach the selector with their types")
    func sourcesOfDifferentTypes() throws {
        let scheduler = TestScheduler()
        let numbers = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let optionals = scheduler.createHotObservable([.next(220, Int?.none), .next(240, Int?(7)), .completed(260)])
        let observer = scheduler.start {
            Observable.combineLatest(numbers, optionals) { "\($0)-\($1.map(String.init) ?? "nil")" }
        }
        #expect(observer.events == [.next(220, "1-nil"), .next(230, "2-nil"), .next(240, "2-7"), .completed(260)])
        expectNoPendingWork(scheduler)
    }
}
