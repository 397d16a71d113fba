import Synchronization

// The two floors every workload is compared with: what a push pipeline costs when it is written
// by hand as plain closures. Neither has disposal, error handling or event grammar; they show how
// far Streams' bookkeeping is from "nothing but the calls".

/// A sink that adds up what it receives, shared by every peer so that they do the same work.
///
/// Used from one thread at a time only (the benchmark is single-threaded): the relaxed
/// load-then-store is a plain memory access, not a read-modify-write, so it costs what `+=` on a
/// stored property costs while still being `Sendable` for Streams' `@Sendable` closures.
final class Counter: Sendable {
    private let total = Atomic<Int>(0)

    @inline(__always)
    func add(_ value: Int) {
        total.store(total.load(ordering: .relaxed) &+ value, ordering: .relaxed)
    }

    var value: Int { total.load(ordering: .relaxed) }
}

/// A running total for the floors' `scan`, with the same relaxed load-then-store as ``Counter``.
///
/// The floors' closures are `@Sendable` like Streams' (a `Mutex` can only hand out `Sendable`
/// values), so a captured `var` is not allowed; this costs the same as one.
final class Accumulator: Sendable {
    private let stored: Atomic<Int>

    init(_ value: Int) { stored = Atomic(value) }

    var value: Int {
        get { stored.load(ordering: .relaxed) }
        set { stored.store(newValue, ordering: .relaxed) }
    }
}

/// A stage of a pipeline of plain closures: receives one value.
typealias Stage<T> = @Sendable (T) -> Void

/// A cold source as a plain closure: calling it with a sink runs it to the end.
typealias Cold<T> = @Sendable (@escaping Stage<T>) -> Void

/// Hot pipeline stages as plain closures: each takes the next stage and returns the stage that
/// receives one value.
///
/// The builders are `@inline(never)`, as they would be in a library compiled on its own: without
/// it the optimizer fuses a whole cold pipeline into straight-line code and the floor measures
/// nothing but the loop.
enum Push {
    @inline(never)
    static func map<A, B>(_ transform: @escaping @Sendable (A) -> B, into next: @escaping Stage<B>) -> Stage<A> {
        { next(transform($0)) }
    }

    @inline(never)
    static func filter<A>(_ isIncluded: @escaping @Sendable (A) -> Bool, into next: @escaping Stage<A>) -> Stage<A> {
        { if isIncluded($0) { next($0) } }
    }

    @inline(never)
    static func scan(_ seed: Int, _ accumulate: @escaping @Sendable (Int, Int) -> Int, into next: @escaping Stage<Int>) -> Stage<Int> {
        let accumulated = Accumulator(seed)
        return {
            accumulated.value = accumulate(accumulated.value, $0)
            next(accumulated.value)
        }
    }

    /// Subscribes `next` to the inner source made from each value.
    @inline(never)
    static func flatMap<A, B>(_ inner: @escaping @Sendable (A) -> Cold<B>, into next: @escaping Stage<B>) -> Stage<A> {
        { inner($0)(next) }
    }
}

/// Cold pipeline stages as plain closures (for the subscribe-and-dispose workload); `@inline(never)`
/// like ``Push``.
enum Pull {
    @inline(never)
    static func just<T: Sendable>(_ value: T) -> Cold<T> {
        { sink in sink(value) }
    }

    @inline(never)
    static func from<S: Sequence & Sendable>(_ values: S) -> Cold<S.Element> {
        { sink in for value in values { sink(value) } }
    }

    @inline(never)
    static func map<A, B>(_ source: @escaping Cold<A>, _ transform: @escaping @Sendable (A) -> B) -> Cold<B> {
        { sink in source { sink(transform($0)) } }
    }

    @inline(never)
    static func filter<A>(_ source: @escaping Cold<A>, _ isIncluded: @escaping @Sendable (A) -> Bool) -> Cold<A> {
        { sink in source { if isIncluded($0) { sink($0) } } }
    }

    @inline(never)
    static func scan(_ source: @escaping Cold<Int>, _ seed: Int, _ accumulate: @escaping @Sendable (Int, Int) -> Int) -> Cold<Int> {
        { sink in
            let accumulated = Accumulator(seed)
            source {
                accumulated.value = accumulate(accumulated.value, $0)
                sink(accumulated.value)
            }
        }
    }
}

/// The naive subject: an array of closures, no lock.
final class NaiveSubject<T> {
    private var observers: [Stage<T>] = []

    func subscribe(_ observer: @escaping Stage<T>) {
        observers.append(observer)
    }

    func send(_ value: T) {
        for observer in observers { observer(value) }
    }
}

/// The subject with a `Mutex` around its observer list: one lock per send to take a snapshot,
/// observers called after the lock is released.
final class MutexSubject<T: Sendable> {
    private let observers = Mutex<[Stage<T>]>([])

    func subscribe(_ observer: @escaping Stage<T>) {
        observers.withLock { $0.append(observer) }
    }

    func send(_ value: T) {
        let snapshot = observers.withLock { $0 }
        for observer in snapshot { observer(value) }
    }
}

/// The naive current value: a stored value and an array of closures, no lock.
final class NaiveValue<T> {
    private(set) var value: T
    private var observers: [Stage<T>] = []

    init(_ value: T) { self.value = value }

    func subscribe(_ observer: @escaping Stage<T>) {
        observers.append(observer)
        observer(value)
    }

    func send(_ value: T) {
        self.value = value
        for observer in observers { observer(value) }
    }
}

/// The current value with value and observers behind one `Mutex`.
final class MutexValue<T: Sendable> {
    private struct State {
        var value: T
        var observers: [Stage<T>] = []
    }

    private let state: Mutex<State>

    init(_ value: T) { state = Mutex(State(value: value)) }

    var value: T { state.withLock { $0.value } }

    func subscribe(_ observer: @escaping Stage<T>) {
        let current = state.withLock { state in
            state.observers.append(observer)
            return state.value
        }
        observer(current)
    }

    func send(_ value: T) {
        let snapshot = state.withLock { state in
            state.value = value
            return state.observers
        }
        for observer in snapshot { observer(value) }
    }
}
