import FeedStreams
import FeedTestSupport
import Foundation
import Testing

@Suite("ImageRequest")
struct ImageRequestTests {
    private static let configuration = ImageConfiguration(screenScale: 3, quality: 75, format: .jpg)

    private static func photo(raw: String, width: Int = 4000, height: Int = 6000) -> Photo {
        var made = FeedTestSupport.photo("a", width: width, height: height)
        made.urls.raw = URL(string: raw)!
        return made
    }

    @Test("asks for raw at the cell's width and the screen's scale, keeping the address's own query")
    func sized() throws {
        let photo = Self.photo(raw: "https://images.unsplash.com/photo-1?ixid=MnwxfDB8MXxhbGx8&ixlib=rb-4.0.3")
        let request = try #require(ImageRequest(photo: photo, pointWidth: 192.5, configuration: Self.configuration))
        #expect(request.url.absoluteString
            == "https://images.unsplash.com/photo-1?ixid=MnwxfDB8MXxhbGx8&ixlib=rb-4.0.3&w=193&dpr=3&fit=max&q=75&fm=jpg")
        #expect(request.pixelWidth == 579 && request.pixelHeight == 869)
        #expect(request.decodedBytes == 579 * 869 * 4)
    }

    @Test("replaces sizing the address already had, keeps the rest exactly as encoded")
    func replacesSizing() throws {
        let photo = Self.photo(raw: "https://images.unsplash.com/photo-1?ixid=a%2Bb%3D&w=4000&auto=format&h=10&crop=entropy")
        var configuration = Self.configuration
        configuration.screenScale = 2.5
        configuration.format = .webp
        configuration.quality = 60
        let request = try #require(ImageRequest(photo: photo, pointWidth: 100, configuration: configuration))
        #expect(request.url.absoluteString
            == "https://images.unsplash.com/photo-1?ixid=a%2Bb%3D&crop=entropy&w=100&dpr=2.5&fit=max&q=60&fm=webp")
    }

    @Test("sizes a server claims, up to Int.max, and cells of any width give a bounded request, never a trap", arguments: [
        (1, Int.max, 192.5, 1, 1_000_000), (Int.max, 1, 192.5, 579, 1), (0, 0, 192.5, 579, 579),
        (4000, 6000, 1e300, 4000, 6000), (4000, 6000, -Double.infinity, 3, 5),
    ] as [(Int, Int, Double, Int, Int)])
    func extremeSizes(width: Int, height: Int, points: Double, pixelWidth: Int, pixelHeight: Int) throws {
        let photo = Self.photo(raw: "https://images.unsplash.com/photo-1", width: width, height: height)
        let request = try #require(ImageRequest(photo: photo, pointWidth: points, configuration: Self.configuration))
        #expect(request.pixelWidth == pixelWidth && request.pixelHeight == pixelHeight)
    }

    @Test("never larger than the original: fit=max does not enlarge")
    func neverEnlarged() throws {
        let small = Self.photo(raw: "https://images.unsplash.com/photo-2", width: 300, height: 200)
        let request = try #require(ImageRequest(photo: small, pointWidth: 390, configuration: Self.configuration))
        #expect(request.pixelWidth == 300 && request.pixelHeight == 200)
        #expect(request.url.query == "w=390&dpr=3&fit=max&q=75&fm=jpg")
    }

    @Test("equal when the address is: one address, one load")
    func identity() {
        let url = URL(string: "https://images.unsplash.com/photo-1?w=10")!
        #expect(ImageRequest(url: url, pixelWidth: 1, pixelHeight: 1) == ImageRequest(url: url, pixelWidth: 2, pixelHeight: 2))
    }

    @Test("an out-of-range image configuration is refused with the field, its value and what it must be")
    func validation() {
        func refusal(_ change: (inout ImageConfiguration) -> Void) -> String {
            var configuration = ImageConfiguration()
            change(&configuration)
            do {
                try configuration.validate()
                return "accepted"
            } catch {
                return error.description
            }
        }
        #expect(refusal { _ in } == "accepted")
        #expect(refusal { $0.maxConcurrentLoads = 0 } == "images.maxConcurrentLoads is 0; it must be 1 or more")
        #expect(refusal { $0.keepMargin = 900 } == "images.keepMargin is 900.0; it must be from 0 to 400.0 points (a small margin)")
        #expect(refusal { $0.memoryBudget = 0 } == "images.memoryBudget is 0; it must be 1 byte or more")
        #expect(refusal { $0.screenScale = 0.5 } == "images.screenScale is 0.5; it must be from 1 to 5")
        #expect(refusal { $0.retry.initialDelay = .zero }.hasPrefix("images.retry.initialDelay is"))
    }
}
