import Foundation

/// A deterministic set of realistic Unsplash-style photos, generated from a seed.
///
/// The catalog stands in for Unsplash's "latest" feed wherever the network must not be used:
/// tests, previews, and the terminal demo. Every field looks like what the API sends: 11-character
/// ids, camera sizes (portrait 4000 × 6000, landscape 6000 × 4000, square, panoramas), muted
/// dominant colours, BlurHash strings whose average colour is the photo's colour, image URLs in
/// the `https://images.unsplash.com/photo-…?ixid=…&w=400` shape, about 40 photographers with
/// names, bios, locations and avatars, likes, and now and then a sponsored photo with its
/// ``Sponsorship``.
///
/// ```swift
/// let catalog = PhotoCatalog(seed: 7)
/// catalog.photos.count        // 360, newest first
/// catalog.livePhotos.count    // 60, published later by a LiveFeed
/// catalog.feed(published: 2)  // the two newest live photos, then the 360
/// ```
///
/// ## Determinism
///
/// The same arguments give the same catalog, byte for byte (as JSON), on every platform: the
/// generator is ``SplitMix64`` with its own integer and floating-point helpers, no hashing or
/// set iteration order is involved, and dates are whole seconds after a fixed
/// ``defaultReferenceDate``. The photographers, the base photos and the live photos are drawn
/// from three separate streams, so a smaller catalog is a prefix of a larger one with the same
/// seed: `PhotoCatalog(count: 20).photos` are the first 20 of `PhotoCatalog().photos`.
///
/// ## The feed and live photos
///
/// ``photos`` is the feed as it stands at the reference date, newest first: each photo was
/// created a few minutes to an hour before the one above it. ``livePhotos`` is a reserve in
/// order of publication, each created a couple of minutes after the previous one, all after the
/// reference date. ``feed(published:)`` is the feed after the first `n` live photos appeared
/// at its top, which is what ``CatalogPhotoService`` serves when it is given a ``LiveFeed``.
public struct PhotoCatalog: Sendable {
    /// The seed used when none is given.
    public static let defaultSeed: UInt64 = 0x5EED_F0_0D
    /// The number of base photos when none is given.
    public static let defaultCount = 360
    /// The number of live photos when none is given.
    public static let defaultLiveCount = 60
    /// The number of photographers when none is given.
    public static let defaultPhotographerCount = 40
    /// The moment the base feed describes: 1 June 2024, 12:00 UTC.
    public static let defaultReferenceDate = Date(timeIntervalSince1970: 1_717_243_200)
    /// The most photos, or live photos, a catalog makes: enough for any demo, few enough to
    /// make in a moment.
    public static let maxCount = 10_000
    /// The most photographers a catalog makes: each has a name of its own, and the vocabulary
    /// has 1,848 first and last name pairs to draw them from.
    public static let maxPhotographerCount = 500
    /// About 3,000 years, in seconds: how far from 1970 a reference date may be.
    static let maxReferenceSeconds = 1e11

    /// The seed the catalog was generated from.
    public let seed: UInt64
    /// The moment the base feed describes: every base photo was created before it.
    public let referenceDate: Date
    /// The base feed, newest first.
    public let photos: [Photo]
    /// Photos created after ``referenceDate``, in order of publication (oldest first).
    public let livePhotos: [Photo]
    /// The photographers, each of whom took some of the photos.
    public let photographers: [UnsplashUser]
    /// The advertisers whose accounts post the sponsored photos.
    public let sponsors: [UnsplashUser]

    /// Generates a catalog.
    ///
    /// - Parameters:
    ///   - seed: Chooses the catalog; equal seeds give equal catalogs.
    ///   - count: The number of base photos; 360 unless given. From 0 to ``maxCount``; a count
    ///     outside is clamped into that range.
    ///   - liveCount: The number of live photos in reserve; 60 unless given. From 0 to
    ///     ``maxCount``, clamped likewise.
    ///   - photographerCount: How many photographers share the photos; 40 unless given. From 1
    ///     to ``maxPhotographerCount``, clamped likewise.
    ///   - referenceDate: When the base feed was captured; base photos are older, live photos
    ///     newer. A date more than 3,000 years from 1970 is taken as that far (NaN as 1970).
    public init(
        seed: UInt64 = defaultSeed,
        count: Int = defaultCount,
        liveCount: Int = defaultLiveCount,
        photographerCount: Int = defaultPhotographerCount,
        referenceDate: Date = defaultReferenceDate
    ) {
        var root = SplitMix64(seed: seed)
        var people = SplitMix64(seed: root.next())
        var base = SplitMix64(seed: root.next())
        var live = SplitMix64(seed: root.next())
        let seconds = referenceDate.timeIntervalSince1970
        let reference = seconds.isNaN ? 0 : min(max(seconds, -Self.maxReferenceSeconds), Self.maxReferenceSeconds)
        var builder = CatalogBuilder(referenceSeconds: Int(reference))
        let count = min(max(count, 0), Self.maxCount)
        let liveCount = min(max(liveCount, 0), Self.maxCount)

        let photographers = (0..<min(max(photographerCount, 1), Self.maxPhotographerCount)).map { _ in builder.makePhotographer(&people) }
        let sponsors = CatalogVocabulary.sponsors.map { builder.makeSponsor($0, &people) }

        var photos: [Photo] = []
        photos.reserveCapacity(count)
        var created = builder.referenceSeconds
        var previousWasSponsored = true  // No sponsored photo at the very top.
        for rank in 0..<count {
            created -= base.int(in: 4...55) * 60 + base.int(in: 0...59)
            let sponsor = !previousWasSponsored && base.chance(0.04) ? base.pick(sponsors) : nil
            let user = sponsor ?? base.pick(photographers)
            photos.append(builder.makePhoto(&base, created: created, rank: rank + 1, user: user, sponsor: sponsor))
            previousWasSponsored = sponsor != nil
        }

        var livePhotos: [Photo] = []
        livePhotos.reserveCapacity(liveCount)
        for index in 0..<liveCount {
            let created = builder.referenceSeconds + (index + 1) * 120 + live.int(in: 0...59)
            let user = live.pick(photographers)
            livePhotos.append(builder.makePhoto(&live, created: created, rank: 1, user: user, sponsor: nil))
        }

        self.seed = seed
        self.referenceDate = referenceDate
        self.photos = photos
        self.livePhotos = livePhotos
        self.photographers = photographers
        self.sponsors = sponsors
    }

    /// The feed after `published` live photos appeared at its top: the newest first, then the
    /// base ``photos``.
    ///
    /// - Parameter published: How many of ``livePhotos`` are out; clamped to `0...livePhotos.count`.
    /// - Returns: `published + photos.count` photos, newest first.
    public func feed(published: Int = 0) -> [Photo] {
        feedSlice(0..<feedCount(published: published), published: published)
    }

    /// The number of photos in the feed after `published` live photos appeared.
    public func feedCount(published: Int) -> Int {
        clampedPublished(published) + photos.count
    }

    /// Part of ``feed(published:)``, without building the whole feed.
    ///
    /// - Parameters:
    ///   - range: Positions in the feed; the part beyond its end is left out.
    ///   - published: How many live photos are out.
    /// - Returns: The photos at those positions.
    public func feedSlice(_ range: Range<Int>, published: Int) -> [Photo] {
        let published = clampedPublished(published)
        let end = min(range.upperBound, published + photos.count)
        guard range.lowerBound < end else { return [] }
        return (max(range.lowerBound, 0)..<end).map { position in
            position < published ? livePhotos[published - 1 - position] : photos[position - published]
        }
    }

    private func clampedPublished(_ published: Int) -> Int {
        min(max(published, 0), livePhotos.count)
    }
}

/// Makes the catalog's users and photos, keeping track of the ids already handed out.
private struct CatalogBuilder {
    let referenceSeconds: Int
    private var usedIDs: Set<String> = []
    private var usedUsernames: Set<String> = []
    private var usedNames: Set<String> = []

    /// The imgix library version Unsplash's URLs carry.
    private static let ixlib = "rb-4.0.3"
    /// The application id written into each `ixid` (any number; this one is fictional).
    private static let applicationID = 41_207

    init(referenceSeconds: Int) {
        self.referenceSeconds = referenceSeconds
    }

    // MARK: People

    mutating func makePhotographer(_ random: inout SplitMix64) -> UnsplashUser {
        var first = random.pick(CatalogVocabulary.firstNames)
        var last = random.pick(CatalogVocabulary.lastNames)
        while usedNames.contains("\(first) \(last)") {
            first = random.pick(CatalogVocabulary.firstNames)
            last = random.pick(CatalogVocabulary.lastNames)
        }
        usedNames.insert("\(first) \(last)")

        let plainFirst = Self.handle(first)
        let plainLast = Self.handle(last)
        let candidates = [
            plainFirst + plainLast, plainFirst + "_" + plainLast, plainFirst + plainLast.prefix(1),
            plainFirst + "shoots", plainFirst + plainLast + "photo", plainLast + plainFirst,
        ]
        let username = uniqueUsername(random.pick(candidates), &random)
        let location = random.chance(0.85) ? random.pick(CatalogVocabulary.locations) : nil
        let interest = random.pick(CatalogVocabulary.interests)
        let bio: String? = switch random.int(in: 0...3) {
        case 0: nil
        case 1: "Photographer based in \(location?.split(separator: ",").first.map(String.init) ?? "nowhere in particular"). \(interest)"
        case 2: "\(interest) Say hi on Instagram @\(username)."
        default: "Hobbyist with a camera. \(interest)"
        }
        let portfolio: String? = switch random.int(in: 0...2) {
        case 0: nil
        case 1: "https://\(username).com"
        default: "https://instagram.com/\(username)"
        }
        return UnsplashUser(
            id: uniqueID(&random),
            username: username,
            name: "\(first) \(last)",
            firstName: first,
            lastName: last,
            portfolioURL: portfolio,
            bio: bio,
            location: location,
            links: Self.userLinks(username),
            profileImage: profileImage(&random),
            totalLikes: random.int(in: 0...900),
            totalPhotos: random.int(in: 12...640)
        )
    }

    mutating func makeSponsor(
        _ sponsor: (name: String, username: String, tagline: String, site: String),
        _ random: inout SplitMix64
    ) -> UnsplashUser {
        usedUsernames.insert(sponsor.username)
        return UnsplashUser(
            id: uniqueID(&random),
            username: sponsor.username,
            name: sponsor.name,
            firstName: sponsor.name,
            portfolioURL: sponsor.site,
            bio: sponsor.tagline,
            links: Self.userLinks(sponsor.username),
            profileImage: profileImage(&random),
            totalLikes: 0,
            totalPhotos: random.int(in: 20...120)
        )
    }

    // MARK: Photos

    mutating func makePhoto(
        _ random: inout SplitMix64,
        created: Int,
        rank: Int,
        user: UnsplashUser,
        sponsor: UnsplashUser?
    ) -> Photo {
        let id = uniqueID(&random)
        let size = random.pick(weighted: CatalogVocabulary.sizes)
        let color = Self.vary(random.pick(CatalogVocabulary.palette), &random)
        let updated = min(created + random.int(in: 0...(72 * 3600)), max(referenceSeconds, created))
        let promoted: Int? = random.chance(0.15) ? created + random.int(in: 3600...(36 * 3600)) : nil
        let uploadMillis = Int64(created) * 1000 + Int64(random.int(in: 0...999))
        let imagePath = "photo-\(uploadMillis)-\(Self.hex(random.next(), digits: 12))"
        let ixid = Self.ixid(rank: rank, seconds: created)
        let curve = random.double()
        let likes = Int(curve * curve * curve * 1800) + random.int(in: 0...30) + (sponsor == nil ? 0 : 250)
        let description: String? = random.chance(0.45) ? Self.photographerDescription(&random, user: user) : nil
        let altDescription: String? = random.chance(0.95) ? Self.altDescription(&random) : nil
        // Unsplash sends no blur_hash for some photos: one in eight here (the hash is drawn all
        // the same, so the photos after it stay as they were), so that a cell shows its colour
        // until its image comes.
        let hash = Self.blurHash(color: color, width: size.width, height: size.height, &random)
        return Photo(
            id: id,
            createdAt: Date(timeIntervalSince1970: Double(created)),
            updatedAt: Date(timeIntervalSince1970: Double(updated)),
            promotedAt: promoted.map { Date(timeIntervalSince1970: Double($0)) },
            width: size.width,
            height: size.height,
            color: Self.hexColor(color),
            blurHash: rank % 8 == 6 ? nil : hash,
            description: description,
            altDescription: altDescription,
            urls: Self.imageURLs(path: imagePath, ixid: ixid),
            links: Self.photoLinks(id: id, ixid: ixid),
            likes: likes,
            user: user,
            sponsorship: sponsor.map { sponsor in
                Sponsorship(tagline: sponsor.bio, taglineURL: sponsor.portfolioURL, sponsor: sponsor)
            }
        )
    }

    // MARK: Identifiers

    /// An unused 11-character id from Unsplash's alphabet.
    private mutating func uniqueID(_ random: inout SplitMix64) -> String {
        while true {
            let id = String((0..<11).map { _ in random.pick(CatalogVocabulary.idAlphabet) })
            if usedIDs.insert(id).inserted { return id }
        }
    }

    private mutating func uniqueUsername(_ wanted: String, _ random: inout SplitMix64) -> String {
        var username = wanted
        while !usedUsernames.insert(username).inserted {
            username = wanted + String(random.int(in: 2...99))
        }
        return username
    }

    /// A name as it may appear in a handle: ASCII lowercase letters only.
    private static func handle(_ name: String) -> String {
        let folded = name.replacingOccurrences(of: "ı", with: "i")
            .folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        return String(folded.lowercased().unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }.map(Character.init))
    }

    /// `value` as `digits` lowercase hex digits (the low ones, zero-padded).
    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        let padded = String(repeating: "0", count: max(digits - text.count, 0)) + text
        return String(padded.suffix(digits))
    }

    /// An `ixid` as Unsplash builds it: base64 of a `|`-separated tracking record, unpadded.
    private static func ixid(rank: Int, seconds: Int) -> String {
        let record = "3|\(applicationID)|0|1|all|\(rank)||||||2||\(seconds)"
        return Data(record.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    // MARK: URLs

    private static func url(_ text: String) -> URL {
        guard let url = URL(string: text) else { preconditionFailure("catalog URL does not parse: \(text)") }
        return url
    }

    private static func imageURLs(path: String, ixid: String) -> Photo.URLs {
        let base = "https://images.unsplash.com/\(path)?"
        let resized = "crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=\(ixid)&ixlib=\(ixlib)&q=80&w="
        return Photo.URLs(
            raw: url(base + "ixid=\(ixid)&ixlib=\(ixlib)"),
            full: url(base + "crop=entropy&cs=srgb&fm=jpg&ixid=\(ixid)&ixlib=\(ixlib)&q=85"),
            regular: url(base + resized + "1080"),
            small: url(base + resized + "400"),
            thumb: url(base + resized + "200")
        )
    }

    private static func photoLinks(id: String, ixid: String) -> Photo.Links {
        Photo.Links(
            api: url("https://api.unsplash.com/photos/\(id)"),
            html: url("https://unsplash.com/photos/\(id)"),
            download: url("https://unsplash.com/photos/\(id)/download?ixid=\(ixid)"),
            downloadLocation: url("https://api.unsplash.com/photos/\(id)/download?ixid=\(ixid)")
        )
    }

    private static func userLinks(_ username: String) -> UnsplashUser.Links {
        let api = "https://api.unsplash.com/users/\(username)"
        return UnsplashUser.Links(
            api: url(api),
            html: url("https://unsplash.com/@\(username)"),
            photos: url(api + "/photos"),
            likes: url(api + "/likes"),
            portfolio: url(api + "/portfolio")
        )
    }

    private func profileImage(_ random: inout SplitMix64) -> UnsplashUser.ProfileImage {
        let uploaded = Int64(referenceSeconds - random.int(in: 86_400...(6 * 365 * 86_400))) * 1000 + Int64(random.int(in: 0...999))
        let base = "https://images.unsplash.com/profile-\(uploaded)-\(Self.hex(random.next(), digits: 12))image"
            + "?ixlib=\(Self.ixlib)&crop=faces&fit=crop"
        return UnsplashUser.ProfileImage(
            small: Self.url(base + "&w=32&h=32"),
            medium: Self.url(base + "&w=64&h=64"),
            large: Self.url(base + "&w=128&h=128")
        )
    }

    // MARK: Colour and BlurHash

    /// A palette colour moved a little, with a shared shift in brightness and a small tint.
    private static func vary(_ color: (UInt8, UInt8, UInt8), _ random: inout SplitMix64) -> (UInt8, UInt8, UInt8) {
        let shift = random.int(in: -14...14)
        func channel(_ value: UInt8, _ random: inout SplitMix64) -> UInt8 {
            UInt8(min(max(Int(value) + shift + random.int(in: -6...6), 0), 255))
        }
        return (channel(color.0, &random), channel(color.1, &random), channel(color.2, &random))
    }

    private static func hexColor(_ color: (UInt8, UInt8, UInt8)) -> String {
        "#" + hex(UInt64(color.0), digits: 2) + hex(UInt64(color.1), digits: 2) + hex(UInt64(color.2), digits: 2)
    }

    /// A well-formed BlurHash: more components along the longer side, the DC term is `color`
    /// (so a decoder's average colour is the photo's colour), and the AC terms are random but,
    /// as in a photo's hash, small, and smaller the finer they are: a soft variation around the
    /// colour, not a mosaic.
    private static func blurHash(color: (UInt8, UInt8, UInt8), width: Int, height: Int, _ random: inout SplitMix64) -> String {
        let (columns, rows) = width > height ? (4, 3) : width < height ? (3, 4) : (4, 4)
        var hash = base83((columns - 1) + (rows - 1) * 9, length: 1)
        hash += base83(random.int(in: 8...35), length: 1)
        hash += base83((Int(color.0) << 16) + (Int(color.1) << 8) + Int(color.2), length: 4)
        for component in 1..<(columns * rows) {
            // Each channel's digit is 0…18 with 9 for zero; the coarsest terms keep 5/9 of
            // their range around zero, the finer ones 3/9.
            let (i, j) = (component % columns, component / columns)
            let keep = i + j == 1 ? 5 : 3
            var digits = random.int(in: 0...(19 * 19 * 19 - 1))
            var value = 0
            for _ in 0..<3 {
                value = value * 19 + 9 + (digits % 19 - 9) * keep / 9
                digits /= 19
            }
            hash += base83(value, length: 2)
        }
        return hash
    }

    private static func base83(_ value: Int, length: Int) -> String {
        var digits: [Character] = []
        var rest = value
        for _ in 0..<length {
            digits.append(BlurHash.alphabet[rest % 83])
            rest /= 83
        }
        return String(digits.reversed())
    }

    // MARK: Words

    private static func altDescription(_ random: inout SplitMix64) -> String {
        let words = CatalogVocabulary.self
        switch random.int(in: 0...4) {
        case 0:
            return "\(random.pick(words.people)) \(random.pick(words.peopleActions)) \(random.pick(words.peoplePlaces))"
        case 1:
            return "\(random.pick(words.vehicles)) \(random.pick(words.vehicleActions)) \(random.pick(words.roads))"
        case 2:
            return "\(random.pick(words.buildings)) \(random.pick(words.buildingActions)) \(random.pick(words.nature))"
        case 3:
            return "\(random.pick(words.stillLifes)) \(random.pick(words.surfaces))"
        default:
            return "\(random.pick(words.landscapes)) \(random.pick(words.conditions))"
        }
    }

    private static func photographerDescription(_ random: inout SplitMix64, user: UnsplashUser) -> String {
        let moment = random.pick(CatalogVocabulary.moments)
        let place = (user.location ?? random.pick(CatalogVocabulary.locations)).split(separator: ",").first.map(String.init) ?? ""
        switch random.int(in: 0...2) {
        case 0: return "\(moment) in \(place)"
        case 1: return "\(moment) in \(place). Shot on film."
        default: return "From my trip to \(place)."
        }
    }
}
