/// What the simulated finger did, and how the scroll view answered: a readable record for a
/// timeline.
///
/// A ``ScrollSimulator`` emits one on ``ScrollSimulator/actions`` as each step starts (with the
/// offset it starts from), and more as things happen: a fling comes to rest or stops against an
/// end of the content, a pull is released, a tap hits an item or misses, the script ends.
public enum ScrollAction: Sendable, Equatable, CustomStringConvertible {
    /// A ``ScrollStep/wait(_:)`` began.
    case wait(Duration)
    /// A drag began.
    case drag(from: Double, to: Double, over: Duration)
    /// A fling began.
    case fling(velocity: Double, from: Double)
    /// A fling came to rest by itself.
    case settled(at: Double)
    /// A fling stopped against the end of the content, possibly while more content was still
    /// loading.
    case hitEnd(at: Double)
    /// A fling stopped against the top.
    case hitTop(at: Double)
    /// An animated scroll to the top began.
    case scrollToTop(from: Double)
    /// An animated scroll to the end of the content began.
    case scrollToBottom(from: Double, to: Double)
    /// A pull past the top began.
    case pull(distance: Double)
    /// The pull was released: ``ScrollSimulator/pullToRefresh`` fired.
    case refresh
    /// A tap hit the item with this index (``ScrollSimulator/taps`` fired).
    case tap(index: Int)
    /// A tap hit no item; the point is in viewport coordinates.
    case missedTap(x: Double, y: Double)
    /// The footer's retry button was tapped.
    case tapRetry
    /// The script ended.
    case finished

    /// `fling 4000.0 pt/s from 0.0`, `hit end at 2210.0`, `tap #3`.
    public var description: String {
        switch self {
        case .wait(let duration): "wait \(duration)"
        case .drag(let from, let to, let duration): "drag \(from) → \(to) over \(duration)"
        case .fling(let velocity, let from): "fling \(velocity) pt/s from \(from)"
        case .settled(let offset): "settled at \(offset)"
        case .hitEnd(let offset): "hit end at \(offset)"
        case .hitTop(let offset): "hit top at \(offset)"
        case .scrollToTop(let from): "scroll to top from \(from)"
        case .scrollToBottom(let from, let to): "scroll to bottom \(from) → \(to)"
        case .pull(let distance): "pull \(distance)"
        case .refresh: "release to refresh"
        case .tap(let index): "tap #\(index)"
        case .missedTap(let x, let y): "tap at (\(x), \(y)) missed"
        case .tapRetry: "tap retry"
        case .finished: "script finished"
        }
    }
}
