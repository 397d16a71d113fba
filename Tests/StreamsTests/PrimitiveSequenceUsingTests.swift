import Streams
import StreamsTesting
import Synchronization
import Testing

/// A resource for `using`: records when it is made and disposed.
private final class Token: Disposable {
    let log: Recorder<String>

    init(log: Recorder<String>) {
        self.log = log
        log.append("make")
    }

    func dispose() {
        log.append("dispose")
    }
}

@Suite("using on Single, Maybe and Completable")
struct PrimitiveSequenceUsingTests {
    @Test("a single's resource lives from subscription to outcome and is disposed once")
    func single() {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        let source = scheduler.createColdObservable([.next(10, "a"), .completed(10)])
        let observer = scheduler.start {
            Single.using({ Token(log: log) }, primitiveSequenceFactory: { _ in
                source.asSingle().do(onSuccess: { log.append("success \($0)") })
            }).asObservable()
        }
        #expect(observer.events == [.next(210, "a"), .completed(210)])
        #expect(log.items == ["make", "success a", "dispose"])
        #expect(source.subscriptions == [Subscription(200, 210)])
    }

    @Test("a maybe's resource is disposed when the subscription is disposed first")
    func maybeDisposal() {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        let source = scheduler.createColdObservable([.completed(100)] as [Recorded<Event<Int>>])
        let observer = scheduler.start(disposed: 250) {
            Maybe.using({ Token(log: log) }, primitiveSequenceFactory: { _ in source.asMaybe() }).asObservable()
        }
        #expect(observer.events == [])
        #expect(log.items == ["make", "dispose"])
        #expect(source.subscriptions == [Subscription(200, 250)])
    }

    @Test("a completable fails with the factory's error, after disposing the resource already made")
    func throwingFactory() {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        let observer = scheduler.start {
            Completable.using({ Token(log: log) }, primitiveSequenceFactory: { _ in throw TestError("no file") }).asObservable()
        }
        #expect(observer.events == [.error(200, TestError("no file"))])
        #expect(log.items == ["make", "dispose"])
    }

    @Test("a throwing resource factory fails the sequence without calling the sequence factory")
    func throwingResourceFactory() {
        let scheduler = TestScheduler()
        let called = Mutex(false)
        let observer = scheduler.start {
            Maybe<Int>.using({ () throws -> Token in throw TestError("locked") }, primitiveSequenceFactory: { _ in
                called.withLock { $0 = true }
                return .just(1)
            }).asObservable()
        }
        #expect(observer.events == [.error(200, TestError("locked"))])
        #expect(!called.withLock { $0 })
    }
}
