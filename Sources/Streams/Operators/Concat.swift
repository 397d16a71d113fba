import Synchronization

extension Observable {
    /// Emits the values of each observable in turn, subscribing to the next one when the
    /// previous one completes.
    ///
    /// Only one source is subscribed at a time: the next one is subscribed at the moment the
    /// previous one completes, and the result completes when the last one does. An error from
    /// the current source is forwarded at once and the remaining sources are never subscribed.
    ///
    /// ```
    /// first:   -a-b-|              (both cold)
    /// second:       -c-d-|
    ///          concat
    /// output:  -a-b--c-d-|
    /// ```
    /// ![concat, drawn from a run](concat-concat)
    ///
    /// Sources that complete synchronously during their subscription, such as
    /// ``just(_:)``, are handled by a loop rather than by recursion, so concatenating any
    /// number of them is safe. Events are delivered on the thread of the current source.
    ///
    /// - Parameter sources: The observables to run one after another.
    /// - Returns: An observable of the values of every source, in order.
    public static func concat(_ sources: [Observable<Element>]) -> Observable<Element> {
        Observable { observer in
            let state = Mutex(IndexLoop())
            let current = SerialDisposable()

            @Sendable func subscribeNext() {
                let startsLoop = state.withLock { $0.requestNext() }
                guard startsLoop else { return }
                while let index = state.withLock({ $0.nextIndex() }) {
                    guard !current.isDisposed else { return }
                    guard index < sources.count else {
                        current.dispose()
                        observer.on(.completed)
                        return
                    }
                    let subscription = SingleAssignmentDisposable()
                    current.disposable = subscription
                    subscription.setDisposable(sources[index].subscribe(AnyObserver { event in
                        guard !subscription.isDisposed else { return }
                        switch event {
                        case .next:
                            observer.on(event)
                        case .error:
                            current.dispose()
                            observer.on(event)
                        case .completed:
                            subscription.dispose()
                            subscribeNext()
                        }
                    }))
                }
            }

            subscribeNext()
            return current
        }
    }

    /// Emits the values of each observable in turn, subscribing to the next one when the
    /// previous one completes.
    ///
    /// The variadic form of ``concat(_:)-([Observable<Element>])``.
    ///
    /// ```
    /// first:   -a-b-|              (both cold)
    /// second:       -c-d-|
    ///          concat
    /// output:  -a-b--c-d-|
    /// ```
    /// ![concat, drawn from a run](concat-concat_2)
    ///
    /// - Parameter sources: The observables to run one after another.
    /// - Returns: An observable of the values of every source, in order.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(sources)
    }

    /// Emits the values of each sequence in turn, as ``concat(_:)-([Observable<Element>])``
    /// does, for any collection of sequences that convert to observables: requests one after
    /// another, each a ``Single``.
    ///
    /// ```
    /// first:   --(a|)       (both cold)
    /// second:    -(b|)
    ///          concat(requests)
    /// output:  --a(b|)
    /// ```
    /// ![concat(requests), drawn from a run](concat-concat-requests)
    ///
    /// The sources are read once, when `concat` is called. Events are delivered on the thread
    /// of the current source.
    ///
    /// - Parameter sources: The sequences to run one after another.
    /// - Returns: An observable of the values of every source, in order.
    public static func concat<Sources: Sequence>(_ sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableConvertibleType, Sources.Element.Element == Element {
        concat(sources.map { $0.asObservable() })
    }

    /// Emits the values of each observable of any sequence in turn: RxSwift's
    /// `Observable.concat(sequence)`, as ``concat(_:)-([Observable<Element>])`` does.
    ///
    /// The form for a sequence whose element type is ``Observable`` itself, so that the type of
    /// an empty `AnySequence([])` or `AnyCollection([])` follows from the result's. The
    /// sequence is read once, when `concat` is called. Events are delivered on the thread of the
    /// current source.
    ///
    /// - Parameter observables: The observables to run one after another.
    /// - Returns: An observable of the values of every source, in order.
    public static func concat<Observables: Sequence>(_ observables: Observables) -> Observable<Element>
    where Observables.Element == Observable<Element> {
        concat(Array(observables))
    }
}

extension ObservableType {
    /// Emits the values of this observable, then, once it completes, those of `second`.
    ///
    /// `second` is subscribed at the moment this observable completes; if this observable
    /// fails, `second` is never subscribed.
    ///
    /// ```
    /// source:  -a-b-|              (both cold)
    /// second:       -c-d-|
    ///          concat(second)
    /// output:  -a-b--c-d-|
    /// ```
    /// ![concat(second), drawn from a run](concat-concat-second)
    ///
    /// - Parameter second: The observable to continue with.
    /// - Returns: An observable of this observable's values followed by `second`'s.
    public func concat<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Element>
    where Second.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }

    /// Maps each value to an observable and runs those observables one after another.
    ///
    /// `transform` is called as soon as a value arrives. While an inner observable runs, the
    /// inner observables of later values wait in a queue; each is subscribed at the moment
    /// the one before it completes. The result completes once the source and every queued
    /// inner observable have completed, and fails as soon as any of them fails or
    /// `transform` throws.
    ///
    /// ```
    /// source:  -a-b-------|        (a → x, b → y; x and y are cold)
    /// x:        -1--2|
    /// y:             -3-4|
    ///          concatMap
    /// output:  --1--2-3-4-|
    /// ```
    /// ![concatMap, drawn from a run](concat-concatmap)
    ///
    /// Use it where order matters more than speed, such as saving edits one at a time. It is
    /// ``ObservableType/merge(maxConcurrent:)`` with a limit of one after a `map`.
    ///
    /// - Parameter transform: Makes the inner observable for a value; may throw.
    /// - Returns: An observable of the values of every inner observable, in order.
    public func concatMap<Inner: ObservableConvertibleType>(
        _ transform: @escaping @Sendable (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        map(transform).merge(maxConcurrent: 1)
    }
}
