import FeedStreams
import Foundation

/// A minimal photo with the given id, for tests that care about ids and order only.
public func photo(_ id: String, width: Int = 4000, height: Int = 6000) -> Photo {
    let url = URL(string: "https://images.unsplash.com/photo-\(id)")!
    return Photo(
        id: id,
        createdAt: Date(timeIntervalSince1970: 1_600_000_000),
        updatedAt: Date(timeIntervalSince1970: 1_600_000_000),
        width: width,
        height: height,
        color: "#336699",
        urls: .init(raw: url, full: url, regular: url, small: url, thumb: url),
        links: .init(api: url, html: url, download: url, downloadLocation: url),
        user: UnsplashUser(
            id: "u1",
            username: "tester",
            name: "Test Photographer",
            links: .init(api: url, html: url, photos: url),
            profileImage: .init(small: url, medium: url, large: url)
        )
    )
}
