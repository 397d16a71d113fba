import Foundation

/// A person on Unsplash: a photo's photographer, or a sponsor.
///
/// Text the person typed (``portfolioURL``, ``bio``, ``location``) stays a `String`, as sent: a
/// malformed portfolio address must not make a whole page unreadable. Show it only through
/// ``UntrustedText``, and never follow ``portfolioURL`` without checking its scheme. The links
/// Unsplash makes (``links``, ``profileImage``) are checked when decoded: a value that is not an
/// `http` or `https` URL fails the page with ``FeedError/malformedResponse(path:problem:)``.
public struct UnsplashUser: Codable, Sendable, Hashable, Identifiable {
    /// Unsplash's identifier, such as `"OaviEFA3-Cs"`.
    public var id: String
    /// The handle, as in `unsplash.com/@docusign`.
    public var username: String
    /// The display name.
    public var name: String
    /// The first name.
    public var firstName: String?
    /// The last name.
    public var lastName: String?
    /// The person's own website, as they typed it.
    public var portfolioURL: String?
    /// A short biography.
    public var bio: String?
    /// Where the person says they are.
    public var location: String?
    /// Links to the person's page and resources.
    public var links: Links
    /// The avatar at three sizes.
    public var profileImage: ProfileImage
    /// How many photos the person liked, when the API includes it.
    public var totalLikes: Int?
    /// How many photos the person published, when the API includes it.
    public var totalPhotos: Int?

    /// Creates a user; the optional parts default to absent.
    public init(
        id: String,
        username: String,
        name: String,
        firstName: String? = nil,
        lastName: String? = nil,
        portfolioURL: String? = nil,
        bio: String? = nil,
        location: String? = nil,
        links: Links,
        profileImage: ProfileImage,
        totalLikes: Int? = nil,
        totalPhotos: Int? = nil
    ) {
        self.id = id
        self.username = username
        self.name = name
        self.firstName = firstName
        self.lastName = lastName
        self.portfolioURL = portfolioURL
        self.bio = bio
        self.location = location
        self.links = links
        self.profileImage = profileImage
        self.totalLikes = totalLikes
        self.totalPhotos = totalPhotos
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case username
        case name
        case firstName = "first_name"
        case lastName = "last_name"
        case portfolioURL = "portfolio_url"
        case bio
        case location
        case links
        case profileImage = "profile_image"
        case totalLikes = "total_likes"
        case totalPhotos = "total_photos"
    }
}

extension UnsplashUser {
    /// Where a user lives on Unsplash.
    public struct Links: Codable, Sendable, Hashable {
        /// The user's resource in the API (the `self` link; `self` is taken in Swift).
        public var api: URL
        /// The user's page on unsplash.com.
        public var html: URL
        /// The user's photos in the API.
        public var photos: URL
        /// The photos the user liked, in the API.
        public var likes: URL?
        /// The user's portfolio redirect, in the API.
        public var portfolio: URL?

        /// Creates the set of links.
        public init(api: URL, html: URL, photos: URL, likes: URL? = nil, portfolio: URL? = nil) {
            self.api = api
            self.html = html
            self.photos = photos
            self.likes = likes
            self.portfolio = portfolio
        }

        /// Decodes the links, refusing any that is not `http` or `https`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            api = try container.decodeWebURL(forKey: .api)
            html = try container.decodeWebURL(forKey: .html)
            photos = try container.decodeWebURL(forKey: .photos)
            likes = try container.decodeWebURLIfPresent(forKey: .likes)
            portfolio = try container.decodeWebURLIfPresent(forKey: .portfolio)
        }

        private enum CodingKeys: String, CodingKey {
            case api = "self"
            case html
            case photos
            case likes
            case portfolio
        }
    }

    /// A user's avatar: square crops of 32, 64 and 128 pixels.
    public struct ProfileImage: Codable, Sendable, Hashable {
        /// 32 × 32 pixels.
        public var small: URL
        /// 64 × 64 pixels.
        public var medium: URL
        /// 128 × 128 pixels.
        public var large: URL

        /// Creates the set of avatar addresses.
        public init(small: URL, medium: URL, large: URL) {
            self.small = small
            self.medium = medium
            self.large = large
        }

        /// Decodes the addresses, refusing any that is not `http` or `https`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            small = try container.decodeWebURL(forKey: .small)
            medium = try container.decodeWebURL(forKey: .medium)
            large = try container.decodeWebURL(forKey: .large)
        }

        private enum CodingKeys: String, CodingKey {
            case small, medium, large
        }
    }
}
