import FeedStreams
import Foundation
import Testing

@Suite("PhotoCatalog")
struct PhotoCatalogTests {
    private static let catalog = PhotoCatalog()

    @Test("the same seed gives the same catalog, byte for byte")
    func sameSeedSameBytes() throws {
        let first = try json(PhotoCatalog(seed: 99))
        let second = try json(PhotoCatalog(seed: 99))
        #expect(first == second)
        #expect(first.count > 300_000)
    }

    @Test("a different seed gives a different catalog")
    func differentSeed() throws {
        let first = PhotoCatalog(seed: 1)
        let second = PhotoCatalog(seed: 2)
        #expect(first.photos.map(\.id) != second.photos.map(\.id))
        #expect(try json(first) != json(second))
    }

    @Test("the generator is pinned: the default catalog starts with the same photo on every platform")
    func goldenValues() {
        var random = SplitMix64(seed: 0)
        let draws = [random.next(), random.next()]
        #expect(draws == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4])
        let first = Self.catalog.photos[0]
        #expect(first.id == "GJzPim9XL-7")
        #expect(first.color == "#ffe5cc")
    }

    @Test("a smaller catalog is a prefix of a larger one with the same seed")
    func prefix() {
        let small = PhotoCatalog(seed: 5, count: 20, liveCount: 3)
        let large = PhotoCatalog(seed: 5)
        #expect(small.photos.map(\.id) == Array(large.photos.prefix(20)).map(\.id))
        #expect(small.livePhotos.map(\.id) == Array(large.livePhotos.prefix(3)).map(\.id))
        #expect(small.photographers == large.photographers)
    }

    @Test("has 360 base photos, 60 live ones and 40 photographers by default")
    func defaultSizes() {
        #expect(Self.catalog.photos.count == 360)
        #expect(Self.catalog.livePhotos.count == 60)
        #expect(Self.catalog.photographers.count == 40)
        #expect(Set(Self.catalog.photographers.map(\.username)).count == 40)
        #expect(Set(Self.catalog.photographers.map(\.name)).count == 40)
    }

    @Test("ids are unique, 11 characters of Unsplash's alphabet")
    func ids() {
        let all = Self.catalog.photos + Self.catalog.livePhotos
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        #expect(Set(all.map(\.id)).count == all.count)
        #expect(all.allSatisfy { $0.id.count == 11 && $0.id.allSatisfy(alphabet.contains) })
        let users = Self.catalog.photographers + Self.catalog.sponsors
        #expect(users.allSatisfy { $0.id.count == 11 })
    }

    @Test("base photos are newest first and older than the reference date; live photos newer, in order")
    func dates() {
        let base = Self.catalog.photos.map(\.createdAt)
        #expect(zip(base, base.dropFirst()).allSatisfy { $0 > $1 })
        #expect(base.allSatisfy { $0 < Self.catalog.referenceDate })
        let live = Self.catalog.livePhotos.map(\.createdAt)
        #expect(zip(live, live.dropFirst()).allSatisfy { $0 < $1 })
        #expect(live.allSatisfy { $0 > Self.catalog.referenceDate })
        #expect(Self.catalog.photos.allSatisfy { $0.updatedAt >= $0.createdAt })
    }

    @Test("sizes are camera sizes: portraits, landscapes, squares and panoramas all occur")
    func sizes() {
        let photos = Self.catalog.photos
        #expect(photos.contains { $0.width == 4000 && $0.height == 6000 })
        #expect(photos.contains { $0.width == 6000 && $0.height == 4000 })
        #expect(photos.contains { $0.width == $0.height })
        #expect(photos.contains { $0.aspectRatio >= 3 || $0.aspectRatio <= 1.0 / 3 })
        let portraits = photos.filter { $0.height > $0.width }.count
        #expect(portraits > 100 && portraits < 260)
    }

    @Test("colours parse, and each BlurHash is well formed with the photo's colour as its average")
    func coloursAndBlurHashes() throws {
        let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
        func decode(_ text: Substring) -> Int {
            text.reduce(0) { $0 * 83 + digits.firstIndex(of: $1)! }
        }
        // One photo in eight has no hash, as some of Unsplash's have none.
        #expect(Self.catalog.photos.indices.filter { Self.catalog.photos[$0].blurHash == nil } == Array(stride(from: 5, to: Self.catalog.photos.count, by: 8)))
        for photo in Self.catalog.photos {
            let color = try #require(photo.rgbColor)
            guard let hash = photo.blurHash else { continue }
            let size = decode(hash.prefix(1))
            let components = (size % 9 + 1) * (size / 9 + 1)
            #expect(hash.count == 4 + 2 * components)
            #expect(hash.allSatisfy(digits.contains))
            let average = decode(hash.dropFirst(2).prefix(4))
            #expect(average == Int(color.red) << 16 + Int(color.green) << 8 + Int(color.blue))
            // 4 × 3 components for landscapes ("L"), 3 × 4 for portraits ("T"), 4 × 4 for squares ("U").
            let orientation: Character = photo.width > photo.height ? "L" : photo.width < photo.height ? "T" : "U"
            #expect(hash.first == orientation)
        }
        #expect(Set(Self.catalog.photos.compactMap(\.color)).count > 200)
    }

    @Test("image URLs have Unsplash's shape")
    func urls() {
        for photo in Self.catalog.photos.prefix(50) {
            let small = photo.urls.small.absoluteString
            #expect(small.hasPrefix("https://images.unsplash.com/photo-"))
            #expect(small.contains("?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid="))
            #expect(small.hasSuffix("&q=80&w=400"))
            #expect(photo.urls.thumb.absoluteString.hasSuffix("&w=200"))
            #expect(photo.urls.regular.absoluteString.hasSuffix("&w=1080"))
            #expect(photo.links.html.absoluteString == "https://unsplash.com/photos/\(photo.id)")
            #expect(photo.user.links.html.absoluteString == "https://unsplash.com/@\(photo.user.username)")
            #expect(photo.user.profileImage.small.absoluteString.contains("&w=32&h=32"))
        }
    }

    @Test("sponsored photos occur now and then, never at the top or two in a row, posted by their sponsor")
    func sponsored() throws {
        let photos = Self.catalog.photos
        let sponsored = photos.indices.filter { photos[$0].isSponsored }
        #expect(sponsored.count >= 4 && sponsored.count <= 30)
        #expect(!photos[0].isSponsored)
        #expect(zip(sponsored, sponsored.dropFirst()).allSatisfy { $1 - $0 > 1 })
        for index in sponsored {
            let sponsorship = try #require(photos[index].sponsorship)
            #expect(sponsorship.sponsor == photos[index].user)
            #expect(sponsorship.tagline != nil)
        }
        #expect(!Self.catalog.livePhotos.contains { $0.isSponsored })
    }

    @Test("photos have photographers, likes and descriptions")
    func people() {
        let photos = Self.catalog.photos
        let photographers = Set(photos.filter { !$0.isSponsored }.map(\.user.username))
        #expect(photographers.count >= 30)
        #expect(photos.contains { $0.description != nil })
        #expect(photos.filter { $0.altDescription != nil }.count > 300)
        #expect(photos.allSatisfy { $0.likes >= 0 })
        #expect(Self.catalog.photographers.contains { $0.bio != nil && $0.location != nil })
    }

    @Test("the feed after live publications starts with the newest live photos, then the base feed")
    func feed() {
        let catalog = PhotoCatalog(seed: 3, count: 10, liveCount: 4)
        let live = catalog.livePhotos.map(\.id)
        let base = catalog.photos.map(\.id)
        #expect(catalog.feed().map(\.id) == base)
        #expect(catalog.feed(published: 2).map(\.id) == [live[1], live[0]] + base)
        #expect(catalog.feed(published: 9).count == 14)
        #expect(catalog.feedSlice(1..<4, published: 2).map(\.id) == [live[0], base[0], base[1]])
        #expect(catalog.feedSlice(11..<20, published: 2).map(\.id) == [base[9]])
        #expect(catalog.feedSlice(12..<20, published: 2).isEmpty)
    }

    @Test("the photos survive a JSON round trip")
    func roundTrip() throws {
        let photos = Array(Self.catalog.photos.prefix(30))
        let data = try UnsplashJSON.encoder().encode(photos)
        let decoded = try UnsplashJSON.decoder().decode([Photo].self, from: data)
        #expect(try UnsplashJSON.encoder().encode(decoded) == data)
    }

    @Test("SplitMix64's helpers stay in range")
    func generator() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<1000 {
            let integer = random.int(in: 3...9)
            let value = random.double()
            #expect((3...9).contains(integer))
            #expect(value >= 0 && value < 1)
        }
        let single = random.int(in: 4...4)
        let never = random.chance(0)
        let always = random.chance(1)
        #expect(single == 4)
        #expect(!never)
        #expect(always)
    }

    private func json(_ catalog: PhotoCatalog) throws -> Data {
        try UnsplashJSON.encoder().encode(catalog.photos + catalog.livePhotos)
    }
}
