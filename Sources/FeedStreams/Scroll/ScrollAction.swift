/// What the simulated finger did, and how the scroll view answered: a readable record for a
/// timeline.
///
/// A ``ScrollSimulator`` emits one on ``ScrollSimulator/actions`` as each step starts (with the
/// offset it starts from), and more as things happen: a fling comes to rest or stops against an
/// end of the content, a pull is released, a tap hits an item or misses (saying what was on
/// screen), the script ends.
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
    /// A tap at a point hit no item; the point is in viewport coordinates.
    case missedTap(x: Double, y: Double)
    /// A tap aimed at the photo with this index hit nothing, because the photo is not loaded or
    /// is off screen; with the indices of the photos on screen (between the bars) and how many
    /// are loaded, to say why.
    case missedPhoto(index: Int, onScreen: [Int], loaded: Int)
    /// The footer's retry button was tapped.
    case tapRetry
    /// The system warned that memory is low (``ScrollSimulator/memoryWarnings`` fired).
    case memoryWarning
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
        case .missedPhoto(let index, let onScreen, let loaded): "tap #\(index) hit no photo: \(Self.whyMissed(index, onScreen, loaded))"
        case .tapRetry: "tap retry"
        case .memoryWarning: "memory warning"
        case .finished: "script finished"
        }
    }

    /// `only 20 photos are loaded; photos 0–5, 7 are on screen`, `it is off screen; photo 3 is on screen`.
    private static func whyMissed(_ index: Int, _ onScreen: [Int], _ loaded: Int) -> String {
        let why = switch loaded {
        case 0: "no photo is loaded"
        case ...index: "only \(loaded) photo\(loaded == 1 ? " is" : "s are") loaded"
        default: "it is off screen"
        }
        guard loaded > 0 else { return why }
        var runs: [ClosedRange<Int>] = []
        for index in onScreen {
            if let last = runs.last, last.upperBound + 1 == index {
                runs[runs.count - 1] = last.lowerBound...index
            } else {
                runs.append(index...index)
            }
        }
        let listed = runs.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }.joined(separator: ", ")
        let shown = switch onScreen.count {
        case 0: "no photo is on screen"
        case 1: "photo \(listed) is on screen"
        default: "photos \(listed) are on screen"
        }
        return "\(why); \(shown)"
    }
}
