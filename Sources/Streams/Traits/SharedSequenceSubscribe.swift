// Inside Streams, chapter 8, "Traits as thin wrappers": `drive` and `emit`, each pair written once.

extension SharedSequence {
    /// Subscribes closures that run on the main actor: `drive` for a driver, `emit` for a signal.
    ///
    /// The sequence delivers on the main thread, so a `@MainActor` screen updates itself from
    /// `onNext` and `onCompleted` directly. (One made with a scheduler off the main thread traps
    /// with the main actor's message; subscribe to ``asObservable()`` there.) `onDisposed` runs on
    /// the thread that ends the subscription, which is why it is not `@MainActor`.
    ///
    /// - Parameters:
    ///   - onNext: Called on the main actor with each value.
    ///   - onCompleted: Called on the main actor when the sequence completes.
    ///   - onDisposed: Called once when the subscription ends.
    /// - Returns: A disposable that ends the subscription.
    public func drive(
        onNext: (@MainActor @Sendable (Element) -> Void)? = nil, onCompleted: (@MainActor @Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable where SharingStrategy == DriverSharingStrategy {
        subscribeOnMainActor(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// A signal's ``drive(onNext:onCompleted:onDisposed:)``: closures that run on the main actor.
    public func emit(
        onNext: (@MainActor @Sendable (Element) -> Void)? = nil, onCompleted: (@MainActor @Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable where SharingStrategy == SignalSharingStrategy {
        subscribeOnMainActor(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes and ignores every event, keeping the sequence connected until disposed:
    /// RxCocoa's `drive()` and `emit()`, for a sequence whose work is done by its own operators
    /// (`viewModel.saves.do(onNext: { store.save($0) }).drive()`).
    ///
    /// - Returns: A disposable that ends the subscription.
    public func drive() -> any Disposable where SharingStrategy == DriverSharingStrategy {
        asObservable().subscribe { _ in }
    }

    /// A signal's ``drive()``: subscribes and ignores every event.
    public func emit() -> any Disposable where SharingStrategy == SignalSharingStrategy {
        asObservable().subscribe { _ in }
    }

    /// Subscribes closures that run on the main actor and receive `object`, held weakly, with
    /// each event: the Swift 6 answer to `[weak self]`; `emit(with:…)` for a signal. Once
    /// `object` is released, they are no longer called. A `@MainActor` class is `Sendable`, so a
    /// screen passes `self`:
    ///
    /// ```swift
    /// output.title.drive(with: self, onNext: { screen, title in screen.titleLabel.text = title })
    /// ```
    ///
    /// - Parameters:
    ///   - object: Held weakly and passed to each closure.
    ///   - onNext: Called on the main actor with `object` and each value.
    ///   - onCompleted: Called on the main actor with `object` when the sequence completes.
    ///   - onDisposed: Called once with `object`, if it is still alive, when the subscription ends.
    /// - Returns: A disposable that ends the subscription.
    public func drive<Object: AnyObject & Sendable>(
        with object: Object, onNext: (@MainActor @Sendable (Object, Element) -> Void)? = nil,
        onCompleted: (@MainActor @Sendable (Object) -> Void)? = nil, onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable where SharingStrategy == DriverSharingStrategy {
        subscribeOnMainActor(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// A signal's ``drive(with:onNext:onCompleted:onDisposed:)``: `object` is held weakly.
    public func emit<Object: AnyObject & Sendable>(
        with object: Object, onNext: (@MainActor @Sendable (Object, Element) -> Void)? = nil,
        onCompleted: (@MainActor @Sendable (Object) -> Void)? = nil, onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable where SharingStrategy == SignalSharingStrategy {
        subscribeOnMainActor(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Sends every value, and the completion, to each of `observers` on the sequence's thread, as
    /// `bind(to:)` does for an observable: an ``AnyObserver``, a subject, a ``Binder``, any
    /// ``ObserverType``; `emit(to:)` for a signal. Into optionals, each value is wrapped.
    ///
    /// - Parameter observers: The observers to send to, in order.
    /// - Returns: A disposable that ends the subscription.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable
    where SharingStrategy == DriverSharingStrategy, Observer.Element == Element {
        asObservable().send(to: observers)
    }

    /// A signal's `drive(_:)` into observers: every value, and the completion.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where SharingStrategy == SignalSharingStrategy, Observer.Element == Element {
        asObservable().send(to: observers)
    }

    /// Sets each of `values` to every value with ``BehaviorValue/accept(_:)``, on the sequence's
    /// thread; a value never ends, so the completion is not forwarded. `emit(to:)` for a signal.
    ///
    /// - Parameter values: The values to update, in order.
    /// - Returns: A disposable that ends the subscription.
    public func drive(_ values: BehaviorValue<Element>...) -> any Disposable where SharingStrategy == DriverSharingStrategy {
        asObservable().subscribe(onNext: { element in for value in values { value.accept(element) } })
    }

    /// A signal's ``drive(_:)-(BehaviorValue<Element>...)``, into one value.
    public func emit(to value: BehaviorValue<Element>) -> any Disposable where SharingStrategy == SignalSharingStrategy {
        asObservable().subscribe(onNext: { value.accept($0) })
    }

    /// Sends every value, without the completion, to each of `relays` with
    /// ``PublishValue/accept(_:)``, on the sequence's thread; `emit(to:)` for a signal.
    ///
    /// - Parameter relays: The relays to send to, in order.
    /// - Returns: A disposable that ends the subscription.
    public func drive(_ relays: PublishValue<Element>...) -> any Disposable where SharingStrategy == DriverSharingStrategy {
        asObservable().subscribe(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// A signal's ``drive(_:)-(PublishValue<Element>...)``, into one relay.
    public func emit(to relay: PublishValue<Element>) -> any Disposable where SharingStrategy == SignalSharingStrategy {
        asObservable().subscribe(onNext: { relay.accept($0) })
    }

    /// `drive(_:)` into observers of optionals.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable
    where SharingStrategy == DriverSharingStrategy, Observer.Element == Element? {
        asObservable().send(wrappedTo: observers)
    }

    /// `emit(to:)` into observers of optionals.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where SharingStrategy == SignalSharingStrategy, Observer.Element == Element? {
        asObservable().send(wrappedTo: observers)
    }

    /// ``drive(_:)-(BehaviorValue<Element>...)`` into values of optionals.
    public func drive(_ values: BehaviorValue<Element?>...) -> any Disposable where SharingStrategy == DriverSharingStrategy {
        asObservable().subscribe(onNext: { element in for value in values { value.accept(element) } })
    }

    /// ``emit(to:)-(BehaviorValue<Element>)`` into a value of optionals.
    public func emit(to value: BehaviorValue<Element?>) -> any Disposable where SharingStrategy == SignalSharingStrategy {
        asObservable().subscribe(onNext: { value.accept($0) })
    }

    /// ``drive(_:)-(PublishValue<Element>...)`` into relays of optionals.
    public func drive(_ relays: PublishValue<Element?>...) -> any Disposable where SharingStrategy == DriverSharingStrategy {
        asObservable().subscribe(onNext: { element in for relay in relays { relay.accept(element) } })
    }

    /// ``emit(to:)-(PublishValue<Element>)`` into a relay of optionals.
    public func emit(to relay: PublishValue<Element?>) -> any Disposable where SharingStrategy == SignalSharingStrategy {
        asObservable().subscribe(onNext: { relay.accept($0) })
    }

    /// What `drive(onNext:onCompleted:onDisposed:)` and `emit(onNext:onCompleted:onDisposed:)` do.
    private func subscribeOnMainActor(
        onNext: (@MainActor @Sendable (Element) -> Void)?,
        onCompleted: (@MainActor @Sendable () -> Void)?,
        onDisposed: (@Sendable () -> Void)?
    ) -> any Disposable {
        asObservable().subscribe(onNext: onMainActor(onNext), onCompleted: onMainActor(onCompleted), onDisposed: onDisposed)
    }

    /// What `drive(with:…)` and `emit(with:…)` do: the closures receive `object`, held weakly.
    private func subscribeOnMainActor<Object: AnyObject & Sendable>(
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

/// `body` as a closure that the subscription may call from a nonisolated context: it runs inside
/// `MainActor.assumeIsolated`, so a sequence made with a scheduler off the main thread traps with
/// the main actor's message rather than race.
private func onMainActor<Value: Sendable>(_ body: (@MainActor @Sendable (Value) -> Void)?) -> (@Sendable (Value) -> Void)? {
    guard let body else { return nil }
    return { value in MainActor.assumeIsolated { body(value) } }
}

/// `body` without an argument, as the overload above.
private func onMainActor(_ body: (@MainActor @Sendable () -> Void)?) -> (@Sendable () -> Void)? {
    guard let body else { return nil }
    return { MainActor.assumeIsolated { body() } }
}
