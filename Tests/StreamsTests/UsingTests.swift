import StreamsTesting
import Synchronization
import Testing

/// A resource for `using`: records when it is made and disposed.
private final class Token: Disposable {
    let log: Recorder<String>
    let name: String

    init(_ name: String, log: Recorder<String>) {
        self.name = name
        self.log = log
        log.append("make \(name)")
    }

    func dispose() {
        log.append("dispose \(name)")
    }
}

@Suite("using")
struct UsingTests {
    @Test("each subscription gets its own resource, disposed once after the terminal event is forwarded")
    func resourcePerSubscription() {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        let counter = Mutex(0)
        let source = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
        let used = Observable.using({ () -> Token in
            let number = counter.withLock { count in
                count += 1
                return count
            }
            return Token("token \(number)", log: log)
        }, observableFactory: { token in source.asObservable().do(onNext: { log.append("\(token.name): \($0)") }) })
        // start disposes its subscription as the terminal event reaches it: one disposal still.
        let first = scheduler.start { used.do(onCompleted: { log.append("completed") }) }
        let second = scheduler.createObserver(String.self)
        scheduler.scheduleAt(1100) { _ = used.do(onCompleted: { log.append("completed") }).subscribe(second) }
        scheduler.start()
        #expect(first.events == [.next(210, "a"), .completed(220)])
        #expect(second.events == [.next(1110, "a"), .completed(1120)])
        #expect(log.items == [
            "make token 1", "token 1: a", "completed", "dispose token 1",
            "make token 2", "token 2: a", "completed", "dispose token 2",
        ])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(1100, 1120)])
    }

    @Test("disposing the subscription unsubscribes the sequence, then disposes the resource")
    func disposal() {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        let source = scheduler.createColdObservable([.next(10, "a"), .completed(500)])
        let observer = scheduler.start(disposed: 300) {
            Observable.using({ Token("token", log: log) }, observableFactory: { _ in
                source.asObservable().do(onDispose: { log.append("unsubscribed") })
            })
        }
        #expect(observer.events == [.next(210, "a")])
        #expect(log.items == ["make token", "unsubscribed", "dispose token"])
        expectNoPendingWork(scheduler)
    }

    @Test("a throwing factory fails the subscription; a resource already made is disposed first")
    func throwingFactories() {
        let log = Recorder<String>()
        expectMarbles("#") { _ in
            Observable<String>.using({ () -> Token in throw TestError("error") }, observableFactory: { _ in .just("a") })
        }
        expectMarbles("#") { _ in
            Observable<String>.using({ Token("token", log: log) }, observableFactory: { _ in throw TestError("error") })
        }
        #expect(log.items == ["make token", "dispose token"])
    }
}
