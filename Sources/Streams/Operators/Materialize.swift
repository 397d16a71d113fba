extension ObservableType {
    /// Turns every event of the source, the terminal one included, into a value.
    ///
    /// Each value is emitted as `.next(value)`; the source's error or completion is emitted as
    /// `.error(error)` or `.completed`, followed by the completion of the output at the same
    /// tick. So the output never fails: an error becomes data that the next operators can
    /// count, log or test. Events are delivered on the thread the source emitted them on.
    ///
    /// ```
    /// source:  -a-b-#
    ///          materialize()
    /// output:  -A-B-(E|)      (A = "next(a)", B = "next(b)", E = "error")
    /// ```
    /// ![materialize(), drawn from a run](materialize-materialize)
    ///
    /// - Returns: An observable of the source's events, which completes after the last one.
    public func materialize() -> Observable<Event<Element>> {
        let source = asObservable()
        return Observable { observer in
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next:
                    observer.on(.next(event))
                case .error, .completed:
                    upstream.dispose()
                    observer.on(.next(event))
                    observer.on(.completed)
                }
            }))
            return upstream
        }
    }
}

extension ObservableType where Element: EventConvertible {
    /// Turns values that are events back into events: the reverse of
    /// ``ObservableType/materialize()``.
    ///
    /// A `.next(value)` value is emitted as `value`; an `.error` or `.completed` value ends the
    /// output with that event, and the source is unsubscribed then. The source's own error or
    /// completion is forwarded. Events are delivered on the thread the source emitted them on.
    ///
    /// ```
    /// source:  -a-b-#
    ///          materialize().dematerialize()
    /// output:  -a-b-#
    /// ```
    /// ![materialize().dematerialize(), drawn from a run](materialize-materialize-dematerialize)
    ///
    /// - Returns: An observable of the events the source's values describe.
    public func dematerialize() -> Observable<Element.Element> {
        let source = asObservable()
        return Observable { observer in
            let upstream = SingleAssignmentDisposable()
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    let inner = value.event
                    if inner.isStopEvent { upstream.dispose() }
                    observer.on(inner)
                case .error(let error):
                    upstream.dispose()
                    observer.on(.error(error))
                case .completed:
                    upstream.dispose()
                    observer.on(.completed)
                }
            }))
            return upstream
        }
    }
}

/// A value that stands for an ``Event``, so that ``ObservableType/dematerialize()`` can turn it
/// back into one. ``Event`` itself is the only conformance Streams needs.
public protocol EventConvertible: Sendable {
    /// The type of the values the event carries.
    associatedtype Element: Sendable

    /// The event this value stands for.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> { self }
}
