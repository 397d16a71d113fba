extension ScrollSimulator {
    /// The size of the screen, the layout and the feel of the gestures.
    public struct Configuration: Sendable, Equatable {
        /// The width of the viewport and of the layout, in points.
        public var viewportWidth: Double
        /// The height of the viewport, in points.
        public var viewportHeight: Double
        /// Room above the content (under a navigation bar).
        public var topInset: Double
        /// Room below the content (above a tab bar or the home indicator).
        public var bottomInset: Double
        /// How the items are arranged.
        public var layoutStyle: FeedLayout.Style
        /// The gap between items.
        public var spacing: Double
        /// The time between two frames while the content moves.
        public var frameInterval: Duration
        /// The fraction of its speed a fling keeps per millisecond; `UIScrollView`'s normal rate
        /// is 0.998.
        public var decelerationRate: Double
        /// Below this speed (points per second) a fling has come to rest; positive.
        public var minimumFlingSpeed: Double
        /// The length of an animated scroll to the top or bottom.
        public var scrollAnimationDuration: Duration
        /// How far past the top a pull-to-refresh pulls.
        public var refreshPullDistance: Double
        /// How long the pull takes, and the spring back after it.
        public var refreshPullDuration: Duration

        /// Creates a configuration; the defaults are an iPhone 14-sized screen with a two-column
        /// waterfall, 60 frames per second rounded to 16 ms.
        public init(
            viewportWidth: Double = 390,
            viewportHeight: Double = 844,
            topInset: Double = 0,
            bottomInset: Double = 0,
            layoutStyle: FeedLayout.Style = .waterfall(columns: 2),
            spacing: Double = 4,
            frameInterval: Duration = .milliseconds(16),
            decelerationRate: Double = 0.998,
            minimumFlingSpeed: Double = 10,
            scrollAnimationDuration: Duration = .milliseconds(300),
            refreshPullDistance: Double = 120,
            refreshPullDuration: Duration = .milliseconds(300)
        ) {
            precondition(frameInterval > .zero, "frameInterval must be positive")
            precondition(decelerationRate > 0 && decelerationRate < 1, "decelerationRate must be in 0<..<1")
            precondition(minimumFlingSpeed > 0, "minimumFlingSpeed must be positive, or a fling never comes to rest")
            self.viewportWidth = viewportWidth
            self.viewportHeight = viewportHeight
            self.topInset = topInset
            self.bottomInset = bottomInset
            self.layoutStyle = layoutStyle
            self.spacing = spacing
            self.frameInterval = frameInterval
            self.decelerationRate = decelerationRate
            self.minimumFlingSpeed = minimumFlingSpeed
            self.scrollAnimationDuration = scrollAnimationDuration
            self.refreshPullDistance = refreshPullDistance
            self.refreshPullDuration = refreshPullDuration
        }
    }
}
