import Foundation
import Testing
@testable import FeedStreams

/// The recorded Unsplash responses in `Fixtures/`, loaded through `Bundle.module`.
enum Fixture: String, CaseIterable {
    /// `GET /photos?per_page=2`, recorded 2021-04-11: a sponsored photo, then a regular one.
    case page2021 = "unsplash_list_photos_per_page2_2021"
    /// `GET /photos?page=1&per_page=10`, recorded about 2019: ten photos, no `blur_hash`.
    case page2019 = "unsplash_list_photos_page1_per_page10_2019"

    /// The response body.
    func data() throws -> Data {
        try Data(contentsOf: url(extension: "json"))
    }

    /// The response's recorded headers.
    func headers() throws -> [String: String] {
        struct Meta: Decodable {
            var headers: [String: String]
        }
        return try JSONDecoder().decode(Meta.self, from: Data(contentsOf: url(extension: "meta.json"))).headers
    }

    /// The body decoded as photos.
    func photos() throws -> [Photo] {
        try UnsplashJSON.decoder().decode([Photo].self, from: data())
    }

    private func url(extension fileExtension: String) throws -> URL {
        try #require(
            Bundle.module.url(forResource: rawValue, withExtension: fileExtension, subdirectory: "Fixtures"),
            "Fixtures/\(rawValue).\(fileExtension) is missing from the test bundle"
        )
    }
}
