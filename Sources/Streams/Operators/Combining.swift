import Synchronization

// The one implementation behind `combineLatest` and `zip`: one state behind one `Mutex`, delivered
// through the outbox. The two operators differ only in their `CombiningRule`: what they keep of
// each source's values, when those make a combination, and when no further one can be made
// (`LatestValues` in CombineLatest.swift, `QueuedValues` in Zip.swift).
//
// The typed overloads, both `combining` functions, `CombiningState`, the two rules and their
// answers are `@inlinable`/`@usableFromInline` so that they are specialised for the caller's
// types, as `merge` is: unspecialised, most of a value's time went to generic metadata lookups.
// Hence storage that is internal, not private.
// Why this shape: Benchmarks/README.md, "W10: combineLatest and zip".

/// What `combineLatest` and `zip` differ in: what they keep of each source's values, when a value
/// makes a combination, and when no further combination can be made.
@usableFromInline
protocol CombiningRule: Sendable {
    associatedtype Value: Sendable

    /// A rule for `count` sources, none of which has emitted.
    init(sources count: Int)

    /// Keeps a value of the source at `index`.
    mutating func receive(_ value: Value, from index: Int) -> Received<Value>

    /// Marks the source at `index` completed.
    ///
    /// - Returns: Whether no further combination can be made, so the result completes.
    mutating func complete(_ index: Int) -> Bool
}

/// What one value did to a ``CombiningRule``.
@usableFromInline
struct Received<Value: Sendable>: Sendable {
    /// The combination it made, one value of each source in their order, if any.
    @usableFromInline var combination: [Value]?
    /// Whether no further combination can be made after it, so the result completes.
    @usableFromInline var isLast: Bool
    /// The value it replaced, for the caller to release after the lock.
    @usableFromInline var replaced: Value?

    @inlinable
    init(combination: [Value]? = nil, isLast: Bool = false, replaced: Value? = nil) {
        self.combination = combination
        self.isLast = isLast
        self.replaced = replaced
    }
}

extension Observable {
    /// The typed forms, `combineLatest(a, b, c) { … }` and `zip(a, b) { … }`, over the one
    /// implementation below.
    ///
    /// The sources' values go in as `any Sendable`, so that sources of different types share one
    /// state, and come out with their types again, in the order of the sources, for
    /// `resultSelector`. The sources come as the public forms take them, a first one and a pack
    /// of others: one pack of all of them costs a thunk per combination ("W10",
    /// Benchmarks/README.md).
    @inlinable
    static func combining<Rule: CombiningRule, First: ObservableConvertibleType, each Other: ObservableConvertibleType>(
        _ first: First, _ others: repeat each Other,
        keeping rule: Rule.Type,
        resultSelector: @escaping @Sendable (First.Element, repeat (each Other).Element) throws -> Element
    ) -> Observable<Element> where Rule.Value == any Sendable {
        combining(erasing(first, repeat each others), keeping: rule) { combination in
            var values = combination.makeIterator()
            return try resultSelector(values.next(as: First.Element.self), repeat values.next(as: (each Other).Element.self))
        }
    }

    /// The tuple forms, `combineLatest(a, b)` and `zip(a, b, c)` of observables and of traits: each
    /// combination as a tuple of the sources' values, in their order. (Passing a generic `tuple`
    /// function as the `resultSelector` of the form above would say the same, but Swift 6.3
    /// crashes compiling that partial application over the sources' element types.)
    @inlinable
    static func combiningInTuples<Rule: CombiningRule, First: ObservableConvertibleType, each Other: ObservableConvertibleType>(
        _ first: First, _ others: repeat each Other,
        keeping rule: Rule.Type
    ) -> Observable<Element> where Rule.Value == any Sendable, Element == (First.Element, repeat (each Other).Element) {
        combining(erasing(first, repeat each others), keeping: rule) { combination in
            var values = combination.makeIterator()
            return (try values.next(as: First.Element.self), repeat try values.next(as: (each Other).Element.self))
        }
    }

    /// The sources as observables of `any Sendable`, so that sources of different types share
    /// one state.
    @inlinable
    static func erasing<each Source: ObservableConvertibleType>(_ sources: repeat each Source) -> [Observable<any Sendable>] {
        var erased: [Observable<any Sendable>] = []
        for source in repeat each sources {
            erased.append(source.asObservable().map { $0 as any Sendable })
        }
        return erased
    }

    /// The one implementation behind every `combineLatest` and `zip`.
    ///
    /// Each value goes to `Rule` under the lock; a combination it makes is sent through the
    /// outbox, and `resultSelector` runs when it is delivered, outside the lock and serially, so
    /// results come out in the order the combinations were made.
    @inlinable
    static func combining<Rule: CombiningRule>(
        _ sources: [Observable<Rule.Value>],
        keeping rule: Rule.Type,
        resultSelector: @escaping @Sendable ([Rule.Value]) throws -> Element
    ) -> Observable<Element> {
        Observable { observer in
            let state = Mutex(CombiningState<Rule>(sources: sources.count))
            let subscriptions = sources.map { _ in SingleAssignmentDisposable() }
            let all = CompositeDisposable(subscriptions)

            // A selector that throws ends the sequence with its error.
            let selecting = AnyObserver<[Rule.Value]> { event in
                switch event {
                case .next(let combination):
                    do {
                        observer.on(.next(try resultSelector(combination)))
                    } catch {
                        state.cancelDelivery()
                        all.dispose()
                        observer.on(.error(error))
                    }
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.completed)
                }
            }

            @Sendable func act(_ decision: CombiningState<Rule>.Decision) {
                if decision.finished { all.dispose() }
                state.deliver(decision.first, to: selecting)
            }

            for (index, source) in sources.enumerated() {
                subscriptions[index].setDisposable(source.subscribe(AnyObserver { event in
                    switch event {
                    case .next(let value):
                        act(state.withLock { $0.receive(value, from: index) })
                    case .error(let error):
                        act(state.withLock { $0.terminate(with: .error(error)) })
                    case .completed:
                        subscriptions[index].dispose()
                        act(state.withLock { $0.complete(index) })
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

/// The state of one `combineLatest` or `zip` subscription: the rule with the values it keeps,
/// and the outbox.
@usableFromInline
struct CombiningState<Rule: CombiningRule>: SerialDelivering {
    /// What a handler does after the lock: unsubscribe from every source if `finished`, deliver
    /// `first` if it became the deliverer. What the state let go of, `replaced` and `dropped`, is
    /// released with the decision.
    @usableFromInline
    struct Decision: Sendable {
        @usableFromInline var finished: Bool
        @usableFromInline var first: Handoff<Event<[Rule.Value]>>?
        @usableFromInline var replaced: Rule.Value?
        @usableFromInline var dropped: Rule?

        @inlinable
        init(
            finished: Bool = false, first: Handoff<Event<[Rule.Value]>>? = nil,
            replaced: Rule.Value? = nil, dropped: Rule? = nil
        ) {
            self.finished = finished
            self.first = first
            self.replaced = replaced
            self.dropped = dropped
        }
    }

    @usableFromInline var outbox = SerialOutbox<Event<[Rule.Value]>>()
    /// The values kept, until the result ends and lets go of them.
    @usableFromInline var rule: Rule?

    @inlinable
    init(sources count: Int) {
        rule = Rule(sources: count)
    }

    /// Keeps a value; sends the combination it makes, and the completion after it if it was
    /// the last one.
    @inlinable
    mutating func receive(_ value: Rule.Value, from index: Int) -> Decision {
        guard !outbox.isClosed, let received = rule?.receive(value, from: index) else { return Decision() }
        let first = received.combination.flatMap { outbox.send(.next($0)) }
        var decision = received.isLast ? terminate(with: .completed) : Decision()
        decision.first = first ?? decision.first
        decision.replaced = received.replaced
        return decision
    }

    /// Marks a source completed; ends the sequence if no further combination can be made.
    @inlinable
    mutating func complete(_ index: Int) -> Decision {
        guard !outbox.isClosed, rule?.complete(index) == true else { return Decision() }
        return terminate(with: .completed)
    }

    /// Ends the sequence with `event` unless it has already ended, dropping the values kept.
    @inlinable
    mutating func terminate(with event: Event<[Rule.Value]>) -> Decision {
        guard !outbox.isClosed else { return Decision() }
        return Decision(finished: true, first: outbox.send(event), dropped: rule.take())
    }
}

extension IndexingIterator<[any Sendable]> {
    /// The next value of a typed `combineLatest` or `zip`, with its source's type again.
    ///
    /// A combination holds one value of each source in their order, so the `n`th value has the
    /// type of the `n`th source, and the cast succeeds; if it did not, the error would end the
    /// sequence, as a selector's error does.
    @inlinable
    mutating func next<Value>(as type: Value.Type) throws -> Value {
        guard let value = next() as? Value else { throw CombinationTypeMismatch(expected: "\(type)") }
        return value
    }
}

/// A combination whose value does not have its source's type (see `next(as:)`).
@usableFromInline
struct CombinationTypeMismatch: Error {
    @usableFromInline let expected: String

    @inlinable
    init(expected: String) {
        self.expected = expected
    }
}
