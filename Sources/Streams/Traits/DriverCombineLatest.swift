// Inside Streams, chapter 8, "Traits as thin wrappers": drivers combined are the observable operator
// over them, shared again. Every input already delivers on its scheduler and never fails, so the
// result does too, with no `observe(on:)` of its own.

// Only drivers have these in Streams so far; RxCocoa gives them to signals too.
extension SharedSequence where SharingStrategy == DriverSharingStrategy {
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
    /// ![Driver.combineLatest { $0 + $1 }, drawn from a run](drivercombinelatest-driver-combinelatest-0-1)
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
    /// ![Driver.combineLatest { $0 + $1 + $2 }, drawn from a run](drivercombinelatest-driver-combinelatest-0-1-2)
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
    /// ![Driver.combineLatest { $0 + $1 + $2 + $3 }, drawn from a run](drivercombinelatest-driver-combinelatest-0-1-2-3)
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
    /// ![Driver.combineLatest(first, second), drawn from a run](drivercombinelatest-driver-combinelatest-first)
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
    /// ![Driver.zip { $0 + $1 }, drawn from a run](drivercombinelatest-driver-zip-0-1)
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
    /// ![Driver.zip(first, second), drawn from a run](drivercombinelatest-driver-zip-first-second)
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
}
