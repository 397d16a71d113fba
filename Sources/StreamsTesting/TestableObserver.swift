import Streams
import Synchronization

/// An observer that records each event with the virtual tick at which it arrived.
///
/// Create one with ``TestScheduler/createObserver(_:)``, or get one back from
/// ``TestScheduler/start(created:subscribed:disposed:fileID:filePath:line:column:_:)``.
/// As RxTest's, it goes wherever an observer does: `source.subscribe(observer)`,
/// `source.bind(to: observer)`, `driver.drive(observer)` and `signal.emit(to: observer)`.
public final class TestableObserver<Element: Sendable>: ObserverType {
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

}
