import FeedStreams
import FeedTestSupport
import Foundation
import Testing

/// A square photo whose image is `image` (its own id unless given), with a BlurHash, for the
/// image tests.
func squarePhoto(_ id: String, image: String? = nil) -> Photo {
    var made = photo(id, width: 400, height: 400)
    made.blurHash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
    made.urls.raw = URL(string: "https://images.unsplash.com/photo-\(image ?? id)?ixid=abc%3D&ixlib=rb-4.0.3")!
    return made
}

/// The images of a single column 100 points wide, each photo a 100-point square, on a screen 300
/// points tall: photo `i` is at y `100 i`, so three cells are on screen and a prefetch distance of
/// 200 points holds two more.
struct ImageBench {
    static let configuration = ImageConfiguration(
        maxConcurrentLoads: 6,
        prefetchDistance: 200,
        keepMargin: 50,
        memoryBudget: 1_000_000,
        maxEntryFraction: 0.5,
        screenScale: 2,
        retry: RetryPolicy(maxAttempts: 2, initialDelay: .seconds(1), jitter: 0)
    )

    /// Each image: 200 × 200 pixels (100 points at 2×), 160,000 bytes decoded.
    static let imageBytes = 160_000

    var state: ImageState
    /// What the states so far decided, counted.
    private(set) var counts = ImageCounts()
    private(set) var list = PhotoList()
    private(set) var layout = FeedLayout(style: .singleColumn, width: 100)

    init(_ configuration: ImageConfiguration = ImageBench.configuration) {
        state = ImageState(configuration: configuration)
    }

    /// Appends photos `p<from>`… and sends the new content.
    @discardableResult
    mutating func append(_ count: Int, from first: Int? = nil, at milliseconds: Int = 0) -> ImageState {
        append((0..<count).map { squarePhoto("p\((first ?? list.count) + $0)") }, at: milliseconds)
    }

    /// Appends these photos and sends the new content.
    @discardableResult
    mutating func append(_ photos: [Photo], at milliseconds: Int = 0) -> ImageState {
        list.append(contentsOf: photos)
        layout.append(photos)
        return send(.content(LaidOutPhotos(photos: list, layout: layout)), at: milliseconds)
    }

    /// Replaces the list with these photos (a refresh) and sends the new content.
    @discardableResult
    mutating func replace(with photos: [Photo], at milliseconds: Int = 0) -> ImageState {
        list = PhotoList(photos)
        layout = FeedLayout(style: .singleColumn, width: 100)
        layout.append(photos)
        return send(.content(LaidOutPhotos(photos: list, layout: layout)), at: milliseconds)
    }

    /// The screen scrolled to `offset`.
    @discardableResult
    mutating func scroll(to offset: Double, at milliseconds: Int = 0) -> ImageState {
        send(.geometry(ScrollGeometry(contentOffsetY: offset, contentHeight: layout.contentHeight, viewportHeight: 300)), at: milliseconds)
    }

    @discardableResult
    mutating func send(_ event: ImageEvent, at milliseconds: Int = 0) -> ImageState {
        state = ImageState.reduce(state, event, at: .milliseconds(milliseconds))
        counts.add(state)
        return state
    }

    /// The load running for a photo; records an issue when there is none.
    func load(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) -> ImageLoad {
        guard let load = state.loads.first(where: { $0.photoIDs.contains(id) }) else {
            Issue.record("no load for \(id); running: \(state.loads.map(\.photoID))", sourceLocation: sourceLocation)
            return ImageLoad(id: 0, request: ImageRequest(url: URL(string: "https://x")!, pixelWidth: 1, pixelHeight: 1), photoIDs: [id], index: 0, standing: .visible)
        }
        return load
    }

    /// The image a loader would deliver for a photo's load.
    func image(_ id: String) -> LoadedImage {
        LoadedImage(request: load(id).request, data: Data([0xFF, 0xD8, 0xFF]), contentType: "image/jpeg")
    }

    /// Delivers the running load of each photo, one event each.
    mutating func deliver(_ ids: String..., at milliseconds: Int = 0) {
        for id in ids { send(.loaded(load(id), image(id)), at: milliseconds) }
    }

    /// The photos whose loads this state's event started, in order.
    var started: [String] {
        state.decisions.compactMap { if case .loadStarted(let load) = $0 { load.photoID } else { nil } }
    }

    /// The photos whose loads this state's event cancelled, with the reason, in order.
    var cancelled: [String] {
        state.decisions.compactMap { decision in
            guard case .loadCancelled(let load, let reason) = decision else { return nil }
            return switch reason {
            case .leftWantedArea(let distance): "\(load.photoID) left by \(Int(distance))"
            case .photoGone: "\(load.photoID) gone"
            case .preempted: "\(load.photoID) preempted"
            }
        }
    }

    /// The photos loading now, with their standing.
    var running: [String] {
        state.loads.map { load in
            switch load.standing {
            case .visible: "\(load.photoID) visible"
            case .prefetch(let distance): "\(load.photoID) prefetch \(Int(distance))"
            case .kept(let distance): "\(load.photoID) kept \(Int(distance))"
            }
        }
    }

    /// The photos whose images the cache holds, by id order.
    var cached: [String] {
        list.filter { state.cache.image(forPhotoID: $0.id) != nil }.map(\.id)
    }
}
