import Streams

/// A value stamped with the virtual tick at which it happened.
///
/// Tests write expected events as recorded events, in RxTest's notation:
///
/// ```swift
/// let expected: [Recorded<Event<Int>>] = [.next(210, 2), .next(220, 3), .completed(300)]
/// ```
public struct Recorded<Value: Sendable>: Sendable {
    /// The tick.
    public let time: Int
    /// What happened.
    public let value: Value

    /// Stamps `value` with `time`.
    public init(time: Int, value: Value) {
        self.time = time
        self.value = value
    }

    /// A `next` event at `time`.
    public static func next<Element>(_ time: Int, _ element: Element) -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded<Event<Element>>(time: time, value: .next(element))
    }

    /// A `completed` event at `time`.
    public static func completed<Element>(_ time: Int, _ type: Element.Type = Element.self) -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded<Event<Element>>(time: time, value: .completed)
    }

    /// An `error` event at `time`.
    public static func error<Element>(_ time: Int, _ error: any Error, _ type: Element.Type = Element.self)
        -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded<Event<Element>>(time: time, value: .error(error))
    }
}

extension Recorded {
    /// RxTest's `Recorded.events(…)`: the recorded events, as a list
    /// (`Recorded.events(.next(210, 1), .completed(250))`).
    public static func events<Element>(_ recordedEvents: Recorded<Event<Element>>...) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        recordedEvents
    }

    /// RxTest's `Recorded.events([…])`: the list itself.
    public static func events<Element>(_ recordedEvents: [Recorded<Event<Element>>]) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        recordedEvents
    }
}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: CustomDebugStringConvertible {
    /// `next(1) @ 210`.
    public var debugDescription: String {
        "\(value) @ \(time)"
    }
}
