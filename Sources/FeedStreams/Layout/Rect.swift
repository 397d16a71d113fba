/// A rectangle in a feed's content, in points, with y growing downwards.
///
/// A small stand-in for `CGRect`, which Linux does not have.
public struct Rect: Sendable, Hashable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The left edge, ``x``.
    public var minX: Double { x }
    /// The top edge, ``y``.
    public var minY: Double { y }
    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
}
