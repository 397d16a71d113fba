extension Single {
    /// Transforms the value; a throwing `transform` turns the success into a failure.
    ///
    /// ```
    /// single:  --(a|)
    ///          map { $0.uppercased() }
    /// output:  --(A|)
    /// ```
    /// ![map { $0.uppercased() }, drawn from a run](singlemap-map-0-uppercased)
    ///
    /// `transform` runs, and the result is delivered, on the thread that produced the value.
    ///
    /// - Parameter transform: Applied to the value; may throw.
    /// - Returns: A single of the transformed value.
    public func map<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result
    ) -> Single<Result> {
        Single<Result>(unchecked: asObservable().map(transform))
    }

    /// Chains a second single that depends on the value of this one: fetch a page, then the
    /// details of its first photo.
    ///
    /// The second single is subscribed when the first one succeeds, and its result is the
    /// result. A failure of either single, or a throwing `selector`, fails the result.
    /// Disposing cancels whichever single is running.
    ///
    /// ```
    /// single:  -(a|)
    /// next:     --(b|)     (cold)
    ///          flatMap { _ in next }
    /// output:  ---(b|)
    /// ```
    /// ![flatMap { _ in next }, drawn from a run](singlemap-flatmap-in-next)
    ///
    /// `selector` runs on the thread that produced the first value; the result is delivered on
    /// the thread of the second single.
    ///
    /// - Parameter selector: Builds the next single from the value; may throw.
    /// - Returns: A single of the second single's value.
    public func flatMap<Result: Sendable>(
        _ selector: @escaping @Sendable (Element) throws -> Single<Result>
    ) -> Single<Result> {
        Single<Result>(unchecked: asObservable().flatMap(selector))
    }
}
