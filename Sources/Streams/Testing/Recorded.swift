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

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: CustomDebugStringConvertible {
    /// `next(1) @ 210`.
    public var debugDescription: String {
        "\(value) @ \(time)"
    }
}

/// When a test observable was subscribed to and when that subscription ended.
///
/// `Subscription(200, 400)` was subscribed at tick 200 and disposed at tick 400;
/// `Subscription(200)` is still subscribed.
public struct Subscription: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// The tick of the subscription.
    public let subscribe: Int
    /// The tick of the disposal, or `Int.max` while still subscribed.
    public let unsubscribe: Int

    /// Creates a subscription record.
    public init(_ subscribe: Int, _ unsubscribe: Int = .max) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// `(200, 400)` or `(200, ∞)`.
    public var debugDescription: String {
        "(\(subscribe), \(unsubscribe == .max ? "∞" : String(unsubscribe)))"
    }
}

/// Event equality, for tests: values compare with `==`; errors compare equal when they
/// describe themselves identically (`String(reflecting:)`), which holds for equal enum cases
/// and for errors of the same type with the same fields.
extension Event: Equatable where Element: Equatable {
    public static func == (lhs: Event, rhs: Event) -> Bool {
        switch (lhs, rhs) {
        case (.next(let left), .next(let right)): left == right
        case (.error(let left), .error(let right)): String(reflecting: left) == String(reflecting: right)
        case (.completed, .completed): true
        default: false
        }
    }
}

/// A simple error for tests: `TestError("boom")`.
public struct TestError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What the error says.
    public let message: String

    /// Creates an error with a message.
    public init(_ message: String = "test error") {
        self.message = message
    }

    public var description: String { message }
}
