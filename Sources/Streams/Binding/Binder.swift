// RxCocoa's `Binder`: an observer that sets a property of an object it does not keep alive, on
// the main thread. What `bind(to:)`, `drive(_:)` and `emit(to:)` send values into.

/// An observer that applies each value to a target object, on a scheduler, without keeping the
/// target alive: RxSwift's `Binder`.
///
/// A binder is how a screen exposes a property to bindings. Write one in an extension of
/// ``Reactive``, and bind into it:
///
/// ```swift
/// extension Reactive where Base: ProfileView {
///     var title: Binder<String> {
///         Binder(base) { view, title in view.title = title }
///     }
/// }
///
/// viewModel.title.drive(profileView.rx.title).disposed(by: disposeBag)
/// ```
///
/// **Main actor.** The binding runs on the main actor, so a `@MainActor` view sets its
/// properties in it directly. Each value is handed to `scheduler`, which is
/// ``DispatchQueueScheduler/main`` unless you pass another, and the binding then runs inside
/// `MainActor.assumeIsolated`. A test passes a ``TestScheduler`` and runs it from the main
/// actor (a `@MainActor` test); a scheduler that runs the binding off the main thread traps
/// with the main actor's message rather than race. For a target that is not UI, whose binding
/// may run anywhere, use ``init(nonisolated:scheduler:binding:)``.
///
/// **Values only.** A binder ignores the completion. It cannot fail: an error sent to it is a
/// mistake in the program, reported with `assertionFailure` (a debug build stops there, as
/// RxSwift's binder does) and otherwise ignored in a release build, which keeps the last value
/// on screen. Make the source unable to fail before binding it
/// (``ObservableType/catchAndReturn(_:)``, a ``Driver``).
///
/// **Weakly held.** The binder holds its target weakly: a value that arrives, or is
/// scheduled, after the target is gone is dropped. A binder is a value and `Sendable`.
///
/// The `bind(to:)` that takes any observer draws a binder's timeline.
public struct Binder<Value: Sendable>: ObserverType {
    private let binding: @Sendable (Value) -> Void

    /// Creates a binder that runs `binding` on the main actor with the target and each value.
    ///
    /// - Parameters:
    ///   - target: The object the binding applies values to, held weakly.
    ///   - scheduler: Where each value is delivered: the main queue. A test passes a
    ///     ``TestScheduler`` run from the main actor.
    ///   - binding: Applies a value to the target, on the main actor.
    public init<Target: AnyObject & Sendable>(
        _ target: Target,
        scheduler: any Scheduler = DispatchQueueScheduler.main,
        binding: @escaping @MainActor @Sendable (Target, Value) -> Void
    ) {
        let reference = WeakReference(target)
        self.binding = { value in
            _ = scheduler.schedule {
                MainActor.assumeIsolated {
                    if let target = reference.object { binding(target, value) }
                }
            }
        }
    }

    /// Creates a binder whose binding is not isolated to the main actor: it runs on
    /// `scheduler`'s thread, for a target that is not UI (a cache, a model object, a log).
    ///
    /// - Parameters:
    ///   - target: The object the binding applies values to, held weakly.
    ///   - scheduler: Where each value is delivered and `binding` runs.
    ///   - binding: Applies a value to the target.
    public init<Target: AnyObject & Sendable>(
        nonisolated target: Target,
        scheduler: any Scheduler,
        binding: @escaping @Sendable (Target, Value) -> Void
    ) {
        let reference = WeakReference(target)
        self.binding = { value in
            _ = scheduler.schedule {
                if let target = reference.object { binding(target, value) }
            }
        }
    }

    /// Receives one event: a value is applied to the target on the binder's scheduler, the
    /// completion is ignored, and an error is a programming mistake (an assertion in debug
    /// builds, ignored in release builds).
    public func on(_ event: Event<Value>) {
        switch event {
        case .next(let value):
            binding(value)
        case .error(let error):
            assertionFailure("Binder: a binding failed with \(error); a binder cannot show an error. Handle errors before binding.")
        case .completed:
            break
        }
    }
}
