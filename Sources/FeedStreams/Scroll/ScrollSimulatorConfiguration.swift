extension ScrollSimulator {
    /// The size of the screen, the layout and the feel of the gestures.
    ///
    /// Every value has a range. ``ScrollSimulator/init(scheduler:configuration:)`` clamps a value
    /// outside it to the nearest end, and reads NaN as the default, so no value can stall the
    /// simulator or overflow its arithmetic: lengths from 0 to ``maxLength`` points, times up to
    /// ``ScrollScript/maximumDuration``.
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
        /// The time between two frames while the content moves, from 1 ms to 1 s.
        public var frameInterval: Duration
        /// The fraction of its speed a fling keeps per millisecond, from 0.001 to 0.9999;
        /// `UIScrollView`'s normal rate is 0.998.
        public var decelerationRate: Double
        /// Below this speed (points per second) a fling has come to rest; from 0.001 to
        /// ``maxLength`` points a second.
        public var minimumFlingSpeed: Double
        /// The length of an animated scroll to the top or bottom.
        public var scrollAnimationDuration: Duration
        /// How far past the top a pull-to-refresh pulls.
        public var refreshPullDistance: Double
        /// How long the pull takes, and the spring back after it.
        public var refreshPullDuration: Duration

        /// The longest length, in points, of any of the configuration's lengths: a screen a
        /// million points tall is already far beyond any device.
        public static let maxLength = 1_000_000.0

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

extension ScrollSimulator.Configuration {
    /// This configuration with every value in its range: clamped to the nearest end, NaN read
    /// as the default.
    func clamped() -> Self {
        let defaults = Self()
        func length(_ value: Double, _ fallback: Double) -> Double {
            value.isNaN ? fallback : min(max(value, 0), Self.maxLength)
        }
        func time(_ value: Duration, from low: Duration = .zero, to high: Duration = ScrollScript.maximumDuration) -> Duration {
            min(max(value, low), high)
        }
        var clamped = self
        clamped.viewportWidth = length(viewportWidth, defaults.viewportWidth)
        clamped.viewportHeight = length(viewportHeight, defaults.viewportHeight)
        clamped.topInset = length(topInset, defaults.topInset)
        clamped.bottomInset = length(bottomInset, defaults.bottomInset)
        clamped.spacing = length(spacing, defaults.spacing)
        clamped.refreshPullDistance = length(refreshPullDistance, defaults.refreshPullDistance)
        clamped.frameInterval = time(frameInterval, from: .milliseconds(1), to: .seconds(1))
        clamped.decelerationRate = decelerationRate.isNaN ? defaults.decelerationRate : min(max(decelerationRate, 0.001), 0.9999)
        clamped.minimumFlingSpeed = minimumFlingSpeed.isNaN ? defaults.minimumFlingSpeed : min(max(minimumFlingSpeed, 0.001), Self.maxLength)
        clamped.scrollAnimationDuration = time(scrollAnimationDuration)
        clamped.refreshPullDuration = time(refreshPullDuration)
        return clamped
    }
}
