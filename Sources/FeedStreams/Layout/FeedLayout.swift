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
    /// Each item's frame, by item index.
    public private(set) var frames: [Rect] = []
    /// Where the next item in each column would start.
    private var columnNextY: [Double]
    /// `lowestBottom[i]` is the largest `maxY` among `frames[0...i]`, for the visible range.
    private var lowestBottom: [Double] = []

    /// Creates an empty layout.
    ///
    /// - Parameters:
    ///   - style: How items are arranged; a waterfall has at least one column.
    ///   - width: The width of the feed.
    ///   - spacing: The gap between neighbouring items.
    public init(style: Style, width: Double, spacing: Double = 0) {
        self.style = style
        self.width = width
        self.spacing = spacing
        columnNextY = Array(repeating: 0, count: Self.columnCount(of: style))
    }

    /// The number of columns.
    public var columnCount: Int {
        columnNextY.count
    }

    /// The width of each column.
    public var columnWidth: Double {
        (width - spacing * Double(columnCount - 1)) / Double(columnCount)
    }

    /// The height of all the content: the lowest bottom edge, or 0 with no items.
    public var contentHeight: Double {
        lowestBottom.last ?? 0
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
        for aspectRatio in aspectRatios {
            let usable = aspectRatio > 0 && aspectRatio.isFinite ? aspectRatio : 1
            let frame = nextFrame(aspectRatio: min(max(usable, Self.aspectRatioRange.lowerBound), Self.aspectRatioRange.upperBound))
            frames.append(frame)
            lowestBottom.append(max(contentHeight, frame.maxY))
        }
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
        let start = firstIndex { lowestBottom[$0] > offset }
        let end = firstIndex { frames[$0].minY >= offset + height }
        return start..<max(start, end)
    }

    /// Places one item with the style's rule and updates the column it went into.
    private mutating func nextFrame(aspectRatio: Double) -> Rect {
        let column: Int
        let height: Double
        switch style {
        case .singleColumn, .waterfall:
            column = columnNextY.indices.min { columnNextY[$0] < columnNextY[$1] } ?? 0
            height = columnWidth / aspectRatio
        case .grid(let itemHeight):
            column = frames.count % columnCount
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

    /// The first item index for which `isPast` holds, given that it holds for all later ones.
    private func firstIndex(where isPast: (Int) -> Bool) -> Int {
        var low = 0
        var high = frames.count
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
        case .waterfall(let columns): max(columns, 1)
        case .grid: 2
        }
    }
}
