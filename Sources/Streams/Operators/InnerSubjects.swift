/// What `window` and `groupBy` share: both route their source's values into inner subjects that
/// they emit as observables of their own, and both keep the source subscribed while anyone
/// listens (the output, or a subscription to one of the inner observables), as RxSwift's
/// ref-counted windows and groups do. The operators decide the steps under their lock, queue
/// them in their ``SerialOutbox``, and the deliverer below performs them with no lock held.
enum InnerSubjects {
    /// One thing the deliverer of a `window` or `groupBy` subscription does. The terminal events
    /// of the outbox go to the output.
    enum Step<Label: Sendable, Element: Sendable>: Sendable {
        /// Emits a new inner observable: a window (no label) or a group (its key).
        case open(Label, Subject<Element>)
        /// Sends a value into an inner subject.
        case send(Element, Subject<Element>)
        /// Ends an inner subject.
        case close(Subject<Element>, Event<Element>)
    }

    /// Who keeps the source subscribed: the output, until it is disposed, and each subscription
    /// to an inner observable, until it ends. Kept in the operator's state, behind its lock.
    struct Listeners: Sendable {
        private(set) var isOutputSubscribed = true
        private var inner = 0

        /// Counts a subscription to an inner observable; `false`, and not counted, once nothing
        /// keeps the source subscribed (it has been let go).
        mutating func addInner() -> Bool {
            guard isOutputSubscribed || inner > 0 else { return false }
            inner += 1
            return true
        }

        /// Ends a counted subscription to an inner observable; whether the source is to be let go.
        mutating func removeInner() -> Bool {
            inner -= 1
            return inner == 0 && !isOutputSubscribed
        }

        /// Ends the output's subscription; whether the source is to be let go.
        mutating func removeOutput() -> Bool {
            isOutputSubscribed = false
            return inner == 0
        }
    }

    /// Reads or changes the ``Listeners`` of one subscription, under the operator's lock.
    typealias WithListeners = @Sendable (_ body: (inout Listeners) -> Bool) -> Bool

    /// `subject` as its subscribers see it: each subscription is counted in `listeners` until
    /// it ends or is disposed, and `release` runs when the last listener goes.
    static func counted<Element: Sendable>(
        _ subject: Subject<Element>,
        listeners: @escaping WithListeners,
        release: @escaping @Sendable () -> Void
    ) -> Observable<Element> {
        Observable { observer in
            guard listeners({ $0.addInner() }) else { return subject.subscribe(observer) }
            let ended = Disposables.create {
                if listeners({ $0.removeInner() }) { release() }
            }
            let subscription = subject.subscribe(AnyObserver { event in
                observer.on(event)
                if event.isStopEvent { ended.dispose() }
            })
            return Disposables.create(subscription, ended)
        }
    }

    /// The deliverer: performs each step, with no lock held, in the order decided. A new inner
    /// subject reaches the output as `emitted(label, subject)`, while the output is subscribed.
    static func deliverer<Label: Sendable, Element: Sendable, Inner: Sendable>(
        to observer: AnyObserver<Inner>,
        listeners: @escaping WithListeners,
        emitted: @escaping @Sendable (Label, Subject<Element>) -> Inner
    ) -> AnyObserver<Step<Label, Element>> {
        AnyObserver { event in
            switch event {
            case .next(.open(let label, let subject)):
                if listeners({ $0.isOutputSubscribed }) { observer.on(.next(emitted(label, subject))) }
            case .next(.send(let value, let subject)):
                subject.onNext(value)
            case .next(.close(let subject, let end)):
                subject.on(end)
            case .error(let error):
                if listeners({ $0.isOutputSubscribed }) { observer.on(.error(error)) }
            case .completed:
                if listeners({ $0.isOutputSubscribed }) { observer.on(.completed) }
            }
        }
    }
}
