// `just` and `from` are `@inlinable` so that they are specialised for the caller's element and
// sequence types: they run once per subscription and once per element, often as the inner
// observables of a `flatMap`, where unspecialised generic code cost several times the work.

/// Factories for observables that emit a fixed set of events.
///
/// Each of them emits synchronously, during `subscribe`, on the subscribing thread.
extension Observable {
    /// An observable that emits one value and completes.
    ///
    /// ```
    /// just(a):  (a|)
    /// ```
    ///
    /// - Parameter element: The value.
    /// - Returns: The observable.
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        Observable { observer in
            observer.on(.next(element))
            observer.on(.completed)
            return Disposables.create()
        }
    }

    /// An observable that emits the given values in order and completes.
    ///
    /// ```
    /// of(a, b, c):  (abc|)
    /// ```
    ///
    /// - Parameter elements: The values.
    /// - Returns: The observable.
    public static func of(_ elements: Element...) -> Observable<Element> {
        from(elements)
    }

    /// An observable that emits the elements of a sequence in order and completes.
    ///
    /// ```
    /// from([a, b, c]):  (abc|)
    /// ```
    ///
    /// The sequence is iterated once per subscription, all at once: use it for finite
    /// sequences.
    ///
    /// - Parameter sequence: The values.
    /// - Returns: The observable.
    @inlinable
    public static func from<S: Sequence & Sendable>(_ sequence: S) -> Observable<Element> where S.Element == Element {
        Observable { observer in
            for element in sequence {
                observer.on(.next(element))
            }
            observer.on(.completed)
            return Disposables.create()
        }
    }

    /// An observable that completes at once, without values.
    ///
    /// ```
    /// empty():  |
    /// ```
    public static func empty() -> Observable<Element> {
        Observable { observer in
            observer.on(.completed)
            return Disposables.create()
        }
    }

    /// An observable that never emits anything and never ends.
    ///
    /// ```
    /// never():  ------
    /// ```
    public static func never() -> Observable<Element> {
        Observable { _ in Disposables.create() }
    }

    /// An observable that fails at once with `error`.
    ///
    /// ```
    /// error(e):  #
    /// ```
    public static func error(_ error: any Error) -> Observable<Element> {
        Observable { observer in
            observer.on(.error(error))
            return Disposables.create()
        }
    }

    /// An observable that calls `factory` for each subscriber and subscribes to its result.
    ///
    /// Use it to delay work, such as reading a page counter, until someone subscribes. If
    /// `factory` throws, the subscriber receives the error. When the inner observable ends,
    /// it is unsubscribed before its terminal event is forwarded.
    ///
    /// - Parameter factory: Builds the observable to subscribe to.
    /// - Returns: The deferred observable.
    public static func deferred(
        _ factory: @escaping @Sendable () throws -> Observable<Element>
    ) -> Observable<Element> {
        Observable { observer in
            let inner: Observable<Element>
            do {
                inner = try factory()
            } catch {
                observer.on(.error(error))
                return Disposables.create()
            }
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(inner.subscribe(AnyObserver { event in
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
