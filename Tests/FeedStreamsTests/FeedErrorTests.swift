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
            .transport(.cannotConnectToHost),
        ]
        #expect(all.allSatisfy { !$0.message.isEmpty && $0.message.count < 100 })
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
