extension ObservableType {
    /// Subscribes closures that receive `object` with each event, holding `object` weakly: the
    /// Swift 6 answer to `[weak self]`.
    ///
    /// A `[weak self]` capture of a class that is not `Sendable` does not compile in a
    /// `@Sendable` closure in Swift 6. Here the object is captured weakly once, by the library,
    /// and handed to each closure while it is alive; once it is released the closures are no
    /// longer called (the subscription stays until it is disposed). `object` must be
    /// `Sendable`: a `@MainActor` class, an actor, or a class that is `Sendable` itself. For a
    /// `@MainActor` screen that updates its views, use ``SharedSequence/drive(with:onNext:onCompleted:onDisposed:)``,
    /// whose closures run on the main actor.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          subscribe(with: object, …)  (object released at 4)
    /// calls:   -a-b----
    /// ```
    ///
    /// ```swift
    /// photos
    ///     .subscribe(with: cache, onNext: { cache, photos in cache.store(photos) })
    ///     .disposed(by: disposeBag)
    /// ```
    ///
    /// - Parameters:
    ///   - object: Held weakly and passed to each closure.
    ///   - onNext: Called with `object` and each value.
    ///   - onError: Called with `object` and the error.
    ///   - onCompleted: Called with `object` when the sequence completes.
    ///   - onDisposed: Called once with `object`, if it is still alive, when the subscription
    ///     ends.
    /// - Returns: A disposable that ends the subscription.
    public func subscribe<Object: AnyObject & Sendable>(
        with object: Object,
        onNext: (@Sendable (Object, Element) -> Void)? = nil,
        onError: (@Sendable (Object, any Error) -> Void)? = nil,
        onCompleted: (@Sendable (Object) -> Void)? = nil,
        onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable {
        let reference = WeakReference(object)
        return subscribe(
            onNext: reference.passing(to: onNext),
            onError: reference.passing(to: onError),
            onCompleted: reference.passing(to: onCompleted),
            onDisposed: reference.passing(to: onDisposed)
        )
    }
}

/// A weak reference that can cross threads: what `[weak self]` captures, as a `Sendable` value.
final class WeakReference<Object: AnyObject & Sendable>: Sendable {
    weak let object: Object?

    init(_ object: Object) {
        self.object = object
    }

    /// `handler` with the object passed first, called only while the object is alive; `nil`
    /// stays `nil`. Every `subscribe(with:)`, `drive(with:)` and `emit(with:)` is made of these.
    func passing<Value>(to handler: (@Sendable (Object, Value) -> Void)?) -> (@Sendable (Value) -> Void)? {
        guard let handler else { return nil }
        return { value in if let object = self.object { handler(object, value) } }
    }

    /// `handler` with the object, called only while the object is alive; `nil` stays `nil`.
    func passing(to handler: (@Sendable (Object) -> Void)?) -> (@Sendable () -> Void)? {
        guard let handler else { return nil }
        return { if let object = self.object { handler(object) } }
    }

    /// The main-actor form of `passing(to:)`, for `drive(with:)` and `emit(with:)`.
    func passingOnMainActor<Value>(to handler: (@MainActor @Sendable (Object, Value) -> Void)?) -> (@MainActor @Sendable (Value) -> Void)? {
        guard let handler else { return nil }
        return { value in if let object = self.object { handler(object, value) } }
    }

    /// The main-actor form of `passing(to:)`, for `drive(with:)` and `emit(with:)`.
    func passingOnMainActor(to handler: (@MainActor @Sendable (Object) -> Void)?) -> (@MainActor @Sendable () -> Void)? {
        guard let handler else { return nil }
        return { if let object = self.object { handler(object) } }
    }
}
