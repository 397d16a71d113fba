// Inside Streams, chapter 1, "Events and the subscribe function": the first observables: `just`,
// `from` and the rest, and `create`, whose observer keeps the grammar for you.

import Synchronization

// `just` and `from` are `@inlinable` so that they are specialised for the caller's element and
// sequence types: they run once per subscription and once per element, often as the inner
// observables of a `flatMap`.
// Why this shape: Benchmarks/README.md, "Create.swift: just and from in the caller".

/// Factories for observables: ``create(_:)``, which you drive by hand, and the ones that emit
/// a fixed set of events.
///
/// Apart from `create`, each of them emits synchronously, during `subscribe`, on the
/// subscribing thread.
extension Observable {
    /// Creates an observable from a function that drives an observer.
    ///
    /// `subscribe` runs once per subscription. It sends events to the observer it is given and
    /// returns a disposable that releases what it started (a network task, a timer). The
    /// observer it is given enforces the grammar: after a terminal event, or after the
    /// subscription is disposed, further calls are ignored, and the returned disposable is
    /// disposed as soon as the sequence ends, right after the terminal event has been delivered
    /// (as in RxSwift: a `do(onCompleted:)` downstream runs before it).
    ///
    /// ```swift
    /// let request = Observable<Data>.create { observer in
    ///     let task = session.dataTask(with: url) { data, _, error in
    ///         if let data { observer.onNext(data); observer.onCompleted() }
    ///         else { observer.onError(error ?? URLError(.unknown)) }
    ///     }
    ///     task.resume()
    ///     return Disposables.create { task.cancel() }
    /// }
    /// ```
    ///
    /// You may call the observer from several threads at once: it still delivers one event at a
    /// time, in the order the calls arrive. A call made while another event is being delivered
    /// (from another thread, or from inside the subscriber) is queued and delivered by the
    /// thread already delivering, right after the current event; so an event is delivered on
    /// the thread that sent it or on the one delivering, and `onNext` may return before the
    /// subscriber has seen its value. Disposing the subscription stops delivery after the event
    /// in hand.
    ///
    /// - Parameter subscribe: Called for each subscriber with an observer to drive.
    /// - Returns: The observable.
    public static func create(
        _ subscribe: @escaping @Sendable (AnyObserver<Element>) -> any Disposable
    ) -> Observable<Element> {
        Observable { observer in
            let state = Mutex(CreateState<Element>())
            let lifetime = SingleAssignmentDisposable()
            // The outbox serialises callers on several threads, closes at the terminal event and
            // queues a re-entrant send; its cost is measured in the Reliability guide.
            let guarded = AnyObserver<Element> { event in
                guard !lifetime.isDisposed else { return }
                state.send(event, to: observer)
                // After the delivery, as RxSwift's `create` does; the closed outbox already
                // ignores any call that comes in between.
                if event.isStopEvent { lifetime.dispose() }
            }
            lifetime.setDisposable(subscribe(guarded))
            return Disposables.create(with: {
                state.cancelDelivery()
                lifetime.dispose()
            })
        }
    }

    /// An observable that emits one value and completes.
    ///
    /// ```
    /// just(a):  (a|)
    /// ```
    /// ![just(a), drawn from a run](create-just-a)
    ///
    /// - Parameter element: The value.
    /// - Returns: The observable.
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        Observable { observer in
            observer.on(.next(element))
            observer.on(.completed)
            return Disposables.create()
        }
    }

    /// An observable that emits the given values in order and completes.
    ///
    /// ```
    /// of(a, b, c):  (abc|)
    /// ```
    /// ![of(a, b, c), drawn from a run](create-of-a-b-c)
    ///
    /// - Parameter elements: The values.
    /// - Returns: The observable.
    public static func of(_ elements: Element...) -> Observable<Element> {
        from(elements)
    }

    /// An observable that emits the elements of a sequence in order and completes.
    ///
    /// ```
    /// from([a, b, c]):  (abc|)
    /// ```
    /// ![from([a, b, c]), drawn from a run](create-from-a-b-c)
    ///
    /// The sequence is iterated once per subscription, all at once: use it for finite
    /// sequences.
    ///
    /// - Parameter sequence: The values.
    /// - Returns: The observable.
    @inlinable
    public static func from<S: Sequence & Sendable>(_ sequence: S) -> Observable<Element> where S.Element == Element {
        Observable { observer in
            for element in sequence {
                observer.on(.next(element))
            }
            observer.on(.completed)
            return Disposables.create()
        }
    }

    /// An observable that emits `element` and completes, or completes at once when it is `nil`:
    /// RxSwift's `Observable.from(optional:)`.
    ///
    /// ```
    /// from(optional: a):    (a|)
    /// from(optional: nil):  |
    /// ```
    /// ![from(optional: a), from(optional: nil), drawn from a run](create-from-optional-a)
    ///
    /// - Parameter optional: The value, if any.
    /// - Returns: The observable.
    public static func from(optional: Element?) -> Observable<Element> {
        optional.map { just($0) } ?? empty()
    }

    /// An observable that completes at once, without values.
    ///
    /// ```
    /// empty():  |
    /// ```
    /// ![empty(), drawn from a run](create-empty)
    public static func empty() -> Observable<Element> {
        Observable { observer in
            observer.on(.completed)
            return Disposables.create()
        }
    }

    /// An observable that never emits anything and never ends.
    ///
    /// ```
    /// never():  ------
    /// ```
    /// ![never(), drawn from a run](create-never)
    public static func never() -> Observable<Element> {
        Observable { _ in Disposables.create() }
    }

    /// An observable that fails at once with `error`.
    ///
    /// ```
    /// error(e):  #
    /// ```
    /// ![error(e), drawn from a run](create-error-e)
    public static func error(_ error: any Error) -> Observable<Element> {
        Observable { observer in
            observer.on(.error(error))
            return Disposables.create()
        }
    }

    /// An observable that calls `factory` for each subscriber and subscribes to its result.
    ///
    /// Use it to delay work, such as reading a page counter, until someone subscribes. If
    /// `factory` throws, the subscriber receives the error. When the inner observable ends,
    /// it is unsubscribed before its terminal event is forwarded.
    ///
    /// - Parameter factory: Builds the observable to subscribe to.
    /// - Returns: The deferred observable.
    public static func deferred(
        _ factory: @escaping @Sendable () throws -> Observable<Element>
    ) -> Observable<Element> {
        Observable { observer in
            let inner: Observable<Element>
            do {
                inner = try factory()
            } catch {
                observer.on(.error(error))
                return Disposables.create()
            }
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(inner.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next:
                    observer.on(event)
                case .error, .completed:
                    upstream.dispose()
                    observer.on(event)
                }
            }))
            return upstream
        }
    }
}

/// The state of one ``Observable/create(_:)`` subscription: the outbox through which calls from
/// several threads, or from inside the subscriber, are delivered one at a time.
private struct CreateState<Element: Sendable>: SerialDelivering {
    var outbox = SerialOutbox<Event<Element>>()
}

extension Observable where Element == Int {
    /// An observable that emits `count` consecutive integers from `start`, in order, and
    /// completes: RxSwift's `Observable.range(start:count:)`.
    ///
    /// ```
    /// range(start: 1, count: 3):  (123|)
    /// ```
    /// ![range(start: 1, count: 3), drawn from a run](create-range-start-1-count-3)
    ///
    /// A `count` of zero or less emits nothing and completes (RxSwift stops the program on a
    /// negative count); the integers stop at `Int.max`, included, rather than overflow.
    ///
    /// - Parameters:
    ///   - start: The first integer.
    ///   - count: How many integers.
    /// - Returns: The observable.
    public static func range(start: Int, count: Int) -> Observable<Int> {
        guard count > 0 else { return from(start..<start) }
        let (last, overflow) = start.addingReportingOverflow(count - 1)
        return from(start...(overflow ? Int.max : last))
    }
}
