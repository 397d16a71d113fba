import FeedStreams
import Foundation
import Synchronization

// W8: the image rule per frame. FeedStreams' `ImageState.reduce` over a list of 1,000 and of
// 100,000 photos: the same scroll, frame by frame, with the loads it starts answered six frames
// later. The cost per frame must depend on the cells on screen and the prefetch window, not on
// the number of photos.

/// The frames one W8 run plays.
let imageFrames = 2_000

/// How far the screen moves per frame: 25 points every 16 ms, a steady 1,560 points a second
/// (about eight rows of the grid).
let imagePointsPerFrame = 25.0

/// How many frames after its start a load answers (about 100 ms at 60 frames a second).
let imageLatencyFrames = 6

/// The image rule's settings in W8: the defaults (6 loads at once, 800 points of prefetch, a
/// 100-point keep margin, 128 MiB, a 3× screen).
let imageConfiguration = ImageConfiguration()

/// W8 at one list length: `photos` photos laid out as an iPhone-sized two-column grid, the
/// screen 844 points tall scrolling down from near the middle of the list (see
/// ``ImageWorkloadContent/start(in:frames:)``), `frames` geometries through the rule, each
/// followed by the answers due on that frame.
///
/// The list and its layout are built once per length, before any run (building 100,000 photos
/// takes a second), and shared: `PhotoList` and `FeedLayout` are cheap to hold. The run times the
/// frames only: for each, `reduce` with the geometry, then `reduce` with each image due; the
/// images are a few bytes (the rule accounts for the decoded size from the request). The
/// checksum is what the rule did: the loads it started, and the decisions each arrival made.
func imageRule(id: String, photos count: Int, frames: Int) -> Workload {
    var workload = Workload(
        id: id, title: "the image rule, \(count) photos", unit: "frame", units: frames,
        floor: .closures, maxVersusOpenCombine: nil, maxVersusFloor: nil, reportsAllocations: true,
        runs: [
            .streams: { meter in
                let content = ImageWorkloadContent.content(count)
                let viewport = 844.0
                let start = ImageWorkloadContent.start(in: content, frames: frames)
                if count >= 1_000, start + Double(frames) * imagePointsPerFrame + viewport > content.layout.contentHeight {
                    fatalError("\(id): the scroll runs past the end of the list; the frames would measure nothing")
                }
                var state = ImageState(configuration: imageConfiguration)
                state = ImageState.reduce(state, .content(content), at: .zero)
                var due: [(frame: Int, load: ImageLoad)] = []
                var work = 0
                meter.measure {
                    for frame in 0..<frames {
                        let now = Duration.milliseconds(16 * frame)
                        let geometry = ScrollGeometry(
                            contentOffsetY: start + Double(frame) * imagePointsPerFrame,
                            contentHeight: content.layout.contentHeight,
                            viewportHeight: viewport
                        )
                        state = ImageState.reduce(state, .geometry(geometry), at: now)
                        for case .loadStarted(let load) in state.decisions {
                            due.append((frame + imageLatencyFrames, load))
                        }
                        while let first = due.first, first.frame <= frame {
                            due.removeFirst()
                            let image = LoadedImage(request: first.load.request, data: ImageWorkloadContent.bytes, contentType: "image/jpeg")
                            state = ImageState.reduce(state, .loaded(first.load, image), at: now)
                            work += state.decisions.count
                        }
                    }
                }
                return state.loadsStarted + work
            },
        ]
    )
    workload.sizeLabel = "\(count) photos"
    return workload
}

/// The lists W8 scrolls, built once per length.
enum ImageWorkloadContent {
    /// Where a run starts: at the top of a photo that begins a round of the catalog (at the start
    /// of a row), near the middle of the list, so that both lengths scroll past the same photos in
    /// the same order (1,000 photos are 97,000 points, a scroll of 2,000 frames 50,000) and the
    /// scroll stays within the list.
    static func start(in content: LaidOutPhotos, frames: Int) -> Double {
        let round = PhotoCatalog.defaultCount
        let first = max(content.count / 2 / round, 1) * round
        guard first < content.count else { return 0 }
        return content.layout.frame(at: first).minY
    }

    /// A stand-in for an image's bytes.
    static let bytes = Data([0xFF, 0xD8, 0xFF])

    private static let lists = Mutex<[Int: LaidOutPhotos]>([:])

    /// `count` photos, the catalog's taken round and round, each with its own id and image
    /// address, laid out as a two-column grid 390 points wide with cells 190 points tall. (A
    /// grid, not a waterfall: the rows of a grid are the same at any depth, so both lengths
    /// scroll past exactly the same cells; a waterfall's columns interleave differently.)
    static func content(_ count: Int) -> LaidOutPhotos {
        if let made = lists.withLock({ $0[count] }) { return made }
        let catalog = PhotoCatalog().photos
        let photos = (0..<count).map { position in
            var photo = catalog[position % catalog.count]
            photo.id += "." + String(position / catalog.count, radix: 36)
            photo.urls.raw = URL(string: photo.urls.raw.absoluteString + "&n=\(position)")!
            return photo
        }
        var layout = FeedLayout(style: .grid(itemHeight: 190), width: 390, spacing: 4)
        layout.append(photos)
        let made = LaidOutPhotos(photos: PhotoList(photos), layout: layout)
        lists.withLock { $0[count] = made }
        return made
    }
}
