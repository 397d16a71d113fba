extension PrimitiveSequence where Trait == SingleTrait {
    /// Creates a single from an `async` function: RxSwift's
    /// `Single.create(detached:priority:work:)`.
    ///
    /// Each subscription runs `work` in a new `Task` (a detached one, without the subscribing
    /// task's priority and task-local values, if `detached`) and succeeds with what it returns
    /// or fails with what it throws, on the task's thread. Disposing cancels the task. (Real
    /// time decides when `work` returns, so no marble diagram can show it.)
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
