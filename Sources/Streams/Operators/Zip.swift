import Synchronization

extension Observable {
    /// Combines the values of two observables in pairs, by position: the first of each, then
    /// the second of each, and so on.
    ///
    /// A value waits in a queue until every other source has a value at the same position;
    /// then `resultSelector` combines one value of each. The result completes as soon as no
    /// further combination can be made: when a source has completed and every value it sent
    /// has been used. It fails as soon as a source fails or `resultSelector` throws; the
    /// values still waiting are dropped. A source that completes is unsubscribed at that moment.
    ///
    /// ```
    /// first:   -a---b-c---|
    /// second:  ---1----2-3-|
    ///          zip { $0 + $1 }
    /// output:  ---A----B-C|      (A = a1, B = b2, C = c3)
    /// ```
    /// ![zip { $0 + $1 }, drawn from a run](zip-zip-0-1)
    ///
    /// Sources may emit on different threads: `resultSelector` and the observer are called
    /// serially, on the thread of the source whose value completed a combination, or on the
    /// thread already delivering an earlier one.
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - resultSelector: Combines one value of each source; may throw.
    /// - Returns: An observable of the combinations.
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType>(
        _ a: A,
        _ b: B,
        resultSelector: @escaping @Sendable (A.Element, B.Element) throws -> Element
    ) -> Observable<Element> {
        zip(
            initial: (A.Element?, B.Element?)(nil, nil),
            writers: [a.asObservable().map { value in { $0.0 = value } }, b.asObservable().map { value in { $0.1 = value } }],
            result: { try resultSelector($0.0!, $0.1!) }
        )
    }

    /// Combines the values of three observables in threes, by position.
    ///
    /// Behaves as ``zip(_:_:resultSelector:)`` with a third source.
    ///
    /// ```
    /// first:   -a-b-c-|
    /// second:  --1---2--|
    /// third:   ---x-y-z-|
    ///          zip { $0 + $1 + $2 }
    /// output:  ---A--B--|        (A = a1x, B = b2y)
    /// ```
    /// ![zip { $0 + $1 + $2 }, drawn from a run](zip-zip-0-1-2)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    ///   - resultSelector: Combines one value of each source; may throw.
    /// - Returns: An observable of the combinations.
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType>(
        _ a: A,
        _ b: B,
        _ c: C,
        resultSelector: @escaping @Sendable (A.Element, B.Element, C.Element) throws -> Element
    ) -> Observable<Element> {
        zip(
            initial: (A.Element?, B.Element?, C.Element?)(nil, nil, nil),
            writers: [
                a.asObservable().map { value in { $0.0 = value } },
                b.asObservable().map { value in { $0.1 = value } },
                c.asObservable().map { value in { $0.2 = value } },
            ],
            result: { try resultSelector($0.0!, $0.1!, $0.2!) }
        )
    }

    /// Combines the values of any number of observables into arrays, by position.
    ///
    /// Each array holds one value of each source, in the order of `sources`. Completion and
    /// errors behave as in ``zip(_:_:resultSelector:)``. An empty list completes at once.
    ///
    /// ```
    /// first:   -a---b-c---|
    /// second:  ---1----2-3-|
    ///          zip([first, second])
    /// output:  ---A----B-C|      (A = [a, 1], B = [b, 2], C = [c, 3])
    /// ```
    /// ![zip([first, second]), drawn from a run](zip-zip-first-second)
    ///
    /// - Parameter sources: The observables to combine.
    /// - Returns: An observable of arrays of values at the same position.
    public static func zip(_ sources: [Observable<Element>]) -> Observable<[Element]> {
        guard !sources.isEmpty else { return .empty() }
        return Observable<[Element]>.zip(
            initial: [Element?](repeating: nil, count: sources.count),
            writers: sources.enumerated().map { index, source in source.map { value in { $0[index] = value } } },
            result: { $0.map { $0! } }
        )
    }

    /// Combines the values of any number of observables by position: RxSwift's
    /// `Observable.zip(collection) { values in … }`.
    ///
    /// `resultSelector` receives one value of each source, in the order of `sources`.
    /// Completion and errors behave as in ``zip(_:_:resultSelector:)``. An empty collection
    /// completes at once.
    ///
    /// ```
    /// first:   -a---b-c---|
    /// second:  ---1----2-3-|
    ///          zip([first, second]) { $0.joined() }
    /// output:  ---A----B-C|      (A = a1, B = b2, C = c3)
    /// ```
    /// ![zip([first, second]) { $0.joined() }, drawn from a run](zip-zip-first-second-0-joined)
    ///
    /// `resultSelector` runs on the thread delivering the combination, serially; if it throws,
    /// the output fails with its error.
    ///
    /// - Parameters:
    ///   - sources: The observables to combine.
    ///   - resultSelector: Combines the values, in the order of `sources`; may throw.
    /// - Returns: An observable of the combinations.
    public static func zip<Sources: Collection>(
        _ sources: Sources,
        resultSelector: @escaping @Sendable ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableConvertibleType {
        Observable<Sources.Element.Element>.zip(sources.map { $0.asObservable() }).map(resultSelector)
    }

    /// Pairs the values of two observables by position.
    ///
    /// Behaves as ``Observable/zip(_:_:resultSelector:)`` with a selector that makes a tuple.
    ///
    /// ```
    /// first:   -a---b-c---|
    /// second:  ---1----2-3-|
    ///          zip
    /// output:  ---A----B-C|      (A = (a, 1), B = (b, 2), C = (c, 3))
    /// ```
    /// ![zip, drawn from a run](zip-zip)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    /// - Returns: An observable of tuples of values at the same position.
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType>(
        _ a: A,
        _ b: B
    ) -> Observable<Element> where Element == (A.Element, B.Element) {
        zip(a, b) { ($0, $1) }
    }

    /// Combines the values of three observables into tuples, by position.
    ///
    /// Behaves as ``Observable/zip(_:_:_:resultSelector:)`` with a selector that makes a tuple.
    ///
    /// ```
    /// first:   -a-b-c-|
    /// second:  --1---2--|
    /// third:   ---x-y-z-|
    ///          zip
    /// output:  ---A--B--|        (A = (a, 1, x), B = (b, 2, y))
    /// ```
    /// ![zip, drawn from a run](zip-zip_2)
    ///
    /// - Parameters:
    ///   - a: The first source.
    ///   - b: The second source.
    ///   - c: The third source.
    /// - Returns: An observable of tuples of values at the same position.
    public static func zip<A: ObservableConvertibleType, B: ObservableConvertibleType, C: ObservableConvertibleType>(
        _ a: A,
        _ b: B,
        _ c: C
    ) -> Observable<Element> where Element == (A.Element, B.Element, C.Element) {
        zip(a, b, c) { ($0, $1, $2) }
    }
}

extension Observable {
    /// The one implementation behind every `zip`.
    ///
    /// Each source is mapped to *writers*: for each of its values, a closure that stores the
    /// value in its own slot of `Values`. A writer waits in its source's queue; when every
    /// queue has one, one writer of each is applied to `initial` under the lock, and the
    /// filled `Values` is sent through the outbox. `result` runs when it is delivered, outside
    /// the lock and serially, so combinations come out in the order they were made.
    static func zip<Values: Sendable>(
        initial: Values,
        writers: [Observable<@Sendable (inout Values) -> Void>],
        result: @escaping @Sendable (Values) throws -> Element
    ) -> Observable<Element> {
        Observable { observer in
            let state = Mutex(ZipState(initial: initial, arity: writers.count))
            let subscriptions = writers.map { _ in SingleAssignmentDisposable() }
            let all = CompositeDisposable(subscriptions)

            // A selector that throws ends the sequence with its error.
            let selecting = AnyObserver<Values> { event in
                let selected = event.map(result)
                if case .next = event, case .error = selected {
                    state.cancelDelivery()
                    all.dispose()
                }
                observer.on(selected)
            }

            @Sendable func act(_ decision: ZipState<Values>.Decision) {
                _ = decision.dropped
                if decision.finished { all.dispose() }
                state.deliver(decision.first, to: selecting)
            }

            for (index, writer) in writers.enumerated() {
                subscriptions[index].setDisposable(writer.subscribe(AnyObserver { event in
                    switch event {
                    case .next(let write):
                        act(state.withLock { $0.receive(write, at: index) })
                    case .error(let error):
                        act(state.withLock { $0.terminate(with: .error(error)) })
                    case .completed:
                        subscriptions[index].dispose()
                        act(state.withLock { $0.complete(at: index) })
                    }
                }))
            }
            return Disposables.create {
                state.cancelDelivery()
                all.dispose()
            }
        }
    }
}

/// The state of one `zip` subscription: the values of each source still waiting for a
/// partner, and which sources have completed.
private struct ZipState<Values: Sendable>: SerialDelivering {
    typealias Write = @Sendable (inout Values) -> Void

    /// What a handler does after the lock: unsubscribe everything if `finished`, deliver
    /// `first` if it became the deliverer, and release `dropped`, the values that will never
    /// be used.
    struct Decision: Sendable {
        var finished = false
        var first: Event<Values>?
        var dropped: [Queue<Write>] = []
    }

    var outbox = SerialOutbox<Values>()
    private let initial: Values
    private var queues: [Queue<Write>]
    private var isDone: [Bool]

    init(initial: Values, arity: Int) {
        self.initial = initial
        queues = Array(repeating: Queue(), count: arity)
        isDone = Array(repeating: false, count: arity)
    }

    /// Queues a value; once every source has one waiting, sends their combination. Ends the
    /// sequence when that used up the last value of a completed source.
    mutating func receive(_ write: @escaping Write, at index: Int) -> Decision {
        guard !outbox.isClosed else { return Decision() }
        queues[index].append(write)
        guard queues.allSatisfy({ !$0.isEmpty }) else { return Decision() }
        var values = initial
        for source in queues.indices {
            queues[source].popFirst()?(&values)
        }
        let first = outbox.send(.next(values))
        guard isExhausted else { return Decision(first: first) }
        var decision = terminate(with: .completed)
        decision.first = first ?? decision.first
        return decision
    }

    /// Marks a source done; ends the sequence if none of its values is waiting.
    mutating func complete(at index: Int) -> Decision {
        isDone[index] = true
        return isExhausted ? terminate(with: .completed) : Decision()
    }

    /// Ends the sequence with `event` unless it has already ended, dropping the waiting values.
    mutating func terminate(with event: Event<Values>) -> Decision {
        guard !outbox.isClosed else { return Decision() }
        let first = outbox.send(event)
        return Decision(finished: true, first: first, dropped: queues.indices.map { queues[$0].removeAll() })
    }

    /// Whether no further combination can be made: a completed source has no value waiting.
    private var isExhausted: Bool {
        queues.indices.contains { isDone[$0] && queues[$0].isEmpty }
    }
}
