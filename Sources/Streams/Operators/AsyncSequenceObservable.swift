// The doc comment below links no symbol: StreamsTesting re-exports Streams, so its documentation
// shows this extension of a Swift type too, and there Streams' symbols do not resolve.
extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// This async sequence as an observable: RxSwift's `asObservable(priority:)`.
    ///
    /// Each subscription iterates the sequence in a detached `Task` of `priority`: each element
    /// becomes a value, the end of the sequence the completion, and an error it throws the
    /// error, except `CancellationError`, which completes, as in RxSwift. Disposing the
    /// subscription cancels the task; nothing is delivered after that.
    ///
    /// Events are delivered on the task's thread, one of the global concurrent executor's,
    /// never the subscribing thread, so add `observe(on:)` before code that needs a particular
    /// one:
    ///
    /// ```swift
    /// let progress = download.progressUpdates   // an AsyncStream<Double>
    ///     .asObservable(priority: .utility)
    ///     .observe(on: DispatchQueueScheduler.main)
    /// ```
    ///
    /// There is no marble diagram: when the elements arrive depends on the task and on the
    /// sequence, in real time, which a `TestScheduler` cannot step through.
    /// `Observable.from(_:)` is this, with the default priority.
    ///
    /// - Parameter priority: The priority of the iterating task; `nil` (the default) lets Swift
    ///   choose.
    /// - Returns: An observable of the sequence's elements.
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        Observable.create { observer in
            let task = Task.detached(priority: priority) {
                do {
                    for try await element in self {
                        // A sequence that ignores cancellation is not iterated in vain.
                        if Task.isCancelled { return }
                        observer.onNext(element)
                    }
                    observer.onCompleted()
                } catch is CancellationError {
                    observer.onCompleted()
                } catch {
                    observer.onError(error)
                }
            }
            return Disposables.create { task.cancel() }
        }
    }
}
