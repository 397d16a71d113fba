// Inside Streams, chapter 8, "Traits as thin wrappers": a `Driver` is `observe(on:)`, `catch` and
// `share(replay: 1)` behind a type that keeps them; what only a driver has: its makers and `drive`.

/// The state a screen shows: a stream that never fails, delivers on the main thread, and
/// replays its latest value to each new subscriber, shared by all of them: RxCocoa's `Driver`.
///
/// Use a driver for things a screen *is*: the photos on screen, "is loading", the title. A
/// subscriber that arrives late (a cell configured after the first page loaded) receives the
/// latest value at once. (For things that *happen* and must not be shown twice, such as an
/// error banner, use a ``Signal``.)
///
/// A driver keeps three promises:
///
/// - **It never fails,** by its type: it is made with one of the `asDriver` functions, which
///   say what replaces an error: a value
///   (``ObservableType/asDriver(onErrorJustReturn:scheduler:)``), another driver
///   (``ObservableType/asDriver(onErrorDriveWith:scheduler:)``) or one computed from the error
///   (``ObservableType/asDriver(scheduler:onErrorRecover:)``).
/// - **It delivers on the main thread:** on ``DispatchQueueScheduler/main`` unless you pass
///   another scheduler. Pass one only in tests, and drive the test from the main actor (a
///   `@MainActor` test running a ``TestScheduler``), because
///   ``SharedSequence/drive(onNext:onCompleted:onDisposed:)`` runs its closures on the main actor.
/// - **It is shared and replays one value while connected** (`share(replay: 1, scope:
///   .whileConnected)`): the source is subscribed to once while at least one subscriber is
///   subscribed, and a new subscriber first receives the latest value. When the last one
///   leaves, the source subscription and the remembered value go; the next subscriber starts
///   afresh.
///
/// ```
/// source:         -a-b-c-d-|
///                 asDriver(onErrorJustReturn: x, scheduler: scheduler)
/// early:          -a-b-c-d-|
/// late:           ----bc-d-|      (subscribed at 4: replays b at once)
/// subscriptions:  ^--------!      (one source subscription for both)
/// ```
/// ![asDriver(onErrorJustReturn: x, scheduler: scheduler), drawn from a run](driver-asdriver-onerrorjustreturn-x-scheduler)
///
/// ```swift
/// viewModel.output.photos                  // Driver<[Photo]>
///     .drive(onNext: { photos in screen.show(photos) })   // on the main actor
///     .disposed(by: disposeBag)
/// ```
///
/// A driver is a ``SharedSequence`` with the ``DriverSharingStrategy``: its operators are
/// written once for drivers and signals, in `SharedSequenceOperators.swift`,
/// `SharedSequenceCombining.swift` and `SharedSequenceTime.swift`.
public typealias Driver<Element: Sendable> = SharedSequence<DriverSharingStrategy, Element>

// MARK: - Creating

extension ObservableType {
    /// Turns this sequence into a ``Driver`` that emits `element` and completes in place of an
    /// error.
    ///
    /// ```
    /// source:  -a-b-#
    ///          asDriver(onErrorJustReturn: x, scheduler: scheduler)
    /// output:  -a-b-(x|)
    /// ```
    /// ![asDriver(onErrorJustReturn: x, scheduler: scheduler), drawn from a run](driver-asdriver-onerrorjustreturn-x-scheduler_2)
    ///
    /// - Parameters:
    ///   - element: The value to emit instead of failing.
    ///   - scheduler: The scheduler that delivers the events: the main queue. Tests pass a
    ///     ``TestScheduler`` run from the main actor.
    /// - Returns: The driver.
    public func asDriver(
        onErrorJustReturn element: Element,
        scheduler: any Scheduler = DispatchQueueScheduler.main
    ) -> Driver<Element> {
        Driver(recovering: asObservable(), on: scheduler) { _ in .just(element) }
    }

    /// Turns this sequence into a ``Driver`` that continues with `driver` in place of an error.
    ///
    /// ```
    /// source:    -a-#
    /// fallback:  --x-y-|
    ///            asDriver(onErrorDriveWith: fallback, scheduler: scheduler)
    /// output:    -a--y-|
    /// ```
    /// ![asDriver(onErrorDriveWith: fallback, scheduler: scheduler), drawn from a run](driver-asdriver-onerrordrivewith-fallback)
    ///
    /// The fallback is subscribed to when the error arrives. Here nobody else drives it, so it
    /// starts then and `x` is gone; a fallback that another subscriber keeps connected would
    /// first replay its latest value.
    ///
    /// - Parameters:
    ///   - driver: The driver to continue with.
    ///   - scheduler: The scheduler that delivers the events: the main queue. Tests pass a
    ///     ``TestScheduler`` run from the main actor.
    /// - Returns: The driver.
    public func asDriver(
        onErrorDriveWith driver: Driver<Element>,
        scheduler: any Scheduler = DispatchQueueScheduler.main
    ) -> Driver<Element> {
        Driver(recovering: asObservable(), on: scheduler) { _ in driver.asObservable() }
    }

    /// Turns this sequence into a ``Driver`` that continues with the driver `onErrorRecover`
    /// returns for an error.
    ///
    /// ```
    /// source:  -a-#
    ///          asDriver(scheduler: scheduler) { _ in .just(x, scheduler: scheduler) }
    /// output:  -a-(x|)
    /// ```
    /// ![asDriver(scheduler: scheduler) { _ in .just(x, scheduler: scheduler) }, drawn from a run](driver-asdriver-scheduler-scheduler-in-just-x)
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler that delivers the events: the main queue. Tests pass a
    ///     ``TestScheduler`` run from the main actor.
    ///   - onErrorRecover: Builds the driver to continue with from the error.
    /// - Returns: The driver.
    public func asDriver(
        scheduler: any Scheduler = DispatchQueueScheduler.main,
        onErrorRecover: @escaping @Sendable (any Error) -> Driver<Element>
    ) -> Driver<Element> {
        Driver(recovering: asObservable(), on: scheduler) { onErrorRecover($0).asObservable() }
    }
}

extension BehaviorValue {
    /// This value as a ``Driver``: RxCocoa's `BehaviorRelay.asDriver()`.
    ///
    /// A behaviour value never fails, so there is no error to replace: the driver is its values
    /// delivered on `scheduler`, starting with the current one, shared and replaying the latest.
    ///
    /// ```
    /// accept:  a--b---c
    ///          asDriver(scheduler: scheduler)
    /// output:  a--b---c
    /// ```
    /// ![asDriver(scheduler: scheduler), drawn from a run](driver-asdriver-scheduler-scheduler)
    ///
    /// - Parameter scheduler: The scheduler that delivers the values: the main queue. Tests pass
    ///   a ``TestScheduler`` run from the main actor.
    /// - Returns: The driver.
    public func asDriver(scheduler: any Scheduler = DispatchQueueScheduler.main) -> Driver<Element> {
        Driver(unshared: asObservable().observe(on: scheduler), scheduler: scheduler)
    }
}

// MARK: - Driving

extension SharedSequence where SharingStrategy == DriverSharingStrategy {
    /// Subscribes closures that run on the main actor.
    ///
    /// The driver delivers on the main thread, so `onNext` and `onCompleted` are `@MainActor`:
    /// a `@MainActor` screen updates itself from them directly, without
    /// `MainActor.assumeIsolated`. (The driver checks the promise as it calls them: a driver
    /// made with a scheduler that is not on the main thread traps with the main actor's
    /// message.) `onDisposed` runs once when the subscription ends, on the thread that ends it:
    /// after the completion, on the main thread; when you dispose, on yours, which is why it is
    /// not `@MainActor`.
    ///
    /// ```
    /// driver:  -a-b-|
    ///          drive(onNext:onCompleted:onDisposed:)
    /// calls:   -a-b-(|d)      (d: onDisposed)
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called on the main actor with each value.
    ///   - onCompleted: Called on the main actor when the driver completes.
    ///   - onDisposed: Called once when the subscription ends.
    /// - Returns: A disposable that ends the subscription.
    public func drive(
        onNext: (@MainActor @Sendable (Element) -> Void)? = nil,
        onCompleted: (@MainActor @Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        subscribeOnMainActor(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes and ignores every event: RxCocoa's `drive()`, for a driver whose work is done
    /// by its own operators (a `do(onNext:)` upstream, a binding inside a `flatMapLatest`).
    ///
    /// The subscription keeps the driver connected until it is disposed.
    ///
    /// ```swift
    /// viewModel.saves
    ///     .do(onNext: { store.save($0) })
    ///     .drive()
    ///     .disposed(by: disposeBag)
    /// ```
    ///
    /// - Returns: A disposable that ends the subscription.
    public func drive() -> any Disposable {
        asObservable().subscribe { _ in }
    }

    /// Subscribes closures that run on the main actor and receive `object` with each event,
    /// holding `object` weakly: the Swift 6 answer to `[weak self]`.
    ///
    /// Once `object` is released, the closures are no longer called (the subscription stays
    /// until it is disposed; a screen's dispose bag does that as the screen goes). A
    /// `@MainActor` class is `Sendable`, so a screen passes `self`:
    ///
    /// ```swift
    /// output.title
    ///     .drive(with: self, onNext: { screen, title in screen.titleLabel.text = title })
    ///     .disposed(by: disposeBag)
    /// ```
    ///
    /// ```
    /// driver:  -a-b-c-|
    ///          drive(with: object, …)  (object released at 4)
    /// calls:   -a-b----
    /// ```
    ///
    /// - Parameters:
    ///   - object: Held weakly and passed to each closure.
    ///   - onNext: Called on the main actor with `object` and each value.
    ///   - onCompleted: Called on the main actor with `object` when the driver completes.
    ///   - onDisposed: Called once with `object`, if it is still alive, when the subscription
    ///     ends.
    /// - Returns: A disposable that ends the subscription.
    public func drive<Object: AnyObject & Sendable>(
        with object: Object,
        onNext: (@MainActor @Sendable (Object, Element) -> Void)? = nil,
        onCompleted: (@MainActor @Sendable (Object) -> Void)? = nil,
        onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable {
        subscribeOnMainActor(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Sends every value, and the completion, to each of `observers`.
    ///
    /// ```
    /// driver:    -a-b-|
    ///            drive(observer)
    /// observer:  -a-b-|
    /// ```
    ///
    /// - Parameter observers: The observers to send to, in order.
    /// - Returns: A disposable that ends the subscription.
    public func drive(_ observers: AnyObserver<Element>...) -> any Disposable {
        asObservable().subscribe(
            onNext: { element in for observer in observers { observer.onNext(element) } },
            onError: { error in for observer in observers { observer.onError(error) } },
            onCompleted: { for observer in observers { observer.onCompleted() } }
        )
    }

    /// Sends every value to each of `values` with ``BehaviorValue/accept(_:)``; the completion
    /// is not forwarded, since a ``BehaviorValue`` never ends.
    ///
    /// ```
    /// driver:  -a-b-|
    ///          drive(value)     (value starts as x)
    /// value:   xa-b---
    /// ```
    ///
    /// - Parameter values: The values to update, in order.
    /// - Returns: A disposable that ends the subscription.
    public func drive(_ values: BehaviorValue<Element>...) -> any Disposable {
        asObservable().subscribe(onNext: { element in
            for value in values { value.accept(element) }
        })
    }

    /// Sends every value to each of `relays` with ``PublishValue/accept(_:)``; the completion
    /// is not forwarded, since a ``PublishValue`` never ends.
    ///
    /// ```
    /// driver:  -a-b-|
    ///          drive(relay)
    /// relay:   -a-b---
    /// ```
    ///
    /// - Parameter relays: The relays to send to, in order.
    /// - Returns: A disposable that ends the subscription.
    public func drive(_ relays: PublishValue<Element>...) -> any Disposable {
        asObservable().subscribe(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// Sends every value, wrapped in an optional, and the completion to each of `observers`:
    /// a driver of `Int` drives an observer of `Int?`, as in RxCocoa.
    ///
    /// - Parameter observers: The observers to send to, in order.
    /// - Returns: A disposable that ends the subscription.
    public func drive(_ observers: AnyObserver<Element?>...) -> any Disposable {
        asObservable().subscribe { event in for observer in observers { observer.on(event.map { $0 }) } }
    }

    /// Sends every value, wrapped in an optional, to each of `values`: a driver of `Int`
    /// drives a `BehaviorValue<Int?>`, as in RxCocoa. The completion is not forwarded.
    ///
    /// - Parameter values: The values to update, in order.
    /// - Returns: A disposable that ends the subscription.
    public func drive(_ values: BehaviorValue<Element?>...) -> any Disposable {
        asObservable().subscribe(onNext: { element in
            for value in values { value.accept(element) }
        })
    }

    /// Sends every value, wrapped in an optional, to each of `relays`. The completion is not
    /// forwarded.
    ///
    /// - Parameter relays: The relays to send to, in order.
    /// - Returns: A disposable that ends the subscription.
    public func drive(_ relays: PublishValue<Element?>...) -> any Disposable {
        asObservable().subscribe(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }
}
