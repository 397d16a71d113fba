/// The advertiser behind a sponsored photo.
///
/// Unsplash places sponsored photos in the feed among the others; a feed should label them.
public struct Sponsorship: Codable, Sendable, Hashable {
    /// The advertiser's slogan, such as `"The #1 way to agree"`.
    public var tagline: String?
    /// Where the slogan links to, as the advertiser typed it: show it only through
    /// ``UntrustedText``, and check its scheme before following it.
    public var taglineURL: String?
    /// The advertiser's Unsplash account.
    public var sponsor: UnsplashUser

    /// Creates a sponsorship.
    public init(tagline: String? = nil, taglineURL: String? = nil, sponsor: UnsplashUser) {
        self.tagline = tagline
        self.taglineURL = taglineURL
        self.sponsor = sponsor
    }

    private enum CodingKeys: String, CodingKey {
        case tagline
        case taglineURL = "tagline_url"
        case sponsor
    }
}
