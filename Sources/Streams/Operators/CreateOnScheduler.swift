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

    /// An observable that emits `optional`'s value and completes, each as an action on
    /// `scheduler`, or only completes when it is `nil`: RxSwift's
    /// `Observable.from(optional:scheduler:)`.
    ///
    /// ```
    /// from(optional: a, scheduler: scheduler):    (a|)
    /// from(optional: nil, scheduler: scheduler):  |
    /// ```
    /// ![from(optional: a, scheduler: scheduler), from(optional: nil, scheduler: scheduler), drawn from a run](createonscheduler-from-optional-a-scheduler)
    ///
    /// - Parameters:
    ///   - optional: The value, if any.
    ///   - scheduler: Where the value and the completion are sent.
    /// - Returns: The observable.
    public static func from(optional: Element?, scheduler: any Scheduler) -> Observable<Element> {
        from(optional.map { [$0] } ?? [], scheduler: scheduler)
    }

    /// An observable that emits `element` again and again, each time as an action on
    /// `scheduler`, and never completes: RxSwift's `Observable.repeatElement(_:scheduler:)`.
    ///
    /// Each value is an action that schedules the next, so other work on the scheduler runs
    /// between two values, and disposing (or a `take` downstream) stops the loop between any
    /// two. The scheduler has no default, unlike RxSwift's `CurrentThreadScheduler`: on the
    /// ``ImmediateScheduler`` the loop would never give `subscribe` back.
    ///
    /// ```
    /// repeatElement(a, scheduler: scheduler).take(3):  (aaa|)
    /// ```
    /// ![repeatElement(a, scheduler: scheduler).take(3), drawn from a run](createonscheduler-repeatelement-a-scheduler)
    ///
    /// - Parameters:
    ///   - element: The value to repeat.
    ///   - scheduler: Where each value is sent.
    /// - Returns: The endless observable.
    public static func repeatElement(_ element: Element, scheduler: any Scheduler) -> Observable<Element> {
        Observable { observer in
            IndexLoop.run(on: scheduler, to: observer) { _ in .next(element) }
        }
    }
}

extension Observable where Element == Int {
    /// An observable that emits `count` consecutive integers from `start`, each as an action on
    /// `scheduler`, and completes: RxSwift's `Observable.range(start:count:scheduler:)`.
    ///
    /// A `count` of zero or less emits nothing and completes (RxSwift stops the program on a
    /// negative count); the integers stop after `Int.max` rather than overflow (RxSwift stops
    /// the program).
    ///
    /// ```
    /// range(start: 1, count: 3, scheduler: scheduler):  (123|)
    /// ```
    /// ![range(start: 1, count: 3, scheduler: scheduler), drawn from a run](createonscheduler-range-start-1-count-3)
    ///
    /// - Parameters:
    ///   - start: The first integer.
    ///   - count: How many integers.
    ///   - scheduler: Where each integer, and then the completion, is sent.
    /// - Returns: The observable.
    public static func range(start: Int, count: Int, scheduler: any Scheduler) -> Observable<Int> {
        Observable { observer in
            IndexLoop.run(on: scheduler, to: observer) { index in
                let (value, overflow) = start.addingReportingOverflow(index)
                return index < count && !overflow ? .next(value) : .completed
            }
        }
    }
}
