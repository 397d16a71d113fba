extension ObservableType {
    /// Pairs each value with `object`, held weakly, and completes at the first value that
    /// arrives after `object` was released: RxSwift's `withUnretained(_:)`.
    ///
    /// This is `[weak self]` in the middle of a chain. The sequence does not keep `object`
    /// alive; while it lives, each value arrives with it, so the next operator reads the object
    /// without an optional:
    ///
    /// ```swift
    /// queries
    ///     .withUnretained(self)
    ///     .flatMapLatest { model, query in model.search(query) }
    /// ```
    ///
    /// Nothing happens at the moment `object` goes: the output completes, and the source is
    /// unsubscribed, when the next value arrives and finds it gone (the source's own end still
    /// ends the output before that).
    ///
    /// ```
    /// source:  -a-b--c-d-|
    ///          withUnretained(object)     (object released at 4)
    /// output:  -a-b--|
    /// ```
    /// ![withUnretained(object), drawn from a run](withunretained-withunretained-object)
    ///
    /// **Threads.** Each pair is made and delivered on the thread that delivers the source's
    /// value; `object` is held strongly only while the pair is on its way downstream. `Object`
    /// must be `Sendable` because it crosses to that thread. A `@MainActor` class is
    /// `Sendable`, but its isolated members can be used in the next operator only where that
    /// operator runs on the main actor: after `observe(on: DispatchQueueScheduler.main)`, inside
    /// `MainActor.assumeIsolated`, or in `drive(with:onNext:)`, which calls its closure there.
    ///
    /// - Parameter object: The object to pair with each value, held weakly.
    /// - Returns: An observable of `(object, value)` pairs.
    public func withUnretained<Object: AnyObject & Sendable>(_ object: Object) -> Observable<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }

    /// Combines each value with `object`, held weakly, and completes at the first value that
    /// arrives after `object` was released: RxSwift's `withUnretained(_:resultSelector:)`.
    ///
    /// Behaves as ``withUnretained(_:)``, with `resultSelector` in place of the pair. If it
    /// throws, the output fails with its error.
    ///
    /// ```
    /// source:  -a-b--c-d-|
    ///          withUnretained(object) { $1.uppercased() }     (object released at 4)
    /// output:  -A-B--|
    /// ```
    /// ![withUnretained(object) { $1.uppercased() }, drawn from a run](withunretained-withunretained-object-1)
    ///
    /// - Parameters:
    ///   - object: The object passed to `resultSelector` with each value, held weakly.
    ///   - resultSelector: Combines the object and a value, on the thread that delivers the
    ///     value; may throw.
    /// - Returns: An observable of the combinations.
    public func withUnretained<Object: AnyObject & Sendable, Result: Sendable>(
        _ object: Object,
        resultSelector: @escaping @Sendable (Object, Element) throws -> Result
    ) -> Observable<Result> {
        let source = asObservable()
        let reference = WeakReference(object)
        return Observable { observer in
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    guard let object = reference.object else {
                        upstream.dispose()
                        observer.on(.completed)
                        return
                    }
                    do {
                        observer.on(.next(try resultSelector(object, value)))
                    } catch {
                        upstream.dispose()
                        observer.on(.error(error))
                    }
                case .error(let error):
                    upstream.dispose()
                    observer.on(.error(error))
                case .completed:
                    upstream.dispose()
                    observer.on(.completed)
                }
            }))
            return upstream
        }
    }
}
