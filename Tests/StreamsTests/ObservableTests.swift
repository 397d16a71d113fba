import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("Observable.create and subscribe")
struct ObservableTests {
    @Test("create passes the events it is sent")
    func createForwards() {
        let seen = Recorder<String>()
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }.subscribe { seen.append("\($0)") }
        #expect(seen.items == ["next(1)", "next(2)", "completed"])
    }

    @Test("create drops events sent after completion")
    func createDropsAfterCompletion() {
        let seen = Recorder<String>()
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(TestError("late"))
            observer.onCompleted()
            return Disposables.create()
        }.subscribe { seen.append("\($0)") }
        #expect(seen.items == ["next(1)", "completed"])
    }

    @Test("create drops events sent after an error")
    func createDropsAfterError() {
        let seen = Recorder<String>()
        _ = Observable<Int>.create { observer in
            observer.onError(TestError("first"))
            observer.onNext(2)
            observer.onError(TestError("second"))
            observer.onCompleted()
            return Disposables.create()
        }.subscribe { seen.append("\($0)") }
        #expect(seen.items == ["error(first)"])
    }

    @Test("create drops events sent after the subscription is disposed")
    func createDropsAfterDispose() {
        let stored = Mutex<AnyObserver<Int>?>(nil)
        let seen = Recorder<String>()
        let subscription = Observable<Int>.create { observer in
            stored.withLock { $0 = observer }
            return Disposables.create()
        }.subscribe { seen.append("\($0)") }
        let observer = stored.withLock { $0 }
        observer?.onNext(1)
        subscription.dispose()
        observer?.onNext(2)
        observer?.onCompleted()
        #expect(seen.items == ["next(1)"])
    }

    @Test("the disposable create returns runs once when the sequence completes later")
    func createDisposesOnLaterCompletion() throws {
        let scheduler = TestScheduler()
        let disposals = Recorder<Int>()
        let observer = scheduler.start {
            Observable<Int>.create { observer in
                let work = scheduler.scheduleAt(250) {
                    observer.onNext(1)
                    observer.onCompleted()
                }
                return Disposables.create {
                    work.dispose()
                    disposals.append(scheduler.clock)
                }
            }
        }
        #expect(observer.events == [.next(250, 1), .completed(250)])
        #expect(disposals.items == [250])
        expectNoPendingWork(scheduler)
    }

    @Test("the disposable create returns runs once when the sequence fails during subscribe")
    func createDisposesOnSynchronousError() {
        let disposals = Mutex(0)
        let subscription = Observable<Int>.create { observer in
            observer.onError(TestError())
            return Disposables.create { disposals.withLock { $0 += 1 } }
        }.subscribe { _ in }
        #expect(disposals.withLock { $0 } == 1)
        subscription.dispose()
        #expect(disposals.withLock { $0 } == 1)
    }

    @Test("the disposable create returns runs once however often the subscription is disposed")
    func createDisposesOnce() {
        let disposals = Mutex(0)
        let subscription = Observable<Int>.create { _ in
            Disposables.create { disposals.withLock { $0 += 1 } }
        }.subscribe { _ in }
        #expect(disposals.withLock { $0 } == 0)
        subscription.dispose()
        subscription.dispose()
        #expect(disposals.withLock { $0 } == 1)
    }

    @Test("create runs its subscribe function once per subscriber")
    func createIsCold() {
        let subscriptions = Mutex(0)
        let source = Observable<Int>.create { observer in
            let count = subscriptions.withLock { count in
                count += 1
                return count
            }
            observer.onNext(count)
            observer.onCompleted()
            return Disposables.create()
        }
        let seen = Recorder<Int>()
        _ = source.subscribe(onNext: { seen.append($0) })
        _ = source.subscribe(onNext: { seen.append($0) })
        #expect(seen.items == [1, 2])
    }

    @Test("subscribe(onNext:…) calls onCompleted then onDisposed, once")
    func onDisposedAfterCompletion() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let log = Recorder<String>()
        let subscription = source.subscribe(
            onNext: { log.append("next \($0)") },
            onError: { log.append("error \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        try scheduler.run()
        subscription.dispose()
        #expect(log.items == ["next 1", "completed", "disposed"])
        #expect(source.subscriptions == [Subscription(0, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("subscribe(onNext:…) calls onError then onDisposed, once")
    func onDisposedAfterError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("up")), .next(230, 2)])
        let log = Recorder<String>()
        let subscription = source.subscribe(
            onNext: { log.append("next \($0)") },
            onError: { log.append("error \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        try scheduler.run()
        subscription.dispose()
        #expect(log.items == ["next 1", "error up", "disposed"])
        #expect(source.subscriptions == [Subscription(0, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("subscribe(onNext:…) calls onDisposed once when disposed, and nothing after")
    func onDisposedOnDispose() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let log = Recorder<String>()
        let subscription = source.subscribe(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        try scheduler.advance(to: 220)
        subscription.dispose()
        subscription.dispose()
        try scheduler.run()
        #expect(log.items == ["next 1", "disposed"])
        #expect(source.subscriptions == [Subscription(0, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("subscribe(onNext:…) calls onDisposed once for a sequence that ends during subscribe")
    func onDisposedSynchronous() {
        let log = Recorder<String>()
        let subscription = Observable.of(1, 2).subscribe(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        subscription.dispose()
        #expect(log.items == ["next 1", "next 2", "completed", "disposed"])
    }

    @Test("an error without an onError handler is ignored")
    func unhandledError() {
        let log = Recorder<String>()
        _ = Observable<Int>.error(TestError()).subscribe(onNext: { log.append("next \($0)") }, onDisposed: {
            log.append("disposed")
        })
        #expect(log.items == ["disposed"])
    }

    @Test("subscribe(_:) with one closure receives every event")
    func eventClosure() {
        let seen = Recorder<String>()
        _ = Observable.of(1, 2).subscribe { seen.append("\($0)") }
        #expect(seen.items == ["next(1)", "next(2)", "completed"])
    }
}
