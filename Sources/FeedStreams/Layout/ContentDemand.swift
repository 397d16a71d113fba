/// Whether the screen needs more content: the level an infinite feed loads from.
///
/// A level, not an event: it is a fact about one ``ScrollGeometry``, true for as long as the
/// geometry stays the same. A feed that loads while the demand is not ``satisfied`` keeps loading
/// through pages that are too short to fill the screen, or that do not make the content taller
/// (a grid page that lands in the shorter column), and stops as soon as the content reaches
/// far enough; an event such as "reached the bottom" fires once and cannot say either.
public enum ContentDemand: Sendable, Hashable {
    /// The end of the content is more than the prefetch distance below the visible area.
    case satisfied
    /// The user scrolled to within the prefetch distance of the end.
    case nearEnd
    /// The content is too short to reach the prefetch distance below the viewport even at the
    /// top: it needs more wherever it is scrolled (an empty feed, a short first page).
    case unfilled

    /// Whether more content is wanted.
    public var wantsMore: Bool {
        self != .satisfied
    }
}

extension ScrollGeometry {
    /// How far the content's end lies below the bottom of the visible area, in points; negative
    /// when the content ends above it.
    ///
    /// The visible area ends `bottomInset` above the viewport's bottom edge (above a tab bar),
    /// which is also where the content's end rests when scrolled fully down.
    public var distanceToEnd: Double {
        contentHeight + bottomInset - (contentOffsetY + viewportHeight)
    }

    /// Whether this geometry needs more content, given how far ahead the feed loads.
    ///
    /// ```
    /// distanceToEnd at the top ≤ prefetchDistance  →  .unfilled
    /// distanceToEnd            ≤ prefetchDistance  →  .nearEnd
    /// otherwise                                    →  .satisfied
    /// ```
    ///
    /// A viewport with no height (not laid out yet) is ``ContentDemand/satisfied``: nothing can
    /// be seen, so nothing is wanted.
    ///
    /// - Parameter prefetchDistance: How far below the visible area the content should reach.
    /// - Returns: The demand.
    public func demand(prefetchDistance: Double) -> ContentDemand {
        guard viewportHeight > 0 else { return .satisfied }
        var atTop = self
        atTop.contentOffsetY = minOffset
        if atTop.distanceToEnd <= prefetchDistance { return .unfilled }
        return distanceToEnd <= prefetchDistance ? .nearEnd : .satisfied
    }
}
