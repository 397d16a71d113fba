// Inside Streams, chapter 6, "Time and schedulers": time as a value: a virtual clock that moves
// only when a test moves it, ties run in the order scheduled.

import Synchronization

/// A scheduler with a virtual clock that moves only when a test tells it to.
///
/// Time is a whole number of *ticks*, and ``resolution`` says how long one tick is. The
/// default is one second per tick, as in RxTest, so `.seconds(200)` is 200 ticks; UI-timed code
/// (a 300 ms throttle) reads better with `TestScheduler(resolution: .milliseconds(1))`. A delay
/// that is not a whole number of ticks is rounded up.
///
/// Nothing runs until you move the clock: ``advance(by:fileID:line:)``, ``advance(to:fileID:line:)`` or ``run()``.
/// Actions due at the same tick run in the order they were scheduled, and work scheduled "now"
/// runs at the current tick: there is no hidden extra tick, except with RxTest's spelling,
/// `TestScheduler(initialClock:)`, which keeps RxTest's (see ``simulatesProcessingDelay``). Each action runs on the thread that moves the clock, outside
/// the scheduler's lock, so an action may schedule more work.
///
/// ```swift
/// let scheduler = TestScheduler(resolution: .milliseconds(1))
/// let fired = Mutex<[Int]>([])
/// let timer = scheduler.schedulePeriodic(after: .milliseconds(300), period: .milliseconds(300)) {
///     fired.withLock { $0.append(scheduler.clock) }
/// }
/// try scheduler.advance(to: 1000)   // fired at 300, 600 and 900
/// timer.dispose()
/// ```
///
/// The clock never runs backwards. Moving it to a past tick, or scheduling an action at one,
/// is a mistake in the test: ``advance(to:fileID:line:)`` throws
/// ``TestSchedulerError/clockMovedBackwards(now:target:location:)`` and an action scheduled in
/// the past makes the next ``advance(to:fileID:line:)`` or ``run()`` throw
/// ``TestSchedulerError/scheduledInThePast(tick:now:location:)``, both naming the line.
///
/// A schedule that never ends (an ``Observable/interval(_:scheduler:)->Observable<Int>`` that nobody disposes)
/// would make ``run()`` loop forever; instead it stops after ``stepLimit`` actions and throws
/// ``TestSchedulerError/stepLimitExceeded(steps:tick:)``.
///
/// The RxTest vocabulary on top of it (hot and cold test observables, recorded events,
/// `start(created:subscribed:disposed:)`, marble diagrams) is in the `StreamsTesting` library,
/// with RxTest's and combine-schedulers' ways to move the clock (`start()`, `advanceTo(300)`,
/// `advance(by: .milliseconds(300))`), which report a mistake at the test's line instead of
/// throwing.
public final class TestScheduler: Scheduler {
    /// How much time one tick stands for.
    public let resolution: Duration
    /// How many actions one call of ``run()``, ``advance(by:fileID:line:)`` or ``advance(to:fileID:line:)`` may run.
    public let stepLimit: Int
    /// Whether work scheduled for now runs one tick later, as RxTest's `TestScheduler` does by
    /// default (its `simulateProcessingDelay`).
    ///
    /// It follows the spelling you build the scheduler with. `TestScheduler()` and
    /// `TestScheduler(resolution:)`, Streams' own, leave it off: a value that
    /// ``ObservableType/observe(on:)`` moves to this scheduler arrives at the tick it was sent, so
    /// a marble diagram reads the same before and after the hop, as in combine-schedulers' test
    /// scheduler. `TestScheduler(initialClock:)`, RxTest's spelling, turns it on as RxTest does,
    /// so that a test ported from RxTest keeps its expected times: ``schedule(_:)`` and a
    /// ``schedule(after:_:)`` of no delay run at the next tick; longer delays and
    /// ``scheduleAt(_:fileID:line:action:)`` are unchanged. Either initializer takes
    /// `simulateProcessingDelay:` to say otherwise:
    ///
    /// ```swift
    /// let rxTest = TestScheduler(initialClock: 0)                                // on, as in RxTest
    /// let asDrawn = TestScheduler(initialClock: 0, simulateProcessingDelay: false) // off
    /// ```
    public let simulatesProcessingDelay: Bool

    private struct State {
        var clock: Int
        var queue = TimedQueue()
        /// An action scheduled in the past, reported by the next run.
        var misuse: TestSchedulerError?
    }

    private let state: Mutex<State>

    /// Creates a scheduler whose clock starts at tick 0, and runs work scheduled for now at the
    /// current tick (see ``simulatesProcessingDelay``).
    ///
    /// - Parameters:
    ///   - resolution: The length of one tick; one second by default.
    ///   - stepLimit: The most actions one run may execute before it is reported as endless.
    ///   - simulateProcessingDelay: Whether work scheduled for now runs one tick later, as in
    ///     RxTest (``simulatesProcessingDelay``); `false` by default.
    public convenience init(
        resolution: Duration = .seconds(1),
        stepLimit: Int = 100_000,
        simulateProcessingDelay: Bool = false
    ) {
        self.init(initialClock: 0, resolution: resolution, stepLimit: stepLimit, simulateProcessingDelay: simulateProcessingDelay)
    }

    /// RxTest's spelling: creates a scheduler whose clock starts at `initialClock` and which, as
    /// RxTest's does by default, runs work scheduled for now one tick later (see
    /// ``simulatesProcessingDelay``).
    ///
    /// - Parameters:
    ///   - initialClock: The tick the clock starts at.
    ///   - resolution: The length of one tick; one second by default.
    ///   - stepLimit: The most actions one run may execute before it is reported as endless.
    ///   - simulateProcessingDelay: Whether work scheduled for now runs one tick later
    ///     (``simulatesProcessingDelay``); `true` by default, as in RxTest.
    public init(
        initialClock: Int,
        resolution: Duration = .seconds(1),
        stepLimit: Int = 100_000,
        simulateProcessingDelay: Bool = true
    ) {
        precondition(resolution > .zero, "TestScheduler resolution must be positive")
        self.resolution = resolution
        self.stepLimit = stepLimit
        simulatesProcessingDelay = simulateProcessingDelay
        state = Mutex(State(clock: initialClock))
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

    /// The number of whole ticks that cover `duration` (rounded up; never negative, and at most
    /// `Int.max`, which a delay of centuries reaches at a fine resolution).
    public func ticks(for duration: Duration) -> Int {
        let total = duration.attoseconds
        let tick = resolution.attoseconds
        guard total > 0 else { return 0 }
        return Int(clamping: total / tick + (total % tick > 0 ? 1 : 0))
    }

    /// The number of ticks `duration` is, or `nil` when it is not a whole number of ticks:
    /// at one tick per second, `.seconds(3)` is 3 and `.milliseconds(1500)` is `nil`.
    public func ticks(exactly duration: Duration) -> Int? {
        let (ticks, rest) = duration.attoseconds.quotientAndRemainder(dividingBy: resolution.attoseconds)
        guard rest == 0, let exact = Int(exactly: ticks) else { return nil }
        return exact
    }

    /// The due ticks of the actions still waiting, in the order they will run.
    public var pendingTicks: [Int] {
        state.withLock { $0.queue.pendingTimes }
    }

    // MARK: Scheduling

    /// Runs `action` at the current tick, after the actions already due at this tick; at the
    /// next tick when the scheduler ``simulatesProcessingDelay``.
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        schedule(after: .zero, action)
    }

    /// Runs `action` `delay` from now (rounded up to whole ticks); no delay runs at the next
    /// tick when the scheduler ``simulatesProcessingDelay``.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let rounded = ticks(for: delay)
        let delayTicks = rounded == 0 && simulatesProcessingDelay ? 1 : rounded
        return state.withLock { state in
            // A delay past the end of time runs at its end.
            let (due, overflow) = state.clock.addingReportingOverflow(delayTicks)
            return state.queue.insert(at: overflow ? .max : due, ScheduledAction(action))
        }
    }

    /// Runs `action` at the absolute tick `tick`.
    ///
    /// A `tick` before ``clock`` is a mistake in the test: the action is dropped, and the next
    /// ``advance(to:fileID:line:)``, ``advance(by:fileID:line:)`` or ``run()`` throws
    /// ``TestSchedulerError/scheduledInThePast(tick:now:location:)`` naming this call's line.
    ///
    /// **Threads.** `action` runs on the thread that moves the clock (``advance(to:fileID:line:)``,
    /// ``run()``, or `start` in `StreamsTesting`), during that call, and never at the same time
    /// as the code that scheduled it. In a test that is the test's own thread. So, unlike the
    /// actions an operator schedules, `action` need not be `@Sendable`: as in RxTest, it may
    /// capture `self` in an `XCTestCase`, assign a local `var subscription` in one action and
    /// dispose it in another, or add to `self.disposeBag`. Move the clock from the thread that
    /// scheduled the actions, as every test does.
    @discardableResult
    public func scheduleAt(
        _ tick: Int,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        action: @escaping () -> Void
    ) -> any Disposable {
        let action = TestAction(run: action)
        return state.withLock { state -> any Disposable in
            guard tick >= state.clock else {
                if state.misuse == nil {
                    state.misuse = .scheduledInThePast(tick: tick, now: state.clock, location: "\(fileID):\(line)")
                }
                return Disposables.create()
            }
            return state.queue.insert(at: tick, ScheduledAction { action.run() })
        }
    }

    // MARK: Moving the clock

    /// Runs every action due up to and including `clock + ticks`, then sets the clock there.
    ///
    /// - Throws: ``TestSchedulerError/clockMovedBackwards(now:target:location:)`` for a negative
    ///   `ticks`, and the errors of ``advance(to:fileID:line:)``.
    public func advance(by ticks: Int, fileID: StaticString = #fileID, line: UInt = #line) throws(TestSchedulerError) {
        try advance(to: clock + ticks, fileID: fileID, line: line)
    }

    /// Runs every action due up to and including `tick`, then sets the clock to `tick`.
    ///
    /// - Throws: ``TestSchedulerError/clockMovedBackwards(now:target:location:)`` when `tick`
    ///   is before ``clock``; ``TestSchedulerError/scheduledInThePast(tick:now:location:)``
    ///   when an action was scheduled before the clock since the last run;
    ///   ``TestSchedulerError/stepLimitExceeded(steps:tick:)`` for a schedule that never ends.
    public func advance(to tick: Int, fileID: StaticString = #fileID, line: UInt = #line) throws(TestSchedulerError) {
        let now = clock
        guard tick >= now else {
            throw .clockMovedBackwards(now: now, target: tick, location: "\(fileID):\(line)")
        }
        try runActions(until: tick)
        state.withLock { $0.clock = max($0.clock, tick) }
    }

    /// Runs actions until none is left, moving the clock to each one's due tick.
    ///
    /// - Throws: ``TestSchedulerError/scheduledInThePast(tick:now:location:)`` when an action
    ///   was scheduled before the clock; ``TestSchedulerError/stepLimitExceeded(steps:tick:)``
    ///   for a schedule that never ends.
    public func run() throws(TestSchedulerError) {
        try runActions(until: nil)
    }

    private func runActions(until limit: Int?) throws(TestSchedulerError) {
        for step in 0... {
            let (next, misuse) = state.withLock { state -> (ScheduledAction?, TestSchedulerError?) in
                if let misuse = state.misuse {
                    state.misuse = nil
                    return (nil, misuse)
                }
                guard step < stepLimit, let (time, action) = state.queue.popFirst(dueBy: limit) else { return (nil, nil) }
                state.clock = max(state.clock, time)
                return (action, nil)
            }
            if let misuse {
                throw misuse
            } else if let next {
                next.run()
            } else if step < stepLimit || !state.withLock({ $0.queue.hasLiveAction(dueBy: limit) }) {
                return
            } else {
                throw .stepLimitExceeded(steps: stepLimit, tick: clock)
            }
        }
    }
}

/// A mistake found while a ``TestScheduler`` was running.
public enum TestSchedulerError: Error, Equatable, CustomStringConvertible {
    /// More actions ran than the scheduler's step limit allows: the schedule never ends.
    case stepLimitExceeded(steps: Int, tick: Int)
    /// ``TestScheduler/advance(to:fileID:line:)`` was asked to move the clock from `now` back
    /// to `target`, at `location` (`Module/File.swift:line`).
    case clockMovedBackwards(now: Int, target: Int, location: String)
    /// An action was scheduled at `tick`, before the clock (`now`), at `location`.
    case scheduledInThePast(tick: Int, now: Int, location: String)
    /// `start(created:subscribed:disposed:)` was called at `location` on a scheduler whose
    /// clock (`now`) is already past the tick it was to subscribe at (`subscribed`): the
    /// scheduler has been started before, and RxTest's default ticks are used up.
    case startedTwice(now: Int, subscribed: Int, location: String)

    public var description: String {
        switch self {
        case .stepLimitExceeded(let steps, let tick):
            "TestScheduler ran \(steps) actions and stopped at tick \(tick): the schedule never ends. "
                + "Dispose periodic work (interval, timer, a repeating source), or use advance(to:)."
        case .clockMovedBackwards(let now, let target, let location):
            "\(location): TestScheduler cannot move its clock back from tick \(now) to tick \(target); "
                + "virtual time only moves forwards."
        case .scheduledInThePast(let tick, let now, let location):
            "\(location): an action was scheduled at tick \(tick), but the clock is already at \(now); "
                + "schedule at \(now) or later (the action was dropped)."
        case .startedTwice(let now, let subscribed, let location):
            "\(location): start(subscribed: \(subscribed), …) on a TestScheduler whose clock is already at \(now), "
                + "so the subscription would be in the past. Make a new TestScheduler for each start, "
                + "or pass ticks after \(now)."
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
    /// The whole duration in attoseconds, for durations of up to `Int64.max` seconds either way
    /// (about 292 billion years); a longer one, which a `Duration` can hold but its `components`
    /// cannot name, counts as that long.
    var attoseconds: Int128 {
        let (seconds, attoseconds) = min(max(self, .seconds(Int64.min)), .seconds(Int64.max)).components
        return Int128(seconds) * 1_000_000_000_000_000_000 + Int128(attoseconds)
    }
}

/// A test's scheduled action, which need not be `Sendable`.
///
/// Unchecked because ``TestScheduler`` runs it on the thread that moves the clock, during that
/// call: a test schedules its actions and moves the clock from its own thread, so an action
/// never runs at the same time as the code that captured what it captures (see
/// ``TestScheduler/scheduleAt(_:fileID:line:action:)``).
private struct TestAction: @unchecked Sendable {
    let run: () -> Void
}
