extension Maybe {
    /// Subscribes closures that receive `object` with the result, holding `object` weakly; see
    /// ``ObservableType/subscribe(with:onNext:onError:onCompleted:onDisposed:)``. Once `object`
    /// is released, none of the closures is called.
    ///
    /// - Parameters:
    ///   - object: Held weakly and passed to each closure.
    ///   - onSuccess: Called with `object` and the value.
    ///   - onError: Called with `object` and the error.
    ///   - onCompleted: Called with `object` when the maybe completes without a value.
    ///   - onDisposed: Called once with `object`, if it is still alive, when the subscription ends.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject & Sendable>(
        with object: Object,
        onSuccess: (@Sendable (Object, Element) -> Void)? = nil,
        onError: (@Sendable (Object, any Error) -> Void)? = nil,
        onCompleted: (@Sendable (Object) -> Void)? = nil,
        onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable {
        let reference = WeakReference(object)
        var disposed: (@Sendable () -> Void)?
        if let onDisposed { disposed = { if let object = reference.object { onDisposed(object) } } }
        return subscribe(
            onSuccess: { value in if let object = reference.object { onSuccess?(object, value) } },
            onError: { error in if let object = reference.object { onError?(object, error) } },
            onCompleted: { if let object = reference.object { onCompleted?(object) } },
            onDisposed: disposed
        )
    }
}

extension Completable {
    /// Subscribes closures that receive `object` with the outcome, holding `object` weakly, with
    /// RxSwift 6's labels; see ``ObservableType/subscribe(with:onNext:onError:onCompleted:onDisposed:)``.
    /// Once `object` is released, none of the closures is called.
    ///
    /// - Parameters:
    ///   - object: Held weakly and passed to each closure.
    ///   - onCompleted: Called with `object` when the completable completes.
    ///   - onError: Called with `object` and the error.
    ///   - onDisposed: Called once with `object`, if it is still alive, when the subscription ends.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject & Sendable>(
        with object: Object,
        onCompleted: (@Sendable (Object) -> Void)? = nil,
        onError: (@Sendable (Object, any Error) -> Void)? = nil,
        onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable {
        let reference = WeakReference(object)
        var disposed: (@Sendable () -> Void)?
        if let onDisposed { disposed = { if let object = reference.object { onDisposed(object) } } }
        return subscribe(
            onCompleted: { if let object = reference.object { onCompleted?(object) } },
            onError: { error in if let object = reference.object { onError?(object, error) } },
            onDisposed: disposed
        )
    }
}

extension Single {
    /// Subscribes closures that receive `object` with the result, holding `object` weakly, with
    /// RxSwift 6's labels; see ``ObservableType/subscribe(with:onNext:onError:onCompleted:onDisposed:)``.
    /// Once `object` is released, none of the closures is called.
    ///
    /// - Parameters:
    ///   - object: Held weakly and passed to each closure.
    ///   - onSuccess: Called with `object` and the value.
    ///   - onFailure: Called with `object` and the error.
    ///   - onDisposed: Called once with `object`, if it is still alive, when the subscription ends.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject & Sendable>(
        with object: Object,
        onSuccess: (@Sendable (Object, Element) -> Void)? = nil,
        onFailure: (@Sendable (Object, any Error) -> Void)? = nil,
        onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable {
        let reference = WeakReference(object)
        var disposed: (@Sendable () -> Void)?
        if let onDisposed { disposed = { if let object = reference.object { onDisposed(object) } } }
        return subscribe(
            onSuccess: { value in if let object = reference.object { onSuccess?(object, value) } },
            onFailure: { error in if let object = reference.object { onFailure?(object, error) } },
            onDisposed: disposed
        )
    }
}
