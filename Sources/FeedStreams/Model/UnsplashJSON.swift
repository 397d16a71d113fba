import Foundation

/// The JSON coders that speak Unsplash's wire format.
///
/// The model types spell out their snake_case keys in `CodingKeys`, so any coder reads the
/// keys; what these coders add is the date format. Unsplash writes ISO 8601 dates with a UTC
/// offset (`2021-01-19T17:35:55-05:00`); ``decoder()`` also accepts fractional seconds
/// (`2021-01-19T22:35:55.123Z`) and a `Z` suffix.
///
/// ```swift
/// let photos = try UnsplashJSON.decoder().decode([Photo].self, from: data)
/// let data = try UnsplashJSON.encoder().encode(photos)
/// ```
public enum UnsplashJSON {
    /// Returns a decoder for Unsplash's JSON.
    ///
    /// A date that is not ISO 8601 fails with `DecodingError.dataCorrupted` at that date's
    /// coding path.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "Expected an ISO 8601 date such as 2021-01-19T17:35:55-05:00, found \"\(text)\"."
                )
            }
            return date
        }
        return decoder
    }

    /// Returns an encoder that writes what ``decoder()`` reads, with sorted keys.
    ///
    /// Dates are written in UTC with a `Z` suffix, with milliseconds only when the date has a
    /// fraction of a second. A decoded photo therefore encodes to the same instants, but not to
    /// the same offsets (a `Date` does not remember the offset it was written with).
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date))
        }
        return encoder
    }

    /// Parses an ISO 8601 date with a `Z` or `±hh:mm` offset, and optional fractional seconds.
    ///
    /// - Parameter text: A date such as `2021-01-19T17:35:55-05:00`.
    /// - Returns: The instant, or `nil` when `text` is not such a date.
    public static func parseDate(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) {
            return date
        }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// Formats a date in UTC, such as `2021-01-19T22:35:55Z`.
    ///
    /// - Parameter date: The instant to write.
    /// - Returns: The date with a `Z` suffix, and milliseconds when it has a fraction of a second.
    public static func formatDate(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let hasFraction = seconds.rounded(.down) != seconds
        return Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction).format(date)
    }
}
