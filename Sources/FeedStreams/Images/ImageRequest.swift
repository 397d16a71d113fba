import Foundation

/// A photo's image at the size its cell shows it: the address to load, and how many pixels it
/// decodes to.
///
/// Unsplash's image addresses are imgix URLs that resize on request. The feed asks for
/// ``Photo/URLs-swift.struct/raw`` with the cell's width in points (`w`), the screen's scale
/// (`dpr`), `fit=max` (never larger than the original, never cropped), a quality (`q`) and a
/// format (`fm`), and keeps the address's own query, such as `ixid` and `ixlib`:
///
/// ```
/// raw:  https://images.unsplash.com/photo-1?ixid=MnwxfDB8MXxhbGx8&ixlib=rb-4.0.3
/// cell: 193 pt wide on a 3× screen, JPEG at quality 75
/// url:  https://images.unsplash.com/photo-1?ixid=MnwxfDB8MXxhbGx8&ixlib=rb-4.0.3&w=193&dpr=3&fit=max&q=75&fm=jpg
/// ```
///
/// It never loads `full` or `raw` as they are: a 6000 × 6000 original decodes to 137 MiB.
///
/// Two requests are equal when their ``url`` is: one URL is one load, however many cells ask.
public struct ImageRequest: Sendable, Hashable, CustomStringConvertible {
    /// The sized address.
    public let url: URL
    /// The width of the image Unsplash sends, in pixels.
    public let pixelWidth: Int
    /// The height of the image Unsplash sends, in pixels.
    public let pixelHeight: Int
    /// A hash of the address, made once: the rule looks requests up every frame, and hashing a
    /// 150-character URL each time cost more than the rest of a frame.
    let key: UInt64

    /// The query parameters the feed sets; any the server's address already had are replaced.
    /// (`h` and `auto` go too: a height would crop, and `auto=format` overrides `fm`.)
    public static let sizingParameters: Set<String> = ["w", "h", "dpr", "fit", "q", "fm", "auto"]

    /// Creates a request from its parts.
    public init(url: URL, pixelWidth: Int, pixelHeight: Int) {
        self.url = url
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        key = SplitMix64.stableHash(url.absoluteString)
    }

    /// The request for a photo shown `pointWidth` points wide.
    ///
    /// The pixel width is `w × dpr`, no more than the photo's own width (`fit=max` does not
    /// enlarge), and the height follows the photo's aspect ratio.
    ///
    /// - Parameters:
    ///   - photo: The photo; its ``Photo/URLs-swift.struct/raw`` address is resized.
    ///   - pointWidth: The cell's width in points (rounded up to whole points, at least 1).
    ///   - configuration: The screen scale, quality and format. A configuration that
    ///     ``ImageConfiguration/validate()`` refuses is read within its ranges: the scale from 1
    ///     to 5 (NaN as 1), the quality from 1 to 100.
    /// - Returns: The request, or `nil` when the raw address is not an `http` or `https` link
    ///   with a host (as decoding requires of every link), or cannot take a query.
    public init?(photo: Photo, pointWidth: Double, configuration: ImageConfiguration) {
        guard photo.urls.raw.isWebLink,
              var components = URLComponents(url: photo.urls.raw, resolvingAgainstBaseURL: false)
        else { return nil }
        let points = pointWidth.isFinite ? Int(min(max(pointWidth.rounded(.up), 1), Self.maxPixels)) : 1
        let scale = configuration.screenScale.isNaN ? 1 : min(max(configuration.screenScale, 1), 5)
        var query = (components.percentEncodedQueryItems ?? []).filter { !Self.sizingParameters.contains($0.name) }
        query += [
            URLQueryItem(name: "w", value: String(points)),
            URLQueryItem(name: "dpr", value: Self.decimal(scale)),
            URLQueryItem(name: "fit", value: "max"),
            URLQueryItem(name: "q", value: String(min(max(configuration.quality, 1), 100))),
            URLQueryItem(name: "fm", value: configuration.format.rawValue),
        ]
        components.percentEncodedQueryItems = query
        guard let url = components.url else { return nil }
        var width = Self.pixels(Double(points) * scale)
        if photo.width > 0 { width = min(width, photo.width) }
        let height = Self.pixels(Double(width) / photo.aspectRatio)
        self.init(url: url, pixelWidth: width, pixelHeight: height)
    }

    /// The most pixels a side is asked for: a photo of 1 × `Int.max` px (as a server may claim)
    /// gets a request whose decoded size is refused by the cache, not a trap.
    static let maxPixels = 1_000_000.0

    /// A side in whole pixels, from 1 to ``maxPixels``.
    private static func pixels(_ exact: Double) -> Int {
        exact.isFinite ? Int(min(max(exact.rounded(), 1), maxPixels)) : 1
    }

    /// The bytes the image takes once decoded: width × height × 4 (RGBA, 8 bits a channel); 0
    /// for a side of 0 or less, and `Int.max` when the product is larger.
    public var decodedBytes: Int {
        guard pixelWidth > 0, pixelHeight > 0 else { return 0 }
        let (pixels, overflow) = pixelWidth.multipliedReportingOverflow(by: pixelHeight)
        return overflow || pixels > Int.max / 4 ? .max : pixels * 4
    }

    /// The address.
    public var description: String {
        url.absoluteString
    }

    /// Two requests are equal when their URL is.
    public static func == (lhs: ImageRequest, rhs: ImageRequest) -> Bool {
        lhs.key == rhs.key && lhs.url == rhs.url
    }

    /// Hashes the URL (a hash of it made once).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
    }

    /// `3` for 3.0, `2.5` for 2.5.
    private static func decimal(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
