import Streams
import Synchronization

/// An observer that records each event with the virtual tick at which it arrived.
///
/// Create one with ``TestScheduler/createObserver(_:)``, or get one back from
/// ``TestScheduler/start(created:subscribed:disposed:fileID:filePath:line:column:_:)``.
/// As RxTest's, it goes wherever an observer does: `source.subscribe(observer)`,
/// `source.bind(to: observer)`, `driver.drive(observer)` and `signal.emit(to: observer)`.
public final class TestableObserver<Element: Sendable>: Sendable {
    let scheduler: TestScheduler
    private let recorded = Mutex<[Recorded<Event<Element>>]>([])

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Every event received so far, with its tick.
    public var events: [Recorded<Event<Element>>] {
        recorded.withLock { $0 }
    }

    /// The values of the `next` events received so far.
    public var values: [Element] {
        events.compactMap { $0.value.element }
    }

    /// Records one event at the scheduler's current tick.
    public func on(_ event: Event<Element>) {
        let time = scheduler.clock
        recorded.withLock { $0.append(Recorded(time: time, value: event)) }
    }

    /// Records `.next(element)`.
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Records `.error(error)`.
    public func onError(_ error: any Error) {
        on(.error(error))
    }

    /// Records `.completed`.
    public func onCompleted() {
        on(.completed)
    }

    /// This recorder as an observer to subscribe with.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver { [self] event in on(event) }
    }
}

// Where RxTest's observer goes as an `ObserverType`, this one goes too.

extension ObservableType {
    /// Subscribes `observer`, which records every event: `xs.subscribe(observer)`.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(_ observer: TestableObserver<Element>) -> any Disposable {
        asObservable().subscribe { event in observer.on(event) }
    }

    /// Sends every event of this sequence, including its end, to each of `observers`.
    ///
    /// - Returns: A disposable that ends the binding.
    public func bind(to observers: TestableObserver<Element>...) -> any Disposable {
        asObservable().subscribe { event in for observer in observers { observer.on(event) } }
    }
}

// `extension Driver` would extend every SharedSequence (Swift extends what an alias names, without
// its arguments), signals too: each extension says its strategy.
extension SharedSequence where SharingStrategy == DriverSharingStrategy {
    /// Sends every value, and the completion, to each of `observers`.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func drive(_ observers: TestableObserver<Element>...) -> any Disposable {
        asObservable().subscribe { event in for observer in observers { observer.on(event) } }
    }
}

extension SharedSequence where SharingStrategy == SignalSharingStrategy {
    /// Sends every value, and the completion, to `observer`.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func emit(to observer: TestableObserver<Element>) -> any Disposable {
        asObservable().subscribe { event in observer.on(event) }
    }
}
