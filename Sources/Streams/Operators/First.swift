extension ObservableType {
    /// The first value of this sequence, or `nil` if it completes without one, as a
    /// ``Single``.
    ///
    /// As in RxSwift 6, the single succeeds with an optional: at the first value, which ends the
    /// source subscription at once, or with `nil` when the source completes empty. An error
    /// before the first value fails the single. The result is delivered on the thread of the
    /// source's event.
    ///
    /// ```
    /// source:  --a-b-|
    ///          first()
    /// output:  --(a|)
    ///
    /// source:  ---|
    ///          first()
    /// output:  ---(n|)      (n = nil)
    /// ```
    /// ![first(), drawn from a run](first-first)
    ///
    /// ![first(), drawn from a run](first-first_2)
    ///
    /// - Returns: A single of the first value, or `nil`.
    public func first() -> Single<Element?> {
        let source = asObservable()
        return Single(unchecked: Observable { observer in
            source.subscribeToOutcome { event in
                switch event {
                case .next(let value):
                    observer.on(.next(value))
                    observer.on(.completed)
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.next(nil))
                    observer.on(.completed)
                }
            }
        })
    }
}
