// `subscribe(with:)` of a single, a maybe and a completable: each trait's own closures, holding an
// object weakly, with RxSwift 6's labels; see ObservableType's subscribe(with:) in SubscribeWith.swift.

extension PrimitiveSequence where Trait == SingleTrait {
    /// Subscribes closures that receive `object` with the result, holding `object` weakly; see
    /// ``ObservableType/subscribe(with:onNext:onError:onCompleted:onDisposed:)``. Once `object`
    /// is released, none of the closures is called.
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
        return subscribe(onSuccess: reference.passing(to: onSuccess), onFailure: reference.passing(to: onFailure),
                         onDisposed: reference.passing(to: onDisposed))
    }
}

extension PrimitiveSequence where Trait == MaybeTrait {
    /// Subscribes closures that receive `object` with the result, holding `object` weakly; as
    /// the single's ``subscribe(with:onSuccess:onFailure:onDisposed:)``, with `onCompleted` for
    /// a maybe that completes without a value.
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
        return subscribe(onSuccess: reference.passing(to: onSuccess), onError: reference.passing(to: onError),
                         onCompleted: reference.passing(to: onCompleted), onDisposed: reference.passing(to: onDisposed))
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Subscribes closures that receive `object` with the outcome, holding `object` weakly; as
    /// the single's ``subscribe(with:onSuccess:onFailure:onDisposed:)``, with `onCompleted` for
    /// the completion.
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
        return subscribe(onCompleted: reference.passing(to: onCompleted), onError: reference.passing(to: onError),
                         onDisposed: reference.passing(to: onDisposed))
    }
}
