import Synchronization

extension ObservableType {
    /// Emits the source's only value and completes with it, or fails when the source has none or
    /// more than one: RxSwift's `single()` operator, which stays an observable (for the trait, see
    /// ``asSingle()``).
    ///
    /// The value is emitted as soon as it arrives; the completion follows the source's. A second
    /// value fails the output at once with ``SingleError/moreThanOneElement`` and unsubscribes from
    /// the source; a source that completes without a value makes it fail with
    /// ``SingleError/noElements``. These are RxSwift's `RxError.moreThanOneElement` and
    /// `RxError.noElements`, the errors of ``asSingle()`` too. A source error is forwarded.
    ///
    /// ```
    /// source:  -a---|
    ///          single()
    /// output:  -a---|
    ///
    /// source:  -a-b-|
    ///          single()
    /// output:  -a-#         (# is SingleError.moreThanOneElement)
    ///
    /// source:  ---|
    ///          single()
    /// output:  ---#         (# is SingleError.noElements)
    /// ```
    /// ![single(), drawn from a run](singleelement-single)
    ///
    /// ![single(), drawn from a run](singleelement-single_2)
    ///
    /// ![single(), drawn from a run](singleelement-single_3)
    ///
    /// Events are delivered on the thread the source emitted them on.
    ///
    /// - Returns: An observable of the source's one value.
    public func single() -> Observable<Element> {
        single { _ in true }
    }

    /// Emits the only value that satisfies `predicate` and completes with the source, or fails
    /// when none or more than one does: RxSwift's `single(_:)`.
    ///
    /// Values that fail the predicate are dropped. The first value that satisfies it is emitted
    /// at once; a second one fails the output with ``SingleError/moreThanOneElement`` and
    /// unsubscribes from the source; a completion without one fails it with
    /// ``SingleError/noElements``. If `predicate` throws, the error is sent downstream and the
    /// source is unsubscribed. Events are delivered on the thread the source emitted them on.
    ///
    /// ```
    /// source:  -1-2-3-|
    ///          single { $0.isMultiple(of: 2) }
    /// output:  ---2---|
    ///
    /// source:  -1-2-3-4-|
    ///          single { $0.isMultiple(of: 2) }
    /// output:  ---2---#     (# is SingleError.moreThanOneElement)
    /// ```
    /// ![single { $0.isMultiple(of: 2) }, drawn from a run](singleelement-single-0-ismultiple-of-2)
    ///
    /// ![single { $0.isMultiple(of: 2) }, drawn from a run](singleelement-single-0-ismultiple-of-2_2)
    ///
    /// - Parameter predicate: Picks the value wanted; may throw.
    /// - Returns: An observable of the one value that satisfies `predicate`.
    public func single(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(SingleElementState())
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    let matches: Bool
                    do {
                        matches = try predicate(value)
                    } catch {
                        upstream.dispose()
                        observer.on(.error(error))
                        return
                    }
                    guard matches else { return }
                    // Counted before it is delivered, so a value the subscriber sends back
                    // re-entrantly is the second one.
                    let isFirst = state.withLock { $0.count() }
                    if isFirst {
                        observer.on(event)
                    } else {
                        upstream.dispose()
                        observer.on(.error(SingleError.moreThanOneElement))
                    }
                case .error:
                    upstream.dispose()
                    observer.on(event)
                case .completed:
                    let hasValue = state.withLock { $0.hasValue }
                    upstream.dispose()
                    observer.on(hasValue ? .completed : .error(SingleError.noElements))
                }
            }))
            return upstream
        }
    }
}

/// Whether one ``ObservableType/single(_:)`` subscription has emitted its value.
private struct SingleElementState {
    var hasValue = false

    /// Counts a matching value; returns whether it is the first.
    mutating func count() -> Bool {
        defer { hasValue = true }
        return !hasValue
    }
}
