extension ObservableType {
    /// The sequence's values as an `AsyncThrowingStream`, for `for try await` loops.
    ///
    /// Reading the property subscribes to the source at once; the stream buffers the values
    /// until they are awaited (without limit, so consume as fast as the source produces). The
    /// stream finishes when the source completes and throws the source's error when it fails.
    /// Cancelling the task that iterates the stream, or dropping the stream, disposes the
    /// subscription, and the loop throws `CancellationError`, as RxSwift's `values` does, so that
    /// code after the loop does not take a cancelled loop for a completed sequence.
    ///
    /// ```swift
    /// for try await photos in viewModel.output.photos.values {
    ///     render(photos)
    /// }
    /// ```
    public var values: AsyncThrowingStream<Element, any Error> {
        let source = asObservable()
        return AsyncThrowingStream { continuation in
            let subscription = SingleAssignmentDisposable()
            continuation.onTermination = { termination in
                subscription.dispose()
                // Runs before the stream finishes on its own, so the waiting `next()` throws.
                if case .cancelled = termination { continuation.finish(throwing: CancellationError()) }
            }
            subscription.setDisposable(source.subscribe(AnyObserver { event in
                switch event {
                case .next(let value):
                    continuation.yield(value)
                case .error(let error):
                    continuation.finish(throwing: error)
                case .completed:
                    continuation.finish()
                }
            }))
        }
    }
}

extension Observable {
    /// An observable that iterates an async sequence in a task and emits its elements: the same
    /// as the sequence's `asObservable()`, spelt from the observable's side.
    ///
    /// Each subscription starts its own detached `Task` that runs `for try await` over
    /// `sequence`: each element becomes a value, the end of the sequence the completion, and a
    /// thrown error the error (a `CancellationError` completes, as in RxSwift). Disposing the
    /// subscription cancels the task; nothing is delivered after that. Events are delivered on
    /// the task's executor, the global concurrent pool, so add ``ObservableType/observe(on:)``
    /// before code that needs a particular thread.
    ///
    /// ```swift
    /// let progress = Observable.from(download.progressUpdates)   // some AsyncSequence
    ///     .observe(on: DispatchQueueScheduler.main)
    /// ```
    ///
    /// - Parameter sequence: The async sequence to iterate, once per subscription.
    /// - Returns: An observable of the sequence's elements.
    public static func from<Source: AsyncSequence & Sendable>(
        _ sequence: Source
    ) -> Observable<Element> where Source.Element == Element {
        sequence.asObservable()
    }
}
