// Inside Streams, chapter 8, "Traits as thin wrappers": a `Driver` that does not replay: the same
// three operators, another share.

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
public struct Signal<Element: Sendable>: SharedSequenceConvertibleType {
    private let source: Observable<Element>
    /// The scheduler the signal delivers on, which its time operators also run their timers on.
    let scheduler: any Scheduler

    /// Shares `source`, which already delivers on `scheduler` and never fails, while at least
    /// one subscriber is subscribed, without replay.
    init(unshared source: Observable<Element>, scheduler: any Scheduler) {
        self.source = source.share(replay: 0, scope: .whileConnected)
        self.scheduler = scheduler
    }

    /// This signal as an observable, for the operators of ``ObservableType``.
    ///
    /// The observable never fails, delivers on the signal's scheduler and is shared.
    public func asObservable() -> Observable<Element> {
        source
    }
}

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
        Signal(unshared: recovering(asObservable(), on: scheduler) { _ in .just(element) }, scheduler: scheduler)
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
        Signal(unshared: recovering(asObservable(), on: scheduler) { _ in signal.asObservable() }, scheduler: scheduler)
    }

    /// Turns this sequence into a ``Signal`` that continues with the signal `onErrorRecover`
    /// returns for an error.
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
        Signal(unshared: recovering(asObservable(), on: scheduler) { onErrorRecover($0).asObservable() }, scheduler: scheduler)
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

extension Signal {
    /// A signal that emits `element` and completes, on `scheduler`.
    ///
    /// ```
    /// just(a):  (a|)
    /// ```
    /// ![just(a), drawn from a run](signal-just-a)
    ///
    /// - Parameters:
    ///   - element: The value.
    ///   - scheduler: The scheduler that delivers it; the main queue by default.
    /// - Returns: The signal.
    public static func just(
        _ element: Element,
        scheduler: any Scheduler = DispatchQueueScheduler.main
    ) -> Signal<Element> {
        Signal(unshared: Observable.just(element).subscribe(on: scheduler), scheduler: scheduler)
    }

    /// A signal that completes at once, on `scheduler`, without values.
    ///
    /// ```
    /// empty():  |
    /// ```
    /// ![empty(), drawn from a run](signal-empty)
    ///
    /// - Parameter scheduler: The scheduler that delivers the completion; the main queue by
    ///   default.
    /// - Returns: The signal.
    public static func empty(scheduler: any Scheduler = DispatchQueueScheduler.main) -> Signal<Element> {
        Signal(unshared: Observable.empty().subscribe(on: scheduler), scheduler: scheduler)
    }
}

// MARK: - Emitting

extension Signal {
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
        source.subscribe(onNext: onMainActor(onNext), onCompleted: onMainActor(onCompleted), onDisposed: onDisposed)
    }

    /// Sends every value to `value` with ``BehaviorValue/accept(_:)``; the completion is not
    /// forwarded, since a ``BehaviorValue`` never ends.
    ///
    /// - Parameter value: The value to update.
    /// - Returns: A disposable that ends the subscription.
    public func emit(to value: BehaviorValue<Element>) -> any Disposable {
        source.subscribe(onNext: { value.accept($0) })
    }

    /// Sends every value, and the completion, into `subject`.
    ///
    /// - Parameter subject: The subject to send into.
    /// - Returns: A disposable that ends the subscription.
    public func emit(to subject: Subject<Element>) -> any Disposable {
        source.subscribe { subject.on($0) }
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
        source.subscribe(onNext: { relay.accept($0) })
    }

    /// Subscribes closures that run on the main actor and receive `object`, held weakly: the
    /// Swift 6 answer to `[weak self]`, as ``Driver/drive(with:onNext:onCompleted:onDisposed:)``.
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
        let reference = WeakReference(object)
        return emit(
            onNext: reference.passingOnMainActor(to: onNext),
            onCompleted: reference.passingOnMainActor(to: onCompleted),
            onDisposed: reference.passing(to: onDisposed)
        )
    }
}

// MARK: - Implementation

/// `source` delivered on `scheduler`, continuing with `fallback(error)` in place of an error.
///
/// The error is replaced after the move to `scheduler`, so the fallback is subscribed to on the
/// scheduler, as in RxCocoa.
private func recovering<Element: Sendable>(
    _ source: Observable<Element>,
    on scheduler: any Scheduler,
    with fallback: @escaping @Sendable (any Error) -> Observable<Element>
) -> Observable<Element> {
    source.observe(on: scheduler).catch(fallback)
}
