import Synchronization

/// The frames of a feed's items, computed once per item as pages arrive.
///
/// Three styles, all `width` wide with `spacing` between neighbours and no outer margin:
///
/// - ``Style/singleColumn``: each item spans the width; its height follows its aspect ratio.
/// - ``Style/waterfall(columns:)``: Pinterest style. Columns of equal width; each item goes to
///   the column that is currently shortest (the leftmost on a tie), its height following its
///   aspect ratio.
/// - ``Style/grid(itemHeight:)``: two columns of equal width, items of one fixed height, filled
///   left to right, row by row.
///
/// ```swift
/// var layout = FeedLayout(style: .waterfall(columns: 2), width: 310, spacing: 10)
/// layout.append(page.photos)               // Lays out only the new items.
/// let visible = layout.visibleRange(offset: 200, height: 600)
/// ```
///
/// Heights follow aspect ratios within ``aspectRatioRange``, from 1:5 (tall) to 5:1 (wide): this
/// is the one place where a server's photo sizes are bounded. A photo 1 px wide and `Int.max` px
/// tall is laid out as a 1:5 item, not as one taller than any screen can scroll (or any
/// `Int` can count in points); a ratio that is not a positive number counts as 1.
///
/// ``append(aspectRatios:)`` places only the new items: existing frames never move, so a new
/// page costs time in proportion to its own size. ``visibleRange(offset:height:)`` is two
/// binary searches, O(log n) in every style; see its documentation for why that also holds for
/// the waterfall.
///
/// ## Sharing
///
/// A layout is a value that is cheap to share: like ``PhotoList``, it is a prefix (its
/// ``count``) of an append-only storage of frames behind a `Mutex`. A copy held elsewhere (an
/// image rule's state, a replayed output) costs nothing, and appending to the longest layout
/// made from a storage appends in place instead of copying every frame before it; appending to
/// an older copy copies its prefix into a storage of its own. Frames below a layout's count never
/// change once written, so every copy keeps seeing its own frames.
public struct FeedLayout: Sendable, Equatable {
    /// How items are arranged.
    public enum Style: Sendable, Equatable {
        /// One full-width item per row; heights from aspect ratios.
        case singleColumn
        /// Several columns; each item joins the shortest; heights from aspect ratios.
        case waterfall(columns: Int)
        /// Two columns of items that are all `itemHeight` tall.
        case grid(itemHeight: Double)
    }

    /// The aspect ratios (width divided by height) items are laid out with: a ratio outside is
    /// moved to the nearer end. Wide enough for panoramas (3:1) and tall phone shots (1:3); no
    /// photo is taller than five times its width, or wider than five times its height.
    public static let aspectRatioRange: ClosedRange<Double> = 0.2...5

    /// How items are arranged.
    public let style: Style
    /// The width of the feed.
    public let width: Double
    /// The gap between neighbouring items, across and down.
    public let spacing: Double
    /// The number of items laid out.
    public private(set) var count = 0
    /// The shared, append-only frames.
    private var storage = LayoutStorage()
    /// Where the next item in each column would start.
    private var columnNextY: [Double]
    /// The height of all the content: the lowest bottom edge, or 0 with no items.
    public private(set) var contentHeight = 0.0

    /// Creates an empty layout.
    ///
    /// - Parameters:
    ///   - style: How items are arranged; a waterfall has from 1 to ``maxColumns`` columns (a
    ///     count outside that range is clamped into it).
    ///   - width: The width of the feed.
    ///   - spacing: The gap between neighbouring items.
    public init(style: Style, width: Double, spacing: Double = 0) {
        self.style = style
        self.width = width
        self.spacing = spacing
        columnNextY = Array(repeating: 0, count: Self.columnCount(of: style))
    }

    /// The most columns a waterfall has: more would be narrower than a pixel on any screen.
    public static let maxColumns = 64

    /// The number of columns, from 1 to ``maxColumns``.
    public var columnCount: Int {
        columnNextY.count
    }

    /// The width of each column.
    public var columnWidth: Double {
        (width - spacing * Double(columnCount - 1)) / Double(columnCount)
    }

    /// Each item's frame, by item index: a view of the shared storage, O(1) to take.
    public var frames: Frames {
        Frames(storage: storage, count: count)
    }

    /// The frame of the item at `index`, which must be below ``count``.
    public func frame(at index: Int) -> Rect {
        precondition(index >= 0 && index < count, "FeedLayout index out of range")
        return storage.contents.withLock { $0.frames[index] }
    }

    /// Lays out photos after the existing items, by their aspect ratios.
    ///
    /// - Parameter photos: The new items, in feed order.
    public mutating func append(_ photos: [Photo]) {
        append(aspectRatios: photos.map(\.aspectRatio))
    }

    /// Lays out items after the existing ones. Existing frames do not change.
    ///
    /// - Parameter aspectRatios: Each new item's width divided by its height, clamped to
    ///   ``aspectRatioRange``; a ratio that is not a positive number counts as 1 (square).
    public mutating func append(aspectRatios: [Double]) {
        guard !aspectRatios.isEmpty else { return }
        var frames: [Rect] = []
        frames.reserveCapacity(aspectRatios.count)
        for aspectRatio in aspectRatios {
            let usable = aspectRatio > 0 && aspectRatio.isFinite ? aspectRatio : 1
            let clamped = min(max(usable, Self.aspectRatioRange.lowerBound), Self.aspectRatioRange.upperBound)
            frames.append(nextFrame(index: count + frames.count, aspectRatio: clamped))
        }
        let count = count
        let inPlace = storage.contents.withLock { contents -> Bool in
            guard contents.frames.count == count else { return false }
            contents.append(frames)
            return true
        }
        if !inPlace {
            // A branch: a longer layout was made from this storage; start a storage of our own.
            let own = LayoutStorage(storage.contents.withLock { $0.prefix(count) })
            own.contents.withLock { $0.append(frames) }
            storage = own
        }
        self.count += frames.count
        contentHeight = frames.reduce(contentHeight) { max($0, $1.maxY) }
    }

    /// Returns the indices of the items that intersect a window of the content.
    ///
    /// An item is visible when `frame.maxY > offset` and `frame.minY < offset + height`.
    ///
    /// Both ends are binary searches. Items' top edges never decrease with the index, in every
    /// style: a single column and a grid fill downwards, and a waterfall places each item at the
    /// top of its shortest column, and the shortest column only grows. So the end is the first
    /// item whose top is at or below the window's bottom. Bottom edges are not ordered in a
    /// waterfall (a short item may follow a tall one), so the start is found among the running
    /// maximum of bottom edges, which is ordered: the first item whose bottom passes `offset`
    /// is the first whose running maximum does.
    ///
    /// In a single column or a grid every item in the range is visible. In a waterfall the
    /// range is tight at both ends, but may include a few items of a short column that already
    /// ended above the window; check ``frames`` when that matters.
    ///
    /// - Parameters:
    ///   - offset: The content y coordinate at the top of the window.
    ///   - height: The window's height.
    /// - Returns: The range of item indices; empty when nothing is visible.
    public func visibleRange(offset: Double, height: Double) -> Range<Int> {
        guard height > 0 else { return 0..<0 }
        let count = count
        return storage.contents.withLock { contents in
            let start = Self.firstIndex(below: count) { contents.lowestBottom[$0] > offset }
            let end = Self.firstIndex(below: count) { contents.frames[$0].minY >= offset + height }
            return start..<max(start, end)
        }
    }

    /// Whether this layout's items are the first items of another layout, at the same places.
    ///
    /// - Parameter other: The longer (or equal) layout.
    /// - Returns: `true` when `other` was made by appending to this layout (or holds the same
    ///   frames first). O(1) when the two share a storage, O(``count``) otherwise.
    public func isPrefix(of other: FeedLayout) -> Bool {
        guard style == other.style, width == other.width, spacing == other.spacing, count <= other.count else { return false }
        if storage === other.storage { return true }
        let mine = Array(frames)
        return Array(other.frames.prefix(count)) == mine
    }

    /// Two layouts are equal when they have the same style, width, spacing and frames.
    public static func == (lhs: FeedLayout, rhs: FeedLayout) -> Bool {
        guard lhs.style == rhs.style, lhs.width == rhs.width, lhs.spacing == rhs.spacing,
              lhs.count == rhs.count, lhs.columnNextY == rhs.columnNextY
        else { return false }
        if lhs.storage === rhs.storage { return true }
        // One lock at a time: copy one side's frames out, then compare under the other's lock.
        let left = Array(lhs.frames)
        return rhs.storage.contents.withLock { Array($0.frames[0..<rhs.count]) == left }
    }

    /// Places one item with the style's rule and updates the column it went into.
    private mutating func nextFrame(index: Int, aspectRatio: Double) -> Rect {
        let column: Int
        let height: Double
        switch style {
        case .singleColumn, .waterfall:
            column = columnNextY.indices.min { columnNextY[$0] < columnNextY[$1] } ?? 0
            height = columnWidth / aspectRatio
        case .grid(let itemHeight):
            column = index % columnCount
            height = itemHeight
        }
        let frame = Rect(
            x: Double(column) * (columnWidth + spacing),
            y: columnNextY[column],
            width: columnWidth,
            height: height
        )
        columnNextY[column] = frame.maxY + spacing
        return frame
    }

    /// The first item index below `count` for which `isPast` holds, given that it holds for all
    /// later ones; `count` when none.
    private static func firstIndex(below count: Int, where isPast: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isPast(middle) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }

    private static func columnCount(of style: Style) -> Int {
        switch style {
        case .singleColumn: 1
        case .waterfall(let columns): min(max(columns, 1), maxColumns)
        case .grid: 2
        }
    }
}

extension FeedLayout {
    /// A layout's frames by item index: a view of its shared storage, cheap to take and copy.
    ///
    /// Reading a frame takes the storage's lock for as long as it takes to copy one `Rect`, so a
    /// read is safe while a longer layout sharing the storage appends.
    public struct Frames: RandomAccessCollection, Sendable, Equatable {
        fileprivate let storage: LayoutStorage
        /// The number of frames.
        public let count: Int

        /// The first index: always 0.
        public var startIndex: Int { 0 }
        /// The index after the last frame: ``count``.
        public var endIndex: Int { count }

        /// The frame at a position in `0..<count`.
        public subscript(position: Int) -> Rect {
            precondition(position >= 0 && position < count, "FeedLayout.Frames index out of range")
            return storage.contents.withLock { $0.frames[position] }
        }

        /// Two views are equal when they hold equal frames.
        public static func == (lhs: Frames, rhs: Frames) -> Bool {
            guard lhs.count == rhs.count else { return false }
            if lhs.storage === rhs.storage { return true }
            return Array(lhs) == Array(rhs)
        }
    }
}

/// The frames of the layouts made from one another by appending, and for each the lowest bottom
/// edge so far (`lowestBottom[i]` is the largest `maxY` among `frames[0...i]`, for the visible
/// range). Elements below a layout's count never change once written.
private final class LayoutStorage: Sendable {
    struct Contents {
        var frames: [Rect] = []
        var lowestBottom: [Double] = []

        mutating func append(_ new: [Rect]) {
            for frame in new {
                lowestBottom.append(max(lowestBottom.last ?? 0, frame.maxY))
                frames.append(frame)
            }
        }

        func prefix(_ count: Int) -> Contents {
            Contents(frames: Array(frames[0..<count]), lowestBottom: Array(lowestBottom[0..<count]))
        }
    }

    let contents: Mutex<Contents>

    init(_ contents: Contents = Contents()) {
        self.contents = Mutex(contents)
    }
}
