import FeedStreams
import Foundation
import Testing

@Suite("ImageCache")
struct ImageCacheTests {
    /// An image of `bytes` decoded bytes (a 1-pixel-tall strip), at `photo-<name>`.
    private static func image(_ name: String, bytes: Int) -> LoadedImage {
        let request = ImageRequest(url: URL(string: "https://images.unsplash.com/photo-\(name)")!, pixelWidth: bytes / 4, pixelHeight: 1)
        return LoadedImage(request: request, data: Data(), contentType: "image/jpeg")
    }

    @Test("evicts the least recently used unwanted image first; a touch makes an image recent")
    func leastRecentlyUsed() {
        var cache = ImageCache(budget: 300, maxEntryBytes: 300)
        for name in ["a", "b", "c"] {
            _ = cache.insert(Self.image(name, bytes: 100), photoIDs: [name], standing: .onScreen) { _ in .unwanted }
        }
        cache.touch(Self.image("a", bytes: 100).request)
        let outcome = cache.insert(Self.image("d", bytes: 100), photoIDs: ["d"], standing: .onScreen) { _ in .unwanted }
        #expect(outcome == .kept(evicted: [ImageCache.Eviction(request: Self.image("b", bytes: 100).request, photoIDs: ["b"], bytes: 100)]))
        #expect(cache.image(forPhotoID: "b") == nil && cache.image(forPhotoID: "a") != nil)
        #expect(cache.bytes == 300 && cache.count == 3)
    }

    @Test("never evicts an image on screen; a wanted image goes only for one on screen; otherwise the new one is not kept")
    func standings() {
        var cache = ImageCache(budget: 200, maxEntryBytes: 200)
        _ = cache.insert(Self.image("screen", bytes: 100), photoIDs: ["screen"], standing: .onScreen) { _ in .unwanted }
        _ = cache.insert(Self.image("next", bytes: 100), photoIDs: ["next"], standing: .wanted) { _ in .unwanted }
        let standingOf: (ImageRequest) -> ImageCache.Standing = { $0.url.lastPathComponent == "photo-screen" ? .onScreen : .wanted }
        #expect(cache.insert(Self.image("ahead", bytes: 100), photoIDs: ["ahead"], standing: .wanted, standingOf: standingOf) == .noRoom(free: 0))
        #expect(cache.count == 2, "nothing was evicted for an image that could not be kept")
        let kept = cache.insert(Self.image("new", bytes: 100), photoIDs: ["new"], standing: .onScreen, standingOf: standingOf)
        #expect(kept == .kept(evicted: [ImageCache.Eviction(request: Self.image("next", bytes: 100).request, photoIDs: ["next"], bytes: 100)]))
        #expect(cache.insert(Self.image("more", bytes: 100), photoIDs: ["more"], standing: .onScreen) { _ in .onScreen } == .noRoom(free: 0))
    }

    @Test("an image above maxEntryBytes is never kept; a memory warning empties the cache")
    func limits() {
        var cache = ImageCache(budget: 1_000, maxEntryBytes: 100)
        #expect(cache.insert(Self.image("big", bytes: 104), photoIDs: ["big"], standing: .onScreen) { _ in .unwanted } == .tooLarge(limit: 100))
        _ = cache.insert(Self.image("a", bytes: 100), photoIDs: ["a", "a2"], standing: .onScreen) { _ in .unwanted }
        #expect(cache.image(forPhotoID: "a2") == Self.image("a", bytes: 100))
        #expect(cache.removeAll() == (images: 1, bytes: 100) ? true : false)
        #expect(cache.bytes == 0 && cache.image(forPhotoID: "a") == nil && cache.requests.isEmpty)
    }
}
