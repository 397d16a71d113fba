import Foundation

/// The physics of one gesture: where the content is on each frame, when the gesture ends, and
/// what the scroll view reports on the way.
///
/// A motion is a pure value, made from a ``ScrollStep`` and the ``ScrollGeometry`` when the step
/// starts; ``ScrollSimulator`` only schedules its frames and shows them. Frame `n` (from 1) is at
/// ``time(ofFrame:)`` after the start and is computed by ``frame(_:minOffset:maxOffset:)`` from
/// the scrollable range at that moment, since the content may grow or shrink while it moves.
///
/// - A timed gesture is a list of ``Stretch``es, each from one offset to another over a duration:
///   a drag (one linear stretch), an animated scroll (one eased stretch), a pull-to-refresh
///   (scroll to the top if needed, pull past it, spring back). A stretch shows a frame every
///   frame interval and its last frame exactly at its end. A stretch that goes nowhere (a drag
///   to where the view already is, or into an end it is at) shows nothing and has one frame, at
///   its end: virtual time costs nothing where nothing moves.
/// - A fling decelerates as `UIScrollView` does, `v(t) = v₀ · rateᵗ` with `t` in milliseconds,
///   so after `t` it has travelled `v₀ · (1 − rateᵗ) / (−ln rate) / 1000` points. It ends on the
///   first frame whose speed is below the minimum (``lastFrame``), or on the first frame that
///   reaches an end of the content, where it stops.
struct ScrollMotion: Sendable, Equatable {
    /// How a stretch gets from its start to its end.
    enum Curve: Sendable, Equatable {
        /// At constant speed: a finger dragging.
        case linear
        /// Easing in and out along half a cosine: an animated scroll.
        case eased
    }

    /// Part of a timed motion: from one offset to another over a duration.
    struct Stretch: Sendable, Equatable {
        var from: Double
        var to: Double
        var duration: Duration
        var curve: Curve
        /// Reported when the stretch begins.
        var begins: ScrollAction?
        /// Reported on its last frame.
        var ends: ScrollAction?

        /// Whether the stretch goes nowhere: it then shows no frames and only ends.
        var isStill: Bool {
            from == to
        }
    }

    /// What the motion does over time.
    enum Path: Sendable, Equatable {
        /// Stretches one after another.
        case timed([Stretch])
        /// Decelerating from an offset at a velocity in points per second.
        case fling(from: Double, velocity: Double)
    }

    /// One frame of a motion.
    struct Frame: Sendable, Equatable {
        /// The content offset to show, or `nil` when nothing moved.
        var offset: Double?
        /// What the view reports on this frame, in order.
        var reports: [ScrollAction]
        /// Whether the motion is over after this frame.
        var isLast: Bool
    }

    let path: Path
    let frameInterval: Duration
    let decelerationRate: Double
    let minimumFlingSpeed: Double

    /// The motion of a step from the geometry it starts at, or `nil` when the step moves
    /// nothing: a wait, a tap or a memory warning, or an animated scroll to where the view already is.
    init?(_ step: ScrollStep, from geometry: ScrollGeometry, configuration: ScrollSimulator.Configuration) {
        frameInterval = configuration.frameInterval
        decelerationRate = configuration.decelerationRate
        minimumFlingSpeed = configuration.minimumFlingSpeed
        let offset = geometry.contentOffsetY
        switch step {
        case .wait, .tap, .tapAt, .tapRetry, .memoryWarning:
            return nil
        case .drag(let target, let duration):
            let to = min(max(target, geometry.minOffset), geometry.maxOffset)
            path = .timed([Stretch(
                from: offset, to: to, duration: duration, curve: .linear, begins: .drag(from: offset, to: to, over: duration)
            )])
        case .fling(let velocity):
            // A velocity that is not a number is no speed: the fling rests on its first frame.
            path = .fling(from: offset, velocity: velocity.isNaN ? 0 : velocity)
        case .scrollToTop:
            guard offset != geometry.minOffset else { return nil }
            path = .timed([Stretch(
                from: offset, to: geometry.minOffset, duration: configuration.scrollAnimationDuration, curve: .eased,
                begins: .scrollToTop(from: offset)
            )])
        case .scrollToBottom:
            guard offset != geometry.maxOffset else { return nil }
            path = .timed([Stretch(
                from: offset, to: geometry.maxOffset, duration: configuration.scrollAnimationDuration, curve: .eased,
                begins: .scrollToBottom(from: offset, to: geometry.maxOffset)
            )])
        case .pullToRefresh:
            let top = geometry.minOffset
            let pulled = top - configuration.refreshPullDistance
            var stretches: [Stretch] = []
            if offset != top {
                stretches.append(Stretch(
                    from: offset, to: top, duration: configuration.scrollAnimationDuration, curve: .eased,
                    begins: .scrollToTop(from: offset)
                ))
            }
            stretches.append(Stretch(
                from: top, to: pulled, duration: configuration.refreshPullDuration, curve: .linear,
                begins: .pull(distance: configuration.refreshPullDistance), ends: .refresh
            ))
            if pulled != top {
                // The release was reported; the spring back adds no report of its own.
                stretches.append(Stretch(from: pulled, to: top, duration: configuration.refreshPullDuration, curve: .eased))
            }
            path = .timed(stretches)
        }
    }

    /// What the view reports as the motion starts.
    var announcement: ScrollAction? {
        switch path {
        case .timed(let stretches): stretches.first?.begins
        case .fling(let from, let velocity): .fling(velocity: velocity, from: from)
        }
    }

    /// The last frame of a timed motion; for a fling, the frame on which it comes to rest if no
    /// end of the content stops it first: the first whose speed is below the minimum.
    var lastFrame: Int {
        switch path {
        case .timed(let stretches):
            return stretches.reduce(0) { $0 + frameCount(of: $1) }
        case .fling(_, let velocity):
            // An infinite fling reaches an end of the content on its first frame.
            guard velocity.isFinite else { return 1 }
            let interval = frameInterval / .milliseconds(1)
            // The closed form, then the exact test of `frame(_:)` to settle rounding.
            let restsAfter = log(minimumFlingSpeed / abs(velocity)) / log(decelerationRate)
            var frame = max(1, Int(min(max(restsAfter / interval, 0), 1e9)) + 1)
            while frame > 1, isAtRest(velocity, onFrame: frame - 1) { frame -= 1 }
            while !isAtRest(velocity, onFrame: frame) { frame += 1 }
            return frame
        }
    }

    /// When frame `frame` (from 1) is shown, after the motion started: one frame interval after
    /// the one before, a stretch's last frame exactly at its end, and a still stretch's only
    /// frame at its end.
    func time(ofFrame frame: Int) -> Duration {
        switch path {
        case .fling:
            return frameInterval * frame
        case .timed(let stretches):
            var start = Duration.zero
            var frame = frame
            for stretch in stretches {
                let count = frameCount(of: stretch)
                if frame <= count {
                    return start + (stretch.isStill ? stretch.duration : min(frameInterval * frame, stretch.duration))
                }
                frame -= count
                start += stretch.duration
            }
            return start
        }
    }

    /// Where the content is `time` after the motion started, before the content's ends stop it.
    func offset(at time: Duration) -> Double {
        switch path {
        case .fling(let from, let velocity):
            let decay = pow(decelerationRate, time / .milliseconds(1))
            return from + velocity / 1000 * (1 - decay) / -log(decelerationRate)
        case .timed(let stretches):
            var start = Duration.zero
            for stretch in stretches {
                if time < start + stretch.duration { return offset(of: stretch, after: time - start) }
                start += stretch.duration
            }
            return stretches.last?.to ?? 0
        }
    }

    /// Frame `frame` (from 1), in a scrollable range that may have changed since the start.
    ///
    /// A timed motion stays between its own ends and the content's (a pull goes past the top on
    /// purpose). A fling that reaches an end stops there.
    func frame(_ frame: Int, minOffset: Double, maxOffset: Double) -> Frame {
        switch path {
        case .fling(_, let velocity):
            let position = offset(at: frameInterval * frame)
            if position >= maxOffset, velocity > 0 {
                return Frame(offset: maxOffset, reports: [.hitEnd(at: Self.shown(maxOffset))], isLast: true)
            }
            if position <= minOffset, velocity < 0 {
                return Frame(offset: minOffset, reports: [.hitTop(at: Self.shown(minOffset))], isLast: true)
            }
            let isLast = isAtRest(velocity, onFrame: frame)
            return Frame(offset: position, reports: isLast ? [.settled(at: Self.shown(position))] : [], isLast: isLast)
        case .timed(let stretches):
            var frame = frame
            for (index, stretch) in stretches.enumerated() {
                let count = frameCount(of: stretch)
                guard frame > count else {
                    let isEnd = frame == count
                    var reports: [ScrollAction] = []
                    if isEnd, let ends = stretch.ends { reports.append(ends) }
                    let next = stretches.index(after: index)
                    if isEnd, next < stretches.endIndex, let begins = stretches[next].begins { reports.append(begins) }
                    guard !stretch.isStill else { return Frame(offset: nil, reports: reports, isLast: isEnd && next == stretches.endIndex) }
                    let position = isEnd ? stretch.to : offset(of: stretch, after: min(frameInterval * frame, stretch.duration))
                    let lowest = min(stretch.from, stretch.to, minOffset)
                    return Frame(
                        offset: min(max(position, lowest), maxOffset),
                        reports: reports,
                        isLast: isEnd && next == stretches.endIndex
                    )
                }
                frame -= count
            }
            return Frame(offset: nil, reports: [], isLast: true)
        }
    }

    // MARK: Parts

    /// One frame for a still stretch; otherwise one per interval and one at the end.
    private func frameCount(of stretch: Stretch) -> Int {
        guard !stretch.isStill, stretch.duration > .zero else { return 1 }
        var count = max(1, Int((stretch.duration / frameInterval).rounded(.up)))
        while count > 1, frameInterval * (count - 1) >= stretch.duration { count -= 1 }
        while frameInterval * count < stretch.duration { count += 1 }
        return count
    }

    private func offset(of stretch: Stretch, after elapsed: Duration) -> Double {
        let progress = stretch.duration > .zero ? min(elapsed / stretch.duration, 1) : 1
        let eased = switch stretch.curve {
        case .linear: progress
        case .eased: (1 - cos(Double.pi * progress)) / 2
        }
        return progress >= 1 ? stretch.to : stretch.from + (stretch.to - stretch.from) * eased
    }

    /// An offset as the view shows it: zero as +0 (an offset of `-topInset` with no inset is −0,
    /// which would print as "-0.0" in a timeline).
    static func shown(_ offset: Double) -> Double {
        offset == 0 ? 0 : offset
    }

    private func isAtRest(_ velocity: Double, onFrame frame: Int) -> Bool {
        // Written as "not at least", so that an infinite speed decayed to nothing (∞ · 0) rests.
        !(abs(velocity) * pow(decelerationRate, frameInterval * frame / .milliseconds(1)) >= minimumFlingSpeed)
    }
}
