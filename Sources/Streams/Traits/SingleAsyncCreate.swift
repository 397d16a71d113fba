extension PrimitiveSequence where Trait == SingleTrait {
    /// Creates a single from an `async` function: RxSwift's
    /// `Single.create(detached:priority:work:)`.
    ///
    /// Each subscription runs `work` in a new `Task` (a detached one if `detached`) and
    /// succeeds with what it returns or fails with what it throws. Disposing the subscription
    /// cancels the task; its result, if it still comes, is not delivered.
    ///
    /// The result is delivered on the task's thread, one of the global concurrent executor's.
    /// Subscribed from inside a task, a task that is not detached inherits that task's priority
    /// and task-local values; a detached one starts with neither.
    ///
    /// ```swift
    /// let profile = Single.create { try await api.profile(id: id) }
    /// ```
    ///
    /// There is no marble diagram: when `work` returns is real time, which a ``TestScheduler``
    /// cannot step through.
    ///
    /// - Parameters:
    ///   - detached: Whether the task is detached; `false` by default.
    ///   - priority: The task's priority; `nil` (the default) lets Swift choose.
    ///   - work: The work, run once per subscription.
    /// - Returns: The single.
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @escaping @Sendable () async throws -> Element
    ) -> Single<Element> {
        create { single in
            let run: @Sendable () async -> Void = {
                do {
                    single(.success(try await work()))
                } catch {
                    single(.failure(error))
                }
            }
            let task = detached ? Task.detached(priority: priority, operation: run) : Task(priority: priority, operation: run)
            return Disposables.create { task.cancel() }
        }
    }
}
