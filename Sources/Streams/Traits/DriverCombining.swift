// Inside Streams, chapter 8, "Traits as thin wrappers": a driver combined with other drivers is the
// observable operator over them, shared again. Every input already delivers on its scheduler and
// never fails, so the result does too, with no `observe(on:)` of its own.

extension Driver {
    /// Maps each value to a driver and emits the values of the latest one: a search screen's
    /// results for the query typed last.
    ///
    /// When a new value arrives, the previous inner driver is unsubscribed at that moment.
    /// `transform` returns drivers, which cannot fail, so neither can the result. The values
    /// come from the inner drivers and are delivered on their scheduler; the completion comes
    /// from this driver and is delivered on its scheduler. Drivers made for one screen share
    /// the main queue, so no `observe(on:)` is needed again: it is all the main thread.
    ///
    /// ```
    /// driver:  -a-b------|         (a → x, b → y; x and y are cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMapLatest
    /// output:  --1-3--4--|
    /// ```
    /// ![flatMapLatest, drawn from a run](drivercombining-flatmaplatest)
    ///
    /// - Parameter transform: Makes the inner driver for a value.
    /// - Returns: A driver of the values of the latest inner driver.
    public func flatMapLatest<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Driver<Result>
    ) -> Driver<Result> {
        Driver<Result>(unshared: asObservable().flatMapLatest(transform), scheduler: scheduler)
    }

    /// Maps a value to a driver only when no inner driver is running, and emits the values of
    /// that one; values arriving meanwhile are ignored: a "load more" that does not start a
    /// second load while one runs.
    ///
    /// Delivered as ``flatMapLatest(_:)`` is: on the thread of the driver that emitted.
    ///
    /// ```
    /// driver:  -a-b------|         (a → x, b → y; x and y are cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMapFirst
    /// output:  --1---2---|
    /// ```
    /// ![flatMapFirst, drawn from a run](drivercombining-flatmapfirst)
    ///
    /// - Parameter transform: Makes the inner driver for a value.
    /// - Returns: A driver of the values of the inner drivers that ran.
    public func flatMapFirst<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Driver<Result>
    ) -> Driver<Result> {
        Driver<Result>(unshared: asObservable().flatMapFirst(transform), scheduler: scheduler)
    }

    /// Maps each value to a driver and emits the values of all of them as they arrive.
    ///
    /// Delivered as ``flatMapLatest(_:)`` is: on the thread of the driver that emitted.
    ///
    /// ```
    /// driver:  -a-b------|         (a → x, b → y; x and y are cold)
    /// x:        -1---2|
    /// y:          -3--4|
    ///          flatMap
    /// output:  --1-3-24--|
    /// ```
    /// ![flatMap, drawn from a run](drivercombining-flatmap)
    ///
    /// - Parameter transform: Makes the inner driver for a value.
    /// - Returns: A driver of the values of every inner driver.
    public func flatMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Driver<Result>
    ) -> Driver<Result> {
        Driver<Result>(unshared: asObservable().flatMap(transform), scheduler: scheduler)
    }

    /// Emits the latest value of `second` each time this driver emits.
    ///
    /// `second` is a ``Driver`` or a ``Signal``, which cannot fail; an observable would
    /// have to become one first, saying what replaces its error. Values are emitted when this
    /// driver emits, so on its scheduler. See ``ObservableType/withLatestFrom(_:)``.
    ///
    /// ```
    /// driver:  -a--b----c-d-|
    /// second:  --1---2-3-|
    ///          withLatestFrom(second)
    /// output:  ----1----3-3-|
    /// ```
    /// ![withLatestFrom(second), drawn from a run](drivercombining-withlatestfrom-second)
    ///
    /// - Parameter second: The driver or signal whose latest value is read.
    /// - Returns: A driver of `second`'s latest value at each value of this driver.
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second) -> Driver<Second.Element> {
        Driver<Second.Element>(unshared: asObservable().withLatestFrom(second), scheduler: scheduler)
    }

    /// Combines each value of this driver with the latest value of `second`.
    ///
    /// As ``withLatestFrom(_:)``, with the two values combined by `resultSelector`.
    ///
    /// ```
    /// driver:  -a--b----c-d-|
    /// second:  --1---2-3-|
    ///          withLatestFrom(second) { $0 + $1 }
    /// output:  ----B----C-D-|     (B = b1, C = c3, D = d3)
    /// ```
    /// ![withLatestFrom(second) { $0 + $1 }, drawn from a run](drivercombining-withlatestfrom-second-0-1)
    ///
    /// - Parameters:
    ///   - second: The driver or signal whose latest value is read.
    ///   - resultSelector: Combines a value of this driver with `second`'s latest.
    /// - Returns: A driver of the combinations.
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result: Sendable>(
        _ second: Second,
        resultSelector: @escaping @Sendable (Element, Second.Element) -> Result
    ) -> Driver<Result> {
        Driver<Result>(unshared: asObservable().withLatestFrom(second, resultSelector: resultSelector), scheduler: scheduler)
    }
}

// MARK: - Combining several drivers

extension Driver {
    /// Combines the latest values of two drivers each time either emits, once both have
    /// emitted: a form's "can submit" from its fields.
    ///
    /// Each value is delivered on the thread of the driver that emitted it. The drivers of one
    /// screen share the main queue, so that is the main thread; the result times its own
    /// operators (``debounce(_:)``) on the first driver's scheduler. See
    /// ``Observable/combineLatest(_:_:resultSelector:)``.
    ///
    /// ```
    /// first:   -a---b----c--|
    /// second:  ---1----2-----|
    ///          Driver.combineLatest { $0 + $1 }
    /// output:  ---A-B--C-D---|      (A = a1, B = b1, C = b2, D = c2)
    /// ```
    /// ![Driver.combineLatest { $0 + $1 }, drawn from a run](drivercombining-driver-combinelatest-0-1)
    ///
    /// - Parameters:
    ///   - a: The first driver.
    ///   - b: The second driver.
    ///   - resultSelector: Combines the latest values.
    /// - Returns: A driver of the combinations.
    public static func combineLatest<A: Sendable, B: Sendable>(
        _ a: Driver<A>,
        _ b: Driver<B>,
        resultSelector: @escaping @Sendable (A, B) -> Element
    ) -> Driver<Element> {
        Driver(unshared: Observable.combineLatest(a, b, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Combines the latest values of three drivers each time any of them emits, once all have
    /// emitted; as ``combineLatest(_:_:resultSelector:)`` with a third driver.
    ///
    /// ```
    /// first:   -a-----b---|
    /// second:  --1------2-|
    /// third:   ---x-y------|
    ///          Driver.combineLatest { $0 + $1 + $2 }
    /// output:  ---A-B-C-D--|        (A = a1x, B = a1y, C = b1y, D = b2y)
    /// ```
    /// ![Driver.combineLatest { $0 + $1 + $2 }, drawn from a run](drivercombining-driver-combinelatest-0-1-2)
    ///
    /// - Parameters:
    ///   - a: The first driver.
    ///   - b: The second driver.
    ///   - c: The third driver.
    ///   - resultSelector: Combines the latest values.
    /// - Returns: A driver of the combinations.
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable>(
        _ a: Driver<A>,
        _ b: Driver<B>,
        _ c: Driver<C>,
        resultSelector: @escaping @Sendable (A, B, C) -> Element
    ) -> Driver<Element> {
        Driver(unshared: Observable.combineLatest(a, b, c, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Combines the latest values of four drivers each time any of them emits, once all have
    /// emitted: a form's "can submit" from three fields and "is submitting"; as
    /// ``combineLatest(_:_:resultSelector:)`` with four drivers.
    ///
    /// ```
    /// first:   -a------b----|
    /// second:  --1----------|
    /// third:   ---x---------|
    /// fourth:  ----p----q---|
    ///          Driver.combineLatest { $0 + $1 + $2 + $3 }
    /// output:  ----A---BC---|       (A = a1xp, B = b1xp, C = b1xq)
    /// ```
    /// ![Driver.combineLatest { $0 + $1 + $2 + $3 }, drawn from a run](drivercombining-driver-combinelatest-0-1-2-3)
    ///
    /// - Parameters:
    ///   - a: The first driver.
    ///   - b: The second driver.
    ///   - c: The third driver.
    ///   - d: The fourth driver.
    ///   - resultSelector: Combines the latest values.
    /// - Returns: A driver of the combinations.
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ a: Driver<A>,
        _ b: Driver<B>,
        _ c: Driver<C>,
        _ d: Driver<D>,
        resultSelector: @escaping @Sendable (A, B, C, D) -> Element
    ) -> Driver<Element> {
        Driver(unshared: Observable.combineLatest(a, b, c, d, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Pairs the latest values of two drivers each time either emits, once both have emitted;
    /// as ``combineLatest(_:_:resultSelector:)`` with a selector that makes a tuple.
    ///
    /// ```
    /// first:   -a---b----c--|
    /// second:  ---1----2-----|
    ///          Driver.combineLatest(first, second)
    /// output:  ---A-B--C-D---|      (A = (a, 1), B = (b, 1), C = (b, 2), D = (c, 2))
    /// ```
    /// ![Driver.combineLatest(first, second), drawn from a run](drivercombining-driver-combinelatest-first)
    ///
    /// - Parameters:
    ///   - a: The first driver.
    ///   - b: The second driver.
    /// - Returns: A driver of tuples of the latest values.
    public static func combineLatest<A: Sendable, B: Sendable>(
        _ a: Driver<A>,
        _ b: Driver<B>
    ) -> Driver<Element> where Element == (A, B) {
        combineLatest(a, b) { ($0, $1) }
    }

    /// Pairs the values of two drivers by index: the first of each, then the second of each.
    ///
    /// Delivered as ``combineLatest(_:_:resultSelector:)`` is. See
    /// ``Observable/zip(_:_:resultSelector:)``.
    ///
    /// ```
    /// first:   -a--b---c-|
    /// second:  ---1-2----|
    ///          Driver.zip { $0 + $1 }
    /// output:  ---A-B----|     (A = a1, B = b2)
    /// ```
    /// ![Driver.zip { $0 + $1 }, drawn from a run](drivercombining-driver-zip-0-1)
    ///
    /// - Parameters:
    ///   - a: The first driver.
    ///   - b: The second driver.
    ///   - resultSelector: Combines the values at one index.
    /// - Returns: A driver of the combinations.
    public static func zip<A: Sendable, B: Sendable>(
        _ a: Driver<A>,
        _ b: Driver<B>,
        resultSelector: @escaping @Sendable (A, B) -> Element
    ) -> Driver<Element> {
        Driver(unshared: Observable.zip(a, b, resultSelector: resultSelector), scheduler: a.scheduler)
    }

    /// Pairs the values of two drivers by index, as tuples; as ``zip(_:_:resultSelector:)``.
    ///
    /// ```
    /// first:   -a--b---c-|
    /// second:  ---1-2----|
    ///          Driver.zip(first, second)
    /// output:  ---A-B----|     (A = (a, 1), B = (b, 2))
    /// ```
    /// ![Driver.zip(first, second), drawn from a run](drivercombining-driver-zip-first-second)
    ///
    /// - Parameters:
    ///   - a: The first driver.
    ///   - b: The second driver.
    /// - Returns: A driver of tuples of the values at each index.
    public static func zip<A: Sendable, B: Sendable>(
        _ a: Driver<A>,
        _ b: Driver<B>
    ) -> Driver<Element> where Element == (A, B) {
        zip(a, b) { ($0, $1) }
    }

    /// Emits the values of all `sources` as they arrive; completes when all have completed.
    ///
    /// Each value is delivered on the thread of the driver that emitted it (the main thread
    /// for the drivers of a screen); the result times its own operators on the first driver's
    /// scheduler. See ``Observable/merge(_:)-(Observable<Element>...)``.
    ///
    /// ```
    /// first:   -a---b-|
    /// second:  ---1----2|
    ///          Driver.merge(first, second)
    /// output:  -a-1-b--2|
    /// ```
    /// ![Driver.merge(first, second), drawn from a run](drivercombining-driver-merge-first-second)
    ///
    /// - Parameter sources: The drivers to merge.
    /// - Returns: A driver of the values of every source.
    public static func merge(_ sources: Driver<Element>...) -> Driver<Element> {
        merge(sources)
    }

    /// Emits the values of all `sources` as they arrive; as ``merge(_:)-(Driver<Element>...)``
    /// with an array. An empty array completes at once, on the main queue's scheduler.
    ///
    /// - Parameter sources: The drivers to merge.
    /// - Returns: A driver of the values of every source.
    public static func merge(_ sources: [Driver<Element>]) -> Driver<Element> {
        guard let first = sources.first else { return .empty() }
        return Driver(unshared: Observable.merge(sources), scheduler: first.scheduler)
    }
}
