// Inside Streams, chapter 1, "Events and the subscribe function": an observable is one stored
// function, the subscribe function; `subscribe` calls it.

/// A push-based sequence of values over time, delivered to observers that subscribe.
///
/// An observable is a recipe: nothing happens until ``subscribe(_:)-(AnyObserver<Element>)``
/// is called, and each subscription runs the recipe again (a *cold* observable). Sources that
/// exist independently of their subscribers, such as a ``Subject``, are *hot*.
///
/// Events follow the grammar `next* (error | completed)?` and are delivered serially (see
/// ``Event``). Unless an operator's documentation says otherwise, events are delivered on the
/// thread of the source that produced them; use ``ObservableType/observe(on:)`` to move them.
///
/// ```swift
/// let disposable = Observable.of(1, 2, 3)
///     .map { $0 * 10 }
///     .subscribe(onNext: { print($0) })   // 10, 20, 30
/// ```
public struct Observable<Element: Sendable>: ObservableType {
    // `subscribe(_:)`, `subscribe(onNext:…)` and the init are `@inlinable` so that every
    // subscription and every event through it is specialised in the caller's module.
    // Why this shape: Benchmarks/README.md, "Observable.swift: subscribing in the caller's module".
    @usableFromInline
    let subscribeHandler: @Sendable (AnyObserver<Element>) -> any Disposable

    /// Wraps a subscribe function that already keeps the event grammar.
    ///
    /// Operators in this module use it; user code uses ``create(_:)``, which enforces the
    /// grammar for you.
    @inlinable
    init(_ subscribeHandler: @escaping @Sendable (AnyObserver<Element>) -> any Disposable) {
        self.subscribeHandler = subscribeHandler
    }

    /// Returns `self`.
    @inlinable
    public func asObservable() -> Observable<Element> {
        self
    }

    /// Subscribes an observer and starts the sequence.
    ///
    /// - Parameter observer: Receives the events, serially.
    /// - Returns: A disposable that ends the subscription.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        subscribeHandler(observer)
    }
}

extension ObservableType {
    /// Subscribes a closure that receives every event.
    ///
    /// - Parameter on: Called once per event, serially.
    /// - Returns: A disposable that ends the subscription.
    @inlinable
    public func subscribe(_ on: @escaping @Sendable (Event<Element>) -> Void) -> any Disposable {
        asObservable().subscribe(AnyObserver(on))
    }

    /// Subscribes closures for each kind of event.
    ///
    /// `onDisposed` runs once when the subscription ends for any reason: after `onError` or
    /// `onCompleted`, or when the returned disposable is disposed. An error without an
    /// `onError` handler is ignored, as in RxSwift's release builds.
    ///
    /// - Parameters:
    ///   - onNext: Called with each value.
    ///   - onError: Called with the error that ended the sequence.
    ///   - onCompleted: Called when the sequence finished normally.
    ///   - onDisposed: Called once when the subscription ends.
    /// - Returns: A disposable that ends the subscription.
    @inlinable // its observer runs once per event; see the top of ``Observable``
    public func subscribe(
        onNext: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        // The per-value path is kept to one call: the optional `onNext` is called as it is
        // (unwrapped into a non-optional closure, it would put two reabstraction thunks on every
        // value), and concrete classes are captured instead of an `any Disposable`, which the
        // observer would copy through a value witness on every event.
        guard let onDisposed else {
            // Without `onDisposed` the upstream's own disposable is returned and no flag of its
            // own is kept: every observable delivers nothing once disposed and ends its own
            // upstream on a terminal event (the contract in ``Event``; operators, `create` and
            // the subjects each check their own flag), so a second check here would repeat it.
            // This saves an allocation per subscription and an atomic load per value.
            return asObservable().subscribe(AnyObserver { event in
                switch event {
                case .next(let value):
                    onNext?(value)
                case .error(let error):
                    onError?(error)
                case .completed:
                    onCompleted?()
                }
            })
        }

        let upstream = SingleAssignmentDisposable()
        let withHandler = CompositeDisposable([upstream, Disposables.create(with: onDisposed)])
        upstream.setDisposable(asObservable().subscribe(AnyObserver { event in
            guard !upstream.isDisposed else { return }
            switch event {
            case .next(let value):
                onNext?(value)
            case .error(let error):
                onError?(error)
                withHandler.dispose()
            case .completed:
                onCompleted?()
                withHandler.dispose()
            }
        }))
        return withHandler
    }
}
