import Synchronization

extension ObservableType {
    /// Emits the source's latest value each time `sampler` emits, if the source has emitted
    /// since the previous sample.
    ///
    /// A value is emitted at most once: a sample with no new value since the last one emits
    /// `defaultValue`, or nothing when there is none. When the source completes, the output
    /// completes at the next sample, after emitting the value still pending. When `sampler`
    /// completes, it takes a last sample and the output completes, since nothing could be
    /// emitted again. An error from either ends the output at once.
    ///
    /// ```
    /// source:  -a-b---c-|
    /// sampler: --x--xx-x--x|
    ///          sample(sampler)
    /// output:  --a--b--c--|
    /// ```
    /// ![sample(sampler), drawn from a run](sample-sample-sampler)
    ///
    /// The source and `sampler` may emit on different threads; the observer is called
    /// serially, on the thread of the input whose event it is, or on the thread already
    /// delivering.
    ///
    /// - Parameters:
    ///   - sampler: The observable whose values take the samples.
    ///   - defaultValue: What a sample emits when the source has not emitted since the
    ///     previous one; `nil` to emit nothing then.
    /// - Returns: An observable of the sampled values.
    public func sample<Sampler: ObservableConvertibleType>(_ sampler: Sampler, defaultValue: Element? = nil) -> Observable<Element> {
        let source = asObservable()
        let sampler = sampler.asObservable()
        return Observable { observer in
            let state = Mutex(SampleState<Element>(defaultValue: defaultValue))
            let sourceSubscription = SingleAssignmentDisposable()
            let samplerSubscription = SingleAssignmentDisposable()

            @Sendable func act(_ decision: (finished: Bool, first: Handoff<Event<Element>>?)) {
                if decision.finished {
                    sourceSubscription.dispose()
                    samplerSubscription.dispose()
                }
                state.deliver(decision.first, to: observer)
            }

            sourceSubscription.setDisposable(source.subscribe(AnyObserver { event in
                switch event {
                case .next(let value):
                    let replaced = state.withLock { $0.store(value) }
                    _ = replaced
                case .error(let error):
                    act(state.withLock { $0.terminate(with: .error(error)) })
                case .completed:
                    state.withLock { $0.isSourceDone = true }
                    sourceSubscription.dispose()
                }
            }))
            samplerSubscription.setDisposable(sampler.subscribe(AnyObserver { event in
                switch event {
                case .next:
                    act(state.withLock { $0.sample(isLast: false) })
                case .error(let error):
                    act(state.withLock { $0.terminate(with: .error(error)) })
                case .completed:
                    act(state.withLock { $0.sample(isLast: true) })
                }
            }))
            return Disposables.create {
                state.cancelDelivery()
                sourceSubscription.dispose()
                samplerSubscription.dispose()
            }
        }
    }
}

/// The state of one ``ObservableType/sample(_:defaultValue:)`` subscription: the source's
/// value not sampled yet, whether the source has completed, and one outbox for the samples and
/// the terminal event, which the two inputs may decide on different threads.
private struct SampleState<Element: Sendable>: SerialDelivering {
    var outbox = SerialOutbox<Event<Element>>()
    var isSourceDone = false
    private var pending: Element?
    private let defaultValue: Element?

    init(defaultValue: Element?) {
        self.defaultValue = defaultValue
    }

    /// Keeps `value` for the next sample; returns the value it replaces, to release after the lock.
    mutating func store(_ value: Element) -> Element? {
        defer { pending = value }
        return pending
    }

    /// Sends the pending value (or the default), then the completion if the source has
    /// completed or this is the sampler's last sample.
    mutating func sample(isLast: Bool) -> (finished: Bool, first: Handoff<Event<Element>>?) {
        guard !outbox.isClosed else { return (false, nil) }
        var first: Handoff<Event<Element>>?
        if let value = pending ?? defaultValue {
            pending = nil
            first = outbox.send(.next(value))
        }
        guard isLast || isSourceDone else { return (false, first) }
        let completion = outbox.send(.completed)
        return (true, first ?? completion)
    }

    /// Ends the sequence with `event` unless it has already ended.
    mutating func terminate(with event: Event<Element>) -> (finished: Bool, first: Handoff<Event<Element>>?) {
        guard !outbox.isClosed else { return (false, nil) }
        pending = nil
        return (true, outbox.send(event))
    }
}
