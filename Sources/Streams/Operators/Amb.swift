import Synchronization

extension Observable {
    /// Mirrors whichever source reacts first: the first to send any event (a value, an error or
    /// the completion) wins, and the others are unsubscribed at that moment. RxSwift's
    /// `Observable.amb(_:)`.
    ///
    /// Use it to race equivalent sources, such as the same request to two mirrors, and keep the
    /// quicker. The sources are read once, when `amb` is called, and each subscription subscribes
    /// to them in order; once one of them has reacted during its own `subscribe`, the ones after
    /// it are not subscribed at all. With no sources, the output never emits.
    ///
    /// ```
    /// first:   ----a-b-|
    /// second:  --c---d-|
    /// third:   ---e-|
    ///          amb
    /// output:  --c---d-|
    /// ```
    /// ![amb, drawn from a run](amb-amb)
    ///
    /// From then on the output is the winner's events, delivered on the thread the winner sends
    /// them on. The race is decided under a lock, so two sources that react at the same time on
    /// two threads cannot both win.
    ///
    /// - Parameter sources: The sequences to race.
    /// - Returns: An observable of the events of the first source to react.
    public static func amb<Sources: Sequence>(_ sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableConvertibleType, Sources.Element.Element == Element {
        let sources = sources.map { $0.asObservable() }
        return Observable { observer in
            let race = Mutex(AmbState())
            let subscriptions = sources.map { _ in SingleAssignmentDisposable() }
            for (index, source) in sources.enumerated() {
                // A source that reacted during its own `subscribe` disposed the ones after it.
                guard !subscriptions[index].isDisposed else { break }
                subscriptions[index].setDisposable(source.subscribe(AnyObserver { event in
                    guard !subscriptions[index].isDisposed else { return }
                    switch race.withLock({ $0.admit(index) }) {
                    case .lost:
                        return
                    case .won:
                        for (other, subscription) in subscriptions.enumerated() where other != index {
                            subscription.dispose()
                        }
                    case .winner:
                        break
                    }
                    if event.isStopEvent { subscriptions[index].dispose() }
                    observer.on(event)
                }))
            }
            return CompositeDisposable(subscriptions)
        }
    }
}

extension ObservableType {
    /// Mirrors this sequence or `other`, whichever reacts first: ``Observable/amb(_:)`` of the
    /// two, as RxSwift's `amb(_:)`.
    ///
    /// ```
    /// source:  ---a-b-|
    /// other:   --#
    ///          amb(other)
    /// output:  --#
    /// ```
    /// ![amb(other), drawn from a run](amb-amb-other)
    ///
    /// - Parameter other: The sequence to race against this one.
    /// - Returns: An observable of the events of the first of the two to react.
    public func amb<Other: ObservableConvertibleType>(_ other: Other) -> Observable<Element>
    where Other.Element == Element {
        Observable.amb([asObservable(), other.asObservable()])
    }
}

/// The race of one ``Observable/amb(_:)`` subscription: which source, if any, has won it.
private struct AmbState {
    var winner: Int?

    /// What an event from source `index` means.
    enum Admission {
        /// The first event of the race: `index` wins, and the others are to be disposed.
        case won
        /// Another event from the winner.
        case winner
        /// An event from a source that lost.
        case lost
    }

    mutating func admit(_ index: Int) -> Admission {
        guard let winner else {
            winner = index
            return .won
        }
        return winner == index ? .winner : .lost
    }
}
