import Synchronization

/// A scheduler with a virtual clock that moves only when a test tells it to.
///
/// Time is a whole number of *ticks*, and ``resolution`` says how long one tick is. The
/// default is one second per tick, as in RxTest, so `.seconds(200)` is 200 ticks; UI-timed code
/// (a 300 ms throttle) reads better with `TestScheduler(resolution: .milliseconds(1))`. A delay
/// that is not a whole number of ticks is rounded up.
///
/// Nothing runs until you move the clock: ``advance(by:)``, ``advance(to:)`` or ``run()``.
/// Actions due at the same tick run in the order they were scheduled, and work scheduled "now"
/// runs at the current tick (there is no hidden extra tick). Each action runs on the thread
/// that moves the clock, outside the scheduler's lock, so an action may schedule more work.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
/// let observer = try scheduler.start { source.map { $0 * 10 } }
/// #expect(observer.events == [.next(210, 10), .next(220, 20), .completed(300)])
/// #expect(source.subscriptions == [Subscription(200, 300)])
/// ```
///
/// A schedule that never ends (an ``Observable/interval(_:scheduler:)`` that nobody disposes)
/// would make ``run()`` loop forever; instead it stops after ``stepLimit`` actions and throws
/// ``TestSchedulerError/stepLimitExceeded(steps:tick:)``.
public final class TestScheduler: Scheduler {
    /// How much time one tick stands for.
    public let resolution: Duration
    /// How many actions one call of ``run()``, ``advance(by:)`` or ``advance(to:)`` may run.
    public let stepLimit: Int

    private struct State {
        var clock = 0
        var queue = TimedQueue()
    }

    private let state = Mutex(State())

    /// Creates a scheduler at tick 0.
    ///
    /// - Parameters:
    ///   - resolution: The length of one tick; one second by default.
    ///   - stepLimit: The most actions one run may execute before it is reported as endless.
    public init(resolution: Duration = .seconds(1), stepLimit: Int = 100_000) {
        precondition(resolution > .zero, "TestScheduler resolution must be positive")
        self.resolution = resolution
        self.stepLimit = stepLimit
    }

    // MARK: Clock

    /// The current virtual time in ticks.
    public var clock: Int {
        state.withLock { $0.clock }
    }

    /// The current virtual time, ``clock`` × ``resolution``.
    public var now: Duration {
        resolution * clock
    }

    /// The number of whole ticks that cover `duration` (rounded up; never negative).
    public func ticks(for duration: Duration) -> Int {
        let total = duration.attoseconds
        let tick = resolution.attoseconds
        guard total > 0 else { return 0 }
        return Int((total + tick - 1) / tick)
    }

    /// The due ticks of the actions still waiting, in the order they will run.
    public var pendingTicks: [Int] {
        state.withLock { $0.queue.pendingTimes }
    }

    // MARK: Scheduling

    /// Runs `action` at the current tick, after the actions already due at this tick.
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        scheduleAt(clock, action)
    }

    /// Runs `action` `delay` from now (rounded up to whole ticks).
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let delayTicks = ticks(for: delay)
        return state.withLock { state in
            state.queue.insert(at: state.clock + delayTicks, ScheduledAction(action))
        }
    }

    /// Runs `action` at the absolute tick `tick` (or at the current tick if that has passed).
    @discardableResult
    public func scheduleAt(_ tick: Int, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        state.withLock { state in
            state.queue.insert(at: max(tick, state.clock), ScheduledAction(action))
        }
    }

    // MARK: Moving the clock

    /// Runs every action due up to and including `clock + ticks`, then sets the clock there.
    public func advance(by ticks: Int) throws(TestSchedulerError) {
        try advance(to: clock + ticks)
    }

    /// Runs every action due up to and including `tick`, then sets the clock to `tick`.
    ///
    /// Moving the clock backwards is not allowed; a `tick` in the past only runs what is due now.
    public func advance(to tick: Int) throws(TestSchedulerError) {
        try runActions(until: tick)
        state.withLock { $0.clock = max($0.clock, tick) }
    }

    /// Runs actions until none is left, moving the clock to each one's due tick.
    public func run() throws(TestSchedulerError) {
        try runActions(until: nil)
    }

    private func runActions(until limit: Int?) throws(TestSchedulerError) {
        for step in 0... {
            let next = state.withLock { state -> ScheduledAction? in
                guard step < stepLimit, let (time, action) = state.queue.popFirst(dueBy: limit) else { return nil }
                state.clock = max(state.clock, time)
                return action
            }
            if let next {
                next.run()
            } else if step < stepLimit || !state.withLock({ $0.queue.hasLiveAction(dueBy: limit) }) {
                return
            } else {
                throw .stepLimitExceeded(steps: stepLimit, tick: clock)
            }
        }
    }

    // MARK: Test sources and observers

    /// Creates an observer that records every event with the tick it arrived at.
    public func createObserver<Element>(_ type: Element.Type = Element.self) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Creates a hot observable: its events are scheduled now, at their absolute ticks, and
    /// reach whoever is subscribed at that moment.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(kind: .hot, events: events, scheduler: self)
    }

    /// Creates a hot observable from a marble diagram (see ``Marbles``).
    ///
    /// - Throws: ``MarbleError`` when the diagram cannot be read.
    public func createHotObservable<Element>(
        marbles diagram: String,
        values: [Character: Element],
        error: any Error = TestError("error")
    ) throws(MarbleError) -> TestableObservable<Element> {
        let parsed = try Marbles.parse(diagram, value: { values[$0] }, error: error)
        return TestableObservable(kind: .hot, events: parsed.events, scheduler: self, subscriptionTick: parsed.subscriptionTick)
    }

    /// Creates a cold observable from a marble diagram (see ``Marbles``); `^` is not allowed.
    ///
    /// - Throws: ``MarbleError`` when the diagram cannot be read.
    public func createColdObservable<Element>(
        marbles diagram: String,
        values: [Character: Element],
        error: any Error = TestError("error")
    ) throws(MarbleError) -> TestableObservable<Element> {
        let parsed = try Marbles.parse(diagram, value: { values[$0] }, error: error)
        if let tick = parsed.subscriptionTick {
            throw MarbleError(diagram: diagram, tick: tick, reason: "'^' marks a hot source's subscription; a cold source starts when subscribed")
        }
        return TestableObservable(kind: .cold, events: parsed.events, scheduler: self)
    }

    /// Creates a cold observable: each subscription replays `events`, with their ticks counted
    /// from the moment of subscription.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(kind: .cold, events: events, scheduler: self)
    }

    /// Creates the observable at `created`, subscribes to it at `subscribed`, disposes the
    /// subscription at `disposed`, runs the scheduler and returns what was recorded.
    ///
    /// The defaults (100, 200, 1000) are RxTest's, so its tests translate line by line.
    ///
    /// - Parameters:
    ///   - created: The tick at which `create` is called.
    ///   - subscribed: The tick at which the observer subscribes.
    ///   - disposed: The tick at which the subscription is disposed.
    ///   - create: Builds the observable under test.
    /// - Returns: The observer, with the events it received.
    public func start<Source: ObservableType>(
        created: Int = 100,
        subscribed: Int = 200,
        disposed: Int = 1000,
        _ create: @escaping @Sendable () -> Source
    ) throws(TestSchedulerError) -> TestableObserver<Source.Element> {
        let observer = createObserver(Source.Element.self)
        let source = Mutex<Observable<Source.Element>?>(nil)
        let subscription = SerialDisposable()
        scheduleAt(created) { source.withLock { $0 = create().asObservable() } }
        scheduleAt(subscribed) {
            guard let observable = source.withLock({ $0 }) else { return }
            subscription.disposable = observable.subscribe(observer.asObserver())
        }
        scheduleAt(disposed) { subscription.dispose() }
        try run()
        return observer
    }
}

/// What went wrong while a ``TestScheduler`` was running.
public enum TestSchedulerError: Error, Equatable, CustomStringConvertible {
    /// More actions ran than the scheduler's step limit allows: the schedule never ends.
    case stepLimitExceeded(steps: Int, tick: Int)

    public var description: String {
        switch self {
        case .stepLimitExceeded(let steps, let tick):
            "TestScheduler ran \(steps) actions and stopped at tick \(tick): the schedule never ends. "
                + "Dispose periodic work (interval, timer, a repeating source), or use advance(to:)."
        }
    }
}

/// The pending actions of a ``TestScheduler``: a binary min-heap ordered by due tick, then by
/// the order of scheduling, so ties run first-in first-out without sorting on every step.
private struct TimedQueue {
    private struct Entry {
        let time: Int
        let sequence: UInt64
        let action: ScheduledAction

        func runsBefore(_ other: Entry) -> Bool {
            (time, sequence) < (other.time, other.sequence)
        }
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    var pendingTimes: [Int] {
        heap.filter { !$0.action.isDone }
            .sorted { $0.runsBefore($1) }
            .map(\.time)
    }

    mutating func insert(at time: Int, _ action: ScheduledAction) -> ScheduledAction {
        heap.append(Entry(time: time, sequence: nextSequence, action: action))
        nextSequence += 1
        siftUp(heap.count - 1)
        return action
    }

    /// Whether an action that has not been cancelled is due by `limit`.
    mutating func hasLiveAction(dueBy limit: Int?) -> Bool {
        while let first = heap.first, first.action.isDone { removeFirst() }
        guard let first = heap.first else { return false }
        return limit.map { first.time <= $0 } ?? true
    }

    /// Removes and returns the earliest live action due by `limit` (any time when `nil`),
    /// discarding cancelled ones on the way.
    mutating func popFirst(dueBy limit: Int?) -> (Int, ScheduledAction)? {
        while let first = heap.first {
            if let limit, first.time > limit { return nil }
            removeFirst()
            if !first.action.isDone { return (first.time, first.action) }
        }
        return nil
    }

    private mutating func removeFirst() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        siftDown(0)
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].runsBefore(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < heap.count, heap[left].runsBefore(heap[first]) { first = left }
            if right < heap.count, heap[right].runsBefore(heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}

extension Duration {
    /// The whole duration in attoseconds.
    var attoseconds: Int128 {
        Int128(components.seconds) * 1_000_000_000_000_000_000 + Int128(components.attoseconds)
    }
}
