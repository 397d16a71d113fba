import Foundation

/// Why a page of the feed could not be loaded.
///
/// Each case carries what a log needs; ``message`` is what a person sees.
public enum FeedError: Error, Equatable, Sendable {
    /// The device has no network connection.
    case offline
    /// The request did not end within its deadline (connecting, the headers and the whole
    /// body together), or the connection stalled.
    case timedOut
    /// The server rejected the access key (HTTP 401).
    case unauthorized
    /// Too many requests: HTTP 429, or 403 with `X-Ratelimit-Remaining: 0` or a
    /// `Rate Limit Exceeded` body. Unsplash's limit resets every hour.
    ///
    /// `resetAfter` is how long after the response the server said the limit resets
    /// (`Retry-After`, or `X-Ratelimit-Reset`), or `nil` when it did not say.
    case rateLimited(resetAfter: Duration?)
    /// The server refused the request (another HTTP 4xx), with the messages of its
    /// `{"errors": […]}` body, or its plain-text body, if it had one.
    ///
    /// `messages` are the server's text as sent, for logs; ``message`` shows them cleaned by
    /// ``UntrustedText/forTerminal(_:maxLength:)`` (see ``serverText``).
    case clientError(status: Int, messages: [String])
    /// The server failed (HTTP 5xx).
    case serverError(status: Int)
    /// The response could not be read as a page of photos.
    ///
    /// `path` names the value that failed, such as `[3].urls.small` (photo 3's small image
    /// address), or is empty when the body as a whole is unreadable; `problem` says what was
    /// wrong with it, such as `expected String`.
    case malformedResponse(path: String, problem: String)
    /// The response's body was longer than `limit` bytes, the most the app accepts; it was
    /// refused without being read whole.
    case responseTooLarge(limit: Int)
    /// The request was cancelled.
    case cancelled
    /// Another networking failure, such as a refused connection or one that dropped mid-response.
    case transport(URLError.Code)
    /// A person asked for a page (a pull to refresh, or the footer's retry) and the feed refused:
    /// it already started ``FeedConfiguration/maxRequestsPerMinute`` requests in the last
    /// minute. `retryAfter` is how long until the budget allows the next one. Nothing was sent.
    case requestBudgetSpent(retryAfter: Duration)
    /// One of the feed's input streams failed (a bug in the app, not the network); the feed
    /// treats that input as ended and goes on. `input` names it, `reason` is the error's text.
    case inputFailed(input: String, reason: String)

    /// How long to wait before asking again, when that is known: the wait a rate limit named,
    /// or the time until the feed's own request budget allows a request.
    public var retryAfter: Duration? {
        switch self {
        case .rateLimited(let resetAfter): resetAfter
        case .requestBudgetSpent(let retryAfter): retryAfter
        default: nil
        }
    }

    /// The text the server sent with the error, as sent, for logs: the messages of a
    /// ``clientError(status:messages:)`` one per line, or `nil` when the error carries none.
    ///
    /// Never show it as it is: it may hold line breaks, escape sequences, control and bidi
    /// characters, and be long. ``message`` shows it through
    /// ``UntrustedText/forTerminal(_:maxLength:)``: one clean line, at most 160 characters.
    public var serverText: String? {
        if case .clientError(_, let messages) = self, !messages.isEmpty { messages.joined(separator: "\n") } else { nil }
    }

    /// A short sentence to show the person using the app: one line of printable text.
    ///
    /// Text from the server appears in it only through ``UntrustedText/forTerminal(_:maxLength:)``:
    /// on one line, without escape sequences, control, bidi or other format characters, with `�`
    /// where something was removed, and cut to 160 characters (the raw text is ``serverText``).
    public var message: String {
        switch self {
        case .offline:
            "You're offline. Check your connection and pull to refresh."
        case .timedOut:
            "Unsplash is taking too long to answer. Pull to refresh to try again."
        case .unauthorized:
            "Unsplash didn't accept this app's access key."
        case .rateLimited(let resetAfter):
            if let wait = resetAfter.flatMap(Self.describeWait) {
                "Too many requests for now. Try again in \(wait)."
            } else {
                "Too many requests for now. Try again in a little while."
            }
        case .clientError(let status, _):
            if let text = serverText.map({ UntrustedText.forTerminal($0) }),
               text.contains(where: { $0 != UntrustedText.removalMarker && $0 != " " }) {
                "Unsplash couldn't handle the request: \(text)"
            } else {
                "Unsplash couldn't handle the request (error \(status))."
            }
        case .serverError(let status):
            "Unsplash is having trouble (error \(status)). Try again later."
        case .malformedResponse:
            "Unsplash sent something the app couldn't read. Pull to refresh to try again."
        case .responseTooLarge:
            "Unsplash sent more than the app can read. Pull to refresh to try again."
        case .requestBudgetSpent(let retryAfter):
            "The feed asked for photos often in the last minute. Try again in \(Self.describeWait(retryAfter) ?? "a moment")."
        case .cancelled:
            "The request was cancelled."
        case .transport:
            "Couldn't reach Unsplash. Check your connection and pull to refresh."
        case .inputFailed:
            "Something went wrong on this screen. The photos you have stay; pull to refresh to load more."
        }
    }
}

extension FeedError {
    /// A wait in words, rounded up to the unit that suits it: `45 seconds`, `5 minutes`,
    /// `1 hour`; `nil` for no wait.
    ///
    /// Any wait is described, up to `Duration`'s largest: the rounding divides first and adds
    /// the remainder's one after, so no sum can overflow.
    private static func describeWait(_ wait: Duration) -> String? {
        // A `Duration` holds more seconds than its components can name; the longest is enough.
        guard wait > .zero else { return nil }
        let (whole, fraction) = min(wait, .seconds(Int64.max)).components
        let seconds = whole + (fraction > 0 && whole < .max ? 1 : 0)
        guard seconds > 0 else { return nil }
        func roundedUp(_ unit: Int64) -> Int64 { seconds / unit + (seconds % unit > 0 ? 1 : 0) }
        let (count, unit): (Int64, String) = switch seconds {
        case ..<60: (seconds, "second")
        case ..<3600: (roundedUp(60), "minute")
        default: (roundedUp(3600), "hour")
        }
        return "\(count) \(unit)\(count == 1 ? "" : "s")"
    }

    /// Classifies a networking error.
    ///
    /// No connection (including cellular data switched off or roaming not allowed) is
    /// ``offline``; `.timedOut` is ``timedOut``; `.cancelled` is ``cancelled``;
    /// `.userAuthenticationRequired` is ``unauthorized``; any other code is ``transport(_:)``.
    ///
    /// - Parameter error: The error a `URLSession` task finished with.
    public init(_ error: URLError) {
        switch error.code {
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .callIsActive:
            self = .offline
        case .timedOut:
            self = .timedOut
        case .cancelled:
            self = .cancelled
        case .userAuthenticationRequired:
            self = .unauthorized
        default:
            self = .transport(error.code)
        }
    }

    /// Describes a failure to decode the response body as ``malformedResponse(path:problem:)``.
    ///
    /// The path is rendered as array indices and dotted keys, as in `[3].urls.small`.
    ///
    /// - Parameter error: The error a `JSONDecoder` threw.
    public init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self = .malformedResponse(path: Self.render(context.codingPath), problem: "expected \(type)")
        case .valueNotFound(let type, let context):
            self = .malformedResponse(path: Self.render(context.codingPath), problem: "expected \(type), found null")
        case .keyNotFound(let key, let context):
            self = .malformedResponse(path: Self.render(context.codingPath + [key]), problem: "missing")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self = .malformedResponse(path: "", problem: "not valid JSON")
        case .dataCorrupted(let context):
            self = .malformedResponse(path: Self.render(context.codingPath), problem: context.debugDescription)
        @unknown default:
            self = .malformedResponse(path: "", problem: String(describing: error))
        }
    }

    /// Renders a coding path as `[3].urls.small`.
    private static func render(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }
}
