extension ObservableType {
    /// Emits the given values first, then the values of this sequence.
    ///
    /// The prefix is emitted synchronously, on the subscribing thread, during `subscribe`;
    /// the source is subscribed right after it. Each subscription emits the prefix again.
    ///
    /// ```
    /// source:  ----c-d-|
    ///          startWith("a", "b")
    /// output:  (ab)c-d-|
    /// ```
    /// ![startWith("a", "b"), drawn from a run](startwith-startwith-a-b)
    ///
    /// - Parameter elements: The values to emit before the source's.
    /// - Returns: An observable that starts with `elements`.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            for element in elements {
                observer.on(.next(element))
            }
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next:
                    observer.on(event)
                case .error, .completed:
                    upstream.dispose()
                    observer.on(event)
                }
            }))
            return upstream
        }
    }
}
