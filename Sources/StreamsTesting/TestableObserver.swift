import Streams
import Synchronization

/// An observer that records each event with the virtual tick at which it arrived.
///
/// Create one with ``TestScheduler/createObserver(_:)``, or get one back from
/// ``TestScheduler/start(created:subscribed:disposed:fileID:line:_:)``.
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

    /// This recorder as an observer to subscribe with.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver { [self] event in on(event) }
    }
}
