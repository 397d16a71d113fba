import Foundation

extension Photo {
    /// A photo's image at the sizes Unsplash renders.
    ///
    /// Each address is an imgix URL: append parameters such as `w=600` to get other sizes. Each
    /// is an `http` or `https` URL: decoding refuses any other.
    public struct URLs: Codable, Sendable, Hashable {
        /// The original file, unprocessed.
        public var raw: URL
        /// The full-size JPEG.
        public var full: URL
        /// 1080 pixels wide.
        public var regular: URL
        /// 400 pixels wide.
        public var small: URL
        /// 200 pixels wide.
        public var thumb: URL

        /// Creates the set of image addresses.
        public init(raw: URL, full: URL, regular: URL, small: URL, thumb: URL) {
            self.raw = raw
            self.full = full
            self.regular = regular
            self.small = small
            self.thumb = thumb
        }

        /// Decodes the addresses, refusing any that is not `http` or `https`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            raw = try container.decodeWebURL(forKey: .raw)
            full = try container.decodeWebURL(forKey: .full)
            regular = try container.decodeWebURL(forKey: .regular)
            small = try container.decodeWebURL(forKey: .small)
            thumb = try container.decodeWebURL(forKey: .thumb)
        }

        private enum CodingKeys: String, CodingKey {
            case raw, full, regular, small, thumb
        }
    }
}
