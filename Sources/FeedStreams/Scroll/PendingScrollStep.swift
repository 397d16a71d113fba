// Temporary: feed-sim's ScrollStep, until it lands on main. Delete on merge.
public enum ScrollStep: Sendable, Equatable {
    case wait(Duration)
    case drag(to: Double, over: Duration)
    case fling(velocity: Double)
    case scrollToBottom
    case scrollToTop
    case pullToRefresh
    case tap(index: Int)
    case tapAt(x: Double, y: Double)
}
