import Synchronization

extension Observable {
    /// An observable that runs a loop over a state: emits `initialState`, then each state
    /// `iterate` makes from the one before, while `condition` holds, and then completes.
    /// RxSwift's `Observable.generate(initialState:condition:scheduler:iterate:)`.
    ///
    /// It is the loop
    /// `var state = initialState; while condition(state) { emit(state); state = iterate(state) }`
    /// spread over a scheduler's actions. Each step (iterate, check the condition, emit) is an
    /// action of its own on `scheduler`, which schedules the next one, as
    /// ``from(_:scheduler:)`` does: other work on the scheduler runs between two values, and
    /// disposing stops the loop between any two. The completion comes in the step whose
    /// condition fails. If `condition` or `iterate` throws, the error is sent downstream and the
    /// loop stops. With a condition that never fails, the loop never ends: dispose it, or `take`
    /// what you need.
    ///
    /// ```
    /// generate(initialState: 1, condition: { $0 < 4 }, iterate: { $0 + 1 }):  (123|)
    /// ```
    /// ![generate(initialState: 1, condition: { $0 < 4 }, iterate: { $0 + 1 }), drawn from a run](generate-generate-initialstate-1-condition-0-4)
    ///
    /// Events are delivered on `scheduler`. By default it is the ``ImmediateScheduler``, Streams'
    /// twin of RxSwift's default `CurrentThreadScheduler`: every step runs at once, on the
    /// subscribing thread, during `subscribe`, as ``from(_:)-(S)`` emits, and the loop does not
    /// grow the stack however many values it emits. Unlike RxSwift's, it does not defer the loop
    /// until `subscribe` has returned, so nothing downstream can stop it early: a loop whose
    /// condition never fails, cut short by `take`, needs a scheduler that waits (a
    /// ``DispatchQueueScheduler``, or a ``TestScheduler`` in tests). On a ``TestScheduler`` the
    /// values all come at the tick of the subscription, one action after another.
    ///
    /// - Parameters:
    ///   - initialState: The first state, emitted first if it satisfies `condition`.
    ///   - condition: Whether to emit a state, or complete; may throw.
    ///   - scheduler: Where each step runs and its value is sent.
    ///   - iterate: Makes the next state from the one just emitted; may throw.
    /// - Returns: An observable of the states that satisfy `condition`, in order.
    public static func generate(
        initialState: Element,
        condition: @escaping @Sendable (Element) throws -> Bool,
        scheduler: any Scheduler = ImmediateScheduler.instance,
        iterate: @escaping @Sendable (Element) throws -> Element
    ) -> Observable<Element> {
        Observable { observer in
            // The state is moved out while `iterate` and `condition` run, and back in before the
            // value is emitted, so the lock never releases a state.
            let state = Mutex<Element?>(initialState)
            return IndexLoop.run(on: scheduler, to: observer) { index in
                let previous = state.withLock { $0.take() }!
                do {
                    let current = index == 0 ? previous : try iterate(previous)
                    guard try condition(current) else { return .completed }
                    state.withLock { $0 = current }
                    return .next(current)
                } catch {
                    return .error(error)
                }
            }
        }
    }
}
