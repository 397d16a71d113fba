// Inside Streams, chapter 1, "Events and the subscribe function": an observer is a value wrapping
// one function that takes an event.

/// Something that receives the events of an observable sequence.
///
/// An observer is a value wrapping one `@Sendable` function. Observables call ``on(_:)``
/// serially and never after a terminal event (see ``Event``).
public struct AnyObserver<Element: Sendable>: Sendable {
    let handler: @Sendable (Event<Element>) -> Void

    /// Creates an observer that passes every event to `handler`.
    ///
    /// - Parameter handler: Called once per event, serially.
    public init(_ handler: @escaping @Sendable (Event<Element>) -> Void) {
        self.handler = handler
    }

    /// Delivers one event.
    public func on(_ event: Event<Element>) {
        handler(event)
    }

    /// Delivers `.next(element)`.
    public func onNext(_ element: Element) {
        handler(.next(element))
    }

    /// Delivers `.error(error)`, ending the sequence.
    public func onError(_ error: any Error) {
        handler(.error(error))
    }

    /// Delivers `.completed`, ending the sequence.
    public func onCompleted() {
        handler(.completed)
    }
}
