import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("zip")
struct ZipTests {
    @Test("pairs values by position and completes when the last source completes, as RxSwift 6 does")
    func pairs() {
        expectMarbles("---A----B-C-|", values: ["A": "a1", "B": "b2", "C": "c3"]) { m in
            Observable.zip(m.hot("-a---b-c---|", subscriptions: "^----------!"),
                           m.hot("---1----2-3-|", subscriptions: "^-----------!")) { $0 + $1 }
        }
    }

    @Test("a completed source's waiting values are still used; a value left over waits for the other's completion")
    func completionWhileValuesWait() {
        expectMarbles("----A-B---|", values: ["A": "a1", "B": "b2"]) { m in
            Observable.zip(m.hot("-ab|", subscriptions: "^--!"),
                           m.hot("----1-2-3-|", subscriptions: "^---------!")) { $0 + $1 }
        }
    }

    @Test("a source that completes empty does not end the output while the other runs")
    func emptySource() {
        expectMarbles("-----|", values: [:] as [Character: String]) { m in
            Observable.zip(m.hot("--|", subscriptions: "^-!"), m.hot("-1-2-|", subscriptions: "^----!")) { $0 + $1 }
        }
    }

    @Test("a source that completes while the other never does: no completion, and the other stays subscribed until disposal")
    func completedAndNever() {
        expectMarbles("---A-------", values: ["A": "a1"]) { m in
            m.dispose(at: 10)
            return Observable.zip(m.hot("-a|", subscriptions: "^-!"),
                                  m.hot("---1-2-3--", subscriptions: "^---------!")) { $0 + $1 }
        }
    }

    @Test("an array of sources also ends at a value that finds every other source completed, as RxSwift's collection zip")
    func arrayEndsAtAnUnpairableValue() {
        expectMarbles("----A-|", values: ["A": "a1"]) { m in
            Observable.zip([m.hot("-a|", subscriptions: "^-!").asObservable(),
                            m.hot("----1-2-3-|", subscriptions: "^-----!").asObservable()]).map { $0.joined() }
        }
        expectMarbles("----A---|", values: ["A": "a1x"]) { m in
            Observable.zip([m.hot("-a|").asObservable(), m.hot("----1-2-3-|").asObservable(),
                            m.hot("--x----|").asObservable()]) { $0.joined() }
        }
    }

    @Test("an error from either source fails at once, unsubscribes both and drops waiting values")
    func error() {
        expectMarbles("---A-#", values: ["A": "a1"]) { m in
            Observable.zip(m.hot("-a-b-#", subscriptions: "^----!"), m.hot("---1---2-|", subscriptions: "^----!")) { $0 + $1 }
        }
    }

    @Test("a selector that throws fails the output and unsubscribes both")
    func selectorThrows() {
        expectMarbles("---A-#", values: ["A": "a1"]) { m in
            Observable.zip(m.hot("-a-b---|", subscriptions: "^----!"), m.hot("---1-2-|", subscriptions: "^----!")) {
                if $0 == "b" { throw TestError("error") }
                return $0 + $1
            }
        }
    }

    @Test("three sources and an array of sources")
    func threeAndArray() {
        expectMarbles("---A--B--|", values: ["A": "a1x", "B": "b2y"]) { m in
            Observable.zip(m.hot("-a-b-c-|"), m.hot("--1---2--|"), m.hot("---x-y-z-|")) { $0 + $1 + $2 }
        }
        expectMarbles("---A----B-C-|", values: ["A": "a1", "B": "b2", "C": "c3"]) { m in
            Observable.zip([m.hot("-a---b-c---|").asObservable(), m.hot("---1----2-3-|").asObservable()]).map { $0.joined() }
        }
        expectMarbles("---A--B--|", values: ["A": "a1x", "B": "b2y"]) { m in
            Observable.zip(m.hot("-a-b-c-|"), m.hot("--1---2--|"), m.hot("---x-y-z-|")).map { $0 + $1 + $2 }
        }
    }

    @Test("an empty array completes at once")
    func emptyArray() {
        let seen = Recorder<String>()
        _ = Observable<Int>.zip([]).subscribe(onNext: { seen.append("\($0)") }, onCompleted: { seen.append("completed") })
        #expect(seen.items == ["completed"])
    }

    @Test("disposal unsubscribes both at the disposal tick")
    func disposal() {
        expectMarbles("---A-", values: ["A": "a1"]) { m in
            m.dispose(at: 4)
            return Observable.zip(m.hot("-a-b-|", subscriptions: "^---!"), m.hot("---1-2|", subscriptions: "^---!")) { $0 + $1 }
        }
    }

    @Test("a value sent re-entrantly from the subscriber is delivered after the current one")
    func reentrant() {
        let first = Subject<Int>()
        let second = Subject<Int>()
        let seen = Recorder<String>()
        let subscription = Observable.zip(first, second).subscribe(
            onNext: { a, b in
                seen.append("begin \(a)\(b)")
                if a == 1 {
                    first.onNext(2)
                    second.onNext(2)
                    second.onCompleted()
                    first.onCompleted()
                }
                seen.append("end \(a)\(b)")
            },
            onCompleted: { seen.append("completed") }
        )
        first.onNext(1)
        second.onNext(1)
        #expect(seen.items == ["begin 11", "end 11", "begin 22", "end 22", "completed"])
        subscription.dispose()
    }

    @Test("two threads sending at once: every pair in order, delivered one at a time")
    func concurrentSources() {
        let count = 20_000
        let subjects = [Subject<Int>(), Subject<Int>()]
        let inside = Mutex(false)
        let overlaps = Mutex(0)
        let pairs = Recorder<Int>()
        let subscription = Observable.zip(subjects[0], subjects[1]).subscribe(onNext: { a, b in
            if inside.withLock({ wasInside in defer { wasInside = true }; return wasInside }) { overlaps.withLock { $0 += 1 } }
            pairs.append(a == b ? a : -1)
            inside.withLock { $0 = false }
        })
        runConcurrently(2) { thread in
            for value in 0..<count { subjects[thread].onNext(value) }
        }
        #expect(pairs.items == Array(0..<count))
        #expect(overlaps.withLock { $0 } == 0)
        subscription.dispose()
    }

    @Test("releases the selector and the observer after completion, error and disposal",
          arguments: SubscriptionEnding.allCases)
    func releases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: [6]) { f in
            Observable.zip(f.source, f.other) { [probe = f.probe] in probe.pass($0) ? $0 + $1 : 0 }
        }
    }

    @Test("an array of sources releases the selector and the observer after completion, error and disposal",
          arguments: SubscriptionEnding.allCases)
    func arrayReleases(ending: SubscriptionEnding) throws {
        try expectReleasesProbe(ending: ending, values: [6]) { f in
            Observable.zip([f.source, f.other]) { [probe = f.probe] in probe.pass($0[0]) ? $0.reduce(0, +) : 0 }
        }
    }

    @Test("values an array's early end drops are released after the lock, so their deinit may dispose the zip")
    func earlyEndReleasesOutsideTheLock() {
        let observers = Mutex<[AnyObserver<Tripwire>]>([])
        let source = Observable<Tripwire>.create { observer in
            observers.withLock { $0.append(observer) }
            return Disposables.create()
        }
        let seen = Recorder<String>()
        let subscription = Mutex<(any Disposable)?>(nil)
        let zipped = Observable.zip([source, source, source])
            .subscribe(onNext: { _ in seen.append("combination") }, onCompleted: { seen.append("completed") })
        subscription.withLock { $0 = zipped }
        let (a, b, c) = observers.withLock { ($0[0], $0[1], $0[2]) }
        // x waits in b's queue; the zip holds the only reference to it. Disposing takes the zip's lock.
        b.onNext(Tripwire("x") { seen.append("x released"); subscription.withLock { $0 }?.dispose() })
        b.onCompleted()
        a.onCompleted()
        // y finds a and b completed, a with nothing waiting: the end, which drops x.
        c.onNext(Tripwire("y"))
        #expect(seen.items == ["completed", "x released"])
    }

    @Test("sources of different types, nil values included, reach the selector with their types")
    func sourcesOfDifferentTypes() throws {
        let scheduler = TestScheduler()
        let numbers = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let optionals = scheduler.createHotObservable([.next(220, Int?.none), .next(240, Int?(7)), .completed(260)])
        let observer = scheduler.start {
            Observable.zip(numbers, optionals) { "\($0)-\($1.map(String.init) ?? "nil")" }
        }
        #expect(observer.events == [.next(220, "1-nil"), .next(240, "2-7"), .completed(260)])
        expectNoPendingWork(scheduler)
    }
}
