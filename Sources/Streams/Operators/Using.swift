extension Observable {
    /// Creates a resource for each subscription and keeps it exactly as long as the
    /// subscription lasts: RxSwift's `using`.
    ///
    /// On each subscription, `resourceFactory` makes the resource and `observableFactory`
    /// makes the sequence from it, which is then subscribed. The resource is disposed once the
    /// subscription ends: after the terminal event has been forwarded, or when the
    /// subscription is disposed (after the sequence is unsubscribed). A counter of running
    /// requests, a spinner's token or a file handle lives as long as the work that needs it.
    /// If either factory throws, the subscriber receives the error, and a resource already made
    /// is disposed first.
    ///
    /// ```
    /// source:  -a-b-|
    ///          using({ token }, observableFactory: { _ in source })   (token disposed at 5)
    /// output:  -a-b-|
    /// ```
    /// ![using({ token }, observableFactory: { _ in source }), drawn from a run](using-using-token-observablefactory-in-source)
    ///
    /// Events are delivered on the thread of the sequence; the resource is disposed on the
    /// thread that ends the subscription.
    ///
    /// - Parameters:
    ///   - resourceFactory: Makes the resource for one subscription; may throw.
    ///   - observableFactory: Makes the sequence that uses the resource; may throw.
    /// - Returns: The sequence, with a resource per subscription.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping @Sendable () throws -> Resource,
        observableFactory: @escaping @Sendable (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Observable { observer in
            let resource: Resource
            let source: Observable<Element>
            do {
                resource = try resourceFactory()
            } catch {
                observer.on(.error(error))
                return Disposables.create()
            }
            do {
                source = try observableFactory(resource)
            } catch {
                resource.dispose()
                observer.on(.error(error))
                return Disposables.create()
            }
            // The resource's own dispose() runs once, whichever end of the subscription comes
            // first: the terminal event or a disposal (the subscriber may dispose on the
            // terminal event, inside the delivery).
            let release = Disposables.create(with: resource.dispose)
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next:
                    observer.on(event)
                case .error, .completed:
                    upstream.dispose()
                    observer.on(event)
                    release.dispose()
                }
            }))
            return Disposables.create(upstream, release)
        }
    }
}
