import Foundation
import Testing
@testable import FeedStreams

@Suite("FeedError")
struct FeedErrorTests {
    @Test("classifies URLError codes", arguments: [
        (URLError.Code.notConnectedToInternet, FeedError.offline),
        (.dataNotAllowed, .offline),
        (.internationalRoamingOff, .offline),
        (.timedOut, .timedOut),
        (.cancelled, .cancelled),
        (.userAuthenticationRequired, .unauthorized),
        (.cannotConnectToHost, .transport(.cannotConnectToHost)),
        (.networkConnectionLost, .transport(.networkConnectionLost)),
        (.cannotFindHost, .transport(.cannotFindHost)),
    ])
    func classifiesURLErrors(code: URLError.Code, expected: FeedError) {
        #expect(FeedError(URLError(code)) == expected)
    }

    @Test("messages are short sentences for people")
    func messages() {
        #expect(FeedError.offline.message == "You're offline. Check your connection and pull to refresh.")
        #expect(FeedError.rateLimited(resetAfter: nil).message == "Too many requests for now. Try again in a little while.")
        #expect(FeedError.serverError(status: 503).message
            == "Unsplash is having trouble (error 503). Try again later.")
        #expect(FeedError.clientError(status: 404, messages: ["Couldn't find Photo"]).message
            == "Unsplash couldn't handle the request: Couldn't find Photo")
        #expect(FeedError.clientError(status: 404, messages: []).message
            == "Unsplash couldn't handle the request (error 404).")
        let all: [FeedError] = [
            .offline, .timedOut, .unauthorized, .rateLimited(resetAfter: nil), .clientError(status: 400, messages: []),
            .serverError(status: 500), .malformedResponse(path: "", problem: "not valid JSON"), .cancelled,
            .transport(.cannotConnectToHost), .responseTooLarge(limit: 8_388_608),
        ]
        #expect(all.allSatisfy { !$0.message.isEmpty && $0.message.count < 100 })
    }

    @Test("a rate limit's message names the wait, rounded up, when the server gave one")
    func rateLimitMessage() {
        let message = { (wait: Duration?) in FeedError.rateLimited(resetAfter: wait).message }
        #expect(message(.seconds(1)) == "Too many requests for now. Try again in 1 second.")
        #expect(message(.milliseconds(44_200)) == "Too many requests for now. Try again in 45 seconds.")
        #expect(message(.seconds(60)) == "Too many requests for now. Try again in 1 minute.")
        #expect(message(.seconds(300)) == "Too many requests for now. Try again in 5 minutes.")
        #expect(message(.seconds(301)) == "Too many requests for now. Try again in 6 minutes.")
        #expect(message(.seconds(3600)) == "Too many requests for now. Try again in 1 hour.")
        #expect(message(.seconds(86_400)) == "Too many requests for now. Try again in 24 hours.")
        #expect(message(.zero) == "Too many requests for now. Try again in a little while.")
        #expect(message(nil) == "Too many requests for now. Try again in a little while.")
    }

    @Test("server text in a message goes through UntrustedText.forTerminal; the raw text stays in serverText")
    func cleanServerText() {
        let raw = ["line one\r\n\tline two\u{07}", "\u{202E}txt.exe\u{2066}\u{200B}\u{FEFF}", "\u{1B}[2Jcleared"]
        let error = FeedError.clientError(status: 422, messages: raw)
        #expect(error.message == "Unsplash couldn't handle the request: line one line two� txt.exe� cleared")
        #expect(error.serverText == raw.joined(separator: "\n"))
        // Nothing printable left: the status instead.
        #expect(FeedError.clientError(status: 409, messages: ["\u{202E}\u{0}", " \n "]).message
            == "Unsplash couldn't handle the request (error 409).")
        #expect(FeedError.clientError(status: 409, messages: []).serverText == nil)
        #expect(FeedError.serverError(status: 500).serverText == nil)
    }

    @Test("an error body of ANSI sequences loses whole sequences, not only their ESC bytes")
    func ansiErrorBody() {
        let body = "\u{1B}]0;PWNED-TITLE\u{7}\u{1B}[2J\u{1B}[31mYOUR DISK IS FULL\u{1B}[0m"
        #expect(FeedError.clientError(status: 400, messages: [body]).message
            == "Unsplash couldn't handle the request: �YOUR DISK IS FULL�")
    }

    @Test("the request budget's refusal says when to try again")
    func requestBudgetMessage() {
        let error = FeedError.requestBudgetSpent(retryAfter: .milliseconds(41_200))
        #expect(error.message == "The feed asked for photos often in the last minute. Try again in 42 seconds.")
        #expect(error.retryAfter == .milliseconds(41_200))
        #expect(error.isTransient)
    }

    @Test("names the coding path of a value of the wrong type")
    func typeMismatch() {
        let json = #"[{"urls": {"small": "ok"}}, {"urls": {"small": 400}}]"#
        #expect(decodingFailure(json) == .malformedResponse(path: "[1].urls.small", problem: "expected String"))
    }

    @Test("names a missing key, and a null where a value must be")
    func missingAndNull() {
        #expect(decodingFailure(#"[{"urls": {}}]"#) == .malformedResponse(path: "[0].urls.small", problem: "missing"))
        #expect(decodingFailure(#"[{"urls": {"small": null}}]"#)
            == .malformedResponse(path: "[0].urls.small", problem: "expected String, found null"))
    }

    @Test("reports a body that is not JSON at the empty path")
    func notJSON() {
        #expect(decodingFailure("<html>") == .malformedResponse(path: "", problem: "not valid JSON"))
        #expect(decodingFailure(#"[{"urls": {"sm"#) == .malformedResponse(path: "", problem: "not valid JSON"))
    }

    @Test("carries the decoder's explanation for a corrupt value")
    func corruptValue() {
        struct Stamped: Decodable {
            var at: Date
        }
        let error = #expect(throws: DecodingError.self) {
            try UnsplashJSON.decoder().decode([Stamped].self, from: Data(#"[{"at": "soon"}]"#.utf8))
        }
        let expected = FeedError.malformedResponse(
            path: "[0].at",
            problem: #"Expected an ISO 8601 date such as 2021-01-19T17:35:55-05:00, found "soon"."#
        )
        #expect(error.map(FeedError.init) == expected)
    }

    /// The `FeedError` for a failure to decode `json` as photo-like values.
    private func decodingFailure(_ json: String) -> FeedError? {
        struct Item: Decodable {
            struct URLs: Decodable {
                var small: String
            }
            var urls: URLs
        }
        do {
            _ = try JSONDecoder().decode([Item].self, from: Data(json.utf8))
            return nil
        } catch let error as DecodingError {
            return FeedError(error)
        } catch {
            return nil
        }
    }
}
