// Inside Streams, chapter 8, "Traits as thin wrappers": a `Driver` that does not replay: the same
// three operators, another share; what only a signal has: its makers and `emit`.

/// A stream of UI events that never fails, delivers on one scheduler, is shared by its
/// subscribers and does not replay: RxCocoa's `Signal`.
///
/// Use a signal for things that *happen*: "show an error banner", "scroll to top", "the user
/// reached the bottom of the feed". A subscriber hears only what happens after it subscribed:
/// a banner is not shown again to a screen that appears later. (For *state* that a late
/// subscriber must see at once, such as the photos on screen, use a ``BehaviorValue``.)
///
/// A signal keeps three promises:
///
/// - **It never fails.** It is made with one of the `asSignal` functions, which say what
///   replaces an error: a value (``ObservableType/asSignal(onErrorJustReturn:scheduler:)``),
///   another signal (``ObservableType/asSignal(onErrorSignalWith:scheduler:)``) or one
///   computed from the error (``ObservableType/asSignal(scheduler:onErrorRecover:)``).
/// - **It delivers on its scheduler**, ``DispatchQueueScheduler/main`` unless you pass another
///   one (tests pass a ``TestScheduler``).
/// - **It is shared.** However many subscribers it has, the source is subscribed to once,
///   while at least one of them is subscribed (`share(replay: 0)` semantics). When the last
///   one leaves, the source subscription is disposed; the next subscriber starts a new one.
///   It does not replay: a late subscriber receives only later events.
///
/// ```
/// source:         -a-b-c-d-|
///                 asSignal(onErrorJustReturn: x, scheduler: scheduler)
/// early:          -a-b-c-d-|      (subscribed at 0)
/// late:           -----c-d-|      (subscribed at 4: no replay)
/// subscriptions:  ^--------!      (one source subscription for both)
/// ```
/// ![asSignal(onErrorJustReturn: x, scheduler: scheduler), drawn from a run](signal-assignal-onerrorjustreturn-x-scheduler)
///
/// ```swift
/// viewModel.output.errorMessage            // Signal<String>
///     .emit(onNext: { banner.show($0) })
///     .disposed(by: disposeBag)
/// ```
///
/// A signal is a ``SharedSequence`` with the ``SignalSharingStrategy``: its operators are
/// written once for drivers and signals, in `SharedSequenceOperators.swift`,
/// `SharedSequenceCombining.swift` and `SharedSequenceTime.swift`.
public typealias Signal<Element: Sendable> = SharedSequence<SignalSharingStrategy, Element>

// MARK: - Creating

extension ObservableType {
    /// Turns this sequence into a ``Signal`` that emits `element` and completes in place of an
    /// error.
    ///
    /// ```
    /// source:  -a-b-#
    ///          asSignal(onErrorJustReturn: x, scheduler: scheduler)
    /// output:  -a-b-(x|)
    /// ```
    /// ![asSignal(onErrorJustReturn: x, scheduler: scheduler), drawn from a run](signal-assignal-onerrorjustreturn-x-scheduler_2)
    ///
    /// - Parameters:
    ///   - element: The value to emit instead of failing.
    ///   - scheduler: The scheduler that delivers the events; the main queue by default.
    /// - Returns: The signal.
    public func asSignal(
        onErrorJustReturn element: Element,
        scheduler: any Scheduler = DispatchQueueScheduler.main
    ) -> Signal<Element> {
        Signal(recovering: asObservable(), on: scheduler) { _ in .just(element) }
    }

    /// Turns this sequence into a ``Signal`` that continues with `signal` in place of an error.
    ///
    /// ```
    /// source:    -a-#
    /// fallback:  --x-y-|
    ///            asSignal(onErrorSignalWith: fallback, scheduler: scheduler)
    /// output:    -a--y-|
    /// ```
    /// ![asSignal(onErrorSignalWith: fallback, scheduler: scheduler), drawn from a run](signal-assignal-onerrorsignalwith-fallback)
    ///
    /// The fallback is subscribed to when the error arrives, so, as a signal that does not
    /// replay, it contributes only what it emits from then on.
    ///
    /// - Parameters:
    ///   - signal: The signal to continue with.
    ///   - scheduler: The scheduler that delivers the events; the main queue by default.
    /// - Returns: The signal.
    public func asSignal(
        onErrorSignalWith signal: Signal<Element>,
        scheduler: any Scheduler = DispatchQueueScheduler.main
    ) -> Signal<Element> {
        Signal(recovering: asObservable(), on: scheduler) { _ in signal.asObservable() }
    }

    /// Turns this sequence into a ``Signal`` that continues with the signal `onErrorRecover`
    /// returns for an error.
    ///
    /// ```
    /// source:  -a-#
    ///          asSignal(scheduler: scheduler) { _ in .just(x, scheduler: scheduler) }
    /// output:  -a-(x|)
    /// ```
    /// ![asSignal(scheduler: scheduler) { _ in .just(x, scheduler: scheduler) }, drawn from a run](signal-assignal-scheduler-scheduler-in-just-x)
    ///
    /// ```swift
    /// let message = failures.asSignal { error in .just("Could not load: \(error)") }
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler that delivers the events; the main queue by default.
    ///   - onErrorRecover: Builds the signal to continue with from the error.
    /// - Returns: The signal.
    public func asSignal(
        scheduler: any Scheduler = DispatchQueueScheduler.main,
        onErrorRecover: @escaping @Sendable (any Error) -> Signal<Element>
    ) -> Signal<Element> {
        Signal(recovering: asObservable(), on: scheduler) { onErrorRecover($0).asObservable() }
    }
}

extension PublishValue {
    /// This relay as a ``Signal``: RxCocoa's `PublishRelay.asSignal()`.
    ///
    /// A relay never fails, so there is no error to replace: the signal is its values delivered
    /// on `scheduler`, shared, without replay.
    ///
    /// ```
    /// accept:  -a--b---c
    ///          asSignal(scheduler: scheduler)
    /// output:  -a--b---c
    /// ```
    /// ![asSignal(scheduler: scheduler), drawn from a run](signal-assignal-scheduler-scheduler)
    ///
    /// - Parameter scheduler: The scheduler that delivers the values: the main queue. Tests pass
    ///   a ``TestScheduler`` run from the main actor.
    /// - Returns: The signal.
    public func asSignal(scheduler: any Scheduler = DispatchQueueScheduler.main) -> Signal<Element> {
        Signal(unshared: asObservable().observe(on: scheduler), scheduler: scheduler)
    }
}

// MARK: - Emitting

extension SharedSequence where SharingStrategy == SignalSharingStrategy {
    /// Subscribes closures that run on the main actor.
    ///
    /// The signal delivers on the main thread, so `onNext` and `onCompleted` are `@MainActor`:
    /// a `@MainActor` screen updates itself from them directly, without
    /// `MainActor.assumeIsolated`. (The signal checks the promise as it calls them: a signal
    /// made with a scheduler that is not on the main thread traps with the main actor's
    /// message; subscribe to ``asObservable()`` there instead.) `onDisposed` runs once when the
    /// subscription ends, on the thread that ends it: after the completion, on the main
    /// thread; when you dispose, on yours, which is why it is not `@MainActor`.
    ///
    /// ```
    /// signal:  -a-b-|
    ///          emit(onNext:onCompleted:onDisposed:)
    /// calls:   -a-b-|
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called on the main actor with each value.
    ///   - onCompleted: Called on the main actor when the signal completes.
    ///   - onDisposed: Called once when the subscription ends.
    /// - Returns: A disposable that ends the subscription.
    public func emit(
        onNext: (@MainActor @Sendable (Element) -> Void)? = nil,
        onCompleted: (@MainActor @Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        subscribeOnMainActor(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes and ignores every event: RxCocoa's `emit()`, for a signal whose work is done
    /// by its own operators.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func emit() -> any Disposable {
        asObservable().subscribe { _ in }
    }

    /// Sends every value to `value` with ``BehaviorValue/accept(_:)``; the completion is not
    /// forwarded, since a ``BehaviorValue`` never ends.
    ///
    /// ```
    /// signal:  -a-b-|
    ///          emit(to: value)     (value starts as x)
    /// value:   xa-b---
    /// ```
    ///
    /// - Parameter value: The value to update.
    /// - Returns: A disposable that ends the subscription.
    public func emit(to value: BehaviorValue<Element>) -> any Disposable {
        asObservable().subscribe(onNext: { value.accept($0) })
    }

    /// Sends every value, and the completion, into `subject`.
    ///
    /// ```
    /// signal:   -a-b-|
    ///           emit(to: subject)
    /// subject:  -a-b-|
    /// ```
    ///
    /// - Parameter subject: The subject to send into.
    /// - Returns: A disposable that ends the subscription.
    public func emit(to subject: Subject<Element>) -> any Disposable {
        asObservable().subscribe { subject.on($0) }
    }

    /// Sends every value to `relay` with ``PublishValue/accept(_:)``; the completion is not
    /// forwarded, since a ``PublishValue`` never ends.
    ///
    /// ```
    /// signal:  -a-b-|
    ///          emit(to: relay)
    /// relay:   -a-b---
    /// ```
    ///
    /// - Parameter relay: The relay to send to.
    /// - Returns: A disposable that ends the subscription.
    public func emit(to relay: PublishValue<Element>) -> any Disposable {
        asObservable().subscribe(onNext: { relay.accept($0) })
    }

    /// Subscribes closures that run on the main actor and receive `object`, held weakly: the
    /// Swift 6 answer to `[weak self]`, as a driver's
    /// ``SharedSequence/drive(with:onNext:onCompleted:onDisposed:)``.
    ///
    /// ```
    /// signal:  -a-b-c-|
    ///          emit(with: object, …)  (object released at 4)
    /// calls:   -a-b----
    /// ```
    ///
    /// - Parameters:
    ///   - object: Held weakly and passed to each closure.
    ///   - onNext: Called on the main actor with `object` and each value.
    ///   - onCompleted: Called on the main actor with `object` when the signal completes.
    ///   - onDisposed: Called once with `object`, if it is still alive, when the subscription
    ///     ends.
    /// - Returns: A disposable that ends the subscription.
    public func emit<Object: AnyObject & Sendable>(
        with object: Object,
        onNext: (@MainActor @Sendable (Object, Element) -> Void)? = nil,
        onCompleted: (@MainActor @Sendable (Object) -> Void)? = nil,
        onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable {
        subscribeOnMainActor(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Sends every value, wrapped in an optional, to `value`: a signal of `Int` emits to a
    /// `BehaviorValue<Int?>`, as in RxCocoa. The completion is not forwarded.
    ///
    /// - Parameter value: The value to update.
    /// - Returns: A disposable that ends the subscription.
    public func emit(to value: BehaviorValue<Element?>) -> any Disposable {
        asObservable().subscribe(onNext: { value.accept($0) })
    }

    /// Sends every value, wrapped in an optional, and the completion into `subject`.
    ///
    /// - Parameter subject: The subject to send into.
    /// - Returns: A disposable that ends the subscription.
    public func emit(to subject: Subject<Element?>) -> any Disposable {
        asObservable().subscribe { subject.on($0.map { $0 }) }
    }

    /// Sends every value, wrapped in an optional, to `relay`. The completion is not forwarded.
    ///
    /// - Parameter relay: The relay to send to.
    /// - Returns: A disposable that ends the subscription.
    public func emit(to relay: PublishValue<Element?>) -> any Disposable {
        asObservable().subscribe(onNext: { relay.accept($0) })
    }
}
