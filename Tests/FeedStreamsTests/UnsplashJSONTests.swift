import Foundation
import Testing
@testable import FeedStreams

@Suite("UnsplashJSON")
struct UnsplashJSONTests {
    /// 2021-01-19T22:35:55Z.
    private let instant = Date(timeIntervalSince1970: 1_611_095_755)

    @Test("parses ISO 8601 dates with an offset, a Z, and fractional seconds")
    func parsesDates() {
        #expect(UnsplashJSON.parseDate("2021-01-19T17:35:55-05:00") == instant)
        #expect(UnsplashJSON.parseDate("2021-01-20T04:05:55+05:30") == instant)
        #expect(UnsplashJSON.parseDate("2021-01-19T22:35:55Z") == instant)
        #expect(UnsplashJSON.parseDate("2021-01-19T22:35:55.500Z") == instant.addingTimeInterval(0.5))
        #expect(UnsplashJSON.parseDate("2021-01-19T17:35:55.250-05:00") == instant.addingTimeInterval(0.25))
    }

    @Test("rejects text that is not an ISO 8601 date-time")
    func rejectsNonDates() {
        #expect(UnsplashJSON.parseDate("") == nil)
        #expect(UnsplashJSON.parseDate("2021-01-19") == nil)
        #expect(UnsplashJSON.parseDate("yesterday") == nil)
    }

    @Test("formats dates in UTC, with milliseconds only when there is a fraction")
    func formatsDates() {
        #expect(UnsplashJSON.formatDate(instant) == "2021-01-19T22:35:55Z")
        #expect(UnsplashJSON.formatDate(instant.addingTimeInterval(0.5)) == "2021-01-19T22:35:55.500Z")
    }

    @Test("the decoder reports a bad date at its coding path")
    func decoderReportsBadDate() {
        struct Stamped: Decodable {
            var at: Date
        }
        #expect {
            try UnsplashJSON.decoder().decode([Stamped].self, from: Data(#"[{"at": "soon"}]"#.utf8))
        } throws: { error in
            guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
            return context.codingPath.first?.intValue == 0 && context.codingPath.last?.stringValue == "at"
        }
    }
}
