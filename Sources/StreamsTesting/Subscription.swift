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
