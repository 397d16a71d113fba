import Streams
import Synchronization

/// RxTest's vocabulary on ``TestScheduler``: observers that record, hot and cold test
/// observables from recorded events, and `start`.
///
/// As in RxTest, none of these throws. A mistake (a `start` whose subscription tick has passed,
/// a schedule that never ends, an action scheduled in the past) is reported to the test
/// framework that is running, at the caller's line, as every helper of this library reports.
extension TestScheduler {
    /// Creates an observer that records every event with the tick it arrived at.
    ///
    /// `subscribe(_:)`, `bind(to:)`, `drive(_:)` and `emit(to:)` take it, as RxTest's
    /// `ObserverType` does.
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

    /// Runs every scheduled action, moving the clock to each one's tick, until none is left:
    /// RxTest's `start()`.
    ///
    /// It is `TestScheduler.run()` reporting instead of throwing: a schedule that
    /// never ends (an `interval` nobody disposes) stops after `TestScheduler.stepLimit`
    /// actions, and an action scheduled in the past is dropped; either is reported at this line.
    public func start(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        reportingMisuse(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            () throws(TestSchedulerError) in try run()
        }
    }

    /// Creates the observable at `created`, subscribes to it at `subscribed`, disposes the
    /// subscription at `disposed` (or when it delivers its terminal event, whichever is first),
    /// runs the scheduler and returns what was recorded.
    ///
    /// The defaults (100, 200, 1000) are RxTest's, and so is the end of the subscription at the
    /// terminal event: a source that completes at 220 logs `Subscription(200, 220)`, so RxTest's
    /// tests translate line by line. The forms `start { … }` and `start(disposed: 400) { … }`
    /// are this function with its defaults.
    ///
    /// A scheduler may be started again later, at ticks after its clock (a retry at 1000 after
    /// a first request at 0); a `created` tick that has passed means "create now". A
    /// `subscribed` tick that has passed is a mistake, reported at this line with
    /// `TestSchedulerError.startedTwice`: the usual one is a
    /// second `start` with the default ticks, which would record nothing. The errors of
    /// `TestScheduler.run()` are reported at this line too.
    ///
    /// - Parameters:
    ///   - created: The tick at which `create` is called.
    ///   - subscribed: The tick at which the observer subscribes.
    ///   - disposed: The tick at which the subscription is disposed.
    ///   - create: Builds the observable under test. It runs on this thread, during this call,
    ///     so it need not be `@Sendable`: it may capture `self` in an `XCTestCase`.
    ///   - fileID: The file of the call, named by a misuse error.
    ///   - filePath: The path of that file, where the test framework reports a misuse.
    ///   - line: The line of the call, named by a misuse error.
    ///   - column: The column of the call, where the test framework reports a misuse.
    /// - Returns: The observer, with the events it received.
    public func start<Source: ObservableConvertibleType>(
        created: Int = 100,
        subscribed: Int = 200,
        disposed: Int = 1000,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ create: @escaping () -> Source
    ) -> TestableObserver<Source.Element> {
        let observer = createObserver(Source.Element.self)
        reportingMisuse(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            () throws(TestSchedulerError) in
            let now = clock
            guard subscribed >= now, created <= subscribed, subscribed <= disposed else {
                throw .startedTwice(now: now, subscribed: subscribed, location: "\(fileID):\(line)")
            }
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
        }
        return observer
    }

    /// Runs `body`, reporting the mistake it throws to the test framework at `site`.
    func reportingMisuse(at site: CallSite, _ body: () throws(TestSchedulerError) -> Void) {
        do {
            try body()
        } catch {
            reportFailure("\(error)", at: site)
        }
    }
}
