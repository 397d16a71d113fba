import Dispatch
import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("Disposables")
struct DisposableTests {
    // MARK: Disposables.create

    @Test("an action disposable runs its action once, however often it is disposed")
    func actionRunsOnce() {
        let counter = DisposalCounter()
        let disposable = counter.make()
        #expect(counter.count == 0)
        disposable.dispose()
        disposable.dispose()
        #expect(counter.count == 1)
    }

    @Test("an action disposable disposed from many threads at once runs its action once")
    func actionRunsOnceConcurrently() {
        let counter = DisposalCounter()
        let disposable = counter.make()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in disposable.dispose() }
        #expect(counter.count == 1)
    }

    @Test("an action disposable releases its action once it has run")
    func actionReleased() {
        weak var weakProbe: LifetimeProbe?
        let disposable: any Disposable
        do {
            let probe = LifetimeProbe()
            weakProbe = probe
            disposable = Disposables.create { [probe] in _ = probe.pass(0) }
        }
        #expect(weakProbe != nil)
        disposable.dispose()
        #expect(weakProbe == nil)
    }

    @Test("a group of disposables is disposed together")
    func group() {
        let counter = DisposalCounter()
        let group = Disposables.create(counter.make(), counter.make(), counter.make())
        group.dispose()
        group.dispose()
        #expect(counter.count == 3)
    }

    // MARK: DisposeBag

    @Test("a bag disposes its contents when it is deallocated")
    func bagDeinit() {
        let counter = DisposalCounter()
        do {
            let bag = DisposeBag()
            counter.make().disposed(by: bag)
            bag.insert(counter.make())
            #expect(counter.count == 0)
        }
        #expect(counter.count == 2)
    }

    @Test("replacing a bag disposes what the old one held")
    func bagReplaced() {
        let counter = DisposalCounter()
        var bag = DisposeBag()
        counter.make().disposed(by: bag)
        bag = DisposeBag()
        #expect(counter.count == 1)
        counter.make().disposed(by: bag)
        #expect(counter.count == 1)
        withExtendedLifetime(bag) {}
    }

    @Test("a bag disposed early disposes later insertions at once")
    func bagInsertAfterDispose() {
        let counter = DisposalCounter()
        let bag = DisposeBag()
        counter.make().disposed(by: bag)
        bag.dispose()
        #expect(counter.count == 1)
        counter.make().disposed(by: bag)
        #expect(counter.count == 2)
    }

    @Test("a bag ends the subscriptions it holds")
    func bagEndsSubscriptions() {
        let subject = Subject<Int>()
        let seen = Recorder<Int>()
        do {
            let bag = DisposeBag()
            subject.subscribe(onNext: { seen.append($0) }).disposed(by: bag)
            subject.onNext(1)
        }
        subject.onNext(2)
        #expect(seen.items == [1])
        #expect(!subject.hasObservers)
    }

    // MARK: CompositeDisposable

    @Test("a composite disposes everything it holds, in insertion order, once")
    func compositeDisposesAll() {
        let order = Recorder<Int>()
        let composite = CompositeDisposable([
            Disposables.create { order.append(1) },
            Disposables.create { order.append(2) },
        ])
        composite.insert(Disposables.create { order.append(3) })
        #expect(composite.count == 3)
        #expect(!composite.isDisposed)
        composite.dispose()
        composite.dispose()
        #expect(order.items == [1, 2, 3])
        #expect(composite.isDisposed)
        #expect(composite.count == 0)
    }

    @Test("removing by key disposes only that item")
    func compositeRemove() {
        let first = DisposalCounter()
        let second = DisposalCounter()
        let composite = CompositeDisposable()
        let key = composite.insert(first.make())
        composite.insert(second.make())
        #expect(key != nil)
        if let key { composite.remove(for: key) }
        #expect(first.count == 1)
        #expect(second.count == 0)
        #expect(composite.count == 1)
        if let key { composite.remove(for: key) }
        #expect(first.count == 1)
        composite.dispose()
        #expect(second.count == 1)
    }

    @Test("inserting into a disposed composite disposes the item at once and returns no key")
    func compositeInsertAfterDispose() {
        let counter = DisposalCounter()
        let composite = CompositeDisposable()
        composite.dispose()
        let key = composite.insert(counter.make())
        #expect(key == nil)
        #expect(counter.count == 1)
        #expect(composite.count == 0)
    }

    // MARK: SerialDisposable

    @Test("setting a new disposable disposes the one it replaces")
    func serialReplace() {
        let first = DisposalCounter()
        let second = DisposalCounter()
        let serial = SerialDisposable()
        #expect(serial.disposable == nil)
        serial.disposable = first.make()
        serial.disposable = second.make()
        #expect(first.count == 1)
        #expect(second.count == 0)
        #expect(serial.disposable != nil)
        serial.dispose()
        #expect(second.count == 1)
        #expect(serial.isDisposed)
        #expect(serial.disposable == nil)
    }

    @Test("setting a disposable after disposal disposes it at once")
    func serialSetAfterDispose() {
        let counter = DisposalCounter()
        let serial = SerialDisposable()
        serial.dispose()
        serial.disposable = counter.make()
        #expect(counter.count == 1)
        #expect(serial.disposable == nil)
    }

    // MARK: SingleAssignmentDisposable

    @Test("disposing disposes the disposable that was set")
    func singleAssignmentSetThenDispose() {
        let counter = DisposalCounter()
        let single = SingleAssignmentDisposable()
        single.setDisposable(counter.make())
        #expect(!single.isDisposed)
        #expect(counter.count == 0)
        single.dispose()
        single.dispose()
        #expect(single.isDisposed)
        #expect(counter.count == 1)
    }

    @Test("a disposable set after disposal is disposed at once")
    func singleAssignmentDisposeBeforeSet() {
        let counter = DisposalCounter()
        let single = SingleAssignmentDisposable()
        single.dispose()
        #expect(single.isDisposed)
        single.setDisposable(counter.make())
        #expect(counter.count == 1)
    }

    @Test("a second disposable set is disposed at once, the first is kept")
    func singleAssignmentSecondSet() {
        let first = DisposalCounter()
        let second = DisposalCounter()
        let single = SingleAssignmentDisposable()
        single.setDisposable(first.make())
        single.setDisposable(second.make())
        #expect(first.count == 0)
        #expect(second.count == 1)
        single.dispose()
        #expect(first.count == 1)
    }

    @Test("a disposable set while another thread disposes is disposed exactly once")
    func singleAssignmentSetRacesDispose() {
        let counter = DisposalCounter()
        let rounds = 2_000
        for _ in 0..<rounds {
            let single = SingleAssignmentDisposable()
            let disposable = counter.make()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 { single.setDisposable(disposable) } else { single.dispose() }
            }
            #expect(single.isDisposed)
        }
        #expect(counter.count == rounds)
    }
}

/// Makes disposables that count, together, how many times their action ran.
private final class DisposalCounter: Sendable {
    private let runs = Atomic<Int>(0)

    var count: Int { runs.load(ordering: .acquiring) }

    func make() -> any Disposable {
        Disposables.create { [self] in runs.add(1, ordering: .acquiringAndReleasing) }
    }
}
