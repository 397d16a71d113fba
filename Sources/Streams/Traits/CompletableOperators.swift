// What only a completable has: what runs after it, and several together or in turn.

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Runs `second` once this completable has completed, subscribing it then: save, then
    /// reload. A failure of this one is the result, and `second` is never subscribed.
    ///
    /// ```
    /// save:    --|          (reload is cold)
    /// reload:    -(p|)
    ///          andThen(reload)
    /// output:  ---(p|)
    ///
    /// save:    --#
    ///          andThen(reload)
    /// output:  --#
    /// ```
    /// ![andThen(reload), drawn from a run](completableoperators-andthen-reload)
    ///
    /// ![andThen(reload), drawn from a run](completableoperators-andthen-reload_2)
    ///
    /// - Parameter second: The single to run after this completable.
    /// - Returns: A single of `second`'s value.
    public func andThen<Value>(_ second: Single<Value>) -> Single<Value> {
        Single(unchecked: then(second))
    }

    /// Runs the maybe `second` once this completable has completed; see
    /// ``andThen(_:)-(Single<Value>)``.
    ///
    /// - Parameter second: The maybe to run after this completable.
    /// - Returns: A maybe of `second`'s value.
    public func andThen<Value>(_ second: Maybe<Value>) -> Maybe<Value> {
        Maybe(unchecked: then(second))
    }

    /// Runs the completable `second` once this one has completed: upload, then delete the draft.
    ///
    /// ```
    /// upload:  --|          (delete is cold)
    /// delete:    ---|
    ///          andThen(delete)
    /// output:  -----|
    /// ```
    /// ![andThen(delete), drawn from a run](completableoperators-andthen-delete)
    ///
    /// - Parameter second: The completable to run after this one.
    /// - Returns: A completable that completes when both have.
    public func andThen(_ second: Completable) -> Completable {
        Completable(unchecked: then(second))
    }

    /// Runs the observable `second` once this completable has completed, and forwards its events.
    ///
    /// ```
    /// sync:     --|         (updates is cold)
    /// updates:    -a-b|
    ///           andThen(updates)
    /// output:   ---a-b|
    /// ```
    /// ![andThen(updates), drawn from a run](completableoperators-andthen-updates)
    ///
    /// - Parameter second: The observable to run after this completable.
    /// - Returns: An observable of `second`'s events.
    public func andThen<Value>(_ second: Observable<Value>) -> Observable<Value> {
        then(second)
    }

    /// This completable's end, then `second`: `map` only changes the element type (a `Never` has
    /// no value, so the closure is never called).
    private func then<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Second.Element> {
        asObservable().map { _ -> Second.Element in }.concat(second)
    }

    /// Runs every completable at once and completes when all have; fails as soon as one fails,
    /// disposing the others. With no values to pair, a completable's `zip` is a merge, as in
    /// RxSwift.
    ///
    /// ```
    /// first:   --|
    /// second:  ----|
    ///          Completable.zip(first, second)
    /// output:  ----|
    /// ```
    /// ![Completable.zip(first, second), drawn from a run](completableoperators-completable-zip-first)
    ///
    /// - Parameter sources: The completables to run together.
    /// - Returns: A completable that completes when every source has.
    public static func zip(_ sources: [Completable]) -> Completable {
        Completable(unchecked: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// ``zip(_:)-([Completable])`` of the completables given.
    public static func zip(_ sources: Completable...) -> Completable { zip(sources) }

    /// ``zip(_:)-([Completable])`` of any collection, read once, when `zip` is called.
    public static func zip<Completables: Collection>(_ sources: Completables) -> Completable where Completables.Element == Completable {
        zip(Array(sources))
    }

    /// Runs the completables one after another, each subscribed when the one before it has
    /// completed; the first failure ends the sequence.
    ///
    /// ```
    /// first:   --|          (both cold)
    /// second:  ---|
    ///          Completable.concat(first, second)
    /// output:  -----|
    /// ```
    /// ![Completable.concat(first, second), drawn from a run](completableoperators-completable-concat-first)
    ///
    /// - Parameter sources: The completables to run in order.
    /// - Returns: A completable that completes when the last source has.
    public static func concat(_ sources: [Completable]) -> Completable {
        Completable(unchecked: Observable.concat(sources.map { $0.asObservable() }))
    }

    /// ``concat(_:)-([Completable])`` of the completables given.
    public static func concat(_ sources: Completable...) -> Completable { concat(sources) }

    /// ``concat(_:)-([Completable])`` of any sequence, read once, when `concat` is called.
    public static func concat<Completables: Sequence>(_ sources: Completables) -> Completable where Completables.Element == Completable {
        concat(Array(sources))
    }

    /// Runs `second` once this completable has completed: RxSwift's name for
    /// ``andThen(_:)-(Completable)``, and ``concat(_:)-([Completable])`` of the two.
    ///
    /// - Parameter second: The completable to run after this one.
    /// - Returns: A completable that completes when both have.
    public func concat(_ second: Completable) -> Completable {
        Completable.concat([self, second])
    }
}
