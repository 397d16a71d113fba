/// One thing a simulated user does to a ``ScrollSimulator``, or one thing the system tells the
/// app while they scroll: the vocabulary of a scroll script.
///
/// Offsets and distances are in points, in the scroll view's content coordinates: a larger
/// offset is further down the feed. Positive velocities scroll towards the end.
///
/// ```swift
/// let script: [ScrollStep] = [
///     .wait(.seconds(1)),
///     .drag(to: 600, over: .milliseconds(400)),
///     .fling(velocity: 4000),
///     .tap(index: 3),
///     .scrollToBottom,
///     .pullToRefresh,
///     .memoryWarning,
/// ]
/// ```
public enum ScrollStep: Sendable, Equatable, CustomStringConvertible {
    /// Do nothing for a while.
    case wait(Duration)
    /// Drag the content to an offset, at constant speed, and hold it there (no fling on
    /// release). The target is clamped to the scrollable range on every frame.
    case drag(to: Double, over: Duration)
    /// Lift the finger at a velocity (points per second): the view decelerates as
    /// `UIScrollView` does at its normal rate, until it comes to rest or stops against
    /// either end of the content.
    case fling(velocity: Double)
    /// Animate to the end of the content as it is when the step starts.
    case scrollToBottom
    /// Animate to the top, as a tap on the status bar does.
    case scrollToTop
    /// Pull down past the top and let go: scroll to the top first if needed, pull, emit
    /// ``ScrollSimulator/pullToRefresh`` on release, and spring back.
    case pullToRefresh
    /// Tap the item with this index in the layout, in the middle of its part that is on
    /// screen. A tap on an item that is off screen, or not laid out, misses, and
    /// ``ScrollAction/missedPhoto(index:onScreen:loaded:)`` says what was on screen.
    case tap(index: Int)
    /// Tap a point of the viewport (x from its left edge, y from its top edge).
    case tapAt(x: Double, y: Double)
    /// Tap the footer's "Couldn't load — tap to retry" button.
    case tapRetry
    /// The system warns that memory is low, as `UIApplication.didReceiveMemoryWarningNotification`
    /// does: ``ScrollSimulator/memoryWarnings`` emits, at once.
    case memoryWarning

    /// `drag to 600 over 0.4 seconds`, `fling 4000 pt/s`, `tap #3`.
    public var description: String {
        switch self {
        case .wait(let duration): "wait \(duration)"
        case .drag(let offset, let duration): "drag to \(offset) over \(duration)"
        case .fling(let velocity): "fling \(velocity) pt/s"
        case .scrollToBottom: "scroll to bottom"
        case .scrollToTop: "scroll to top"
        case .pullToRefresh: "pull to refresh"
        case .tap(let index): "tap #\(index)"
        case .tapAt(let x, let y): "tap at (\(x), \(y))"
        case .tapRetry: "tap retry"
        case .memoryWarning: "memory warning"
        }
    }
}
