import Streams

extension Observable {
    /// A state machine whose effects feed events back into it.
    ///
    /// Events from `events` and from `effects` are folded through `reduce`, starting from
    /// `initial`; `effects` watches the states and answers with more events (a request starts
    /// when the state says one is wanted; its response comes back as an event). This is
    /// RxFeedback's `system`, reduced to what the feed needs.
    ///
    /// Nothing runs until the result is subscribed to; each subscription runs its own loop, and
    /// disposing it ends the loop and whatever its effects were doing. Every subscriber
    /// receives the current state first.
    ///
    /// Effects may answer synchronously: a state is delivered to every observer before the
    /// events its effects produced are reduced, because ``ObservableType/merge()`` queues an
    /// event that arrives while it is delivering.
    static func feedbackLoop<Input: Sendable>(
        initial: Element,
        events: Observable<Input>,
        reduce: @escaping @Sendable (Element, Input) -> Element,
        effects: @escaping @Sendable (Observable<Element>) -> Observable<Input>
    ) -> Observable<Element> {
        Observable.deferred {
            let feedback = Subject<Input>()
            let states = Observable<Input>.merge(events, feedback.asObservable())
                .scan(initial, accumulator: reduce)
                .startWith(initial)
                .share(replay: 1)
            return Observable.create { observer in
                let stateSubscription = states.subscribe(observer)
                let effectSubscription = effects(states).subscribe(feedback.asObserver())
                return Disposables.create(stateSubscription, effectSubscription)
            }
        }
    }
}
