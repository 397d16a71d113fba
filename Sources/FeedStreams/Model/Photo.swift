import Foundation

/// One photo in the feed, as Unsplash's API describes it.
///
/// `Photo` decodes the objects of `GET /photos` with the coders in ``UnsplashJSON``. Optional
/// properties are the fields the API may send as `null` or, in older responses, not at all
/// (`blur_hash` appeared in 2020).
///
/// Values with a format are checked when decoded, so that nothing later has to wonder: a
/// ``color`` that is not `#rrggbb` decodes as `nil`, and every link (``urls``, ``links``, the
/// user's links and avatar) must be an `http` or `https` URL with a host, or the page fails to
/// decode with a ``FeedError/malformedResponse(path:problem:)`` naming the value, such as
/// `[3].links.html`. Text (names, descriptions) stays as sent: show it through
/// ``UntrustedText``.
///
/// Sizes and counts are whatever the server said, from 0 to `Int.max`; ``aspectRatio`` and
/// ``FeedLayout`` keep any of them drawable.
///
/// Two photos are equal, and hash alike, when their ``id`` is equal: a feed treats a newer copy
/// of a photo (with more likes, say) as the same item. Compare the properties themselves to
/// detect such a change.
public struct Photo: Codable, Sendable, Hashable, Identifiable {
    /// Unsplash's identifier, such as `"uI-fScjuXnI"`.
    public var id: String
    /// When the photo was uploaded.
    public var createdAt: Date
    /// When the photo was last changed.
    public var updatedAt: Date
    /// When Unsplash's editors featured the photo, if they did.
    public var promotedAt: Date?
    /// The original width in pixels.
    public var width: Int
    /// The original height in pixels.
    public var height: Int
    /// The photo's dominant colour as `#rrggbb`, such as `"#d9c0c0"`, or `nil`; see ``rgbColor``.
    ///
    /// A value in any other form (`"#zzzzzz"`, `"red"`, a number, text with control characters)
    /// decodes as `nil`, as if absent, and so does one given to ``init(id:createdAt:updatedAt:promotedAt:width:height:color:blurHash:description:altDescription:urls:links:likes:likedByUser:user:sponsorship:)``:
    /// a screen shows its neutral placeholder instead.
    public var color: String?
    /// A compact BlurHash of the photo, to draw while the image loads.
    public var blurHash: String?
    /// The photographer's description.
    public var description: String?
    /// A description written for accessibility.
    public var altDescription: String?
    /// The image at several sizes.
    public var urls: URLs
    /// Links to the photo's page, its API resource and its download.
    public var links: Links
    /// How many people liked the photo.
    public var likes: Int
    /// Whether the signed-in user liked the photo (always `false` with a public access key).
    public var likedByUser: Bool
    /// The photographer.
    public var user: UnsplashUser
    /// The advertiser, when the photo is a paid placement in the feed.
    public var sponsorship: Sponsorship?

    /// Creates a photo; the optional parts default to absent.
    public init(
        id: String,
        createdAt: Date,
        updatedAt: Date,
        promotedAt: Date? = nil,
        width: Int,
        height: Int,
        color: String? = nil,
        blurHash: String? = nil,
        description: String? = nil,
        altDescription: String? = nil,
        urls: URLs,
        links: Links,
        likes: Int = 0,
        likedByUser: Bool = false,
        user: UnsplashUser,
        sponsorship: Sponsorship? = nil
    ) {
        self.id = id
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.promotedAt = promotedAt
        self.width = width
        self.height = height
        self.color = color.flatMap(Self.hexColor)
        self.blurHash = blurHash
        self.description = description
        self.altDescription = altDescription
        self.urls = urls
        self.links = links
        self.likes = likes
        self.likedByUser = likedByUser
        self.user = user
        self.sponsorship = sponsorship
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case promotedAt = "promoted_at"
        case width
        case height
        case color
        case blurHash = "blur_hash"
        case description
        case altDescription = "alt_description"
        case urls
        case links
        case likes
        case likedByUser = "liked_by_user"
        case user
        case sponsorship
    }

    /// Decodes a photo, checking its colour and its links (see the discussion of ``Photo``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        promotedAt = try container.decodeIfPresent(Date.self, forKey: .promotedAt)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        color = (try? container.decodeIfPresent(String.self, forKey: .color)).flatMap { $0.flatMap(Self.hexColor) }
        blurHash = try container.decodeIfPresent(String.self, forKey: .blurHash)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        altDescription = try container.decodeIfPresent(String.self, forKey: .altDescription)
        urls = try container.decode(URLs.self, forKey: .urls)
        links = try container.decode(Links.self, forKey: .links)
        likes = try container.decode(Int.self, forKey: .likes)
        likedByUser = try container.decode(Bool.self, forKey: .likedByUser)
        user = try container.decode(UnsplashUser.self, forKey: .user)
        sponsorship = try container.decodeIfPresent(Sponsorship.self, forKey: .sponsorship)
    }

    /// `text` when it is `#` and six hex digits, otherwise `nil`.
    private static func hexColor(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#"),
              bytes.dropFirst().allSatisfy({ $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit })
        else { return nil }
        return text
    }

    /// Returns whether two values are the same photo, by ``id``.
    public static func == (lhs: Photo, rhs: Photo) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the photo's ``id``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

extension Photo {
    /// Width divided by height: above 1 for landscape, below 1 for portrait.
    ///
    /// It is 1 when either dimension is not positive, so a layout never divides by zero. It is
    /// the ratio of the sizes the server sent, however extreme; ``FeedLayout`` clamps what it
    /// lays out to ``FeedLayout/aspectRatioRange``.
    public var aspectRatio: Double {
        guard width > 0, height > 0 else { return 1 }
        return Double(width) / Double(height)
    }

    /// Whether the photo is a paid placement (it has a ``sponsorship``).
    public var isSponsored: Bool {
        sponsorship != nil
    }

    /// The dominant ``color`` as red, green and blue, or `nil` when it is absent or not hex.
    public var rgbColor: RGBColor? {
        color.flatMap(RGBColor.init(hex:))
    }
}
