import Synchronization

extension ObservableType {
    /// Continues with `other` when this sequence completes without a value.
    ///
    /// The source's values pass through. If the source completes without having sent a value,
    /// `other` is subscribed at that tick and its events follow; otherwise the completion
    /// passes through. An error passes through either way. Events are delivered on the thread
    /// of the sequence that produced them.
    ///
    /// ```
    /// source:  ---|             (fallback is cold)
    /// fallback:   -x|
    ///          ifEmpty(switchTo: fallback)
    /// output:  ----x|
    /// ```
    /// ![ifEmpty(switchTo: fallback), drawn from a run](ifempty-ifempty-switchto-fallback)
    ///
    /// - Parameter other: The sequence to continue with when this one is empty.
    /// - Returns: This sequence's values, or `other`'s if it has none.
    public func ifEmpty<Other: ObservableConvertibleType>(switchTo other: Other) -> Observable<Element>
    where Other.Element == Element {
        let source = asObservable()
        let fallback = other.asObservable()
        return Observable { observer in
            let sawValue = Atomic(false)
            let current = SerialDisposable()
            let first = SingleAssignmentDisposable()
            current.disposable = first
            first.setDisposable(source.subscribe(AnyObserver { event in
                guard !first.isDisposed else { return }
                switch event {
                case .next:
                    sawValue.store(true, ordering: .relaxed)
                    observer.on(event)
                case .error:
                    first.dispose()
                    observer.on(event)
                case .completed:
                    first.dispose()
                    guard !sawValue.load(ordering: .relaxed) else { return observer.on(.completed) }
                    let second = SingleAssignmentDisposable()
                    current.disposable = second
                    guard !second.isDisposed else { return }
                    second.setDisposable(fallback.subscribe(AnyObserver { event in
                        guard !second.isDisposed else { return }
                        if event.isStopEvent { second.dispose() }
                        observer.on(event)
                    }))
                }
            }))
            return current
        }
    }

    /// Emits `default` when this sequence completes without a value.
    ///
    /// The source's values pass through; an empty source emits `default` followed by the
    /// completion, at the tick it completed, on the thread it completed on. An error passes
    /// through.
    ///
    /// ```
    /// source:  ---|
    ///          ifEmpty(default: x)
    /// output:  ---(x|)
    /// ```
    /// ![ifEmpty(default: x), drawn from a run](ifempty-ifempty-default-x)
    ///
    /// - Parameter default: The value to emit when the source has none.
    /// - Returns: This sequence's values, or `default` if it has none.
    public func ifEmpty(default: Element) -> Observable<Element> {
        ifEmpty(switchTo: Observable.just(`default`))
    }
}
