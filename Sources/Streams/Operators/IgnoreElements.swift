extension ObservableType {
    /// Drops every value and passes on only the completion or the error.
    ///
    /// As in RxSwift 6, the result is an `Observable<Never>`: the type says there are no
    /// values, and ``ObservableType/asCompletable()`` turns it into a ``Completable``. The
    /// terminal event is delivered on the thread the source sent it on.
    ///
    /// ```
    /// source:  -a-b-c-|
    ///          ignoreElements()
    /// output:  -------|
    /// ```
    /// ![ignoreElements(), drawn from a run](ignoreelements-ignoreelements)
    ///
    /// - Returns: An observable without values that ends as this one does.
    public func ignoreElements() -> Observable<Never> {
        let source = asObservable()
        return Observable { observer in
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next:
                    return
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
