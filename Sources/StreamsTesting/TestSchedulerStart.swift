import Streams
import Synchronization

/// RxTest's vocabulary on ``TestScheduler``: observers that record, hot and cold test
/// observables from recorded events, and `start`.
extension TestScheduler {
    /// Creates an observer that records every event with the tick it arrived at.
    public func createObserver<Element>(_ type: Element.Type = Element.self) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Creates a hot observable: its events are scheduled now, at their absolute ticks, and
    /// reach whoever is subscribed at that moment.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(kind: .hot, events: events, scheduler: self)
    }

    /// Creates a cold observable: each subscription replays `events`, with their ticks counted
    /// from the moment of subscription.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(kind: .cold, events: events, scheduler: self)
    }

    /// Creates the observable at `created`, subscribes to it at `subscribed`, disposes the
    /// subscription at `disposed` (or when it delivers its terminal event, whichever is first),
    /// runs the scheduler and returns what was recorded.
    ///
    /// The defaults (100, 200, 1000) are RxTest's, and so is the end of the subscription at the
    /// terminal event: a source that completes at 220 logs `Subscription(200, 220)`, so RxTest's
    /// tests translate line by line.
    ///
    /// A scheduler may be started again later, at ticks after its clock (a retry at 1000 after
    /// a first request at 0); a `created` tick that has passed means "create now". A
    /// `subscribed` tick that has passed is an error: the usual mistake is a second `start`
    /// with the default ticks, which would record nothing.
    ///
    /// - Parameters:
    ///   - created: The tick at which `create` is called.
    ///   - subscribed: The tick at which the observer subscribes.
    ///   - disposed: The tick at which the subscription is disposed.
    ///   - create: Builds the observable under test.
    ///   - fileID: The file of the call, named by a misuse error.
    ///   - line: The line of the call, named by a misuse error.
    /// - Returns: The observer, with the events it received.
    /// - Throws: ``TestSchedulerError/startedTwice(now:subscribed:location:)`` when the
    ///   clock is already past `subscribed` (or the ticks are out of order), and the errors of
    ///   ``TestScheduler/run()``.
    public func start<Source: ObservableConvertibleType>(
        created: Int = 100,
        subscribed: Int = 200,
        disposed: Int = 1000,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ create: @escaping @Sendable () -> Source
    ) throws(TestSchedulerError) -> TestableObserver<Source.Element> {
        let now = clock
        guard subscribed >= now, created <= subscribed, subscribed <= disposed else {
            throw .startedTwice(now: now, subscribed: subscribed, location: "\(fileID):\(line)")
        }
        let observer = createObserver(Source.Element.self)
        let source = Mutex<Observable<Source.Element>?>(nil)
        let subscription = SerialDisposable()
        scheduleAt(max(created, now), fileID: fileID, line: line) { source.withLock { $0 = create().asObservable() } }
        scheduleAt(subscribed, fileID: fileID, line: line) {
            guard let observable = source.withLock({ $0 }) else { return }
            subscription.disposable = observable.subscribe(AnyObserver { event in
                observer.on(event)
                if event.isStopEvent { subscription.dispose() }
            })
        }
        scheduleAt(disposed, fileID: fileID, line: line) { subscription.dispose() }
        try run()
        return observer
    }
}
