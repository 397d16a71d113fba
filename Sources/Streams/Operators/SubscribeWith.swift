extension ObservableType {
    /// Subscribes closures that receive `object` with each event, holding `object` weakly: the
    /// Swift 6 answer to `[weak self]`.
    ///
    /// A `[weak self]` capture of a class that is not `Sendable` does not compile in a
    /// `@Sendable` closure in Swift 6. Here the object is captured weakly once, by the library,
    /// and handed to each closure while it is alive; once it is released the closures are no
    /// longer called (the subscription stays until it is disposed). `object` must be
    /// `Sendable`: a `@MainActor` class, an actor, or a class that is `Sendable` itself. For a
    /// `@MainActor` screen that updates its views, use ``Driver/drive(with:onNext:onCompleted:onDisposed:)``,
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
        var next: (@Sendable (Element) -> Void)?
        if let onNext { next = { value in if let object = reference.object { onNext(object, value) } } }
        var failed: (@Sendable (any Error) -> Void)?
        if let onError { failed = { error in if let object = reference.object { onError(object, error) } } }
        var completed: (@Sendable () -> Void)?
        if let onCompleted { completed = { if let object = reference.object { onCompleted(object) } } }
        var disposed: (@Sendable () -> Void)?
        if let onDisposed { disposed = { if let object = reference.object { onDisposed(object) } } }
        return subscribe(onNext: next, onError: failed, onCompleted: completed, onDisposed: disposed)
    }
}

/// A weak reference that can cross threads: what `[weak self]` captures, as a `Sendable` value.
final class WeakReference<Object: AnyObject & Sendable>: Sendable {
    weak let object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
