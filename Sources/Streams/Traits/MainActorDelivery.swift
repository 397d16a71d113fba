/// `body` as a closure that the subscription may call from a nonisolated context.
///
/// This is how ``Driver/drive(onNext:onCompleted:onDisposed:)`` and
/// ``Signal/emit(onNext:onCompleted:onDisposed:)`` call `@MainActor` closures: both deliver on
/// the main queue, so the closure runs inside `MainActor.assumeIsolated`, in the library, and
/// the user never writes it. A driver or signal made with a scheduler off the main thread
/// breaks that promise; the check then traps with the main actor's message rather than race.
func onMainActor<Value: Sendable>(
    _ body: (@MainActor @Sendable (Value) -> Void)?
) -> (@Sendable (Value) -> Void)? {
    guard let body else { return nil }
    return { value in MainActor.assumeIsolated { body(value) } }
}

/// `body` as a closure without an argument that the subscription may call from a nonisolated
/// context; see the overload above.
func onMainActor(_ body: (@MainActor @Sendable () -> Void)?) -> (@Sendable () -> Void)? {
    guard let body else { return nil }
    return { MainActor.assumeIsolated { body() } }
}
