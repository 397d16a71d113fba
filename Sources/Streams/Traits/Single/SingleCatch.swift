extension Single {
    /// Replaces a failure with the single that `handler` returns for the error.
    ///
    /// If `handler` throws, the result fails with that error. The replacement is subscribed on
    /// the thread that delivered the failure, and delivers on its own thread.
    ///
    /// ```
    /// single:    --#
    /// fallback:    -(x|)     (cold)
    ///            catch { _ in fallback }
    /// output:    ---(x|)
    /// ```
    /// ![catch { _ in fallback }, drawn from a run](singlecatch-catch-in-fallback)
    ///
    /// - Parameter handler: Builds the replacement from the error; may throw.
    /// - Returns: A single that succeeds with this single's value or the replacement's.
    public func `catch`(_ handler: @escaping @Sendable (any Error) throws -> Single<Element>) -> Single<Element> {
        Single(unchecked: asObservable().catch { try handler($0).asObservable() })
    }

    /// Replaces a failure with a success carrying `element`.
    ///
    /// ```
    /// single:  --#
    ///          catchAndReturn(x)
    /// output:  --(x|)
    /// ```
    /// ![catchAndReturn(x), drawn from a run](singlecatch-catchandreturn-x)
    ///
    /// The replacement is delivered on the thread that delivered the failure.
    ///
    /// - Parameter element: The value to succeed with instead of failing.
    /// - Returns: A single that never fails.
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        self.catch { _ in .just(element) }
    }
}
