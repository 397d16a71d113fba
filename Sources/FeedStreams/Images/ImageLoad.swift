/// One image load, as the image rule decided to make it: the one identity a load has from the
/// decision to its answer, in the state, the timeline and the logs.
///
/// Every load gets a new ``id``, so a retry of the same image is a different load, and an answer
/// is matched to the load that is still running.
public struct ImageLoad: Sendable, Hashable, CustomStringConvertible {
    /// Why the load runs now.
    public enum Standing: Sendable, Hashable {
        /// Its cell is on screen.
        case visible
        /// Its cell is in the prefetch window, this many points beyond the visible area.
        case prefetch(distance: Double)
        /// Its cell left the wanted area, but by no more than the keep margin (this many points):
        /// it finishes, and nothing new starts for it.
        case kept(distance: Double)

        /// `visible`, `prefetch` or `kept`.
        public var name: String {
            switch self {
            case .visible: "visible"
            case .prefetch: "prefetch"
            case .kept: "kept"
            }
        }
    }

    /// A number unique within one image state, increasing with each load.
    public let id: Int
    /// What is loaded.
    public let request: ImageRequest
    /// The photos waiting for it: the one that asked first, then any other that asked for the
    /// same address while it ran.
    public internal(set) var photoIDs: [String]
    /// The cell (item index) of the first photo, in the current list.
    public internal(set) var index: Int
    /// Why it runs now.
    public internal(set) var standing: Standing
    /// 1 for the first try of this image, 2 for the first retry, and so on.
    public let attempt: Int
    /// When it started, on the images' clock.
    public let startedAt: Duration

    /// Creates a load.
    public init(
        id: Int,
        request: ImageRequest,
        photoIDs: [String],
        index: Int,
        standing: Standing,
        attempt: Int = 1,
        startedAt: Duration = .zero
    ) {
        self.id = id
        self.request = request
        self.photoIDs = photoIDs
        self.index = index
        self.standing = standing
        self.attempt = attempt
        self.startedAt = startedAt
    }

    /// The photo that asked first.
    public var photoID: String {
        photoIDs[0]
    }

    /// Two loads are the same load when their ids are.
    public static func == (lhs: ImageLoad, rhs: ImageLoad) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the id.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// `image #4 (cell 12)`.
    public var description: String {
        "image #\(id) (cell \(index))"
    }
}
