/// Where a vertical scroll view is scrolled to, in the terms UIKit's `UIScrollView` uses.
///
/// ``contentOffsetY`` is the content's y coordinate at the top of the viewport. The insets add
/// room above and below the content (under a navigation bar or a toolbar, say): at rest at the
/// top the offset is `-topInset`, and fully scrolled down the content's end sits `bottomInset`
/// above the viewport's bottom edge.
public struct ScrollGeometry: Sendable, Equatable {
    /// The content's y coordinate at the top of the viewport.
    public var contentOffsetY: Double
    /// The height of all the content.
    public var contentHeight: Double
    /// The height of the scroll view itself.
    public var viewportHeight: Double
    /// Extra scrollable room above the content.
    public var topInset: Double
    /// Extra scrollable room below the content.
    public var bottomInset: Double

    /// Creates a geometry.
    public init(
        contentOffsetY: Double = 0,
        contentHeight: Double,
        viewportHeight: Double,
        topInset: Double = 0,
        bottomInset: Double = 0
    ) {
        self.contentOffsetY = contentOffsetY
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
        self.topInset = topInset
        self.bottomInset = bottomInset
    }

    /// The smallest offset: scrolled to the top, `-topInset`.
    public var minOffset: Double {
        -topInset
    }

    /// The largest offset: scrolled to the bottom, or ``minOffset`` when the content fits.
    public var maxOffset: Double {
        max(minOffset, contentHeight + bottomInset - viewportHeight)
    }

    /// Whether the view is scrolled to the top (or above it, bouncing).
    public var isAtTop: Bool {
        contentOffsetY <= minOffset
    }

    /// Whether the bottom of the content is within `tolerance` of the visible area's bottom edge.
    ///
    /// The same level as ``demand(prefetchDistance:)`` wanting more, with `tolerance` as the
    /// prefetch distance: ``distanceToEnd`` is at most `tolerance`, or the content is too short to
    /// reach that far even at the top (so a first page shorter than the screen counts as near).
    ///
    /// - Parameter tolerance: How far below the visible area the end may be; half the viewport
    ///   unless given.
    /// - Returns: `true` when the end is that near.
    public func isNearBottom(tolerance: Double? = nil) -> Bool {
        demand(prefetchDistance: tolerance ?? viewportHeight / 2).wantsMore
    }
}
