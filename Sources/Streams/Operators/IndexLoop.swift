/// Steps through indices 0, 1, 2, … one request at a time, with one loop at a time doing it: the
/// state of `concat` (the next source, once the current one completes) and of
/// `from(_:scheduler:)` (the next value, once its action runs).
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
