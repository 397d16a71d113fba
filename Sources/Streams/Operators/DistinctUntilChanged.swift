import Synchronization

extension ObservableType where Element: Equatable {
    /// Drops each value that equals the value emitted before it.
    ///
    /// The first value always passes. Only consecutive duplicates are dropped: a value that
    /// comes back after a different one passes again.
    ///
    /// ```
    /// source:  -a-a-b-b-b-a-|
    ///          distinctUntilChanged()
    /// output:  -a---b-----a-|
    /// ```
    /// ![distinctUntilChanged(), drawn from a run](distinctuntilchanged-distinctuntilchanged)
    ///
    /// - Returns: An observable without consecutive duplicates.
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: ==)
    }
}

extension ObservableType {
    /// Drops each value whose key equals the key of the value emitted before it.
    ///
    /// The first value always passes. If `keySelector` throws, the error is sent downstream
    /// and the subscription ends.
    ///
    /// ```
    /// source:  -a-A-b-B-a-|
    ///          distinctUntilChanged { $0.lowercased() }
    /// output:  -a---b---a-|
    /// ```
    /// ![distinctUntilChanged { $0.lowercased() }, drawn from a run](distinctuntilchanged-distinctuntilchanged-0)
    ///
    /// - Parameter keySelector: The key to compare values by; may throw.
    /// - Returns: An observable without consecutive values of equal keys.
    public func distinctUntilChanged<Key: Equatable & Sendable>(
        _ keySelector: @escaping @Sendable (Element) throws -> Key
    ) -> Observable<Element> {
        distinctUntilChanged(keySelector, comparer: ==)
    }

    /// Drops each value that `comparer` considers equal to the last value emitted.
    ///
    /// The first value always passes. Each later value is compared with the last value that
    /// was *emitted*, not with the last one received, which matters when `comparer` is not
    /// transitive (below, 3 is compared with 1, because 2 was dropped). If `comparer` throws,
    /// the error is sent downstream and the subscription ends.
    ///
    /// ```
    /// source:  -1-2-3-5-|
    ///          distinctUntilChanged { abs($0 - $1) <= 1 }
    /// output:  -1---3-5-|
    /// ```
    /// ![distinctUntilChanged { abs($0 - $1) <= 1 }, drawn from a run](distinctuntilchanged-distinctuntilchanged-abs-0)
    ///
    /// - Parameter comparer: Returns `true` when the two values count as equal; may throw.
    /// - Returns: An observable without consecutive values that `comparer` finds equal.
    public func distinctUntilChanged(
        _ comparer: @escaping @Sendable (Element, Element) throws -> Bool
    ) -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Drops each value whose property at `keyPath` equals that of the value emitted before it:
    /// RxSwift's `distinctUntilChanged(at:)`.
    ///
    /// The first value always passes. Below, the values are characters, compared by whether
    /// they are upper case:
    ///
    /// ```
    /// source:  -a-b-C-D-e-|
    ///          distinctUntilChanged(at: \.isUppercase)
    /// output:  -a---C---e-|
    /// ```
    /// ![distinctUntilChanged(at: \.isUppercase), drawn from a run](distinctuntilchanged-distinctuntilchanged-at)
    ///
    /// - Parameter keyPath: The property to compare values by (a key path literal such as
    ///   `\.id` is `Sendable`).
    /// - Returns: An observable without consecutive values of equal properties.
    public func distinctUntilChanged<Property: Equatable & Sendable>(
        at keyPath: KeyPath<Element, Property> & Sendable
    ) -> Observable<Element> {
        distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: ==)
    }

    /// Drops each value whose key is equal, by `comparer`, to the key of the last value emitted:
    /// the one implementation behind the other forms.
    ///
    /// The first value always passes. Each later value's key is compared with the key of the
    /// last value that was *emitted*, as with the comparer alone. If `keySelector`
    /// or `comparer` throws, the error is sent downstream and the subscription ends. Below, the
    /// key of each glyph is its number, and numbers one apart count as equal:
    ///
    /// ```
    /// source:  -1-2-3-5-|
    ///          distinctUntilChanged({ Int($0)! }, comparer: { abs($0 - $1) <= 1 })
    /// output:  -1---3-5-|
    /// ```
    /// ![distinctUntilChanged({ Int($0)! }, comparer: { abs($0 - $1) <= 1 }), drawn from a run](distinctuntilchanged-distinctuntilchanged-int-0)
    ///
    /// - Parameters:
    ///   - keySelector: The key to compare values by; may throw.
    ///   - comparer: Returns `true` when two keys count as equal; may throw.
    /// - Returns: An observable without consecutive values whose keys `comparer` finds equal.
    public func distinctUntilChanged<Key: Sendable>(
        _ keySelector: @escaping @Sendable (Element) throws -> Key,
        comparer: @escaping @Sendable (Key, Key) throws -> Bool
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let state = Mutex(DistinctUntilChangedState<Key>())
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    let lastKey = state.withLock { $0.lastEmittedKey }
                    let key: Key
                    do {
                        key = try keySelector(value)
                        if let lastKey, try comparer(lastKey, key) { return }
                    } catch {
                        upstream.dispose()
                        observer.on(.error(error))
                        return
                    }
                    // The key it replaces is released after the lock.
                    let replaced = state.withLock { state in
                        defer { state.lastEmittedKey = key }
                        return state.lastEmittedKey
                    }
                    _ = replaced
                    observer.on(.next(value))
                case .error, .completed:
                    upstream.dispose()
                    observer.on(event)
                }
            }))
            return upstream
        }
    }
}

/// The key of the value one ``ObservableType/distinctUntilChanged()`` subscription emitted last.
private struct DistinctUntilChangedState<Key> {
    var lastEmittedKey: Key?
}
