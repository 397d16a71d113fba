// Inside Streams, chapter 1, "Events and the subscribe function": an observer is a value wrapping
// one function that takes an event.

/// An observer that wraps one function: the observer every observable subscribes.
///
/// Observables call ``on(_:)`` serially and never after a terminal event (see ``Event``). Any
/// other ``ObserverType`` becomes one with ``ObserverType/asObserver()``, or as
/// `AnyObserver(subject)`.
public struct AnyObserver<Element: Sendable>: ObserverType {
    @usableFromInline
    let handler: @Sendable (Event<Element>) -> Void

    /// Creates an observer that passes every event to `handler`.
    ///
    /// - Parameter handler: Called once per event, serially.
    @inlinable
    public init(_ handler: @escaping @Sendable (Event<Element>) -> Void) {
        self.handler = handler
    }

    /// Delivers one event.
    @inlinable
    public func on(_ event: Event<Element>) {
        handler(event)
    }

    /// Returns `self`.
    @inlinable
    public func asObserver() -> AnyObserver<Element> {
        self
    }
}
