/// `body` as a closure that the subscription may call from a nonisolated context.
///
/// This is how a driver's `drive(onNext:onCompleted:onDisposed:)` and a signal's
/// `emit(onNext:onCompleted:onDisposed:)` call `@MainActor` closures: both deliver on
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

extension SharedSequence {
    /// What a driver's `drive(onNext:onCompleted:onDisposed:)` and a signal's
    /// `emit(onNext:onCompleted:onDisposed:)` do, under their two names: the `@MainActor`
    /// closures subscribed through `onMainActor(_:)`.
    func subscribeOnMainActor(
        onNext: (@MainActor @Sendable (Element) -> Void)?,
        onCompleted: (@MainActor @Sendable () -> Void)?,
        onDisposed: (@Sendable () -> Void)?
    ) -> any Disposable {
        asObservable().subscribe(onNext: onMainActor(onNext), onCompleted: onMainActor(onCompleted), onDisposed: onDisposed)
    }

    /// What `drive(with:…)` and `emit(with:…)` do: the closures receive `object`, held weakly.
    func subscribeOnMainActor<Object: AnyObject & Sendable>(
        with object: Object,
        onNext: (@MainActor @Sendable (Object, Element) -> Void)?,
        onCompleted: (@MainActor @Sendable (Object) -> Void)?,
        onDisposed: (@Sendable (Object) -> Void)?
    ) -> any Disposable {
        let reference = WeakReference(object)
        return subscribeOnMainActor(
            onNext: reference.passingOnMainActor(to: onNext),
            onCompleted: reference.passingOnMainActor(to: onCompleted),
            onDisposed: reference.passing(to: onDisposed)
        )
    }
}
