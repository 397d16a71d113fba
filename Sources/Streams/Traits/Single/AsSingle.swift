import Synchronization

extension ObservableType {
    /// Turns a sequence that should produce exactly one value into a ``Single``.
    ///
    /// The value is held until the source completes, then delivered with the completion. A
    /// source that completes without a value fails with ``SingleError/noElements``; a second
    /// value fails at once with ``SingleError/moreThanOneElement`` and ends the source
    /// subscription. Errors pass through.
    ///
    /// ```
    /// source:  -a--|
    ///          asSingle()
    /// output:  ----(a|)
    ///
    /// source:  -a-b-|
    ///          asSingle()
    /// output:  ---#          (# is SingleError.moreThanOneElement)
    ///
    /// source:  ---|
    ///          asSingle()
    /// output:  ---#          (# is SingleError.noElements)
    /// ```
    ///
    /// - Returns: A single of the source's only value.
    public func asSingle() -> Single<Element> {
        let source = asObservable()
        return Single(unchecked: Observable { observer in
            let value = Mutex<Element?>(nil)
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let element):
                    // A first element replaced by a second is released after the lock.
                    let replaced = value.withLock { stored in
                        defer { stored = element }
                        return stored
                    }
                    guard replaced != nil else { return }
                    upstream.dispose()
                    observer.on(.error(SingleError.moreThanOneElement))
                case .error(let error):
                    upstream.dispose()
                    observer.on(.error(error))
                case .completed:
                    upstream.dispose()
                    if let element = value.withLock({ $0 }) {
                        observer.on(.next(element))
                        observer.on(.completed)
                    } else {
                        observer.on(.error(SingleError.noElements))
                    }
                }
            }))
            return upstream
        })
    }
}
