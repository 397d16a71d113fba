import Foundation
import Testing
@testable import FeedStreams

@Suite("Photo")
struct PhotoTests {
    @Test("decodes the 2019 page: ten photos, no blur_hash, no sponsorship key")
    func decodes2019Page() throws {
        let photos = try Fixture.page2019.photos()

        #expect(photos.count == 10)
        #expect(photos.map(\.id).first == "cTz5-T7voqQ")
        #expect(photos.map(\.id).last == "EHeejuE_0MI")
        #expect(photos.allSatisfy { $0.blurHash == nil })
        #expect(photos.allSatisfy { !$0.isSponsored })
        #expect(photos[5].description == nil)
        #expect(photos[7].description == nil)

        let first = photos[0]
        #expect(first.width == 5120)
        #expect(first.height == 3408)
        #expect(first.color == "#F33548")
        #expect(first.likes == 79)
        #expect(first.likedByUser == false)
        #expect(first.description == "President Donald Trump and VP Mike Pence")
        #expect(first.altDescription == "Donald Trump beside man in black suit")
        #expect(first.links.api.absoluteString == "http://api.lvh.me:3000/photos/cTz5-T7voqQ")
        #expect(first.links.downloadLocation.absoluteString == "http://api.lvh.me:3000/photos/cTz5-T7voqQ/download")
        #expect(first.urls.thumb.absoluteString.hasSuffix("w=200&fit=max&ixid=eyJhcHBfaWQiOjEyMDd9"))
        #expect(first.user.username == "historyhd")
        #expect(first.user.name == "History in HD")
        #expect(first.user.lastName == nil)
        #expect(first.user.portfolioURL == nil)
        #expect(first.user.location == "Earth")
        #expect(first.user.totalPhotos == 10)
        #expect(first.user.totalLikes == 0)
        #expect(first.user.links.html.absoluteString == "http://lvh.me:3000/@historyhd")
        #expect(first.user.profileImage.small.absoluteString.hasSuffix("h=32&w=32"))
    }

    @Test("decodes the 2021 page: the sponsored photo first, then a regular one")
    func decodes2021Page() throws {
        let photos = try Fixture.page2021.photos()

        #expect(photos.count == 2)
        let sponsored = photos[0]
        #expect(sponsored.id == "uI-fScjuXnI")
        #expect(sponsored.isSponsored)
        #expect(sponsored.sponsorship?.tagline == "The #1 way to agree")
        #expect(sponsored.sponsorship?.taglineURL == "https://www.docusign.com.au")
        #expect(sponsored.sponsorship?.sponsor.username == "docusign")
        #expect(sponsored.sponsorship?.sponsor.lastName == nil)
        #expect(sponsored.description == nil)
        #expect(sponsored.altDescription == "A woman looking at a contract on DocuSign from a iPhone")
        #expect(sponsored.blurHash == "LPKmnO9w57o#0K9FNJS2JUtRsonN")
        #expect(sponsored.promotedAt == nil)
        #expect(sponsored.user.portfolioURL == "http://www.docusign.com")

        let regular = photos[1]
        #expect(regular.id == "x90Fh5ejNN8")
        #expect(!regular.isSponsored)
        #expect(regular.description == nil)
        #expect(regular.user.name == "Devon Divine")
        #expect(regular.user.firstName == "Devon")
        #expect(regular.user.lastName == "Divine")
    }

    @Test("parses dates with UTC offsets to the exact instant")
    func parsesDatesWithOffsets() throws {
        let sponsored = try Fixture.page2021.photos()[0]
        let regular = try Fixture.page2021.photos()[1]
        let old = try Fixture.page2019.photos()[0]

        // 2021-01-19T17:35:55-05:00 is 2021-01-19T22:35:55Z.
        #expect(sponsored.createdAt == Date(timeIntervalSince1970: 1_611_095_755))
        // 2021-04-11T10:31:09-04:00 is 2021-04-11T14:31:09Z.
        #expect(sponsored.updatedAt == Date(timeIntervalSince1970: 1_618_151_469))
        // 2021-04-11T09:57:13-04:00 is 2021-04-11T13:57:13Z.
        #expect(regular.promotedAt == Date(timeIntervalSince1970: 1_618_149_433))
        // 2019-02-18T18:20:08-05:00 is 2019-02-18T23:20:08Z.
        #expect(old.createdAt == Date(timeIntervalSince1970: 1_550_532_008))
    }

    @Test("round-trips through UnsplashJSON's encoder and decoder")
    func roundTrips() throws {
        for fixture in Fixture.allCases {
            let photos = try fixture.photos()
            let encoded = try UnsplashJSON.encoder().encode(photos)
            let decoded = try UnsplashJSON.decoder().decode([Photo].self, from: encoded)

            #expect(try UnsplashJSON.encoder().encode(decoded) == encoded)
            for (original, copy) in zip(photos, decoded) {
                #expect(copy.createdAt == original.createdAt)
                #expect(copy.promotedAt == original.promotedAt)
                #expect(copy.urls == original.urls)
                #expect(copy.links == original.links)
                #expect(copy.user == original.user)
                #expect(copy.sponsorship == original.sponsorship)
                #expect(copy.blurHash == original.blurHash)
                #expect(copy.description == original.description)
            }
        }
    }

    @Test("equality and hashing follow the id alone")
    func identityIsTheID() throws {
        let photo = try Fixture.page2021.photos()[1]
        var liked = photo
        liked.likes += 1
        let other = try Fixture.page2021.photos()[0]

        #expect(liked == photo)
        #expect(Set([photo, liked, other]).count == 2)
        #expect(photo.id == "x90Fh5ejNN8")
    }

    @Test("aspectRatio is width over height, and 1 without a usable size")
    func aspectRatio() throws {
        var photo = try Fixture.page2021.photos()[0]
        #expect(photo.aspectRatio == 8063.0 / 5375.0)

        photo.width = 3000
        photo.height = 4500
        #expect(photo.aspectRatio == 3000.0 / 4500.0)

        photo.height = 0
        #expect(photo.aspectRatio == 1)
    }

    @Test("rgbColor parses the hex colour, in either case")
    func rgbColor() throws {
        var photo = try Fixture.page2021.photos()[0]
        #expect(photo.rgbColor == RGBColor(red: 0xd9, green: 0xc0, blue: 0xc0))

        photo.color = "#F33548"
        #expect(photo.rgbColor == RGBColor(red: 243, green: 53, blue: 72))

        photo.color = nil
        #expect(photo.rgbColor == nil)

        photo.color = "transparent"
        #expect(photo.rgbColor == nil)
    }

    // MARK: Values with a format are checked when decoded

    /// Colours a server might send, as JSON, and what decodes.
    static let colors: [(json: String, decoded: String?)] = [
        (##""#d9c0c0""##, "#d9c0c0"), (##""#D9C0c0""##, "#D9C0c0"), (##""#zzzzzz""##, nil), (##""#zzzzzz\u0000\u202e""##, nil),
        (##""#d9c0c0\u0000""##, nil), (##""#d9c0c0\u001b[2J""##, nil), (##""#fff""##, nil), (##""d9c0c0""##, nil), (##""red""##, nil),
        (##""#ＤＥＡＤＢＥ""##, nil), (##""""##, nil), ("42", nil), ("null", nil),
    ]

    @Test("a colour that is not #rrggbb decodes as nil, as if absent, and the page still decodes", arguments: colors.indices)
    func colorFormat(index: Int) throws {
        let (json, decoded) = Self.colors[index]
        let sent = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let photos = try Self.decode { photos in photos[1]["color"] = sent }
        #expect(photos[1].color == decoded)
        #expect(photos[1].rgbColor == decoded.flatMap(RGBColor.init(hex:)))
        #expect(photos[0].color == "#d9c0c0", "the other photo is untouched")
    }

    @Test("a colour given to the initializer follows the same rule")
    func colorInInit() throws {
        let template = try Fixture.page2021.photos()[1]
        func made(_ color: String?) -> Photo {
            Photo(id: "x", createdAt: template.createdAt, updatedAt: template.updatedAt, width: 1, height: 1,
                  color: color, urls: template.urls, links: template.links, user: template.user)
        }
        #expect(made("#0a0B0c").color == "#0a0B0c")
        #expect(made("#0a0b0c\u{1B}").color == nil)
        #expect(made(nil).color == nil)
    }

    /// Every link of a photo, as a path into the JSON of photo 1 of the 2021 page.
    static let linkPaths = [
        "urls.raw", "urls.full", "urls.regular", "urls.small", "urls.thumb",
        "links.self", "links.html", "links.download", "links.download_location",
        "user.links.self", "user.links.html", "user.links.photos", "user.links.likes", "user.links.portfolio",
        "user.profile_image.small", "user.profile_image.medium", "user.profile_image.large",
    ]

    @Test("a link that is not http or https fails the page, naming the value", arguments: linkPaths)
    func linkScheme(path: String) throws {
        for hostile in ["javascript:alert(document.cookie)", "JavaScript:alert(1)", "data:text/html,<script>x</script>",
                        "file:///etc/passwd", "/photos/relative", "http://", "ftp://example.com/a.jpg"] {
            let error = try Self.decodingError { photos in Self.set(&photos[1], path: path, to: hostile) }
            #expect(error == .malformedResponse(path: "[1].\(path)", problem: "expected an http or https URL, found \"\(hostile)\""))
        }
        let photos = try Self.decode { photos in Self.set(&photos[1], path: path, to: "HTTPS://Images.Unsplash.com/a?b=c") }
        #expect(photos.count == 2, "any case of http and https is a link")
    }

    @Test("a sponsor's links are checked too; the texts a person typed stay strings")
    func sponsorLinks() throws {
        let error = try Self.decodingError { photos in
            Self.set(&photos[0], path: "sponsorship.sponsor.links.html", to: "javascript:alert(1)")
        }
        #expect(error == .malformedResponse(path: "[0].sponsorship.sponsor.links.html",
                                            problem: "expected an http or https URL, found \"javascript:alert(1)\""))
        let photos = try Self.decode { photos in
            Self.set(&photos[0], path: "sponsorship.tagline_url", to: "javascript:alert(1)")
            Self.set(&photos[1], path: "user.portfolio_url", to: "javascript:alert(2)")
        }
        #expect(photos[0].sponsorship?.taglineURL == "javascript:alert(1)")
        #expect(photos[1].user.portfolioURL == "javascript:alert(2)")
    }

    /// The 2021 page as JSON objects, changed by `change`, then decoded.
    private static func decode(_ change: (inout [[String: Any]]) -> Void) throws -> [Photo] {
        var photos = try #require(try JSONSerialization.jsonObject(with: Fixture.page2021.data()) as? [[String: Any]])
        change(&photos)
        return try UnsplashJSON.decoder().decode([Photo].self, from: JSONSerialization.data(withJSONObject: photos))
    }

    /// The `FeedError` that decoding the changed page fails with.
    private static func decodingError(_ change: (inout [[String: Any]]) -> Void) throws -> FeedError? {
        do {
            _ = try decode(change)
            return nil
        } catch let error as DecodingError {
            return FeedError(error)
        }
    }

    /// Sets the value at a dotted path of a JSON object.
    private static func set(_ object: inout [String: Any], path: String, to value: Any) {
        let keys = path.split(separator: ".").map(String.init)
        guard keys.count > 1 else {
            object[keys[0]] = value
            return
        }
        var child = object[keys[0]] as? [String: Any] ?? [:]
        set(&child, path: keys.dropFirst().joined(separator: "."), to: value)
        object[keys[0]] = child
    }
}
