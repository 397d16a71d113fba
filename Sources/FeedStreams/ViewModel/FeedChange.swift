/// How the list of photos changed, so a collection view can update without flicker.
///
/// The first page and every refresh replace the list (``reload``); each later page is appended
/// (``insert(_:)``), so the UI inserts those items instead of reloading what is on screen.
public enum FeedChange: Sendable, Hashable, CustomStringConvertible {
    /// The whole list was replaced.
    case reload
    /// Items were appended at these indices.
    case insert(Range<Int>)

    /// `reload` or `insert 10..<20`.
    public var description: String {
        switch self {
        case .reload: "reload"
        case .insert(let range): "insert \(range.lowerBound)..<\(range.upperBound)"
        }
    }
}
