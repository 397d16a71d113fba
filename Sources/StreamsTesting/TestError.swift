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
