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
}
