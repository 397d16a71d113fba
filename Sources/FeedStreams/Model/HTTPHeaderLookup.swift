extension Dictionary where Key == String, Value == String {
    /// Returns a header's value, matching its name case-insensitively as HTTP does.
    ///
    /// Servers and HTTP stacks disagree on capitals (`X-Ratelimit-Remaining`,
    /// `X-RateLimit-Remaining`, `x-ratelimit-remaining`), so headers are never looked up by
    /// exact key.
    func value(forHTTPHeader name: String) -> String? {
        let name = name.lowercased()
        return first { $0.key.lowercased() == name }?.value
    }
}
