/// What a cell shows for its photo while the image loads, and then the image.
///
/// The phases only move forward: ``color(_:)`` at once, with no I/O; then ``blurred(_:)``, when
/// the photo has a BlurHash; then ``image(_:)``. A phase may be skipped (an image already in
/// the cache is shown at once), never repeated or undone.
public enum ImagePhase: Sendable, Equatable, CustomStringConvertible {
    /// The photo's dominant colour (`nil` when the server sent none that reads as a colour).
    case color(RGBColor?)
    /// The photo's BlurHash, decoded: draw it small and let the view scale it up.
    case blurred(BlurHash)
    /// The image itself.
    case image(LoadedImage)

    /// 0, 1 or 2: the order of the phases.
    public var rank: Int {
        switch self {
        case .color: 0
        case .blurred: 1
        case .image: 2
        }
    }

    /// `colour`, `blurred` or `image`.
    public var description: String {
        switch self {
        case .color: "colour"
        case .blurred: "blurred"
        case .image: "image"
        }
    }
}

/// One step of one photo's image, addressed to the cell that shows that photo.
///
/// Every value a cell receives names the photo it is for, so a cell that shows another photo
/// now can tell, and ``ImageBinding`` drops it: a cell bound to one photo never shows another's
/// image, whatever order subscriptions end in.
public struct CellImage: Sendable, Equatable {
    /// The photo the phase belongs to.
    public let photoID: String
    /// What to show.
    public let phase: ImagePhase

    /// Creates a value.
    public init(photoID: String, phase: ImagePhase) {
        self.photoID = photoID
        self.phase = phase
    }
}
