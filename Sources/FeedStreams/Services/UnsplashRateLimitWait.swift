import Foundation

extension UnsplashHTTPService {
    /// The longest wait ``rateLimitWait(headers:receivedAt:)`` reports: a day.
    public static let maxRateLimitWait: Duration = .seconds(86_400)

    /// How long a rate-limited response asks the client to wait before asking again. Pure.
    ///
    /// Read from, in this order:
    /// - `Retry-After` (RFC 9110): a number of seconds (`120`), or an HTTP date
    ///   (`Wed, 21 Oct 2026 07:28:00 GMT`, or the obsolete RFC 850 and asctime forms);
    /// - `X-Ratelimit-Reset`: the moment the limit resets, in seconds since 1970.
    ///
    /// A moment is measured from the response's own `Date` header when it has one, so that a
    /// client whose clock is wrong still waits the right time; otherwise from `receivedAt`. A
    /// moment already past is a wait of zero; a wait longer than ``maxRateLimitWait`` is cut to
    /// it. A value that is neither form is ignored. Header names match case-insensitively.
    ///
    /// - Parameters:
    ///   - headers: The response's header fields.
    ///   - receivedAt: When the response arrived, by the client's clock.
    /// - Returns: The wait, from 0 to ``maxRateLimitWait``, or `nil` when the response did not
    ///   name one (or named a moment that `receivedAt`, NaN, cannot measure).
    public static func rateLimitWait(headers: [String: String], receivedAt: Date) -> Duration? {
        let serverNow = headers.value(forHTTPHeader: "Date").flatMap(httpDate) ?? receivedAt
        if let retryAfter = headers.value(forHTTPHeader: "Retry-After")?.trimmingCharacters(in: .whitespaces) {
            if let seconds = wholeSeconds(retryAfter) {
                return clampedWait(seconds: Double(seconds))
            }
            if let date = httpDate(retryAfter) {
                return clampedWait(seconds: date.timeIntervalSince(serverNow))
            }
        }
        if let reset = headers.value(forHTTPHeader: "X-Ratelimit-Reset")?.trimmingCharacters(in: .whitespaces),
           let epochSeconds = wholeSeconds(reset) {
            return clampedWait(seconds: Double(epochSeconds) - serverNow.timeIntervalSince1970)
        }
        return nil
    }

    /// A run of ASCII digits as a number; a number too long for `Int` saturates.
    private static func wholeSeconds(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return Int(text) ?? Int.max
    }

    /// A wait from 0 to ``maxRateLimitWait``; `nil` when it cannot be measured (a clock that
    /// reads NaN).
    private static func clampedWait(seconds: Double) -> Duration? {
        guard !seconds.isNaN else { return nil }
        let limit = Double(maxRateLimitWait.components.seconds)
        let clamped = min(max(seconds, 0), limit)
        return .milliseconds(Int64((clamped * 1000).rounded()))
    }

    /// Parses an HTTP date in any of the three forms RFC 9110 accepts.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) {
                return date
            }
        }
        return nil
    }
}
