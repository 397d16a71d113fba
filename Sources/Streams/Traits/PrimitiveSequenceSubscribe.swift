// Inside Streams, chapter 8, "Traits as thin wrappers": one subscription under each trait's labels.

extension PrimitiveSequence {
    /// Subscribes a closure that receives a single's result, `.success(value)` or
    /// `.failure(error)`, once, where it is delivered, unless the subscription is disposed first.
    ///
    /// - Parameter observer: Called with the result.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        _ observer: @escaping @Sendable (SingleEvent<Element>) -> Void
    ) -> any Disposable where Trait == SingleTrait {
        reportOutcome(to: observer)
    }

    /// A maybe's ``subscribe(_:)-((SingleEvent<Element>)->Void)``: `.success(value)`, `.completed`
    /// or `.error(error)`.
    ///
    /// - Parameter observer: Called with the result.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        _ observer: @escaping @Sendable (MaybeEvent<Element>) -> Void
    ) -> any Disposable where Trait == MaybeTrait {
        reportOutcome(to: observer)
    }

    /// A completable's ``subscribe(_:)-((SingleEvent<Element>)->Void)``: `.completed` or
    /// `.error(error)`.
    ///
    /// - Parameter observer: Called with the outcome.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        _ observer: @escaping @Sendable (CompletableEvent) -> Void
    ) -> any Disposable where Trait == CompletableTrait, Element == Never {
        reportOutcome(to: observer)
    }

    /// Subscribes closures for a single's success and failure, which run where it is delivered;
    /// `onDisposed` runs once when the subscription ends: after the other closure, or when it is
    /// disposed first.
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the value.
    ///   - onFailure: Called with the error.
    ///   - onDisposed: Called once when the subscription ends.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil, onFailure: (@Sendable (any Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable where Trait == SingleTrait {
        subscribeHandlingOutcome(as: SingleEvent<Element>.self, onValue: onSuccess, onError: onFailure, onEmpty: nil, onDisposed: onDisposed)
    }

    /// Subscribes closures for a maybe's success, failure and empty completion: as a single's
    /// ``subscribe(onSuccess:onFailure:onDisposed:)``, with `onCompleted` for no value.
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the value.
    ///   - onError: Called with the error.
    ///   - onCompleted: Called when the maybe completes without a value.
    ///   - onDisposed: Called once when the subscription ends.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil, onError: (@Sendable (any Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil, onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable where Trait == MaybeTrait {
        subscribeHandlingOutcome(as: MaybeEvent<Element>.self, onValue: onSuccess, onError: onError, onEmpty: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes closures for a completable's completion and failure, in RxSwift 6's order: as
    /// a single's ``subscribe(onSuccess:onFailure:onDisposed:)``.
    ///
    /// - Parameters:
    ///   - onCompleted: Called when the completable completes.
    ///   - onError: Called with the error.
    ///   - onDisposed: Called once when the subscription ends.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe(
        onCompleted: (@Sendable () -> Void)? = nil, onError: (@Sendable (any Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable where Trait == CompletableTrait, Element == Never {
        subscribeHandlingOutcome(as: CompletableEvent.self, onValue: nil, onError: onError, onEmpty: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes closures that receive `object` with a single's result, holding `object`
    /// weakly: once it is released, none of them is called. See
    /// ``ObservableType/subscribe(with:onNext:onError:onCompleted:onDisposed:)``.
    ///
    /// - Parameters:
    ///   - object: Held weakly and passed to each closure.
    ///   - onSuccess: Called with `object` and the value.
    ///   - onFailure: Called with `object` and the error.
    ///   - onDisposed: Called once with `object`, if it is still alive, when the subscription ends.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject & Sendable>(
        with object: Object, onSuccess: (@Sendable (Object, Element) -> Void)? = nil,
        onFailure: (@Sendable (Object, any Error) -> Void)? = nil, onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable where Trait == SingleTrait {
        let reference = WeakReference(object)
        return subscribe(onSuccess: reference.passing(to: onSuccess), onFailure: reference.passing(to: onFailure),
                         onDisposed: reference.passing(to: onDisposed))
    }

    /// A maybe's ``subscribe(with:onSuccess:onFailure:onDisposed:)``, with `onCompleted`.
    ///
    /// - Parameters:
    ///   - object: Held weakly and passed to each closure.
    ///   - onSuccess: Called with `object` and the value.
    ///   - onError: Called with `object` and the error.
    ///   - onCompleted: Called with `object` when the maybe completes without a value.
    ///   - onDisposed: Called once with `object`, if it is still alive, when the subscription ends.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject & Sendable>(
        with object: Object, onSuccess: (@Sendable (Object, Element) -> Void)? = nil,
        onError: (@Sendable (Object, any Error) -> Void)? = nil, onCompleted: (@Sendable (Object) -> Void)? = nil,
        onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable where Trait == MaybeTrait {
        let reference = WeakReference(object)
        return subscribe(onSuccess: reference.passing(to: onSuccess), onError: reference.passing(to: onError),
                         onCompleted: reference.passing(to: onCompleted), onDisposed: reference.passing(to: onDisposed))
    }

    /// A completable's ``subscribe(with:onSuccess:onFailure:onDisposed:)``, with `onCompleted`.
    ///
    /// - Parameters:
    ///   - object: Held weakly and passed to each closure.
    ///   - onCompleted: Called with `object` when the completable completes.
    ///   - onError: Called with `object` and the error.
    ///   - onDisposed: Called once with `object`, if it is still alive, when the subscription ends.
    /// - Returns: A disposable that cancels the subscription.
    public func subscribe<Object: AnyObject & Sendable>(
        with object: Object, onCompleted: (@Sendable (Object) -> Void)? = nil,
        onError: (@Sendable (Object, any Error) -> Void)? = nil, onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable where Trait == CompletableTrait, Element == Never {
        let reference = WeakReference(object)
        return subscribe(onCompleted: reference.passing(to: onCompleted), onError: reference.passing(to: onError),
                         onDisposed: reference.passing(to: onDisposed))
    }
}
