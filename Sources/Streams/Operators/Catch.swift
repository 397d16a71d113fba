extension ObservableType {
    /// Continues with the observable that `handler` returns when this sequence fails.
    ///
    /// On an error, the source is unsubscribed, `handler` is called with the error at the
    /// same tick, and the observable it returns is subscribed at once; its events follow. If
    /// `handler` throws, the sequence fails with the thrown error. Values and completion of
    /// the source pass through unchanged.
    ///
    /// ```
    /// source:    -a-b-#
    /// fallback:  -x-y-|     (cold, subscribed at the error)
    ///            catch { _ in fallback }
    /// output:    -a-b--x-y-|
    /// ```
    /// ![catch { _ in fallback }, drawn from a run](catch-catch-in-fallback)
    ///
    /// - Parameter handler: Returns the observable to continue with; may throw.
    /// - Returns: An observable that recovers from an error of this one.
    public func `catch`(
        _ handler: @escaping @Sendable (any Error) throws -> Observable<Element>
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let current = SerialDisposable()
            let first = SingleAssignmentDisposable()
            current.disposable = first
            first.setDisposable(source.subscribe(AnyObserver { event in
                guard !first.isDisposed else { return }
                switch event {
                case .next:
                    observer.on(event)
                case .error(let error):
                    first.dispose()
                    let fallback: Observable<Element>
                    do {
                        fallback = try handler(error)
                    } catch {
                        observer.on(.error(error))
                        return
                    }
                    let second = SingleAssignmentDisposable()
                    current.disposable = second
                    guard !second.isDisposed else { return }
                    second.setDisposable(fallback.subscribe(AnyObserver { event in
                        guard !second.isDisposed else { return }
                        switch event {
                        case .next:
                            observer.on(event)
                        case .error, .completed:
                            second.dispose()
                            observer.on(event)
                        }
                    }))
                case .completed:
                    first.dispose()
                    observer.on(.completed)
                }
            }))
            return current
        }
    }

    /// Emits `element` and completes when this sequence fails.
    ///
    /// The error is dropped; the element and the completion are delivered at the tick of the
    /// error. It is ``catch(_:)`` with a handler that returns ``Observable/just(_:)``.
    ///
    /// ```
    /// source:  -a-b-#
    ///          catchAndReturn("z")
    /// output:  -a-b-(z|)
    /// ```
    /// ![catchAndReturn("z"), drawn from a run](catch-catchandreturn-z)
    ///
    /// - Parameter element: The last value to emit instead of the error.
    /// - Returns: An observable that ends with `element` instead of an error.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        `catch` { _ in .just(element) }
    }
}

extension Observable {
    /// Subscribes to each source in turn while they fail: the first, then the next one when it
    /// fails, and so on. RxSwift's `Observable.catch(sequence:)`.
    ///
    /// The values of every source pass through; the first completion ends the output, and the
    /// error of the last source is forwarded. An empty sequence of sources completes at once.
    ///
    /// ```
    /// first:   -a-#
    /// second:  -b-#     (cold, subscribed at the error before it)
    /// third:   -c-|     (cold)
    ///          catch(sequence: [first, second, third])
    /// output:  -a--b--c-|
    /// ```
    /// ![catch(sequence: [first, second, third]), drawn from a run](catch-catch-sequence-first-second-third)
    ///
    /// - Parameter sources: The sources, in the order to try them.
    /// - Returns: An observable that goes on with the next source at each error.
    public static func `catch`<Sources: Sequence>(sequence sources: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        // Each source's error handler is the rest of the chain: `first.catch { _ in second.catch { … } }`.
        let sources = Array(sources)
        guard let last = sources.last else { return .empty() }
        return sources.dropLast().reversed().reduce(last) { rest, source in source.catch { _ in rest } }
    }
}
