// Inside Streams, chapter 1, "Events and the subscribe function": the three kinds of event, their
// grammar `next* (error | completed)?`, and the two promises every observable keeps.

/// One thing an observable sequence tells its observer.
///
/// An observable sends zero or more ``next(_:)`` events and then at most one terminal event,
/// ``error(_:)`` or ``completed``. Written as a grammar:
///
/// ```
/// next* (error | completed)?
/// ```
///
/// Every observable and operator in Streams keeps two promises:
///
/// - **Serial delivery.** An observer never receives two events at the same time; each call to
///   ``AnyObserver/on(_:)`` returns before the next one starts.
/// - **Nothing after the end.** After a terminal event, or after the subscription is disposed,
///   the observer receives nothing more.
public enum Event<Element: Sendable>: Sendable {
    /// The sequence produced a value.
    case next(Element)
    /// The sequence failed; no further events follow.
    case error(any Error)
    /// The sequence finished normally; no further events follow.
    case completed

    /// The value carried by a ``next(_:)`` event, or `nil` for a terminal event.
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error carried by an ``error(_:)`` event, or `nil` otherwise.
    public var error: (any Error)? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Whether this is ``error(_:)`` or ``completed``, the last event of a sequence.
    @inlinable
    public var isStopEvent: Bool {
        switch self {
        case .next: false
        case .error, .completed: true
        }
    }

    /// Transforms the value of a ``next(_:)`` event and keeps terminal events as they are.
    ///
    /// - Parameter transform: The function applied to the value.
    /// - Returns: The transformed event, or an ``error(_:)`` event if `transform` throws.
    public func map<Result: Sendable>(_ transform: (Element) throws -> Result) -> Event<Result> {
        switch self {
        case .next(let value):
            do { return .next(try transform(value)) } catch { return .error(error) }
        case .error(let error):
            return .error(error)
        case .completed:
            return .completed
        }
    }
}

extension Event: CustomDebugStringConvertible {
    /// A readable form such as `next(1)`, `error(timeout)` or `completed`.
    public var debugDescription: String {
        switch self {
        case .next(let value): "next(\(value))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }
}
