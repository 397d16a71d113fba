import Foundation

extension Photo {
    /// Where a photo lives on Unsplash. Each link is `http` or `https`: decoding refuses any other.
    public struct Links: Codable, Sendable, Hashable {
        /// The photo's resource in the API (the `self` link; `self` is taken in Swift).
        public var api: URL
        /// The photo's page on unsplash.com.
        public var html: URL
        /// The image file, for a person to download.
        public var download: URL
        /// The endpoint an app must call when it downloads the photo (Unsplash counts downloads).
        public var downloadLocation: URL

        /// Creates the set of links.
        public init(api: URL, html: URL, download: URL, downloadLocation: URL) {
            self.api = api
            self.html = html
            self.download = download
            self.downloadLocation = downloadLocation
        }

        /// Decodes the links, refusing any that is not `http` or `https`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            api = try container.decodeWebURL(forKey: .api)
            html = try container.decodeWebURL(forKey: .html)
            download = try container.decodeWebURL(forKey: .download)
            downloadLocation = try container.decodeWebURL(forKey: .downloadLocation)
        }

        private enum CodingKeys: String, CodingKey {
            case api = "self"
            case html
            case download
            case downloadLocation = "download_location"
        }
    }
}
