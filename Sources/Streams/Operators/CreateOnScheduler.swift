extension Observable {
    /// An observable that emits one value and completes, each as an action on `scheduler`:
    /// RxSwift's `Observable.just(_:scheduler:)`.
    ///
    /// ```
    /// just(a, scheduler: scheduler):  (a|)
    /// ```
    /// ![just(a, scheduler: scheduler), drawn from a run](createonscheduler-just-a-scheduler-scheduler)
    ///
    /// - Parameters:
    ///   - element: The value.
    ///   - scheduler: Where the value and the completion are sent, as two actions.
    /// - Returns: The observable.
    public static func just(_ element: Element, scheduler: any Scheduler) -> Observable<Element> {
        from([element], scheduler: scheduler)
    }

    /// An observable that emits the given values in order and completes, each as an action on
    /// `scheduler`: RxSwift's `Observable.of(_:scheduler:)`.
    ///
    /// ```
    /// of(a, b, c, scheduler: scheduler):  (abc|)
    /// ```
    /// ![of(a, b, c, scheduler: scheduler), drawn from a run](createonscheduler-of-a-b-c-scheduler-scheduler)
    ///
    /// - Parameters:
    ///   - elements: The values.
    ///   - scheduler: Where each value, and then the completion, is sent.
    /// - Returns: The observable.
    public static func of(_ elements: Element..., scheduler: any Scheduler) -> Observable<Element> {
        from(elements, scheduler: scheduler)
    }

    /// An observable that emits the elements of a sequence in order and completes, each as an
    /// action on `scheduler`: RxSwift's `Observable.from(_:scheduler:)`.
    ///
    /// Each value is sent by an action of its own, which schedules the next one, so other work
    /// on the scheduler runs between two values and disposing stops the sequence between any
    /// two. On a ``TestScheduler`` they all come at the tick of the subscription, one action
    /// after another; on a dispatch queue, on that queue. The sequence is copied once per
    /// subscription.
    ///
    /// ```
    /// from([a, b, c], scheduler: scheduler):  (abc|)
    /// ```
    /// ![from([a, b, c], scheduler: scheduler), drawn from a run](createonscheduler-from-a-b-c-scheduler-scheduler)
    ///
    /// - Parameters:
    ///   - sequence: The values.
    ///   - scheduler: Where each value, and then the completion, is sent.
    /// - Returns: The observable.
    public static func from<S: Sequence & Sendable>(
        _ sequence: S,
        scheduler: any Scheduler
    ) -> Observable<Element> where S.Element == Element {
        Observable { observer in
            let elements = Array(sequence)
            return IndexLoop.run(on: scheduler, to: observer) { index in
                index < elements.count ? .next(elements[index]) : .completed
            }
        }
    }
}
