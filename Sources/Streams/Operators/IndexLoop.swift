// Inside Streams, chapter 6, "Time and schedulers": a loop of scheduled actions, each of which
// schedules the next, with its steps numbered so that a late disposable cannot stop it.

import Synchronization

/// Steps through indices 0, 1, 2, … one request at a time, with one loop at a time doing it: the
/// state of `concat` (the next source, once the current one completes) and of the scheduled
/// loop of `from(_:scheduler:)` and `generate` (the next value, once its action runs; see
/// ``IndexLoop/run(on:to:step:)``).
///
/// A request made while a loop runs (a source that completes during its subscription, a
/// scheduler that runs an action at once) is taken by that loop instead of starting a deeper
/// call, so any number of steps keeps the stack flat. Kept behind the caller's `Mutex`:
///
/// ```swift
/// guard state.withLock({ $0.requestNext() }) else { return }   // a loop is running: it takes it
/// while let index = state.withLock({ $0.nextIndex() }) { … }    // ends when nothing more is asked
/// ```
struct IndexLoop: Sendable {
    private var index = 0
    private var isLooping = false
    private var wantsNext = false

    /// Asks for the next index; returns whether the caller must run the loop (nobody is).
    mutating func requestNext() -> Bool {
        wantsNext = true
        guard !isLooping else { return false }
        isLooping = true
        return true
    }

    /// The next index, or `nil`, which ends the loop until the next request.
    mutating func nextIndex() -> Int? {
        guard wantsNext else {
            isLooping = false
            return nil
        }
        wantsNext = false
        defer { index += 1 }
        return index
    }
}

extension IndexLoop {
    /// Sends `step(0)`, `step(1)`, … to `observer`, each in an action of its own on `scheduler`
    /// that schedules the next, until a step is an end: the loop of `from(_:scheduler:)` and
    /// `generate`. Other work on the scheduler runs between two values, and disposing the
    /// returned disposable stops the loop between any two.
    ///
    /// On a scheduler that runs an action at once (``ImmediateScheduler``), scheduling the next
    /// step from inside the loop calls back into it; the loop then takes that step itself
    /// instead of going deeper, so any number of steps keeps the stack flat. `step` runs with no
    /// lock held, on the thread of the action.
    static func run<Element: Sendable>(
        on scheduler: any Scheduler,
        to observer: AnyObserver<Element>,
        step: @escaping @Sendable (Int) -> Event<Element>
    ) -> any Disposable {
        let pending = SerialDisposable()
        let steps = Mutex(IndexLoop())
        @Sendable func due() {
            guard steps.withLock({ $0.requestNext() }) else { return }
            while let index = steps.withLock({ $0.nextIndex() }) {
                guard !pending.isDisposed else { return }
                let event = step(index)
                observer.on(event)
                guard !event.isStopEvent else { return }
                pending.setDisposable(scheduler.schedule(due), step: index + 1)
            }
        }
        // The first action can run, and schedule the second, before this line has its
        // disposable: numbered steps keep the later one (see `setDisposable(_:step:)`).
        pending.setDisposable(scheduler.schedule(due), step: 0)
        return pending
    }
}
