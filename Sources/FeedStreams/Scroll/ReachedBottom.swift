import Streams

extension ObservableType where Element == ScrollGeometry {
    /// Emits once each time the scroll position comes near the bottom of the content: an *edge*,
    /// for code that has only events.
    ///
    /// ``FeedViewModel`` does not need it: it reads the geometry itself, as a level
    /// (``ScrollGeometry/demand(prefetchDistance:)``), because an edge cannot say that a page
    /// which did not make the content taller, or a page that failed, still leaves the screen
    /// wanting more. Pass this to ``FeedViewModel/Input-swift.struct/reachedBottom`` only where
    /// the geometry is not available.
    ///
    /// "Near" is ``ScrollGeometry/isNearBottom(tolerance:)``: the end of the content is within
    /// `tolerance` of the viewport's bottom edge (half the viewport by default, as in the usual
    /// RxSwift `reachedBottom` extension), or the content is too short to scroll at all.
    ///
    /// The common RxCocoa extension emits on *every* content-offset event past the threshold,
    /// dozens per second while a fling rests against the end, and relies on the consumer to
    /// throttle. This operator emits once per approach instead, and then stays quiet until it
    /// is *re-armed*:
    ///
    /// - the user scrolls back out of the bottom zone (the next approach fires again), or
    /// - the content height changes: a page arrived (or a refresh replaced the list), so if the
    ///   position is still near the bottom, for instance because the new page is shorter than
    ///   the screen, it fires again on that same geometry.
    ///
    /// In the diagram, `f` is far from the bottom and `n` near it; then a page arrives: `g` is
    /// the first geometry with the taller content, still near its end (the page was short), and
    /// `h` scrolls a little further. `x` is the emitted trigger:
    ///
    /// ```
    /// geometry:  -f-n-n-f-n-n-g-h-|
    ///            reachedBottom()
    /// output:    ---x-----x---x---|
    /// ```
    ///
    /// Errors and completion of the geometry stream are forwarded. Events are delivered on the
    /// thread that delivers the geometry (the main thread for a real scroll view; the scheduler
    /// for a ``ScrollSimulator``).
    ///
    /// - Parameter tolerance: How far above the end of the content still counts as the bottom,
    ///   in points; half the viewport's height when `nil`.
    /// - Returns: An observable that emits `()` once per approach to the bottom.
    public func reachedBottom(tolerance: Double? = nil) -> Observable<Void> {
        scan(into: BottomApproach()) { approach, geometry in approach.receive(geometry, tolerance: tolerance) }
            .filter(\.fires)
            .map { _ in () }
    }
}

/// Whether each geometry is a new approach to the bottom, given the ones before it.
///
/// `reachedBottom` folds the geometries through this with `scan`, so each subscription has
/// its own; it is a plain value, with no lock of its own.
struct BottomApproach: Sendable {
    /// Whether the last geometry was a new approach: the operator emits when it is.
    private(set) var fires = false
    /// Whether an approach would fire now: set by leaving the bottom zone or new content.
    private var isArmed = true
    /// The content height of the last geometry; a change re-arms.
    private var lastContentHeight: Double?

    /// Takes the next geometry and sets ``fires``.
    mutating func receive(_ geometry: ScrollGeometry, tolerance: Double?) {
        if let lastContentHeight, lastContentHeight != geometry.contentHeight {
            isArmed = true
        }
        lastContentHeight = geometry.contentHeight
        if geometry.isNearBottom(tolerance: tolerance) {
            fires = isArmed
            isArmed = false
        } else {
            fires = false
            isArmed = true
        }
    }
}
