/// Where a binding's error goes: a binding into something that cannot fail (a
/// ``BehaviorValue``, a ``PublishValue``, a closure) has nowhere to put it.
///
/// The binding ends, and the error is reported with the place of the `bind` call: in a debug
/// build with `assertionFailure`, which stops in the debugger, as RxSwift does; in a release
/// build the binding just ends. Make the source unable to fail first (``ObservableType/catchAndReturn(_:)``,
/// ``ObservableType/asDriver(onErrorJustReturn:scheduler:)``).
private func bindingFailed(_ error: any Error, file: StaticString, line: UInt) {
    assertionFailure("bind: the bound sequence failed with \(error); the binding has ended. Handle errors before binding.", file: file, line: line)
}

extension ObservableType {
    /// Sends every event of this sequence, including its end, to each of `observers`: an
    /// ``AnyObserver``, a subject, a ``Binder``, any ``ObserverType``.
    ///
    /// A subject ends with the sequence. A ``Binder`` applies each value on its scheduler and
    /// ignores the completion; an error is a mistake it reports (an assertion in debug builds).
    ///
    /// ```
    /// source:   -a-b-#
    ///           bind(to: subject)
    /// subject:  -a-b-#
    /// ```
    /// ![bind(to: subject), drawn from a run](bind-bind-to-subject)
    ///
    /// ```
    /// source:  -a-b-|
    ///          bind(to: binder)
    /// binder:  -a-b---
    /// ```
    /// ![bind(to: binder), drawn from a run](bind-bind-to-binder)
    ///
    /// - Parameter observers: The observers to send to, in order.
    /// - Returns: A disposable that ends the binding.
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable where Observer.Element == Element {
        send(to: observers)
    }

    /// Subscribes once and sends every event to each of `observers`, in order: a binding into
    /// observers, and a driver's `drive(_:)` and a signal's `emit(to:)` into them.
    @inlinable
    func send<Observer: ObserverType>(to observers: [Observer]) -> any Disposable where Observer.Element == Element {
        asObservable().subscribe { event in for observer in observers { observer.on(event) } }
    }

    /// Sets each of `values` to every value of this sequence with ``BehaviorValue/accept(_:)``.
    ///
    /// A ``BehaviorValue`` never ends, so the completion is not forwarded. It cannot fail
    /// either: an error ends the binding and is reported at this call (an assertion in debug
    /// builds).
    ///
    /// ```
    /// source:  -a-b-|
    ///          bind(to: value)     (value starts as x)
    /// value:   xa-b---
    /// ```
    /// ![bind(to: value), drawn from a run](bind-bind-to-value)
    ///
    /// - Parameters:
    ///   - values: The values to update, in order.
    ///   - file: The file an error is reported at; the caller's by default.
    ///   - line: The line an error is reported at; the caller's by default.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to values: BehaviorValue<Element>...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        bind(onNext: { element in for value in values { value.accept(element) } }, file: file, line: line)
    }

    /// Sends every value of this sequence to each of `relays` with ``PublishValue/accept(_:)``.
    ///
    /// A ``PublishValue`` never ends, so the completion is not forwarded. It cannot fail
    /// either: an error ends the binding and is reported at this call (an assertion in debug
    /// builds).
    ///
    /// ```
    /// source:  -a-b-|
    ///          bind(to: relay)
    /// relay:   -a-b---
    /// ```
    /// ![bind(to: relay), drawn from a run](bind-bind-to-relay)
    ///
    /// - Parameters:
    ///   - relays: The relays to send to, in order.
    ///   - file: The file an error is reported at; the caller's by default.
    ///   - line: The line an error is reported at; the caller's by default.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: PublishValue<Element>...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        bind(onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }

    /// Calls `onNext` with every value of this sequence.
    ///
    /// A binding has no error handler: an error ends it and is reported at this call (an
    /// assertion in debug builds). Use ``ObservableType/subscribe(onNext:onError:onCompleted:onDisposed:)``
    /// when the sequence may fail.
    ///
    /// ```
    /// source:  -a-b-|
    ///          bind(onNext:)
    /// calls:   -a-b--
    /// ```
    /// ![bind(onNext:), drawn from a run](bind-bind-onnext)
    ///
    /// - Parameters:
    ///   - onNext: Called with each value, on the thread that delivers it.
    ///   - file: The file an error is reported at; the caller's by default.
    ///   - line: The line an error is reported at; the caller's by default.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        onNext: @escaping @Sendable (Element) -> Void,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(onNext: onNext, onError: { bindingFailed($0, file: file, line: line) })
    }

}

// Into an optional target, as RxSwift allows: an `Observable<Int>` binds to an observer,
// subject or value of `Int?`, each value wrapped.

extension ObservableType {
    /// Sends every event of this sequence, each value wrapped in an optional, to each of
    /// `observers`: an `Observable<String>` binds to a `Subject<String?>` or a
    /// `Binder<String?>`, as in RxSwift.
    ///
    /// ```
    /// source:   -a-b-#
    ///           bind(to: optionalSubject)
    /// subject:  -a-b-#
    /// ```
    /// ![bind(to: optionalSubject), drawn from a run](bind-bind-to-optionalsubject)
    ///
    /// - Parameter observers: The observers of optionals to send to, in order.
    /// - Returns: A disposable that ends the binding.
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable where Observer.Element == Element? {
        send(wrappedTo: observers)
    }

    /// `send(to:)` into observers of optionals, each value wrapped.
    @inlinable
    func send<Observer: ObserverType>(wrappedTo observers: [Observer]) -> any Disposable where Observer.Element == Element? {
        asObservable().subscribe { event in for observer in observers { observer.on(event.map { $0 }) } }
    }

    /// Sets each of `values` to every value of this sequence, wrapped in an optional: an
    /// `Observable<Int>` binds to a `BehaviorValue<Int?>`.
    ///
    /// The completion is not forwarded; an error ends the binding and is reported at this call
    /// (an assertion in debug builds).
    ///
    /// ```
    /// source:  -a-b-|
    ///          bind(to: optionalValue)     (value starts as x)
    /// value:   xa-b---
    /// ```
    /// ![bind(to: optionalValue), drawn from a run](bind-bind-to-optionalvalue)
    ///
    /// - Parameters:
    ///   - values: The values to update, in order.
    ///   - file: The file an error is reported at; the caller's by default.
    ///   - line: The line an error is reported at; the caller's by default.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to values: BehaviorValue<Element?>...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        bind(onNext: { element in for value in values { value.accept(element) } }, file: file, line: line)
    }

    /// Sends every value of this sequence, wrapped in an optional, to each of `relays`.
    ///
    /// The completion is not forwarded; an error ends the binding and is reported at this call
    /// (an assertion in debug builds).
    ///
    /// ```
    /// source:  -a-b-|
    ///          bind(to: optionalRelay)
    /// relay:   -a-b---
    /// ```
    /// ![bind(to: optionalRelay), drawn from a run](bind-bind-to-optionalrelay)
    ///
    /// - Parameters:
    ///   - relays: The relays to send to, in order.
    ///   - file: The file an error is reported at; the caller's by default.
    ///   - line: The line an error is reported at; the caller's by default.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: PublishValue<Element?>...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        bind(onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }
}
